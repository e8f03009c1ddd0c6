// The quorum view's verdicts and headlines, from synthetic resource snapshots.

#include "widgets/clientlegend.h"
#include "quorum/quorumview.h"
#include "snapshotfactory.h"

#include <QTest>

using namespace SnapshotFactory;

class TestQuorumView : public QObject
{
    Q_OBJECT

private:
    QList<ClientSnapshot> m_clients{client(1), client(2), client(3)};
    ClientLegend legend()
    {
        ClientLegend l;
        l.update(m_clients);
        return l;
    }

private slots:
    void waitsForTheEngine()
    {
        QuorumView view;
        QCOMPARE(view.verdict(), QuorumView::Verdict::NoResource);
        QVERIFY(!view.headline().isEmpty());
    }

    void verdicts_data()
    {
        QTest::addColumn<QList<ResourceSnapshot::Holder>>("holders");
        QTest::addColumn<int>("believedHolder");
        QTest::addColumn<int>("believingCount");
        QTest::addColumn<QuorumView::Verdict>("verdict");
        QTest::addColumn<QString>("headlineStart");
        using H = QList<ResourceSnapshot::Holder>;
        QTest::newRow("free") << H{} << -1 << 0 << QuorumView::Verdict::NoQuorum << "no quorum";
        QTest::newRow("minority") << H{holder(2, 2, "b")} << -1 << 0
                                  << QuorumView::Verdict::NoQuorum << "no quorum";
        QTest::newRow("held") << H{holder(1, 3, "a")} << 1 << 1 << QuorumView::Verdict::Held
                              << "held by C1, ";
        QTest::newRow("split") << H{holder(1, 2, "a"), holder(2, 2, "b"), holder(3, 1, "c")} << -1
                               << 0 << QuorumView::Verdict::SplitVote << "split vote";
        QTest::newRow("crashed holder's keys remain")
            << H{holder(3, 4, "c")} << -1 << 0 << QuorumView::Verdict::MajorityNoHolder
            << "not held: C3's keys";
        QTest::newRow("foreign split") << H{holder(-1, 2, "x"), holder(1, 2, "a")} << -1 << 0
                                       << QuorumView::Verdict::SplitVote << "split vote";
    }

    void verdicts()
    {
        QFETCH(QList<ResourceSnapshot::Holder>, holders);
        QFETCH(int, believedHolder);
        QFETCH(int, believingCount);
        ResourceSnapshot r = resource(5);
        r.holders = holders;
        r.believedHolder = believedHolder;
        r.believingCount = believingCount;
        r.believedValidUntilUs = now() + 8'250'000;
        QuorumView view;
        view.setResources({r}, m_clients, legend(), now());
        QTEST(view.verdict(), "verdict");
        QFETCH(QString, headlineStart);
        QVERIFY2(view.headline().startsWith(headlineStart), qPrintable(view.headline()));
    }

    void heldCountsDown()
    {
        ResourceSnapshot r = resource(5);
        r.holders = {holder(3, 5, "c")};
        r.believedHolder = 3;
        r.believingCount = 1;
        const qint64 t = now();
        r.believedValidUntilUs = t + 8'250'000;
        QuorumView view;
        view.setResources({r}, m_clients, legend(), t);
        QCOMPARE(view.headline(), QStringLiteral("held by C3, 8.2 s left"));
        QVERIFY(view.advance(t + 3'000'000));
        QCOMPARE(view.headline(), QStringLiteral("held by C3, 5.2 s left"));
        // Just past its end the holder stops believing in the next snapshot: no alarm yet.
        QVERIFY(view.advance(t + 8'400'000));
        QCOMPARE(view.headline(), QStringLiteral("held by C3, 0.0 s left"));
        QCOMPARE(view.verdict(), QuorumView::Verdict::Held);
    }

    void staleBeliefCountsUp()
    {
        // C3 was paused while holding: its validity ran out, it still believes, and nobody
        // else holds the lock yet.
        ResourceSnapshot r = resource(5);
        r.believedHolder = 3;
        r.believingCount = 1;
        const qint64 t = now();
        r.believedValidUntilUs = t - 2'000'000;
        QuorumView view;
        view.setResources({r}, m_clients, legend(), t);
        QCOMPARE(view.verdict(), QuorumView::Verdict::StaleBelief);
        QCOMPARE(view.headline(),
                 QStringLiteral("C3 still believes it holds: validity expired 2.0 s ago"));
        QVERIFY(view.advance(t + 1'500'000)); // counts up
        QCOMPARE(view.headline(),
                 QStringLiteral("C3 still believes it holds: validity expired 3.5 s ago"));
    }

    void pausedBelieverAndNewHolderIsBroken()
    {
        // The critique's scenario: C1 paused while holding, its validity long over; its keys
        // expired and C2 took the lock. Both believe: the red banner, naming both.
        QList<ClientSnapshot> clients = m_clients;
        const qint64 t = now();
        clients[0].state = ClientSnapshot::State::Paused;
        clients[0].believesHolding = true;
        clients[0].validUntilUs = t - 3'000'000;
        clients[1].state = ClientSnapshot::State::Holding;
        clients[1].believesHolding = true;
        clients[1].validUntilUs = t + 9'000'000;
        ResourceSnapshot r = resource(5);
        r.holders = {holder(2, 4, "b")};
        r.believedHolder = 2; // the engine names the latest validity
        r.believedValidUntilUs = t + 9'000'000;
        r.believingCount = 2;
        QuorumView view;
        view.setResources({r}, clients, legend(), t);
        QCOMPARE(view.verdict(), QuorumView::Verdict::Broken);
        QCOMPARE(view.headline(), QStringLiteral("MUTUAL EXCLUSION BROKEN: C1 and C2 both "
                                                 "believe they hold the lock"));
        QVERIFY2(
            view.subline().endsWith(QLatin1String("C1's validity ran out while it was paused")),
            qPrintable(view.subline()));
        view.advance(t + 5'000'000);
        QCOMPARE(view.verdict(), QuorumView::Verdict::Broken); // time does not heal it
    }

    void brokenNamesTheBelievers()
    {
        QList<ClientSnapshot> clients = m_clients;
        clients[0].state = ClientSnapshot::State::Paused; // paused while holding: believes
        clients[0].believesHolding = true;
        clients[2].state = ClientSnapshot::State::Holding;
        clients[2].believesHolding = true;
        ResourceSnapshot r = resource(5);
        r.holders = {holder(3, 3, "c")};
        r.believedHolder = 3;
        r.believingCount = 2;
        QuorumView view;
        view.setResources({r}, clients, legend(), now());
        QCOMPARE(view.verdict(), QuorumView::Verdict::Broken);
        QCOMPARE(view.headline(), QStringLiteral("MUTUAL EXCLUSION BROKEN: C1 and C3 both "
                                                 "believe they hold the lock"));
        clients[1].believesHolding = true;
        r.believingCount = 3;
        view.setResources({r}, clients, legend(), now());
        QCOMPARE(view.headline(), QStringLiteral("MUTUAL EXCLUSION BROKEN: C1, C2 and C3 all "
                                                 "believe they hold the lock"));
    }

    void keepsItsHeightWhileVotesSplitAndHeal()
    {
        QuorumView view;
        ResourceSnapshot r = resource(5);
        view.setResources({r}, m_clients, legend(), now());
        const int h = view.sizeHint().height();
        r.holders = {holder(1, 2, "a"), holder(2, 2, "b")};
        view.setResources({r}, m_clients, legend(), now());
        QCOMPARE(view.sizeHint().height(), h);
    }
};

QTEST_MAIN(TestQuorumView)
#include "tst_quorumview.moc"
