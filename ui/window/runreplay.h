// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/enginesnapshot.h"

#include <QElapsedTimer>
#include <QObject>
#include <memory>

class ReplayBar;
class RunReplayer;
struct RecordedRun;

// A recorded run on screen: the replay bar's instant becomes the whole picture (cards,
// quorum, lanes, the log's events up to then), as the engine's snapshots would have drawn
// it. The window shows pictureReady as it shows a live snapshot; its views' clock is nowUs().
class RunReplay : public QObject
{
    Q_OBJECT

public:
    explicit RunReplay(ReplayBar* bar, QObject* parent = nullptr);
    ~RunReplay() override;

    // Reads the run at `path`; false, with *error, when it is not one (what is shown stays).
    bool open(const QString& path, QString* error);
    // Shows the opened run from its end: how it ended, the verdict and the last picture.
    void start();
    void close();
    bool isOpen() const { return m_replayer != nullptr; }
    std::shared_ptr<const RecordedRun> run() const { return m_run; }
    // The views' clock: the bar's instant, reached over a short while after a jump.
    qint64 nowUs() const;

signals:
    // The log starts again: the next picture's events follow an earlier instant's no more.
    void logReset();
    void pictureReady(const EngineSnapshot& snapshot);
    void cursorMoved(qint64 tUs);

private:
    void seek(qint64 tUs);

    ReplayBar* m_bar;
    std::shared_ptr<const RecordedRun> m_run;
    std::unique_ptr<RunReplayer> m_replayer;
    qint64 m_nowUs = 0;
    QElapsedTimer m_settle; // after a jump, the views ease into the instant
    size_t m_logged = 0;    // events given to the log so far
};
