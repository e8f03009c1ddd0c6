// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/hiredisqtadapter.h"

#include <QSocketNotifier>
#include <csignal>
#include <hiredis/async.h>
#include <pthread.h>
#include <sys/socket.h>

HiredisQtAdapter::HiredisQtAdapter(redisAsyncContext* context, QObject* parent)
    : QObject(parent), m_context(context)
{
    Q_ASSERT(context && context->c.fd >= 0);
    Q_ASSERT(!context->ev.data); // one adapter per context

    // Both notifiers live as long as the context; hiredis's hooks only flip them on and off.
    m_read = new QSocketNotifier(context->c.fd, QSocketNotifier::Read, this);
    m_read->setEnabled(false);
    connect(m_read, &QSocketNotifier::activated, this, &HiredisQtAdapter::onReadable);
    m_write = new QSocketNotifier(context->c.fd, QSocketNotifier::Write, this);
    m_write->setEnabled(false);
    connect(m_write, &QSocketNotifier::activated, this, &HiredisQtAdapter::onWritable);

    context->ev.data = this;
    context->ev.addRead = &HiredisQtAdapter::addRead;
    context->ev.delRead = &HiredisQtAdapter::delRead;
    context->ev.addWrite = &HiredisQtAdapter::addWrite;
    context->ev.delWrite = &HiredisQtAdapter::delWrite;
    context->ev.cleanup = &HiredisQtAdapter::cleanup;
}

HiredisQtAdapter::~HiredisQtAdapter()
{
    // Deleted while hiredis still holds the context (its owner let go of it first, e.g. a
    // deferred free that runs later): unhook, so hiredis never calls into freed memory.
    if (m_context) {
        m_context->ev.data = nullptr;
        m_context->ev.addRead = nullptr;
        m_context->ev.delRead = nullptr;
        m_context->ev.addWrite = nullptr;
        m_context->ev.delWrite = nullptr;
        m_context->ev.cleanup = nullptr;
        m_context = nullptr;
    }
}

void HiredisQtAdapter::setSniffing(bool on)
{
    m_sniffing = on;
    if (on)
        m_firstBytes.clear();
}

void HiredisQtAdapter::addRead(void* data)
{
    static_cast<HiredisQtAdapter*>(data)->m_read->setEnabled(true);
}

void HiredisQtAdapter::delRead(void* data)
{
    static_cast<HiredisQtAdapter*>(data)->m_read->setEnabled(false);
}

void HiredisQtAdapter::addWrite(void* data)
{
    auto* self = static_cast<HiredisQtAdapter*>(data);
    self->m_wantWrite = true;
    // Before the connection is up, writability is how hiredis learns the connect finished:
    // that needs the notifier.
    if (!self->m_context || !(self->m_context->c.flags & REDIS_CONNECTED)) {
        self->m_write->setEnabled(true);
        return;
    }
    if (self->m_flushPosted || self->m_write->isEnabled())
        return; // a flush or the notifier will write these bytes too
    self->m_flushPosted = true;
    QMetaObject::invokeMethod(self, &HiredisQtAdapter::flushWrites, Qt::QueuedConnection);
}

void HiredisQtAdapter::delWrite(void* data)
{
    auto* self = static_cast<HiredisQtAdapter*>(data);
    self->m_wantWrite = false;
    self->m_write->setEnabled(false);
}

void HiredisQtAdapter::flushWrites()
{
    m_flushPosted = false;
    if (!m_context || !m_wantWrite)
        return;
    onWritable(); // hiredis calls delWrite() once its buffer is empty
    if (m_context && m_wantWrite)
        m_write->setEnabled(true); // the socket is full: wait until it drains
}

void HiredisQtAdapter::cleanup(void* data)
{
    // hiredis is freeing the context (maybe from inside our own onReadable): the fd is about
    // to be closed, so stop watching it, and never touch the context again. The notifiers
    // are only disabled here, not deleted: we may be inside one's activated() signal.
    auto* self = static_cast<HiredisQtAdapter*>(data);
    self->m_read->setEnabled(false);
    self->m_write->setEnabled(false);
    self->m_context = nullptr;
}

void HiredisQtAdapter::onReadable()
{
    if (!m_context)
        return;
    if (m_sniffing && m_firstBytes.isEmpty()) {
        // A copy of what the peer said first, before hiredis consumes it: if it turns out
        // not to be RESP, the user gets to see what answered instead of a parser message.
        char buffer[128];
        const ssize_t n = ::recv(m_context->c.fd, buffer, sizeof buffer, MSG_PEEK | MSG_DONTWAIT);
        if (n > 0)
            m_firstBytes = QByteArray(buffer, qsizetype(n));
    }
    ++m_dispatching;
    redisAsyncHandleRead(m_context); // may free the context: cleanup() nulls m_context
    --m_dispatching;
}

void HiredisQtAdapter::onWritable()
{
    if (!m_context)
        return;
    ++m_dispatching;
    handleWriteWithoutSigpipe(m_context); // a failed connect frees the context here
    --m_dispatching;
}

// hiredis writes with write(2), not send(2) with MSG_NOSIGNAL: a write to a peer that has
// closed raises SIGPIPE, whose default ends the process. Through a proxy's Unix socket that is
// the first write after the proxy closed the connection (a node killed or restarted, a client
// forgotten; the soak died of it); through TCP the second. Blocked around the write, a
// SIGPIPE it raised is taken back before the mask is restored, so hiredis sees only EPIPE (a
// disconnect). SIGPIPE keeps its default everywhere else: `redlockscope --headless | head`
// still ends when head does, and the processes the app starts inherit nothing.
void HiredisQtAdapter::handleWriteWithoutSigpipe(redisAsyncContext* context)
{
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    sigset_t old;
    pthread_sigmask(SIG_BLOCK, &pipe, &old);
    redisAsyncHandleWrite(context);
    // Already blocked before (by whoever runs this thread): not ours to take or restore.
    // Otherwise a SIGPIPE pending now was raised by this write: an unblocked one would have
    // been delivered before.
    if (sigismember(&old, SIGPIPE) == 1)
        return;
    const timespec now{};
    sigtimedwait(&pipe, nullptr, &now);
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
}
