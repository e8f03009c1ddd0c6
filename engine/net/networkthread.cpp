// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/networkthread.h"

#include "base/epolleventdispatcher.h"
#include "net/postbatch.h"

#include <QMetaObject>
#include <mutex>
#include <utility>

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

namespace {
// How long a post to the engine may wait for others to go with it (PostBatch): at 1,000
// Redlock rounds a second, about one wake of the engine per round instead of one per command
// (docs/benchmarks.md, "Figures behind design choices").
constexpr int kBatchMs = 1;
} // namespace

NetworkThread::NetworkThread() : m_context(new QObject), m_batch(new PostBatch(kBatchMs))
{
    m_thread.setObjectName(QStringLiteral("network"));
    // Every proxy's listeners and connections live here: epoll, not glib's linear poll.
    m_thread.setEventDispatcher(new EpollEventDispatcher);
    m_context->moveToThread(&m_thread);
    m_batch->moveToThread(&m_thread);
    m_thread.start();
}

NetworkThread::~NetworkThread()
{
    Q_ASSERT(QThread::currentThread() != &m_thread); // it cannot join itself
    // The batch goes in its thread, where its timer lives, once every post is made.
    run([this] {
        m_batch->flush();
        delete std::exchange(m_batch, nullptr);
    });
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
        m_context,
        [this, &function] {
            function();
            if (m_batch)
                m_batch->flush();
        },
        Qt::BlockingQueuedConnection);
}
