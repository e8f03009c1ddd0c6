// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/unixsignalwatcher.h"

#include "base/logcategories.h"

#include <QPointer>
#include <QSocketNotifier>
#include <QtDebug>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <semaphore.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace {
// The handler's only state. A lock-free atomic is safe to read from a signal handler.
std::atomic<int> s_writeFd{-1};
static_assert(std::atomic<int>::is_always_lock_free);

// The deadline: a watchdog thread made beforehand waits on a semaphore, which the first
// signal posts (sem_post is async-signal-safe); it then sleeps the deadline, and should the
// process still run, ends it. From a thread of its own, not a signal handler, it may do what
// an abrupt end needs (HardStop: kill a scenario's process groups, write a benchmark's JSON,
// remove the socket folders) before _exit, whatever the other threads are busy with.
struct Deadline
{
    sem_t armed{};
    std::atomic<bool> set{false};
    std::atomic<bool> triggered{false};
    int ms = 0;
    int exitCode = 0;
    char message[512] = {};
    size_t length = 0;
    void (*beforeExit)(int signal) = nullptr;
    std::atomic<int> signal{0}; // the first one
};
Deadline s_deadline;

void watchDeadline()
{
    while (::sem_wait(&s_deadline.armed) != 0 && errno == EINTR) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(s_deadline.ms));
    [[maybe_unused]] const ssize_t written =
        ::write(STDERR_FILENO, s_deadline.message, s_deadline.length);
    if (s_deadline.beforeExit)
        s_deadline.beforeExit(s_deadline.signal.load());
    ::_exit(s_deadline.exitCode);
}
} // namespace

UnixSignalWatcher::UnixSignalWatcher(QObject* parent) : QObject(parent)
{
    if (s_writeFd.load() >= 0) {
        qCWarning(lcEngine, "UnixSignalWatcher: another watcher is active; this one does nothing");
        return;
    }
    // Non-blocking: a handler must never block, even if nobody reads for a while.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, m_fds) != 0) {
        qCWarning(lcEngine, "UnixSignalWatcher: socketpair failed: %s", strerror(errno));
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

bool UnixSignalWatcher::setDeadline(int ms, int exitCode, const QByteArray& message,
                                    void (*beforeExit)(int signal))
{
    if (s_deadline.set.load())
        return true;
    if (::sem_init(&s_deadline.armed, 0, 0) != 0) {
        qCWarning(lcEngine, "UnixSignalWatcher: sem_init failed: %s", strerror(errno));
        return false;
    }
    s_deadline.ms = ms;
    s_deadline.exitCode = exitCode;
    s_deadline.length = std::min(message.size(), qsizetype(sizeof s_deadline.message));
    std::memcpy(s_deadline.message, message.constData(), s_deadline.length);
    s_deadline.beforeExit = beforeExit;
    // Never joined: it ends the process, or waits until the process ends.
    std::thread(&watchDeadline).detach();
    s_deadline.set.store(true);
    return true;
}

void UnixSignalWatcher::handleSignal(int signal)
{
    // Async-signal-safe only: write(2), sem_post(3), and errno restored for the interrupted
    // code.
    const int savedErrno = errno;
    const int fd = s_writeFd.load();
    if (fd >= 0) {
        const unsigned char byte = static_cast<unsigned char>(signal);
        [[maybe_unused]] const ssize_t written = ::write(fd, &byte, 1);
    }
    if (s_deadline.set.load() && !s_deadline.triggered.exchange(true)) {
        s_deadline.signal.store(signal);
        ::sem_post(&s_deadline.armed);
    }
    errno = savedErrno;
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
