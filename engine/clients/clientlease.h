// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clients/clientjournal.h"
#include "model/clientsettings.h"
#include "model/clientsnapshot.h"
#include "model/lock.h"

#include <QObject>
#include <QTimer>
#include <functional>

class Clock;
class LockStrategy;

// The lock a client holds, as the client knows it (docs/domain.md, "Critical section"): its
// validity is a deadline on the monotonic clock, checked when it comes due, never a timer a
// pause could freeze (a paused client acts on it once it runs again). While the section
// lasts, auto-extension asks the strategy for more time when the validity left is low, at
// most maxext times. When the deadline passes the client is told (expired); the lease
// records "lock lost" once when the client says so.
class ClientLease : public QObject
{
    Q_OBJECT

public:
    struct Hooks
    {
        std::function<quint64()> nextOp;
        std::function<void(std::function<void()>)> whenRunning;
    };

    // `settings`: the client's, as they are now (a change applies at once).
    ClientLease(const ClientJournal& journal, const ClientSettings& settings, const Clock& clock,
                Hooks hooks, QObject* parent = nullptr);

    const Lock& lock() const { return m_lock; }
    void clear() { m_lock = {}; }
    // The section begins on `lock`: the deadline is armed, and extension checks start when
    // the settings ask for them.
    void watch(const Lock& lock, quint64 sectionOp, LockStrategy* strategy);
    void stopWatching();
    void stopExtending() { m_extendTimer.stop(); }
    QTimer* extendTimer() { return &m_extendTimer; } // the client's own time: frozen by a pause

    bool isOver() const;
    bool isLost() const { return m_watching && m_lost; }
    // Records "lock lost" (once a section); true when it had not been recorded.
    bool noteLost();
    // The lock's part of the client's snapshot: the token (when it holds one), the fence,
    // the nodes, and while `inSection` its validity and whether it was lost.
    void copyTo(ClientSnapshot& snapshot, bool inSection) const;
    // A watchdog renewed the lock on its own: the validity moves on with it.
    void renew(const QByteArray& token, qint64 validUntilUs);

signals:
    void expired(); // the deadline passed while the section lasts

private:
    void armDeadline();
    void onDeadline();
    void maybeExtend();

    const ClientJournal& m_journal;
    const Clock& m_clock;
    Hooks m_hooks;
    Lock m_lock;
    LockStrategy* m_strategy = nullptr;
    const ClientSettings& m_settings;
    quint64 m_sectionOp = 0;
    bool m_watching = false;
    bool m_lost = false;
    QTimer m_deadlineTimer;
    QTimer m_extendTimer;
};
