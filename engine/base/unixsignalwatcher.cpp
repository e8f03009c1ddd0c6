// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/unixsignalwatcher.h"

#include <QPointer>
#include <QSocketNotifier>
#include <QtDebug>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>

namespace {
// The handler's only state. A lock-free atomic is safe to read from a signal handler.
std::atomic<int> s_writeFd{-1};
static_assert(std::atomic<int>::is_always_lock_free);
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

void UnixSignalWatcher::handleSignal(int signal)
{
    // Async-signal-safe only: write(2), and errno restored for the interrupted code.
    const int savedErrno = errno;
    const int fd = s_writeFd.load();
    if (fd >= 0) {
        const unsigned char byte = static_cast<unsigned char>(signal);
        [[maybe_unused]] const ssize_t written = ::write(fd, &byte, 1);
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
