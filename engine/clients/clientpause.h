// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/pausemoment.h"

#include <QList>
#include <QObject>
#include <QTimer>
#include <functional>
#include <optional>

// A client's stop-the-world pause ("GC pause", docs/domain.md "Faults"), and the pause or
// crash armed for a moment of its loop.
//
// While paused the client does nothing: every step that comes due (an answer, a deadline)
// waits in whenRunning() and runs, in order, when the pause ends. Its own timers (work,
// extension checks) are the client's CPU time: they stop with what was left and go on from
// there. The validity deadline is wall-clock time and is not among them.
class ClientPause : public QObject
{
    Q_OBJECT

public:
    using Moment = PauseMoment::Moment;

    struct Armed
    {
        Moment moment = Moment::BeforeWrite;
        bool crash = false;
        int pauseMs = 0; // 0: until resumed
    };

    // `ownTimers`: the client's timers that stop during a pause with what was left.
    explicit ClientPause(QList<QTimer*> ownTimers, QObject* parent = nullptr);

    bool isPaused() const { return m_paused; }
    // Pauses (forMs > 0: until then, when timedOut() asks the client to resume).
    void begin(int forMs);
    // Ends the pause: the own timers go on; the steps that waited are returned, in order.
    QList<std::function<void()>> end();
    // Runs `step` now, or when the pause ends.
    void whenRunning(std::function<void()> step);

    void arm(const Armed& armed) { m_armed = armed; }
    bool isArmed() const { return m_armed.has_value(); }
    // The pause or crash armed for `moment`, disarmed; nothing when none waits for it.
    std::optional<Armed> take(Moment moment);
    // A crash: nothing waits and nothing is armed any more.
    void forget();

signals:
    void timedOut();

private:
    QList<QTimer*> m_ownTimers;
    QList<int> m_remainingMs; // per own timer, -1: it was not running
    QTimer m_timer;           // ends a timed pause
    bool m_paused = false;
    std::optional<Armed> m_armed;
    QList<std::function<void()>> m_deferred;
};
