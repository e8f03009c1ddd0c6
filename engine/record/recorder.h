// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "record/history.h"
#include "record/historysink.h"
#include "record/safetychecker.h"

#include <QObject>

class Clock;

// Where every event of a run goes, in the engine thread: stamped on the monotonic clock,
// kept in the history, judged by the checker (whose findings are events too), handed to the
// sink (the run file on disk: the history is a bounded ring, the file keeps everything) and
// on to whoever listens (the snapshot, scenario waits) through recorded().
class Recorder : public QObject
{
    Q_OBJECT

public:
    // `nodeCount`: the fleet's size, for the checker's quorum.
    Recorder(const Clock& clock, int nodeCount, QObject* parent = nullptr);

    void append(HistoryEvent event);
    // The end of the run: the checker judges what still waits (rounds not complete, sections
    // still open), and its findings are kept like any event.
    void finish();
    // Every kept event is also handed to `sink` (the run file), nullptr: none. Not owned.
    void setSink(HistorySink* sink) { m_sink = sink; }

    History& history() { return m_history; }
    const History& history() const { return m_history; }
    const SafetyChecker& checker() const { return m_checker; }
    const Clock& clock() const { return m_clock; }

signals:
    // Every event, in order, as it is kept (connect directly: it is the engine's own thread).
    void recorded(const HistoryEvent& event);

private:
    void keep(const HistoryEvent& event);

    const Clock& m_clock;
    History m_history;
    SafetyChecker m_checker;
    HistorySink* m_sink = nullptr;
};
