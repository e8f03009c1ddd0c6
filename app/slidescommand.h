// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "slides/slide.h"

#include <QElapsedTimer>
#include <QObject>
#include <optional>

class MainWindow;
class SlideRecorder;
struct ScenarioResult;

// `redlockscope --slides builtin:NAME --to deck.pdf|deck.html` (README, "Slides"): plays the
// scenario in the window (offscreen unless a platform is named), takes a slide at each caption
// and `snapshot` line, and writes the deck once the scenario has ended. Exit codes as a
// scenario's: 0 written and passed, 1 written but the scenario did not go as expected, 2 it
// could not run or the deck could not be written, 3 a signal came first (nothing written).
class SlidesCommand : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        EngineConfig config;
        QString source;     // builtin:NAME or a .rls file
        QString scriptText; // its text, read and checked
        std::optional<quint64> seed;
        QString to;         // .pdf or .html
        QString theme;      // "dark", "light", or "" (as last time in the window)
        double zoomPct = 0; // 0: as last time
        QString language;   // "" (as chosen in the window), a code, or "system"
        bool charts = false;
        bool allowExec = false; // --allow-exec, --allow-destructive (nobody is asked here)
        bool allowDestructive = false;
    };

    explicit SlidesCommand(const Options& options, QObject* parent = nullptr);
    ~SlidesCommand() override;
    // Plays and writes; the exit code.
    int exec();

    // The deck's title: the scenario's first comment line, else its name.
    static QString deckTitle(const QString& source, const QString& text);

private:
    void setUpWindow();
    void onSlide(const Slide& slide, int count);
    void onFinished(const ScenarioResult& result);
    void onStepFailed(int line, const QString& message);
    void onInterrupted();

    Options m_options;
    std::unique_ptr<MainWindow> m_window;
    SlideRecorder* m_recorder = nullptr;
    QElapsedTimer m_clock;
    bool m_done = false;
};
