// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/unixsignalwatcher.h"

#include <QPointer>
#include <QSocketNotifier>
#include <QtDebug>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <sys/socket.h>
#include <unistd.h>

namespace {
// The handler's only state. A lock-free atomic is safe to read from a signal handler.
std::atomic<int> s_writeFd{-1};
static_assert(std::atomic<int>::is_always_lock_free);

// The deadline: a timer made beforehand (timer_create is not async-signal-safe,
// timer_settime is), armed by the first signal; its SIGALRM ends the process.
struct Deadline
{
    timer_t timer{};
    std::atomic<bool> set{false};
    std::atomic<bool> armed{false};
    int ms = 0;
    int exitCode = 0;
    char message[512] = {};
    size_t length = 0;
};
Deadline s_deadline;
} // namespace

UnixSignalWatcher::UnixSignalWatcher(QObject* parent) : QObject(parent)
{
    if (s_writeFd.load() >= 0) {
        qWarning("UnixSignalWatcher: another watcher is active; this one does nothing");
        return;
    }
    // Non-blocking: a handler must never block, even if nobody reads for a while.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, m_fds) != 0) {
        qWarning("UnixSignalWatcher: socketpair failed: %s", strerror(errno));
        m_fds[0] = m_fds[1] = -1;
        return;
    }
    m_notifier = new QSocketNotifier(m_fds[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &UnixSignalWatcher::onReadable);
    s_writeFd.store(m_fds[0]);

    struct sigaction action = {};
    action.sa_handler = &UnixSignalWatcher::handleSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART; // no EINTR surprises in the rest of the program
    for (std::size_t i = 0; i < kSignals.size(); ++i)
        ::sigaction(kSignals[i], &action, &m_previous[i]);
}

UnixSignalWatcher::~UnixSignalWatcher()
{
    if (!m_notifier)
        return;
    for (std::size_t i = 0; i < kSignals.size(); ++i)
        ::sigaction(kSignals[i], &m_previous[i], nullptr);
    s_writeFd.store(-1);
    delete m_notifier;
    ::close(m_fds[0]);
    ::close(m_fds[1]);
}

bool UnixSignalWatcher::setDeadline(int ms, int exitCode, const QByteArray& message)
{
    if (s_deadline.set.load())
        return true;
    struct sigevent event = {};
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = SIGALRM;
    if (::timer_create(CLOCK_MONOTONIC, &event, &s_deadline.timer) != 0) {
        qWarning("UnixSignalWatcher: timer_create failed: %s", strerror(errno));
        return false;
    }
    s_deadline.ms = ms;
    s_deadline.exitCode = exitCode;
    s_deadline.length = std::min(message.size(), qsizetype(sizeof s_deadline.message));
    std::memcpy(s_deadline.message, message.constData(), s_deadline.length);
    struct sigaction action = {};
    action.sa_handler = &UnixSignalWatcher::handleDeadline;
    sigemptyset(&action.sa_mask);
    ::sigaction(SIGALRM, &action, nullptr);
    s_deadline.set.store(true);
    return true;
}

void UnixSignalWatcher::handleSignal(int signal)
{
    // Async-signal-safe only: write(2), timer_settime(2), and errno restored for the
    // interrupted code.
    const int savedErrno = errno;
    const int fd = s_writeFd.load();
    if (fd >= 0) {
        const unsigned char byte = static_cast<unsigned char>(signal);
        [[maybe_unused]] const ssize_t written = ::write(fd, &byte, 1);
    }
    if (s_deadline.set.load() && !s_deadline.armed.exchange(true)) {
        struct itimerspec when = {};
        when.it_value.tv_sec = s_deadline.ms / 1000;
        when.it_value.tv_nsec = long(s_deadline.ms % 1000) * 1'000'000L;
        ::timer_settime(s_deadline.timer, 0, &when, nullptr);
    }
    errno = savedErrno;
}

void UnixSignalWatcher::handleDeadline(int)
{
    [[maybe_unused]] const ssize_t written =
        ::write(STDERR_FILENO, s_deadline.message, s_deadline.length);
    ::_exit(s_deadline.exitCode);
}

void UnixSignalWatcher::onReadable()
{
    // Drain first, emit after: a slot may well destroy this watcher (and close the fds).
    QByteArray pending;
    char bytes[64];
    ssize_t count = 0;
    while ((count = ::read(m_fds[1], bytes, sizeof bytes)) > 0)
        pending.append(bytes, count);
    const QPointer<UnixSignalWatcher> guard(this);
    for (const char byte : std::as_const(pending)) {
        if (!guard)
            return;
        emit terminationRequested(int(static_cast<unsigned char>(byte)));
    }
}
