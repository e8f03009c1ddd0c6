// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHostInfo>
#include <QMutex>
#include <QString>
#include <functional>
#include <memory>

class QObject;

// One host name looked up off the caller's thread: getaddrinfo() runs in a pool thread of its
// own (QHostInfo::fromName), and the answer is handed to `done` in the receiver's thread,
// unless cancel() came first or the receiver is gone.
//
// Why not QHostInfo::lookupHost(name, receiver, functor): on Qt 6.4, a process whose engine
// thread had looked a name up and then ended aborted about one exit in 25 with
// "tcache_thread_shutdown(): unaligned tcache chunk detected" (the engine thread's heap
// corrupted after the lookup's answer was delivered to it; `--nodes nonexistent.invalid:6379`,
// 9 of 150 runs; none with address literals). Here every object the lookup shares between
// threads is ours: the pool thread posts under a mutex that cancel() takes too, and a posted
// call to a destroyed receiver is dropped by Qt with the receiver's other events.
class HostLookup final
{
public:
    using Done = std::function<void(const QHostInfo&)>;

    // Looks `host` up; `done` runs in `receiver`'s thread. The receiver must outlive this
    // object or destroy it first (a member of the receiver does both).
    HostLookup(const QString& host, QObject* receiver, Done done);
    ~HostLookup();
    HostLookup(const HostLookup&) = delete;
    HostLookup& operator=(const HostLookup&) = delete;

    // From the receiver's thread: `done` will not run after this returns.
    void cancel();

private:
    struct Shared
    {
        QMutex mutex;
        bool cancelled = false; // under the mutex in the pool thread; read unlocked in the
                                // receiver's thread, which is the only one that sets it
        QObject* receiver = nullptr;
        Done done;
    };

    std::shared_ptr<Shared> m_shared;
};
