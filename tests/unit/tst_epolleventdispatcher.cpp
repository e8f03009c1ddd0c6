// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's worker threads run on EpollEventDispatcher: timers, socket notifiers, posted
// events and wake-ups from other threads must behave as with Qt's own dispatchers.
#include "base/epolleventdispatcher.h"

#include <QElapsedTimer>
#include <QSocketNotifier>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <atomic>
#include <functional>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {
// A thread running an event loop on EpollEventDispatcher, and a context object living in it.
class EpollThread
{
public:
    EpollThread()
    {
        m_thread.setEventDispatcher(new EpollEventDispatcher);
        m_context.moveToThread(&m_thread);
        m_thread.start();
    }
    ~EpollThread()
    {
        m_thread.quit();
        m_thread.wait();
    }
    // Runs `f` in the thread and waits for it.
    void run(const std::function<void()>& f)
    {
        QMetaObject::invokeMethod(&m_context, f, Qt::BlockingQueuedConnection);
    }
    QObject* context() { return &m_context; }
    QThread* thread() { return &m_thread; }

private:
    QThread m_thread;
    QObject m_context;
};

struct SocketPair
{
    int fds[2] = {-1, -1};
    SocketPair() { socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, fds); }
    ~SocketPair()
    {
        for (int fd : fds)
            if (fd >= 0)
                close(fd);
    }
};
} // namespace

class TestEpollEventDispatcher : public QObject
{
    Q_OBJECT

private slots:
    void isTheThreadsDispatcher()
    {
        EpollThread t;
        bool isEpoll = false;
        t.run([&] {
            isEpoll = qobject_cast<EpollEventDispatcher*>(QAbstractEventDispatcher::instance());
        });
        QVERIFY(isEpoll);
    }

    void singleShotTimersFireInOrderAndNeverEarly()
    {
        EpollThread t;
        std::vector<int> order;
        QElapsedTimer clock;
        std::atomic<qint64> firstAtMs{-1};
        std::atomic<int> fired{0};
        t.run([&] {
            clock.start();
            QTimer::singleShot(30, Qt::PreciseTimer, t.context(), [&] {
                order.push_back(30);
                ++fired;
            });
            QTimer::singleShot(10, Qt::PreciseTimer, t.context(), [&] {
                firstAtMs = clock.elapsed();
                order.push_back(10);
                ++fired;
            });
            QTimer::singleShot(20, Qt::CoarseTimer, t.context(), [&] {
                order.push_back(20);
                ++fired;
            });
        });
        QTRY_COMPARE(fired.load(), 3);
        QCOMPARE(order, (std::vector<int>{10, 20, 30}));
        QVERIFY2(firstAtMs >= 10, qPrintable(QString::number(firstAtMs)));
    }

    void repeatingTimerCanStopItselfAndZeroTimersRun()
    {
        EpollThread t;
        std::atomic<int> ticks{0};
        std::atomic<int> zeroTicks{0};
        QTimer* timer = nullptr;
        QTimer* zero = nullptr;
        t.run([&] {
            timer = new QTimer(t.context());
            timer->setInterval(2);
            QObject::connect(timer, &QTimer::timeout, [&] {
                if (++ticks == 5)
                    timer->stop();
            });
            timer->start();
            zero = new QTimer(t.context());
            zero->setInterval(0);
            QObject::connect(zero, &QTimer::timeout, [&] {
                if (++zeroTicks == 100)
                    zero->stop();
            });
            zero->start();
        });
        QTRY_COMPARE(ticks.load(), 5);
        QTRY_COMPARE(zeroTicks.load(), 100);
        QTest::qWait(30);
        QCOMPARE(ticks.load(), 5); // stopped from its own handler: no sixth tick
        bool active = true;
        int remaining = 0;
        t.run([&] {
            active = timer->isActive();
            timer->start(10000);
            remaining = timer->remainingTime();
            timer->stop();
        });
        QVERIFY(!active);
        QVERIFY2(remaining > 9000 && remaining <= 10000, qPrintable(QString::number(remaining)));
    }

    void readAndWriteNotifiersFollowTheSocket()
    {
        EpollThread t;
        SocketPair pair;
        std::atomic<int> reads{0};
        std::atomic<int> writes{0};
        QSocketNotifier* read = nullptr;
        QSocketNotifier* write = nullptr;
        t.run([&] {
            read = new QSocketNotifier(pair.fds[0], QSocketNotifier::Read, t.context());
            QObject::connect(read, &QSocketNotifier::activated, [&] {
                char buffer[64];
                while (::read(pair.fds[0], buffer, sizeof buffer) > 0) {
                }
                ++reads;
            });
            write = new QSocketNotifier(pair.fds[0], QSocketNotifier::Write, t.context());
            QObject::connect(write, &QSocketNotifier::activated, [&] {
                ++writes;
                write->setEnabled(false); // writable at once; one activation is enough
            });
        });
        QTRY_COMPARE(writes.load(), 1);
        QCOMPARE(reads.load(), 0); // nothing to read yet
        QCOMPARE(::write(pair.fds[1], "ping", 4), ssize_t(4));
        QTRY_COMPARE(reads.load(), 1);
        t.run([&] { read->setEnabled(false); });
        QCOMPARE(::write(pair.fds[1], "ping", 4), ssize_t(4));
        QTest::qWait(30);
        QCOMPARE(reads.load(), 1); // disabled: not told
        t.run([&] { read->setEnabled(true); });
        QTRY_COMPARE(reads.load(), 2); // level-triggered: the waiting bytes are reported
        t.run([&] {
            delete read;
            delete write;
        });
    }

    // A socket closed by an earlier handler in the same turn must not have its readiness
    // delivered to a new socket that got the same fd number.
    void aClosedSocketsReadinessNeverReachesItsSuccessor()
    {
        EpollThread t;
        auto first = std::make_unique<SocketPair>();
        auto second = std::make_unique<SocketPair>();
        std::unique_ptr<SocketPair> replacement;
        std::atomic<int> successorSpurious{0};
        std::atomic<bool> done{false};
        // Both readable before the notifiers exist: the first turn reports both at once.
        QCOMPARE(::write(first->fds[1], "x", 1), ssize_t(1));
        QCOMPARE(::write(second->fds[1], "x", 1), ssize_t(1));
        t.run([&] {
            auto* a = new QSocketNotifier(first->fds[0], QSocketNotifier::Read, t.context());
            auto* b = new QSocketNotifier(second->fds[0], QSocketNotifier::Read, t.context());
            // Whichever runs first closes the other's socket and opens a new one in its place.
            const auto takeOver = [&, a, b](QSocketNotifier* self) {
                if (done)
                    return;
                done = true;
                QSocketNotifier* other = self == a ? b : a;
                const int otherFd = int(other->socket());
                delete other;
                close(otherFd);
                // A connected pair with nothing written: its end is never readable (an
                // unconnected socket would be, with EPOLLHUP).
                replacement = std::make_unique<SocketPair>();
                if (replacement->fds[0] != otherFd) { // usually the number just closed
                    dup2(replacement->fds[0], otherFd);
                    close(replacement->fds[0]);
                    replacement->fds[0] = otherFd;
                }
                auto* successor = new QSocketNotifier(otherFd, QSocketNotifier::Read, t.context());
                QObject::connect(successor, &QSocketNotifier::activated,
                                 [&] { ++successorSpurious; });
                (self == a ? second : first)->fds[0] = -1; // now the replacement's
            };
            QObject::connect(a, &QSocketNotifier::activated, [=] { takeOver(a); });
            QObject::connect(b, &QSocketNotifier::activated, [=] { takeOver(b); });
        });
        QTRY_VERIFY(done.load());
        QTest::qWait(30);
        QCOMPARE(successorSpurious.load(), 0); // an unconnected socket: never readable
    }

    void queuedCallsFromOtherThreadsWakeTheLoop()
    {
        EpollThread t;
        std::atomic<int> calls{0};
        // Nothing else to do in the thread: it sleeps in epoll_wait until woken.
        for (int i = 0; i < 200; ++i)
            QMetaObject::invokeMethod(
                t.context(), [&] { ++calls; }, Qt::QueuedConnection);
        QTRY_COMPARE(calls.load(), 200);
        int answer = 0;
        QMetaObject::invokeMethod(
            t.context(), [&] { answer = 42; }, Qt::BlockingQueuedConnection);
        QCOMPARE(answer, 42);
    }

    // A wake-up is written once per burst (EpollEventDispatcher::wakeUp): none may be lost.
    // Posts from two threads race with the loop's turns, which each both answer and re-arm it;
    // a ping-pong, where every call must wake a thread that has just gone to sleep, finds a
    // lost wake-up as a call that never comes.
    void wakeUpsComingInBurstsAreNeverLost()
    {
        EpollThread t;
        constexpr int PerPoster = 20000;
        std::atomic<int> calls{0};
        const auto post = [&t, &calls] {
            for (int i = 0; i < PerPoster; ++i) {
                QMetaObject::invokeMethod(
                    t.context(), [&calls] { ++calls; }, Qt::QueuedConnection);
                if (i % 64 == 0)
                    QThread::yieldCurrentThread(); // let the loop take some and sleep again
            }
        };
        std::thread first(post);
        std::thread second(post);
        first.join();
        second.join();
        QTRY_COMPARE(calls.load(), 2 * PerPoster);

        EpollThread other;
        std::atomic<int> rally{0};
        std::function<void()> hitThere;
        std::function<void()> hitBack = [&] {
            if (++rally < 2000)
                QMetaObject::invokeMethod(t.context(), hitThere, Qt::QueuedConnection);
        };
        hitThere = [&] {
            if (++rally < 2000)
                QMetaObject::invokeMethod(other.context(), hitBack, Qt::QueuedConnection);
        };
        QMetaObject::invokeMethod(t.context(), hitThere, Qt::QueuedConnection);
        QTRY_COMPARE_WITH_TIMEOUT(rally.load(), 2000, 30000);
    }

    void manyIdleSocketsDoNotHideTheActiveOne()
    {
        EpollThread t;
        std::vector<std::unique_ptr<SocketPair>> idle;
        for (int i = 0; i < 500; ++i)
            idle.push_back(std::make_unique<SocketPair>());
        SocketPair active;
        std::atomic<int> activeReads{0};
        std::atomic<int> idleReads{0};
        t.run([&] {
            for (auto& pair : idle) {
                auto* n = new QSocketNotifier(pair->fds[0], QSocketNotifier::Read, t.context());
                QObject::connect(n, &QSocketNotifier::activated, [&] { ++idleReads; });
            }
            auto* n = new QSocketNotifier(active.fds[0], QSocketNotifier::Read, t.context());
            QObject::connect(n, &QSocketNotifier::activated, [&] {
                char buffer[8];
                while (::read(active.fds[0], buffer, sizeof buffer) > 0) {
                }
                ++activeReads;
            });
        });
        for (int i = 1; i <= 50; ++i) {
            QCOMPARE(::write(active.fds[1], "x", 1), ssize_t(1));
            QTRY_COMPARE(activeReads.load(), i);
        }
        QCOMPARE(idleReads.load(), 0);
        t.run([&] { qDeleteAll(t.context()->children()); });
    }
};

QTEST_GUILESS_MAIN(TestEpollEventDispatcher)
#include "tst_epolleventdispatcher.moc"
