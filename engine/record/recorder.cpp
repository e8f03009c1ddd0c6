// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/recorder.h"

#include "base/clock.h"

Recorder::Recorder(const Clock& clock, QObject* parent)
    : QObject(parent), m_clock(clock), m_history(clock)
{}

void Recorder::append(HistoryEvent event)
{
    if (event.tUs == 0)
        event.tUs = m_clock.nowUs();
    m_found.clear();
    m_checker.feed(event, &m_found);
    keep(event);
    for (const HistoryEvent& violation : std::as_const(m_found))
        keep(violation);
}

void Recorder::keep(const HistoryEvent& event)
{
    m_history.append(event);
    if (m_sink)
        m_sink->take(event);
    emit recorded(event);
}
