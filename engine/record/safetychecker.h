#pragma once

#include "record/historyevent.h"
#include "record/violation.h"

#include <QHash>
#include <QList>

// Reads the history, live or afterwards, and says whether mutual exclusion was broken.
//
// A client believes it holds a resource from its AcquireOk to its HoldEnd (it started
// releasing, saw its validity run out, crashed or was stopped). A violation is two
// clients whose believed windows on one resource overlap. A key that expired while
// nobody relied on it is not a violation; a client paused past its validity that
// carries on as if it still held is one (the critique's GC-pause scenario).
class SafetyChecker
{
public:
    void feed(const HistoryEvent& event);

    bool isSafe() const { return m_violations.isEmpty(); }
    const QList<Violation>& violations() const { return m_violations; }
    // How many clients believe they hold `resource` right now.
    int believers(const QByteArray& resource) const;

private:
    struct Window
    {
        int client = -1;
        QByteArray token;
        qint64 startUs = 0;
    };

    void open(const HistoryEvent& event);
    void close(const HistoryEvent& event);

    QHash<QByteArray, QList<Window>> m_open; // resource -> windows still open
    QList<Violation> m_violations;
};
