// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/networkthread.h"

#include "base/epolleventdispatcher.h"

#include <QMetaObject>
#include <mutex>

namespace {

// Function-local statics: constructed on first use, and at exit they hold no thread
// (a weak_ptr does not keep one alive).
std::mutex& sharedMutex()
{
    static std::mutex mutex;
    return mutex;
}

std::weak_ptr<NetworkThread>& shared()
{
    static std::weak_ptr<NetworkThread> instance;
    return instance;
}

} // namespace

std::shared_ptr<NetworkThread> NetworkThread::acquire()
{
    const std::lock_guard lock(sharedMutex());
    std::shared_ptr<NetworkThread> thread = shared().lock();
    if (!thread) {
        // Not make_shared: the constructor is private. A thread still being joined by its
        // last owner may overlap with this new one for a moment; they share nothing.
        thread = std::shared_ptr<NetworkThread>(new NetworkThread);
        shared() = thread;
    }
    return thread;
}

bool NetworkThread::isRunning()
{
    const std::lock_guard lock(sharedMutex());
    return !shared().expired();
}

NetworkThread::NetworkThread() : m_context(new QObject)
{
    m_thread.setObjectName(QStringLiteral("network"));
    // Every proxy's listeners and connections live here: epoll, not glib's linear poll.
    m_thread.setEventDispatcher(new EpollEventDispatcher);
    m_context->moveToThread(&m_thread);
    m_thread.start();
}

NetworkThread::~NetworkThread()
{
    Q_ASSERT(QThread::currentThread() != &m_thread); // it cannot join itself
    m_thread.quit();
    m_thread.wait();
    // Its thread has ended: safe to delete from here (it has no timers or notifiers).
    delete m_context;
}

void NetworkThread::run(const std::function<void()>& function)
{
    if (QThread::currentThread() == &m_thread) {
        function(); // a blocking call to ourselves would wait forever
        return;
    }
    QMetaObject::invokeMethod(
        m_context, [&function] { function(); }, Qt::BlockingQueuedConnection);
}
