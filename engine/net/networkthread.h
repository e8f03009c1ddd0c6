// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QThread>
#include <functional>
#include <memory>

class PostBatch;

// The one thread in which every NodeProxy does its socket work, shared by the whole process
// (why a thread of its own: docs/architecture.md, "Threads").
//
// Lifetime: acquire() starts it on first use and every NodeProxy keeps the shared_ptr it
// got; whoever drops the last one quits and joins the thread right there. Nothing static
// holds a running thread, so the process never exits with one (QThread would abort).
//
// Calls into it: run() waits for the function to finish there. The network thread itself
// never waits for another thread, which is what keeps run() free of deadlocks; it only
// posts (queued signals) to its callers.
class NetworkThread
{
public:
    static std::shared_ptr<NetworkThread> acquire();
    // Whether the shared thread exists now (tests: it must be gone with the last proxy).
    static bool isRunning();

    ~NetworkThread(); // quits and joins; never call it from the network thread itself
    NetworkThread(const NetworkThread&) = delete;
    NetworkThread& operator=(const NetworkThread&) = delete;

    QThread* thread() { return &m_thread; }
    // The thread's batch of posts to other threads (PostBatch): only for use in this thread.
    PostBatch* batch() { return m_batch; }

    // Runs `function` in the network thread and returns when it has, with every post the
    // thread gathered until then made (PostBatch::flush): the caller finds in its queue all
    // the thread heard before, as if nothing were batched. Directly when the caller is
    // already there.
    void run(const std::function<void()>& function);

private:
    NetworkThread();

    QThread m_thread;
    QObject* m_context; // lives in m_thread and receives every call: never a proxy's object,
                        // so a call may delete a proxy's objects without deleting its receiver
    PostBatch* m_batch; // lives in m_thread
};
