// SPDX-License-Identifier: GPL-3.0-or-later
// wait=pubsub on real nodes: a reentrant lock's waiter that listens on the resource's channel
// takes the lock within a few ms of the holder's release, even with a long retry delay; with
// wait=poll it sleeps that delay out. A lost unlock message (the waiter's pub/sub connection
// cut off) still ends by the retry delay. The waiter reaches the node through a NodeProxy, its
// lock connection and its pub/sub connection on listeners of their own, so the test can cut
// off one of them.
#include "base/steadyclock.h"
#include "lock/reentrantlock.h"
#include "net/nodeproxy.h"
#include "net/redisconnection.h"
#include "net/redissubscriber.h"
#include "testfleet.h"

#include <QEventLoop>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <optional>

namespace {

// Long, so that what the bounds below tell apart (woken at once, or by the retry timer) lies
// seconds apart, whatever two busy cores under the sanitizers add to the steps between.
constexpr int RetryDelayMs = 4000;
// The least time the retry timer takes: a coarse QTimer (2 s and more) may fire 5 % early.
constexpr qint64 RetryTimerUs = qint64(RetryDelayMs) * 1000 * 95 / 100;
constexpr int LockConnection = 1; // the waiter's listeners on the proxy
constexpr int PubSubConnection = 2;
const QByteArray Resource = "pubsub-lock";

LockSettings settings(LockSettings::Wait wait)
{
    LockSettings s;
    s.ttlMs = 20000;
    s.nodeTimeoutMs = 1000;
    s.retryCount = 3;
    s.retryDelayMs = RetryDelayMs;
    s.jitter = false;
    s.wait = wait;
    return s;
}

NodeAddress through(NodeProxy& proxy, int listener)
{
    NodeAddress address;
    address.host = QStringLiteral("127.0.0.1");
    address.port = proxy.listenPort(listener);
    return address;
}

qint64 nowUs()
{
    return SteadyClock::instance().nowUs();
}

} // namespace

class TestPubSubWait : public QObject
{
    Q_OBJECT

private:
    struct Waited
    {
        qint64 handOverUs = -1; // release sent -> the waiter's acquire OK; -1: never
        qint64 wokenUs = -1;    // release sent -> the unlock message woke the waiter
        // The waiter's last refusal before the release -> its acquire OK: its retry timer,
        // started at that refusal, cannot have fired before RetryTimerUs of it.
        qint64 sinceRefusalUs = -1;
        int wakeUps = 0;
        int attempts = 0;
    };

    // The holder takes the lock, the waiter asks for it and waits; `cut` cuts the waiter's
    // pub/sub connection off once it is subscribed; then the holder releases.
    Waited handOver(LockSettings::Wait wait, bool cut)
    {
        TestFleet fleet(1);
        if (!fleet.ok())
            qFatal("%s", qPrintable(fleet.error()));
        NodeProxy proxy(fleet.address(0).host, fleet.address(0).port);
        QObject owner;
        auto* direct = new RedisConnection(fleet.address(0), {}, SteadyClock::instance(), &owner);
        auto* viaProxy = new RedisConnection(through(proxy, LockConnection), {},
                                             SteadyClock::instance(), &owner);
        direct->open();
        viaProxy->open();
        if (!QTest::qWaitFor([&] { return direct->isReady() && viaProxy->isReady(); }, 5000))
            qFatal("the connections did not open");

        auto* holder = new ReentrantLock(direct, 0, SteadyClock::instance(), &owner);
        holder->setSettings(settings(LockSettings::Wait::Poll));
        auto* waiter = new ReentrantLock(viaProxy, 0, SteadyClock::instance(), &owner);
        waiter->setSettings(settings(wait));
        auto* subscriber = new RedisSubscriber(NodeRoute{through(proxy, PubSubConnection)}, {},
                                               SteadyClock::instance(), waiter);
        waiter->setSubscriber(subscriber);
        QSignalSpy woken(waiter, &LockStrategy::wokenUp);
        qint64 wokenAtUs = 0;
        QObject::connect(waiter, &LockStrategy::wokenUp, &owner,
                         [&wokenAtUs] { wokenAtUs = nowUs(); });
        QSignalSpy attempts(waiter, &LockStrategy::attemptStarted);

        std::optional<LockStrategy::AcquireResult> held;
        holder->acquire(Resource, [&](const auto& r) { held = r; });
        if (!QTest::qWaitFor([&] { return held.has_value(); }, 5000) || !held->acquired)
            qFatal("the holder did not get the lock");

        std::optional<LockStrategy::AcquireResult> got;
        qint64 gotUs = 0;
        // A real event loop, not qWaitFor: that sleeps 10 ms between its rounds of events,
        // which would be measured as the hand-over's.
        QEventLoop loop;
        waiter->acquire(Resource, [&](const auto& r) {
            gotUs = nowUs();
            got = r;
            loop.quit();
        });
        // Refused, subscribed (pubsub), refused once more, and waiting: waited for as it
        // happens (a fixed sleep was too short on two busy cores).
        const bool pubsub = wait == LockSettings::Wait::PubSub;
        QSignalSpy decided(waiter, &LockStrategy::attemptDecided);
        qint64 decidedAtUs = 0;
        QObject::connect(waiter, &LockStrategy::attemptDecided, &owner,
                         [&decidedAtUs] { decidedAtUs = nowUs(); });
        if (!QTest::qWaitFor(
                [&] {
                    return decided.size() >= (pubsub ? 2 : 1) &&
                           (!pubsub || subscriber->isSubscribed(ReentrantLock::channel(Resource)));
                },
                10000))
            qFatal("the waiter did not wait as it should");
        if (cut)
            proxy.setClientPartitioned(PubSubConnection, true);
        const qint64 refusedUs = decidedAtUs;
        const qint64 releaseUs = nowUs();
        holder->release(held->lock);
        if (!got) {
            QTimer::singleShot(RetryDelayMs * 3, &loop, &QEventLoop::quit);
            loop.exec();
        }
        Waited out;
        out.wakeUps = int(woken.size());
        out.attempts = int(attempts.size());
        if (got && got->acquired) {
            out.handOverUs = gotUs - releaseUs;
            out.sinceRefusalUs = gotUs - refusedUs;
        }
        if (wokenAtUs)
            out.wokenUs = wokenAtUs - releaseUs;
        return out;
    }

private slots:
    void pubsubWakesAtOnce()
    {
        const Waited w = handOver(LockSettings::Wait::PubSub, false);
        qInfo("pubsub: woken %.2f ms and acquired %.2f ms after the release, %d wake-up(s), "
              "%d attempts",
              w.wokenUs / 1000.0, w.handOverUs / 1000.0, w.wakeUps, w.attempts);
        QVERIFY2(w.handOverUs >= 0, "the waiter never got the lock");
        // Within a few ms here. The bound is the point: before its retry timer could have
        // fired, so woken, not polling; seconds of room for a busy machine to release and
        // hand over.
        QVERIFY2(w.sinceRefusalUs < RetryTimerUs,
                 "woken, it should take the lock at once, not by polling");
        QCOMPARE(w.wakeUps, 1);
    }

    void pollSleepsItsDelay()
    {
        const Waited w = handOver(LockSettings::Wait::Poll, false);
        qInfo("poll: hand-over %.2f ms, %d attempts", w.handOverUs / 1000.0, w.attempts);
        QVERIFY2(w.handOverUs >= 0, "the waiter never got the lock");
        // Its next try comes RetryDelayMs after its refusal, whenever the release came.
        QVERIFY2(w.sinceRefusalUs >= RetryTimerUs, "a poller cannot know sooner");
        QCOMPARE(w.wakeUps, 0);
    }

    void lostMessageEndsByTheDelay()
    {
        const Waited w = handOver(LockSettings::Wait::PubSub, true);
        qInfo("pubsub, message lost: hand-over %.2f ms, %d attempts", w.handOverUs / 1000.0,
              w.attempts);
        QVERIFY2(w.handOverUs >= 0, "a lost message must not hang the waiter");
        QVERIFY2(w.sinceRefusalUs >= RetryTimerUs, "no message came: no early wake");
        // The retry delay after the refusal, which came before the release, and seconds of
        // room for a busy machine.
        QVERIFY2(w.handOverUs < 2 * RetryDelayMs * 1000, "the retry delay bounds the wait");
        QCOMPARE(w.wakeUps, 0);
    }

    // Two waits that ask for one channel before it is confirmed share one SUBSCRIBE, and each
    // gets its answer.
    void oneSubscribePerChannel()
    {
        TestFleet fleet(1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        RedisSubscriber subscriber(NodeRoute{fleet.address(0)}, {}, SteadyClock::instance());
        QList<bool> answers;
        for (int i = 0; i < 3; ++i)
            subscriber.subscribe("chan", 300, [&](bool ok, const QString&) { answers << ok; });
        QTRY_COMPARE_WITH_TIMEOUT(answers, (QList<bool>{true, true, true}), 5000);
        QSignalSpy states(&subscriber.connection(), &RedisConnection::stateChanged);
        subscriber.subscribe("chan", 300, [&](bool ok, const QString&) { answers << ok; });
        QTRY_COMPARE_WITH_TIMEOUT(answers.size(), 4, 5000);
        QVERIFY(answers.last());
        QTest::qWait(600); // past every deadline: still the one connection
        QCOMPARE(states.size(), 0);
        QVERIFY(subscriber.isSubscribed("chan"));
    }

    // A subscribed connection sends nothing else: refused with a reason, not a hang.
    void subscribedConnectionRefusesCommands()
    {
        TestFleet fleet(1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        RedisConnection connection(fleet.address(0), {}, SteadyClock::instance());
        connection.open();
        QTRY_VERIFY_WITH_TIMEOUT(connection.isReady(), 5000);
        std::optional<CommandResult> confirmed;
        connection.subscribe("chan", 1000, [&](const CommandResult& r) { confirmed = r; });
        QTRY_VERIFY_WITH_TIMEOUT(confirmed.has_value(), 5000);
        QCOMPARE(confirmed->reply.elements.value(0).text, QByteArray("subscribe"));
        QList<QByteArray> messages;
        connection.setMessageHandler([&](const QByteArray& channel, const QByteArray& text) {
            messages << channel + ':' + text;
        });
        QCOMPARE(fleet.command(0, {"PUBLISH", "chan", "unlock"}).integer, 1);
        QTRY_COMPARE_WITH_TIMEOUT(messages, QList<QByteArray>{"chan:unlock"}, 5000);
        std::optional<CommandResult> refused;
        connection.send({"PING"}, 1000, [&](const CommandResult& r) { refused = r; });
        QTRY_VERIFY_WITH_TIMEOUT(refused.has_value(), 5000);
        QVERIFY(refused->reply.isError());
        QVERIFY(refused->reply.text.contains("subscribed"));
    }
};

QTEST_GUILESS_MAIN(TestPubSubWait)
#include "tst_pubsubwait.moc"
