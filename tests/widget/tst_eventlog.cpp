// SPDX-License-Identifier: GPL-3.0-or-later
// The event log: a bounded ring buffer appended in batches (one insert per batch), and
// the client / node / kind filters of its panel.

#include "base/enumnames.h"
#include "log/eventlogfilter.h"
#include "log/eventlogmodel.h"
#include "log/eventlogview.h"
#include "settings/languages.h"
#include "snapshotfactory.h"

#include <QComboBox>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace SnapshotFactory;

class TestEventLog : public QObject
{
    Q_OBJECT

private:
    static QList<HistoryEvent> batch(int count, int firstValue = 0)
    {
        QList<HistoryEvent> events;
        for (int i = 0; i < count; ++i) {
            HistoryEvent e = historyEvent(HistoryEvent::Kind::NodeAnswer, 1 + i % 3, i % 5);
            e.operation = HistoryEvent::Operation::Acquire;
            e.number = firstValue + i;
            events.append(e);
        }
        return events;
    }

private slots:
    void aBatchIsOneInsert()
    {
        EventLogModel model(1000);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QVERIFY(inserted.isValid());
        model.appendEvents(batch(500));
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.first().at(1).toInt(), 0);
        QCOMPARE(inserted.first().at(2).toInt(), 499);
        QCOMPARE(model.rowCount(), 500);
        model.appendEvents({});
        QCOMPARE(inserted.size(), 1); // nothing to say: no signal
    }

    void theRingKeepsTheNewest()
    {
        EventLogModel model(100);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        model.appendEvents(batch(80, 0));
        model.appendEvents(batch(50, 80)); // 30 too many: the oldest 30 go, in one removal
        QCOMPARE(model.rowCount(), 100);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(inserted.size(), 2);
        QCOMPARE(model.eventAt(0).number, 30);
        QCOMPARE(model.eventAt(99).number, 129);
        model.appendEvents(batch(250, 1000)); // larger than the ring
        QCOMPARE(model.rowCount(), 100);
        QCOMPARE(model.eventAt(0).number, 1150);
        QCOMPARE(model.eventAt(99).number, 1249);
    }

    void columnsReadWell()
    {
        EventLogModel model;
        ClientLegend legend;
        legend.update({client(1), client(2)});
        model.setLegend(legend);
        model.setNodeNumbers({{0, 1}, {1, 2}});
        HistoryEvent e = historyEvent(HistoryEvent::Kind::Ok, 2, 1);
        e.operation = HistoryEvent::Operation::Acquire;
        e.tUs = 12'345'678;
        e.number = 9'800'000; // validity, µs
        e.nodeMask = 0b111;
        e.resource = "stock-lock";
        e.token = "0123456789abcdef";
        model.appendEvents({e});
        QCOMPARE(model.index(0, EventLogModel::TimeColumn).data().toString(),
                 QStringLiteral("12.346"));
        QCOMPARE(model.index(0, EventLogModel::KindColumn).data().toString(),
                 QStringLiteral("acquire ok"));
        QCOMPARE(model.index(0, EventLogModel::ClientColumn).data().toString(),
                 QStringLiteral("C2"));
        QCOMPARE(model.index(0, EventLogModel::NodeColumn).data().toString(), QStringLiteral("2"));
        const QString detail = model.index(0, EventLogModel::DetailColumn).data().toString();
        QCOMPARE(detail, QStringLiteral("C2 acquired stock-lock on nodes 1, 2, 3 · valid 9.8 s · "
                                        "token 01234567"));
    }

    // The Event column speaks the reader's language, not the history's names.
    void eventNamesAreTranslated()
    {
        Languages::install(QStringLiteral("zh_CN"));
        EventLogModel model(100);
        model.appendEvents({historyEvent(HistoryEvent::Kind::ClientState, 1, -1),
                            historyEvent(HistoryEvent::Kind::NodeAnswer, 1, 0)});
        for (int row = 0; row < 2; ++row) {
            const QString kind = model.index(row, EventLogModel::KindColumn).data().toString();
            QVERIFY2(!kind.isEmpty() && !kind.contains(QLatin1Char('-')) &&
                         kind.contains(QRegularExpression(QStringLiteral("\\p{Han}"))),
                     qPrintable(kind));
        }
        Languages::install(QStringLiteral("en"));
    }

    void filtersByClientNodeAndKind()
    {
        EventLogView view;
        ClientLegend legend;
        legend.update({client(1), client(2), client(3)});
        view.setClients(legend);
        view.setNodes({{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}});
        QList<HistoryEvent> events = batch(30); // clients 1,2,3 round robin, nodes 0..4
        events.append(historyEvent(HistoryEvent::Kind::FaultStart, -1, 2, QStringLiteral("kill")));
        view.appendEvents(events);
        QCOMPARE(view.filter()->rowCount(), 31);

        auto* clientCombo = view.findChild<QComboBox*>(QStringLiteral("clientFilter"));
        auto* nodeCombo = view.findChild<QComboBox*>(QStringLiteral("nodeFilter"));
        auto* kindCombo = view.findChild<QComboBox*>(QStringLiteral("kindFilter"));
        QVERIFY(clientCombo && nodeCombo && kindCombo);
        clientCombo->setCurrentIndex(clientCombo->findText(QStringLiteral("C2")));
        QCOMPARE(view.filter()->rowCount(), 10);
        nodeCombo->setCurrentIndex(nodeCombo->findText(QStringLiteral("Node 3")));
        QCOMPARE(view.filter()->rowCount(), 2); // i = 7 and 22: client 2, node index 2
        clientCombo->setCurrentIndex(0);
        QCOMPARE(view.filter()->rowCount(), 7); // 6 outcomes and the fault on node 3
        kindCombo->setCurrentIndex(
            kindCombo->findText(EnumNames::name(HistoryEvent::Kind::FaultStart)));
        QCOMPARE(view.filter()->rowCount(), 1);
        nodeCombo->setCurrentIndex(0);
        kindCombo->setCurrentIndex(0);
        QCOMPARE(view.filter()->rowCount(), 31);
        // New events pass through the active filter as they come.
        clientCombo->setCurrentIndex(clientCombo->findText(QStringLiteral("C1")));
        view.appendEvents(batch(3));
        QCOMPARE(view.filter()->rowCount(), 10 + 1);
    }

    void followsTheEndUnlessScrolledUp()
    {
        EventLogView view;
        view.resize(600, 200);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.appendEvents(batch(200));
        QScrollBar* bar = view.table()->verticalScrollBar();
        QTRY_VERIFY(bar->maximum() > 0);
        QTRY_COMPARE(bar->value(), bar->maximum());
        bar->setValue(0); // the user reads something above
        QVERIFY(!view.isFollowing());
        view.appendEvents(batch(50));
        QTest::qWait(20);
        QCOMPARE(bar->value(), 0);
        bar->setValue(bar->maximum());
        QVERIFY(view.isFollowing());
        view.appendEvents(batch(50));
        QTRY_COMPARE(bar->value(), bar->maximum());
    }
};

QTEST_MAIN(TestEventLog)
#include "tst_eventlog.moc"
