// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/latencystats.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

class MainWindow;
struct EngineSnapshot;

// `redlockscope --bench-ui`: the window under load. Many clients contend for one resource
// on the nodes for a while, and this measures what a projector audience would notice:
// engine events per second, frames per second, the GUI thread's CPU share, the lag from an
// engine decision to the first repaint that shows it, and the process's memory over time.
class UiBenchmark : public QObject
{
    Q_OBJECT

public:
    struct Options
    {
        int durationS = 30;
        int warmUpS = 3; // not measured: nodes start, clients connect
        QString jsonPath;
    };

    UiBenchmark(MainWindow* window, const Options& options, QObject* parent = nullptr);

    void start(); // the window's engine must be starting; emits finished() at the end
    // A signal: what was measured so far is printed (and written), marked interrupted, and
    // finished(3) follows; nothing is judged.
    void interrupt();

signals:
    void finished(int exitCode);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void onSnapshot(const EngineSnapshot& snapshot);
    void onFrame(qint64 shownDecisionUs);
    void beginMeasuring();
    void sampleMemory();
    void finish();
    bool writeJson(const QJsonObject& report);
    static qint64 threadCpuUs();

    MainWindow* m_window;
    Options m_options;
    bool m_measuring = false;
    QElapsedTimer m_wall;
    qint64 m_cpuStartUs = 0;
    quint64 m_eventsStart = 0;
    quint64 m_eventsLast = 0;
    quint64 m_frames = 0;
    quint64 m_snapshots = 0;
    int m_clients = 0;
    qint64 m_lastShownDecisionUs = 0;
    qint64 m_pendingDecisionUs = 0; // shown by a frame, waiting for its repaint
    LatencyStats m_lagUs;
    QList<QPair<double, qint64>> m_memory; // (seconds, VmRSS kB)
    QTimer m_memoryTimer;
    QTimer m_end; // the end of the measured time
    bool m_interrupted = false;
};
