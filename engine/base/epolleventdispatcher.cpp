// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/epolleventdispatcher.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <QTimerEvent>
#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <ctime>
#include <limits>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include <vector>

namespace {
// epoll data: the fd in the low half, its registration's generation in the high half.
quint64 packed(int fd, quint32 generation)
{
    return (quint64(generation) << 32) | quint32(fd);
}
} // namespace

EpollEventDispatcher::EpollEventDispatcher(QObject* parent)
    : QAbstractEventDispatcher(parent), m_events(new epoll_event[MaxEvents])
{
    m_epoll = epoll_create1(EPOLL_CLOEXEC);
    m_wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (m_epoll < 0 || m_wake < 0)
        qFatal("EpollEventDispatcher: epoll_create1/eventfd failed: %s", strerror(errno));
    epoll_event wake{};
    wake.events = EPOLLIN;
    wake.data.u64 = packed(m_wake, 0); // generation 0 is never given to a socket
    epoll_ctl(m_epoll, EPOLL_CTL_ADD, m_wake, &wake);
}

EpollEventDispatcher::~EpollEventDispatcher()
{
    close(m_wake);
    close(m_epoll);
}

qint64 EpollEventDispatcher::nowNs()
{
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// --- sockets ------------------------------------------------------------------------------

void EpollEventDispatcher::registerSocketNotifier(QSocketNotifier* notifier)
{
    const int fd = int(notifier->socket());
    auto it = m_watches.find(fd);
    if (it == m_watches.end()) {
        it = m_watches.insert(fd, Watch{});
        it->generation = m_nextGeneration++;
        if (m_nextGeneration == 0)
            m_nextGeneration = 1;
    }
    switch (notifier->type()) {
    case QSocketNotifier::Read:
        it->read = notifier;
        break;
    case QSocketNotifier::Write:
        it->write = notifier;
        break;
    case QSocketNotifier::Exception:
        it->exception = notifier;
        break;
    }
    updateWatch(fd);
}

void EpollEventDispatcher::unregisterSocketNotifier(QSocketNotifier* notifier)
{
    const int fd = int(notifier->socket());
    auto it = m_watches.find(fd);
    if (it == m_watches.end())
        return;
    for (QSocketNotifier* Watch::*which : {&Watch::read, &Watch::write, &Watch::exception})
        if ((*it).*which == notifier)
            (*it).*which = nullptr;
    updateWatch(fd);
}

// Tells epoll what the fd's notifiers want now; forgets the fd when none is left.
void EpollEventDispatcher::updateWatch(int fd)
{
    auto it = m_watches.find(fd);
    if (it == m_watches.end())
        return;
    const quint32 wanted = (it->read ? quint32(EPOLLIN) : 0u) |
                           (it->write ? quint32(EPOLLOUT) : 0u) |
                           (it->exception ? quint32(EPOLLPRI) : 0u);
    if (wanted == it->events)
        return;
    epoll_event event{};
    event.events = wanted;
    event.data.u64 = packed(fd, it->generation);
    if (wanted == 0) {
        // The fd may already be closed (a notifier is often disabled after close): then the
        // kernel has dropped it from the set itself and EBADF is expected.
        epoll_ctl(m_epoll, EPOLL_CTL_DEL, fd, &event);
        m_watches.erase(it);
        return;
    }
    const int op = it->events == 0 ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
    if (epoll_ctl(m_epoll, op, fd, &event) != 0 && errno == ENOENT)
        epoll_ctl(m_epoll, EPOLL_CTL_ADD, fd, &event); // closed and reopened under us
    it->events = wanted;
}

bool EpollEventDispatcher::dispatchSockets(int ready)
{
    // Copied first: a handler may run a nested loop that reuses m_events.
    std::vector<epoll_event> events(m_events.get(), m_events.get() + ready);
    bool delivered = false;
    for (const epoll_event& e : events) {
        const int fd = int(quint32(e.data.u64));
        const auto generation = quint32(e.data.u64 >> 32);
        if (generation == 0)
            continue; // the wake-up eventfd, drained already
        // Errors and hang-ups wake the reader and the writer: each finds out by its call.
        if (e.events & (EPOLLIN | EPOLLERR | EPOLLHUP))
            delivered |= deliver(fd, generation, &Watch::read);
        if (e.events & (EPOLLOUT | EPOLLERR | EPOLLHUP))
            delivered |= deliver(fd, generation, &Watch::write);
        if (e.events & EPOLLPRI)
            delivered |= deliver(fd, generation, &Watch::exception);
    }
    return delivered;
}

// Looked up again for every delivery: the previous handler may have closed this socket or
// disabled this very notifier.
bool EpollEventDispatcher::deliver(int fd, quint32 generation, QSocketNotifier* Watch::*which)
{
    const auto it = m_watches.constFind(fd);
    if (it == m_watches.cend() || it->generation != generation || !((*it).*which))
        return false;
    QEvent event(QEvent::SockAct);
    QCoreApplication::sendEvent((*it).*which, &event);
    return true;
}

// --- timers -------------------------------------------------------------------------------

void EpollEventDispatcher::registerTimer(int timerId, qint64 interval, Qt::TimerType timerType,
                                         QObject* object)
{
    Timer timer;
    timer.object = object;
    timer.intervalMs = interval;
    timer.type = timerType;
    timer.dueNs = nowNs() + interval * 1'000'000;
    m_timers.insert(timerId, timer);
}

bool EpollEventDispatcher::unregisterTimer(int timerId)
{
    return m_timers.remove(timerId) > 0;
}

bool EpollEventDispatcher::unregisterTimers(QObject* object)
{
    bool removed = false;
    for (auto it = m_timers.begin(); it != m_timers.end();) {
        if (it->object == object) {
            it = m_timers.erase(it);
            removed = true;
        } else {
            ++it;
        }
    }
    return removed;
}

QList<QAbstractEventDispatcher::TimerInfo>
EpollEventDispatcher::registeredTimers(QObject* object) const
{
    QList<TimerInfo> list;
    for (auto it = m_timers.cbegin(); it != m_timers.cend(); ++it)
        if (it->object == object)
            list.append(TimerInfo(it.key(), int(it->intervalMs), it->type));
    return list;
}

int EpollEventDispatcher::remainingTime(int timerId)
{
    const auto it = m_timers.constFind(timerId);
    if (it == m_timers.cend())
        return -1;
    return int(std::max<qint64>(0, (it->dueNs - nowNs() + 999'999) / 1'000'000));
}

// Until the earliest timer, rounded up to whole ms (never early); -1: no timer.
int EpollEventDispatcher::waitTimeoutMs() const
{
    if (m_timers.isEmpty())
        return -1;
    qint64 earliest = std::numeric_limits<qint64>::max();
    for (const Timer& t : m_timers)
        earliest = std::min(earliest, t.dueNs);
    const qint64 ns = earliest - nowNs();
    return ns <= 0 ? 0 : int(std::min<qint64>((ns + 999'999) / 1'000'000, INT_MAX));
}

bool EpollEventDispatcher::fireTimers()
{
    const qint64 now = nowNs();
    std::vector<std::pair<qint64, int>> due; // (due time, id), earliest first
    for (auto it = m_timers.cbegin(); it != m_timers.cend(); ++it)
        if (it->dueNs <= now)
            due.emplace_back(it->dueNs, it.key());
    std::sort(due.begin(), due.end());
    for (const auto& [dueNs, id] : due) {
        const auto it = m_timers.find(id);
        if (it == m_timers.end() || it->dueNs != dueNs)
            continue; // killed, or killed and started again, by an earlier handler
        // Rescheduled before the handler runs, so it may kill or restart its timer.
        it->dueNs += it->intervalMs * 1'000'000;
        if (it->dueNs <= now)
            it->dueNs = now + it->intervalMs * 1'000'000;
        QTimerEvent event(id);
        QCoreApplication::sendEvent(it->object, &event);
    }
    return !due.empty();
}

// --- the loop -----------------------------------------------------------------------------

// Posts from other threads come in bursts (a foreign client's five answers, one per node):
// the first writes the eventfd, the others find it written and add nothing. No post is
// missed: the flag goes down just before a turn sends the posted events, so a post either
// finds it down and writes, or comes before that turn's sendPostedEvents() and is sent by it.
void EpollEventDispatcher::wakeUp()
{
    if (m_wakePending.exchange(true, std::memory_order_acq_rel))
        return;
    const quint64 one = 1;
    // A full counter (EAGAIN) already means "awake": nothing is lost.
    [[maybe_unused]] const ssize_t n = write(m_wake, &one, sizeof one);
}

void EpollEventDispatcher::interrupt()
{
    m_interrupted.store(true);
    wakeUp();
}

void EpollEventDispatcher::drainWakeUps()
{
    quint64 count = 0;
    [[maybe_unused]] const ssize_t n = read(m_wake, &count, sizeof count);
}

bool EpollEventDispatcher::processEvents(QEventLoop::ProcessEventsFlags flags)
{
    m_interrupted.store(false);
    emit awake();
    // Posted events first (queued calls from other threads, deferred deletes); a handler
    // that posts more wakes the eventfd, so the wait below does not sleep through them.
    m_wakePending.store(false, std::memory_order_release); // see wakeUp()
    QCoreApplication::sendPostedEvents();
    if (m_interrupted.load())
        return false;

    const bool mayWait = (flags & QEventLoop::WaitForMoreEvents) && !m_interrupted.load();
    const int timeout = mayWait ? waitTimeoutMs() : 0;
    if (timeout != 0)
        emit aboutToBlock();
    int ready = epoll_wait(m_epoll, m_events.get(), MaxEvents, timeout);
    if (ready < 0)
        ready = 0; // EINTR: a signal; the caller's loop turns again
    if (timeout != 0)
        emit awake();
    for (int i = 0; i < ready; ++i)
        if (quint32(m_events[i].data.u64 >> 32) == 0)
            drainWakeUps();

    bool handled = false;
    if (!(flags & QEventLoop::X11ExcludeTimers))
        handled |= fireTimers();
    if (!(flags & QEventLoop::ExcludeSocketNotifiers))
        handled |= dispatchSockets(ready);
    return handled;
}
