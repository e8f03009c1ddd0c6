// SPDX-License-Identifier: GPL-3.0-or-later
// The faults on a node card, from synthetic snapshots: what is in force is written on the
// card and counts; the buttons and the "⋯" menu offer exactly the engine's actions; each
// entry becomes the one command line it names; the custom dialogs refuse bad input.

#include "cards/faultstrip.h"
#include "cards/faulttext.h"
#include "cards/nodecard.h"
#include "cards/outcomegrid.h"
#include "dialogs/numberfieldsdialog.h"
#include "snapshotfactory.h"
#include "widgets/clientlegend.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace SnapshotFactory;

class TestFaults : public QObject
{
    Q_OBJECT

private:
    ClientLegend legend()
    {
        ClientLegend l;
        l.update({client(1), client(2), client(3)});
        return l;
    }
    const QHash<int, int> m_ttls{{1, 10000}, {2, 10000}, {3, 10000}};

    QAction* entry(NodeCard& card, const QString& name)
    {
        return card.moreMenu()->findChild<QAction*>(name);
    }
    QToolButton* button(NodeCard& card, const char* name)
    {
        return card.findChild<QToolButton*>(QLatin1String(name));
    }

private slots:
    void partitionedNodeSaysSo()
    {
        NodeCard card(2);
        card.resize(260, 300);
        const qint64 t = now();
        NodeSnapshot n = node(1);
        n.faults = {
            fault(Fault::Kind::Partition, QStringLiteral("partitioned from C2"), t - 12'300'000)};
        n.partitionedClients = {QStringLiteral("C2")};
        n.lastOutcomes = {outcome(1, NodeOutcome::Kind::Ok, 800),
                          outcome(2, NodeOutcome::Kind::Down, 0)};
        card.setNode(n, legend(), m_ttls, t);
        // The node is up: C2's refusal is the cut, and says so.
        QCOMPARE(card.outcomeGrid()->cellText(2), QStringLiteral("cut"));
        QVERIFY(card.outcomeGrid()->cellText(1).startsWith(QLatin1String("ok")));
        QCOMPARE(card.stateText(), QStringLiteral("up")); // up, and yet cut off
        QCOMPARE(card.faultLines(),
                 QStringList{QStringLiteral("✂ partitioned from C2 · for 12 s")});
        QVERIFY(card.hasFault(Fault::Kind::Partition));
        QVERIFY(card.hasHealableFault());
        QVERIFY(entry(card, QStringLiteral("heal"))->isEnabled());
        // C2 is ticked and not offered again; C1 and C3 are.
        QAction* c2 = entry(card, QStringLiteral("partitionFrom_C2"));
        QVERIFY(c2 && c2->isChecked() && !c2->isEnabled());
        QVERIFY(entry(card, QStringLiteral("partitionFrom_C3"))->isEnabled());
        // Healed: the strip is empty, and there is nothing left to heal.
        card.setNode(node(1), legend(), m_ttls, t);
        QVERIFY(card.faultLines().isEmpty());
        QVERIFY(!entry(card, QStringLiteral("heal"))->isEnabled());
    }

    void everyFaultKindIsWritten_data()
    {
        QTest::addColumn<Fault::Kind>("kind");
        QTest::addColumn<QString>("detail");
        QTest::addColumn<QString>("label");
        using K = Fault::Kind;
        QTest::newRow("killed") << K::Killed << "SIGKILL: crashed, no goodbye"
                                << "killed";
        QTest::newRow("shutdown") << K::ShutDown << "SIGTERM: graceful shutdown"
                                  << "shut down";
        QTest::newRow("latency") << K::Latency << "latency 40±20 ms"
                                 << "latency 40±20 ms";
        QTest::newRow("fixed latency") << K::Latency << "latency 200±0 ms"
                                       << "latency 200 ms";
        QTest::newRow("drop") << K::Drop << "drops 30% of requests"
                              << "drops 30% of requests";
        QTest::newRow("clock") << K::ClockJump << "clock +4000 ms: keys expire early"
                               << "clock +4 s: keys expire early";
        QTest::newRow("every client") << K::Partition << "partitioned from every client"
                                      << "partitioned from every client";
    }

    void everyFaultKindIsWritten()
    {
        QFETCH(Fault::Kind, kind);
        QFETCH(QString, detail);
        QFETCH(QString, label);
        const Fault f = fault(kind, detail);
        // The card keeps a number with its unit (a no-break space); read it as plain text.
        QCOMPARE(FaultText::label(f).replace(QChar(0xa0), QLatin1Char(' ')), label);
        QVERIFY(FaultText::tooltip(f, now()).contains(FaultText::glyph(kind)));
    }

    void timedFaultsCountDown()
    {
        NodeCard card(3);
        const qint64 t = now();
        NodeSnapshot n = node(2, NodeSnapshot::State::Down);
        n.faults = {fault(Fault::Kind::Killed, QStringLiteral("SIGKILL"), t - 1'000'000),
                    fault(Fault::Kind::RestartPending,
                          QStringLiteral("stays down 11.0 s, then restarts"), t - 1'000'000,
                          t + 10'000'000)};
        card.setNode(n, legend(), m_ttls, t);
        QCOMPARE(card.faultLines().value(1), QStringLiteral("↻ restarts · in 10.0 s"));
        QVERIFY(card.advance(t + 2'500'000)); // the strip moves: more frames wanted
        QCOMPARE(card.faultLines().value(1), QStringLiteral("↻ restarts · in 7.5 s"));
        QCOMPARE(card.faultLines().value(0), QStringLiteral("✖ killed · for 3 s"));

        // A timed pause says how long is left.
        NodeSnapshot p = node(2, NodeSnapshot::State::Paused);
        p.faults = {fault(Fault::Kind::Paused, QStringLiteral("SIGSTOP"), t, t + 5'000'000)};
        card.setNode(p, legend(), m_ttls, t);
        card.advance(t + 2'000'000);
        QCOMPARE(card.faultLines(), QStringList{QStringLiteral("❚❚ paused · 3.0 s left")});
        card.advance(t + 4'950'000);
        QCOMPARE(card.faultLines(), QStringList{QStringLiteral("❚❚ paused · 0.0 s left")});
    }

    void offersOnlyTheEngineActions()
    {
        NodeCard card(1);
        NodeSnapshot n = node(0, NodeSnapshot::State::Down);
        n.faults = {fault(Fault::Kind::RestartPending, QStringLiteral("stays down"), now(),
                          now() + 5'000'000)};
        // While a delayed restart is pending the engine offers no restart (and no resume).
        n.actions = {"partition", "heal", "latency", "drop", "persistence"};
        card.setNode(n, legend(), m_ttls, now());
        QVERIFY(!button(card, "kill")->isEnabled());
        QVERIFY(!button(card, "pause")->isEnabled());
        QVERIFY(button(card, "resume")->isHidden()); // no Resume where none is offered
        QVERIFY(!button(card, "restart")->isEnabled());
        for (const char* name : {"restartDelayed", "shutdown", "pauseFor", "clockMenuEntry"}) {
            QVERIFY2(!entry(card, QLatin1String(name))->isEnabled(), name);
        }
        for (const char* name : {"partitionAll", "partitionFromEntry", "latencyMenuEntry",
                                 "dropMenuEntry", "persistenceMenuEntry"})
            QVERIFY2(entry(card, QLatin1String(name))->isEnabled(), name);
        QVERIFY(button(card, "restart")->toolTip().contains(QLatin1String("down")));

        // Paused: Resume takes Pause's place.
        card.setNode(node(0, NodeSnapshot::State::Paused), legend(), m_ttls, now());
        QVERIFY(!button(card, "resume")->isHidden());
        QVERIFY(button(card, "resume")->isEnabled());
        QVERIFY(button(card, "pause")->isHidden());
    }

    void externalNodeExplainsWhatIsMissing()
    {
        NodeCard card(1);
        NodeSnapshot n = node(0);
        n.local = false;
        n.actions = {"pause",   "kill", "shutdown",    "partition", "heal",
                     "latency", "drop", "persistence", "clock"};
        n.actionsNote = QStringLiteral("external node: restart it yourself");
        card.setNode(n, legend(), m_ttls, now());
        QVERIFY(!button(card, "restart")->isEnabled());
        QVERIFY(button(card, "restart")->toolTip().contains(QLatin1String("restart it yourself")));
        QVERIFY(entry(card, QStringLiteral("restartDelayed"))
                    ->toolTip()
                    .contains(QLatin1String("restart it yourself")));
        QVERIFY(button(card, "kill")->isEnabled());
    }

    void menuEntriesBecomeCommands()
    {
        NodeCard card(4);
        card.setNode(node(3), legend(), m_ttls, now());
        QSignalSpy spy(&card, &NodeCard::commandRequested);
        auto fire = [&](const char* name) {
            QAction* a = entry(card, QLatin1String(name));
            if (!a)
                return QStringLiteral("no entry %1").arg(QLatin1String(name));
            a->trigger();
            return spy.isEmpty() ? QStringLiteral("nothing sent")
                                 : spy.takeFirst().at(0).toString();
        };
        QCOMPARE(fire("partitionFrom_C2"), QStringLiteral("node partition 4 C2"));
        QVERIFY(spy.isEmpty()); // exactly one command
        QCOMPARE(fire("partitionAll"), QStringLiteral("node partition 4"));
        QCOMPARE(fire("restartDelayed"), QStringLiteral("node restart 4 delayed 11000"));
        QCOMPARE(fire("pauseFor"), QStringLiteral("node pause 4 5000"));
        QCOMPARE(fire("latency20"), QStringLiteral("node latency 4 20"));
        QCOMPARE(fire("latency50j25"), QStringLiteral("node latency 4 50 25"));
        QCOMPARE(fire("drop50"), QStringLiteral("node drop 4 50"));
        QCOMPARE(fire("clock5s"), QStringLiteral("node clock 4 +5000"));
        QCOMPARE(fire("clockTtl"), QStringLiteral("node clock 4 +10000"));
        QCOMPARE(fire("persistenceAlways"), QStringLiteral("node persistence 4 always"));
        // The mode in force is ticked, and choosing it again sends nothing.
        QVERIFY(entry(card, QStringLiteral("persistenceNone"))->isChecked());
        QCOMPARE(card.persistenceText(), QStringLiteral("no AOF"));
        entry(card, QStringLiteral("persistenceNone"))->trigger();
        QVERIFY(spy.isEmpty());
        NodeSnapshot aof = node(3);
        aof.persistence = QStringLiteral("aof always");
        card.setNode(aof, legend(), m_ttls, now());
        QCOMPARE(card.persistenceText(), QStringLiteral("AOF always"));
        QVERIFY(entry(card, QStringLiteral("persistenceAlways"))->isChecked());
        // "Off" is offered only while there is something to switch off.
        QVERIFY(!entry(card, QStringLiteral("latencyOff"))->isEnabled());
        aof.faults = {fault(Fault::Kind::Latency, QStringLiteral("latency 20±0 ms"))};
        card.setNode(aof, legend(), m_ttls, now());
        QCOMPARE(fire("latencyOff"), QStringLiteral("node latency 4 0"));
        QCOMPARE(fire("heal"), QStringLiteral("node heal 4"));
    }

    void latencyDialogRefusesBadInput()
    {
        NodeCard card(2);
        card.show();
        card.setNode(node(1), legend(), m_ttls, now());
        QSignalSpy spy(&card, &NodeCard::commandRequested);
        entry(card, QStringLiteral("latencyCustom"))->trigger();
        NumberFieldsDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = card.findChild<NumberFieldsDialog*>()) != nullptr);
        QPushButton* ok = dialog->buttons()->button(QDialogButtonBox::Ok);
        for (const char* bad : {"fast", "-5", "70000", "12.5", ""}) {
            dialog->lineEdit(QStringLiteral("delay"))->setText(QLatin1String(bad));
            ok->click();
            QVERIFY2(dialog->isVisible(), bad); // refused: stays open
            QVERIFY2(!dialog->error().isEmpty(), bad);
        }
        dialog->lineEdit(QStringLiteral("delay"))->setText(QStringLiteral("40"));
        dialog->lineEdit(QStringLiteral("jitter"))->setText(QStringLiteral("lots"));
        ok->click();
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->error().contains(QLatin1String("Jitter")));
        QCOMPARE(spy.size(), 0); // nothing half-checked was sent
        dialog->buttons()->button(QDialogButtonBox::Cancel)->click();
        QCOMPARE(spy.size(), 0);

        // Good input: one command.
        entry(card, QStringLiteral("latencyCustom"))->trigger();
        QTRY_VERIFY((dialog = card.findChild<NumberFieldsDialog*>()) != nullptr &&
                    dialog->isVisible());
        dialog->lineEdit(QStringLiteral("delay"))->setText(QStringLiteral("40 ms"));
        dialog->lineEdit(QStringLiteral("jitter"))->setText(QStringLiteral("20"));
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node latency 2 40 20"));
    }

    void clockDialogSendsAForwardJump()
    {
        NodeCard card(5);
        card.show();
        card.setNode(node(4), legend(), m_ttls, now());
        QSignalSpy spy(&card, &NodeCard::commandRequested);
        entry(card, QStringLiteral("clockCustom"))->trigger();
        NumberFieldsDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = card.findChild<NumberFieldsDialog*>()) != nullptr);
        dialog->lineEdit(QStringLiteral("jump"))->setText(QStringLiteral("0"));
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QVERIFY(dialog->isVisible()); // a jump of nothing is no jump
        dialog->lineEdit(QStringLiteral("jump"))->setText(QStringLiteral("+2500"));
        dialog->buttons()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.takeFirst().at(0).toString(), QStringLiteral("node clock 5 +2500"));
    }

    // A node back as a new process says so for ten seconds, with what it came back with: the
    // key it lost (or read back) is beside it, and a class sees why.
    void restartedNodeSaysSoForAWhile()
    {
        NodeCard card(3);
        card.resize(260, 300);
        const qint64 t = now() + 60'000'000; // the run clock starts at 0
        NodeSnapshot n = node(2);
        n.persistence = QStringLiteral("none");
        n.restartedUs = t - 2'400'000;
        card.setNode(n, legend(), m_ttls, t);
        QCOMPARE(card.faultLines(), QStringList{QStringLiteral("↻ restarted, no AOF · 2 s ago")});
        QVERIFY(!card.hasHealableFault()); // nothing to heal: it is a fact, not a fault
        n.persistence = QStringLiteral("aof always");
        card.setNode(n, legend(), m_ttls, t);
        QCOMPARE(card.faultLines(),
                 QStringList{QStringLiteral("↻ restarted from its AOF · 2 s ago")});
        card.setNode(n, legend(), m_ttls, t + 8'000'000); // ten seconds on: said enough
        QVERIFY(card.faultLines().isEmpty());
        n.restartedUs = 0; // never restarted
        card.setNode(n, legend(), m_ttls, t);
        QVERIFY(card.faultLines().isEmpty());
    }

    // A card squeezed to its minimum (large type, a dock open, on 720 lines) gives the strip one
    // line: the fault is cut with "…" on that line, not cut in half across two (seen in
    // Japanese with the charts dock open: "C2 から" and a second line below the card's edge).
    void aSqueezedStripKeepsEachFaultOnOneLine()
    {
        FaultStrip strip;
        QFont font = strip.font();
        font.setPointSize(16);
        strip.setFont(font);
        strip.setFaults({fault(Fault::Kind::Partition, QStringLiteral("partitioned from C1, C2"),
                               now() - 2'000'000)},
                        now());
        const int width = 170;
        QVERIFY(strip.heightForWidth(width) > strip.minimumSizeHint().height()); // two lines
        strip.resize(width, strip.minimumSizeHint().height());
        const QList<QRect> own = strip.textBoxes().value(0);
        QCOMPARE(own.size(), 2); // one label line and the timing
        for (const QRect& box : own)
            QVERIFY(box.isEmpty() || box.bottom() < strip.height());
        QVERIFY(!own.first().intersects(own.last()));
    }

    // The lines a label is broken into read as the label: nothing lost where a line begins
    // (an elided line once began one character late: "partitioned / rom C2").
    void aBrokenLabelReadsAsTheLabel()
    {
        QFont bold = FaultStrip().font();
        bold.setPointSize(16);
        bold.setBold(true);
        for (const QString& label :
             {QStringLiteral("partitioned from C2"), QStringLiteral("restarted, no AOF"),
              QStringLiteral("partitioned from C1, C2, C3"),
              QStringLiteral("clock +6 s: keys expire early")})
            for (int beside : {24, 40, 60, 80, 120})
                for (int full : {100, 140, 200}) {
                    bool fits = true;
                    const QStringList lines =
                        FaultStrip::breakLabel(label, bold, {full, beside}, &fits);
                    QString read = lines.join(QLatin1Char(' '));
                    const bool elided = read.endsWith(QChar(0x2026));
                    if (elided)
                        read.chop(1);
                    read = read.trimmed();
                    QVERIFY2(elided ? label.startsWith(read) : label == read,
                             qPrintable(QStringLiteral("%1 at %2/%3: %4")
                                            .arg(label)
                                            .arg(full)
                                            .arg(beside)
                                            .arg(lines.join(QLatin1String(" | ")))));
                }
    }

    void stripKeepsOneLineAndGrowsForMore()
    {
        FaultStrip strip;
        strip.resize(240, 30);
        const int empty = strip.heightForWidth(240);
        QVERIFY(empty > 0); // reserved: the first fault does not make the card taller
        strip.setFaults({fault(Fault::Kind::Latency, QStringLiteral("latency 20±0 ms"))}, now());
        QCOMPARE(strip.heightForWidth(240), empty);
        strip.setFaults({fault(Fault::Kind::Latency, QStringLiteral("latency 20±0 ms")),
                         fault(Fault::Kind::Drop, QStringLiteral("drops 10% of requests"))},
                        now());
        QVERIFY(strip.heightForWidth(240) > empty);
        // Open-ended faults count whole seconds on the strip's own slow tick: no frames.
        QVERIFY(!strip.advance(now()));
        strip.show();
        strip.setFaults({fault(Fault::Kind::Partition, QStringLiteral("partitioned from C1"),
                               now() - 1'200'000)},
                        now());
        QCOMPARE(strip.lines().value(0), QStringLiteral("✂ partitioned from C1 · for 1 s"));
        QTRY_COMPARE(strip.lines().value(0), QStringLiteral("✂ partitioned from C1 · for 2 s"));
        // A countdown shows tenths: that one wants frames.
        strip.setFaults(
            {fault(Fault::Kind::Paused, QStringLiteral("SIGSTOP"), now(), now() + 3'000'000)},
            now());
        QVERIFY(strip.advance(now()));
        strip.setFaults({}, now());
        QVERIFY(!strip.advance(now()));
    }

    // On a narrow card in large type, "partitioned" does not fit beside "for 12 s": the
    // timing moves below or after the label instead of being drawn over it (seen in English
    // decks: "partitionedfor 0 s"), and the strip grows to hold it.
    void stripNeverDrawsTheTimingOverTheLabel_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("pointSize");
        for (int width : {110, 130, 150, 180, 240})
            for (int points : {10, 14, 18})
                QTest::addRow("%d px, %d pt", width, points) << width << points;
    }

    void stripNeverDrawsTheTimingOverTheLabel()
    {
        QFETCH(int, width);
        QFETCH(int, pointSize);
        FaultStrip strip;
        QFont font = strip.font();
        font.setPointSize(pointSize);
        strip.setFont(font);
        strip.setFaults({fault(Fault::Kind::Partition, QStringLiteral("partitioned from C1, C2"),
                               now() - 12'000'000),
                         fault(Fault::Kind::ClockJump, QStringLiteral("clock +6 s: keys expire"),
                               now() - 1'000'000),
                         fault(Fault::Kind::RestartPending, QString(), now(), now() + 9'900'000)},
                        now());
        strip.resize(width, strip.heightForWidth(width));
        const QList<QList<QRect>> boxes = strip.textBoxes();
        QCOMPARE(boxes.size(), 3);
        // A countdown is always shown ("restarts" / "in 9.9 s"): it says when, the label what.
        if (width >= 130)
            QVERIFY(!boxes[2].last().isEmpty());
        int bottom = 0;
        for (const QList<QRect>& own : boxes) {
            const QRect timing = own.last();
            QVERIFY(timing.right() < width);
            for (qsizetype l = 0; l + 1 < own.size(); ++l)
                QVERIFY2(!own[l].intersects(timing),
                         qPrintable(QStringLiteral("label line %1 under the timing").arg(l)));
            for (const QRect& box : own)
                bottom = qMax(bottom, box.bottom());
        }
        QVERIFY(bottom < strip.height()); // the strip is as tall as what it draws
    }
};

QTEST_MAIN(TestFaults)
#include "tst_nodefaults.moc"
