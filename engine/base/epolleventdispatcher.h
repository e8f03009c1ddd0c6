// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractEventDispatcher>
#include <QHash>
#include <atomic>
#include <memory>

class QSocketNotifier;
struct epoll_event;

// The event dispatcher of the engine's worker threads (the engine thread and the network
// thread), built on Linux epoll: a turn of the loop costs what is ready, not what is open. Why
// not Qt's default (glib's poll over every socket): docs/architecture.md, "Threads".
//
// Semantics follow Qt's own dispatchers: posted events first, then timers that are due, then
// ready sockets; a repeating timer that fell behind fires once and is rescheduled from now.
// Timers have millisecond resolution (epoll_wait's timeout), on the monotonic clock, whatever
// their Qt::TimerType. Readiness is level-triggered, like poll(). Each fd's registration
// carries a generation, so a readiness reported for a socket closed during the same turn is
// never delivered to a new socket that reused its number.
class EpollEventDispatcher : public QAbstractEventDispatcher
{
    Q_OBJECT

public:
    explicit EpollEventDispatcher(QObject* parent = nullptr);
    ~EpollEventDispatcher() override;

    bool processEvents(QEventLoop::ProcessEventsFlags flags) override;

    void registerSocketNotifier(QSocketNotifier* notifier) override;
    void unregisterSocketNotifier(QSocketNotifier* notifier) override;

    void registerTimer(int timerId, qint64 interval, Qt::TimerType timerType,
                       QObject* object) override;
    bool unregisterTimer(int timerId) override;
    bool unregisterTimers(QObject* object) override;
    QList<TimerInfo> registeredTimers(QObject* object) const override;
    int remainingTime(int timerId) override;

    void wakeUp() override;    // any thread
    void interrupt() override; // any thread

private:
    struct Watch
    {
        QSocketNotifier* read = nullptr;
        QSocketNotifier* write = nullptr;
        QSocketNotifier* exception = nullptr;
        quint32 generation = 0;
        quint32 events = 0; // what epoll watches now
    };
    struct Timer
    {
        QObject* object = nullptr;
        qint64 intervalMs = 0;
        Qt::TimerType type = Qt::CoarseTimer;
        qint64 dueNs = 0;
    };

    static qint64 nowNs();
    void updateWatch(int fd);
    int waitTimeoutMs() const;
    bool fireTimers();
    bool dispatchSockets(int ready);
    bool deliver(int fd, quint32 generation, QSocketNotifier* Watch::*which);
    void drainWakeUps();

    int m_epoll = -1;
    int m_wake = -1; // an eventfd: wakeUp() and interrupt() write it
    QHash<int, Watch> m_watches;
    QHash<int, Timer> m_timers;
    quint32 m_nextGeneration = 1;
    std::atomic<bool> m_interrupted{false};
    // A wake-up is written and not yet answered by a turn's posted events: another post needs
    // no write (each is a syscall, and wakes the thread again across cores).
    std::atomic<bool> m_wakePending{false};
    static constexpr int MaxEvents = 256;
    std::unique_ptr<epoll_event[]> m_events;
};
