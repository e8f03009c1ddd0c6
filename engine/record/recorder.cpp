// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/recorder.h"

#include "base/clock.h"

Recorder::Recorder(const Clock& clock, int nodeCount, QObject* parent)
    : QObject(parent), m_clock(clock), m_history(clock), m_checker(nodeCount)
{}

void Recorder::append(HistoryEvent event)
{
    if (event.tUs == 0)
        event.tUs = m_clock.nowUs();
    // A list of this call's own (empty, it allocates nothing): keeping the event may run a
    // scenario's next line at once (a wait it satisfied), which records events of its own
    // before this call has kept the violations its event opened.
    QList<HistoryEvent> found;
    m_checker.feed(event, &found);
    keep(event);
    for (const HistoryEvent& violation : std::as_const(found))
        keep(violation);
}

void Recorder::finish()
{
    QList<HistoryEvent> found;
    m_checker.finish(&found);
    for (const HistoryEvent& e : std::as_const(found))
        keep(e);
}

void Recorder::keep(const HistoryEvent& event)
{
    m_history.append(event);
    if (m_sink)
        m_sink->take(event);
    emit recorded(event);
}
