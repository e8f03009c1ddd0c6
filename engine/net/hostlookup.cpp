// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/hostlookup.h"

#include <QMetaObject>
#include <QMutexLocker>
#include <QObject>
#include <QThreadPool>

namespace {

// The lookups' own threads: a slow resolver never holds up work queued on Qt's global pool.
// Destroyed at exit, after waiting for the lookups still running (as QHostInfo's pool does).
QThreadPool& lookupPool()
{
    static QThreadPool pool;
    static const bool configured = [] {
        pool.setMaxThreadCount(4);
        pool.setExpiryTimeout(30'000);
        return true;
    }();
    Q_UNUSED(configured);
    return pool;
}

} // namespace

HostLookup::HostLookup(const QString& host, QObject* receiver, Done done)
    : m_shared(std::make_shared<Shared>())
{
    m_shared->receiver = receiver;
    m_shared->done = std::move(done);
    lookupPool().start([shared = m_shared, host] {
        const QHostInfo info = QHostInfo::fromName(host);
        const QMutexLocker lock(&shared->mutex);
        if (shared->cancelled)
            return;
        // Posted while cancel() waits on the mutex: the receiver is alive here. Should it be
        // destroyed before the call is delivered, Qt drops the call with it.
        QMetaObject::invokeMethod(
            shared->receiver,
            [shared, info] {
                if (!shared->cancelled)
                    shared->done(info);
            },
            Qt::QueuedConnection);
    });
}

HostLookup::~HostLookup()
{
    cancel();
}

void HostLookup::cancel()
{
    const QMutexLocker lock(&m_shared->mutex);
    m_shared->cancelled = true;
}
