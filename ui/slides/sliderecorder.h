// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "slides/slide.h"

#include <QObject>
#include <QTimer>
#include <optional>

class EngineController;
class MainWindow;
struct EngineSnapshot;

// Says when to take the window's picture, at each caption and each `snapshot` line of the
// scenario it plays (--slides). The scenario holds after such a line
// (EngineController::holdAtSlides) until the picture is taken, so a caption never gives way to the
// next before its slide.
//
// Settled, not slept: a slide is taken once the window holds a snapshot the engine made after
// the line ran (the history up to the caption: the headline and lanes for that state) whose
// polled parts were read after it too (the storage's stock, each node's keys), pushed into
// every view and laid out; then the scenario goes on. A node that cannot be read (it hangs)
// holds a slide back for at most SettleLimitMs.
class SlideRecorder : public QObject
{
    Q_OBJECT

public:
    static constexpr int SettleLimitMs = 1000;

    // Starts listening to the window's engine; call before the scenario starts.
    explicit SlideRecorder(MainWindow* window, QObject* parent = nullptr);

    int count() const { return m_count; }

signals:
    // The window is settled at the slide's moment: draw it now (DeckWriter::addStage); the
    // scenario goes on when this returns.
    void slideTaken(const Slide& slide, int count);

private:
    struct Pending
    {
        qint64 askedUs = 0; // the engine clock when the line's signal reached the window
        int line = 0;
        QString title;
    };

    void ask(int line, const QString& title);
    void onSnapshot(const EngineSnapshot& snapshot);
    static bool isSettled(const EngineSnapshot& snapshot, qint64 sinceUs);
    void take();

    MainWindow* m_window;
    EngineController* m_engine;
    std::optional<Pending> m_pending;
    QTimer m_limit;         // SettleLimitMs after the first snapshot since the line
    qint64 m_startedUs = 0; // when the scenario's first line began
    int m_count = 0;
};
