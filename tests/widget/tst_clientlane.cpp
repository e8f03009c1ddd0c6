// SPDX-License-Identifier: GPL-3.0-or-later
// One client lane, from synthetic snapshots: a GC-paused client that still believes it
// holds after its validity ran out is unmistakable; a crashed client's keys are shown
// living on; its buttons and menu follow its state and become command lines.

#include "lanes/clientlane.h"
#include "lanes/validitybar.h"
#include "model/lock.h"
#include "snapshotfactory.h"
#include "widgets/elidedlabel.h"

#include <QAction>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace SnapshotFactory;

class TestClientLane : public QObject
{
    Q_OBJECT

private:
    QToolButton* button(ClientLane& lane, const char* name)
    {
        return lane.findChild<QToolButton*>(QLatin1String(name));
    }
    QAction* entry(ClientLane& lane, const QString& name)
    {
        return lane.moreMenu()->findChild<QAction*>(name);
    }

private slots:
    // A lock that never expires (no lock, SETNX without a TTL) is said in words, not as a
    // year in seconds, and nothing counts down.
    void lockWithoutExpiryIsSaidInWords()
    {
        ClientLane lane(1);
        lane.resize(1200, 40);
        const qint64 t = now();
        ClientSnapshot c = client(1, ClientSnapshot::State::Holding);
        c.inSection = true;
        c.validUntilUs = t + Lock::NoExpiryUs;
        c.strategy = Strategy::Kind::Setnx;
        lane.setClient(c, t);
        auto* bar = lane.findChild<ValidityBar*>();
        QVERIFY(bar);
        QVERIFY(bar->isUnbounded());
        QCOMPARE(bar->shownText(), QStringLiteral("no TTL"));
        QVERIFY(!lane.advance(t + 1'000'000));
        QVERIFY(lane.alarmText().isEmpty());
        QVERIFY(bar->grab().width() > 0); // paints
        c.strategy = Strategy::Kind::None;
        lane.setClient(c, t);
        QCOMPARE(bar->shownText(), QStringLiteral("no lock"));
        // An ordinary validity counts down as before.
        c.strategy = Strategy::Kind::Redlock;
        c.validUntilUs = t + 8'000'000;
        lane.setClient(c, t);
        QVERIFY(!bar->isUnbounded());
        QCOMPARE(bar->shownText(), QStringLiteral("8.0 s"));
    }

    void pausedBelieverIsUnmistakable()
    {
        ClientLane lane(1);
        lane.resize(1200, 40);
        const qint64 t = now();
        ClientSnapshot c = client(1, ClientSnapshot::State::Paused);
        c.inSection = true;
        c.validUntilUs = t - 3'200'000; // its validity ran out 3.2 s ago; it cannot know
        c.token = "1111111111111111";
        lane.setClient(c, t);
        QCOMPARE(lane.stateText(), QStringLiteral("paused (GC) while holding"));
        QCOMPARE(lane.alarmText(),
                 QStringLiteral("PAUSED, BELIEVES IT HOLDS — validity ended 3.2 s ago"));
        // It counts up on its own between snapshots, and keeps frames coming.
        QVERIFY(lane.advance(t + 1'000'000));
        QCOMPARE(lane.alarmText(),
                 QStringLiteral("PAUSED, BELIEVES IT HOLDS — validity ended 4.2 s ago"));
        // Resumed and careless, it works on without the lock: the alarm says so.
        c.state = ClientSnapshot::State::Holding;
        lane.setClient(c, t + 1'100'000);
        QCOMPARE(lane.alarmText(),
                 QStringLiteral("WORKING WITHOUT THE LOCK, validity ended 4.3 s ago"));
        // Once it stops believing, the lane is calm again.
        c.state = ClientSnapshot::State::Releasing;
        c.inSection = false;
        c.validUntilUs = 0;
        lane.setClient(c, t + 1'200'000);
        QVERIFY(lane.alarmText().isEmpty());
    }

    // wait=pubsub is named next to the rung, and the tries an unlock message brought
    // forward are counted.
    void pubsubWaiterSaysSo()
    {
        ClientLane lane(1);
        lane.resize(1200, 40);
        ClientSnapshot c = client(1, ClientSnapshot::State::Idle);
        c.strategy = Strategy::Kind::Reentrant;
        lane.setClient(c, now());
        QCOMPARE(button(lane, "strategy")->text(), QStringLiteral("reentrant"));
        QVERIFY(!lane.countersText().contains(QStringLiteral("woken")));
        c.pubsubWait = true;
        c.wakeUps = 4;
        lane.setClient(c, now());
        QCOMPARE(button(lane, "strategy")->text(), QStringLiteral("reentrant · pub/sub"));
        QVERIFY2(lane.countersText().contains(QStringLiteral("woken by unlock 4×")),
                 qPrintable(lane.countersText()));
    }

    void pausedWithValidityLeftIsNoAlarm()
    {
        ClientLane lane(1);
        const qint64 t = now();
        ClientSnapshot c = client(1, ClientSnapshot::State::Paused);
        c.inSection = true;
        c.validUntilUs = t + 4'000'000; // still valid: paused, nothing broken yet
        lane.setClient(c, t);
        QCOMPARE(lane.stateText(), QStringLiteral("paused (GC) while holding"));
        QVERIFY(lane.alarmText().isEmpty());
        QCOMPARE(lane.displayedValidityMs(), qint64(4000));
        // A holder just past its validity: within the grace, no red flash.
        lane.advance(t + 4'000'000 + ValidityBar::AlarmGraceUs / 2);
        QVERIFY(lane.alarmText().isEmpty());
        lane.advance(t + 4'000'000 + ValidityBar::AlarmGraceUs * 2);
        QVERIFY(!lane.alarmText().isEmpty());
    }

    void crashedClientShowsItsKeysLivingOn()
    {
        ClientLane lane(2);
        const qint64 t = now();
        lane.setClient(client(2, ClientSnapshot::State::Crashed), t);
        lane.setLeftoverKeys(3, t + 6'000'000);
        QCOMPARE(lane.findChild<ElidedLabel*>()->text(),
                 QStringLiteral("crashed: its key lives on 3 nodes until its TTL ends"));
        QVERIFY(lane.findChild<ValidityBar*>()->leftoverMs() > 5900);
        QVERIFY(lane.advance(t + 1'000'000)); // the leftover counts down
        QCOMPARE(lane.findChild<ValidityBar*>()->leftoverMs(), qint64(5000));
        QVERIFY(button(lane, "crash")->isHidden());
        QVERIFY(button(lane, "restart")->isEnabled());
        QVERIFY(!button(lane, "pause")->isEnabled());
        // The keys expired: nothing left to show.
        lane.setLeftoverKeys(0, 0);
        QCOMPARE(lane.findChild<ValidityBar*>()->leftoverMs(), qint64(-1));
        QVERIFY(lane.findChild<ElidedLabel*>()->text().contains(QLatin1String("tries")));
    }

    void buttonsFollowTheState()
    {
        ClientLane lane(1);
        QSignalSpy spy(&lane, &ClientLane::commandRequested);
        lane.setClient(client(1, ClientSnapshot::State::Holding), now());
        QVERIFY(button(lane, "pause")->isEnabled());
        QVERIFY(button(lane, "resume")->isHidden());
        QVERIFY(entry(lane, QStringLiteral("pauseFor"))->isEnabled());
        button(lane, "pause")->click();
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client pause C1"));
        entry(lane, QStringLiteral("pausePastTtl"))->trigger();
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client pause C1 12000"));

        lane.setClient(client(1, ClientSnapshot::State::Paused), now());
        QVERIFY(button(lane, "pause")->isHidden());
        QVERIFY(button(lane, "resume")->isEnabled());
        QVERIFY(!entry(lane, QStringLiteral("pauseFor"))->isEnabled()); // paused already
        button(lane, "resume")->click();
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client resume C1"));
        button(lane, "crash")->click();
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client crash C1"));

        lane.setClient(client(1, ClientSnapshot::State::Crashed), now());
        QVERIFY(button(lane, "crash")->isHidden());
        button(lane, "restart")->click();
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client restart C1"));
    }

    void cutOffFromNodes()
    {
        ClientLane lane(3);
        QSignalSpy spy(&lane, &ClientLane::commandRequested);
        lane.setClient(client(3, ClientSnapshot::State::Acquiring), now());
        lane.setNodeCount(5);
        entry(lane, QStringLiteral("cutOffFrom2"))->trigger();
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client partition C3 2"));
        entry(lane, QStringLiteral("cutOffMajority"))->trigger();
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("client partition C3 1 2 3"));
        QVERIFY(lane.cutOffText().isEmpty());
        lane.setCutOffFrom({2});
        QCOMPARE(lane.cutOffText(), QStringLiteral("✂ node 2"));
        lane.setCutOffFrom({1, 2, 3});
        QCOMPARE(lane.cutOffText(), QStringLiteral("✂ nodes 1, 2, 3"));
        lane.setCutOffFrom({});
        QVERIFY(lane.cutOffText().isEmpty());
        // Fewer nodes: the menu follows.
        lane.setNodeCount(3);
        QVERIFY(!entry(lane, QStringLiteral("cutOffFrom4")));
        QVERIFY(entry(lane, QStringLiteral("cutOffFrom3")));
    }
};

QTEST_MAIN(TestClientLane)
#include "tst_clientlane.moc"
