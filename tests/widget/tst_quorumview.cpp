// SPDX-License-Identifier: GPL-3.0-or-later
// The quorum view as a widget: its height and what it shows. What it says (verdicts, headlines,
// squares) is QuorumVerdict's, tested in tst_quorumverdict without a window.

#include "quorum/quorumview.h"
#include "snapshotfactory.h"
#include "widgets/clientlegend.h"

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
    static EngineSnapshot snap(const ResourceSnapshot& r, const QList<ClientSnapshot>& clients)
    {
        EngineSnapshot s;
        s.resources = {r};
        s.clients = clients;
        return s;
    }

private slots:
    void waitsForTheEngine()
    {
        QuorumView view;
        QCOMPARE(view.verdict().verdict(), QuorumVerdict::Verdict::NoResource);
        QVERIFY(!view.headline().isEmpty());
    }

    void keepsItsHeightWhileVotesSplitAndHeal()
    {
        QuorumView view;
        ResourceSnapshot r = resource(5);
        view.setSnapshot(snap(r, m_clients), legend(), now());
        const int h = view.sizeHint().height();
        r.holders = {holder(1, 2, "a"), holder(2, 2, "b")};
        view.setSnapshot(snap(r, m_clients), legend(), now());
        QCOMPARE(view.sizeHint().height(), h);
    }

    // A resource more is a block more: the view asks for the room.
    void growsWithTheResources()
    {
        QuorumView view;
        view.setSnapshot(snap(resource(5), m_clients), legend(), now());
        const int one = view.sizeHint().height();
        EngineSnapshot two = snap(resource(5), m_clients);
        ResourceSnapshot other = resource(5);
        other.resource = "other";
        two.resources << other;
        view.setSnapshot(two, legend(), now());
        QCOMPARE(view.sizeHint().height(), 2 * one);
        QCOMPARE(view.verdict().blocks().size(), 2);
    }
};

QTEST_MAIN(TestQuorumView)
#include "tst_quorumview.moc"
