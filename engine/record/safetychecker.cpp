#include "record/safetychecker.h"

void SafetyChecker::feed(const HistoryEvent& event)
{
    if (event.kind == HistoryEvent::Kind::AcquireOk)
        open(event);
    else if (event.kind == HistoryEvent::Kind::HoldEnd)
        close(event);
}

int SafetyChecker::believers(const QByteArray& resource) const
{
    return int(m_open.value(resource).size());
}

// Events come in time order, so a new window can only overlap windows still open.
void SafetyChecker::open(const HistoryEvent& event)
{
    QList<Window>& windows = m_open[event.resource];
    for (const Window& other : std::as_const(windows)) {
        if (other.client == event.client)
            continue;
        Violation v;
        v.resource = event.resource;
        v.firstClient = other.client;
        v.secondClient = event.client;
        v.firstToken = other.token;
        v.secondToken = event.token;
        v.startUs = event.tUs;
        m_violations << v;
    }
    windows << Window{event.client, event.token, event.tUs};
}

void SafetyChecker::close(const HistoryEvent& event)
{
    QList<Window>& windows = m_open[event.resource];
    windows.removeIf([&](const Window& w) { return w.client == event.client; });
    for (Violation& v : m_violations) {
        const bool involved = v.firstClient == event.client || v.secondClient == event.client;
        if (involved && v.endUs < 0 && v.resource == event.resource)
            v.endUs = event.tUs;
    }
}
