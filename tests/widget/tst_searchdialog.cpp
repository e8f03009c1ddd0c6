// SPDX-License-Identifier: GPL-3.0-or-later
// Tools → Search for a counterexample…: the presets fill the form, the form is checked before
// anything runs, a search on real nodes fills the list, and opening a finding asks the window
// to play its scenario file. The story's captions come in Chinese and Japanese from the app's
// own translations.
#include "dialogs/searchdialog.h"
#include "model/fault.h"
#include "search/storywriter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>

class TestSearchDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void presetsFillTheForm()
    {
        SearchDialog dialog;
        dialog.choosePreset(QStringLiteral("redlock-clock"));
        QString error;
        auto o = dialog.options(&error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->strategy, Strategy::Kind::Redlock);
        QCOMPARE(o->faults, QList<SearchOptions::FaultKind>{SearchOptions::FaultKind::Clock});
        QVERIFY(!o->stopAtFirst);
        QVERIFY(o->outDir.startsWith(
            QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)));

        dialog.choosePreset(QStringLiteral("failover-kill"));
        o = dialog.options(&error);
        QVERIFY2(o, qPrintable(error));
        QCOMPARE(o->topology, EngineConfig::Topology::Replicated); // the rung needs Sentinel

        dialog.choosePreset(QStringLiteral("setnx-crash"));
        o = dialog.options(&error);
        QVERIFY(o);
        QVERIFY(o->property.contains(QStringLiteral("wait until acquired(P)")));
        QVERIFY(
            dialog.findChild<QCheckBox*>(QStringLiteral("searchFault_client-crash"))->isChecked());
        QVERIFY(!dialog.findChild<QCheckBox*>(QStringLiteral("searchFault_kill"))->isChecked());
    }

    void aWrongFormIsRefusedInWords()
    {
        SearchDialog dialog;
        auto* pinned = dialog.findChild<QLineEdit*>(QStringLiteral("searchSettings"));
        QString error;
        pinned->setText(QStringLiteral("ttl=abc"));
        QVERIFY(!dialog.options(&error));
        QVERIFY2(error.contains(QStringLiteral("ttl")), qPrintable(error));
        pinned->setText(QStringLiteral("strategy=none"));
        QVERIFY(!dialog.options(&error));
        pinned->clear();
        dialog.findChild<QPlainTextEdit*>(QStringLiteral("searchProperty"))
            ->setPlainText(QStringLiteral("expect nonsense >= 1"));
        QVERIFY(!dialog.options(&error));
        QVERIFY(!error.isEmpty());
        // Start refuses too, and says why.
        dialog.start();
        QVERIFY(!dialog.isSearching());
        QVERIFY(!dialog.findChild<QLabel*>(QStringLiteral("searchError"))->text().isEmpty());
    }

    // The budget is the whole wait: searching, replaying, shrinking and telling share it (a
    // 15 s budget had run about 70 s), and the bar and the time left say so while it runs.
    void aSearchFillsTheListAndPlaysAFinding()
    {
        constexpr int BudgetS = 15;
        SearchDialog dialog;
        dialog.choosePreset(QStringLiteral("none"));
        dialog.findChild<QSpinBox*>(QStringLiteral("searchBudget"))->setValue(BudgetS);
        auto* bar = dialog.findChild<QProgressBar*>(QStringLiteral("searchProgress"));
        auto* status = dialog.findChild<QLabel*>(QStringLiteral("searchStatus"));
        QSignalSpy play(&dialog, &SearchDialog::playRequested);
        QElapsedTimer wall;
        wall.start();
        dialog.start();
        QVERIFY(dialog.isSearching());
        QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("searchStart"))->isEnabled());
        static const QRegularExpression leftPattern(QStringLiteral("(\\d+):(\\d\\d) left"));
        QStringList phases;
        int samples = 0;
        while (dialog.isSearching() && wall.elapsed() < 120000) {
            QTest::qWait(500);
            if (!dialog.isSearching())
                break;
            const double elapsedS = wall.elapsed() / 1000.0;
            const QString text = status->text();
            const auto m = leftPattern.match(text);
            QVERIFY2(m.hasMatch(), qPrintable(text));
            const double leftS = m.captured(1).toInt() * 60 + m.captured(2).toInt();
            // Shown at the last tick (a quarter second), rounded to the second.
            QVERIFY2(std::abs(leftS - (BudgetS - elapsedS)) <= 1.5,
                     qPrintable(QStringLiteral("%1 at %2 s").arg(text).arg(elapsedS)));
            QVERIFY2(std::abs(bar->value() - elapsedS / BudgetS * 1000) <= 60,
                     qPrintable(QStringLiteral("bar %1 at %2 s").arg(bar->value()).arg(elapsedS)));
            phases << text.section(QStringLiteral(" · "), 0, 0);
            ++samples;
        }
        // The bound is the point (the overrun it guards against was 55 s), with room for what
        // two busy cores under the sanitizers add to ending the trials under way at the end.
        const double tookS = wall.elapsed() / 1000.0;
        QVERIFY2(tookS <= BudgetS + 10, qPrintable(QStringLiteral("took %1 s").arg(tookS)));
        QVERIFY(samples >= 10);
        phases.removeDuplicates();
        QVERIFY2(phases.size() >= 2,
                 qPrintable(phases.join(QLatin1Char('|')))); // not only searching
        auto* list = dialog.findChild<QListWidget*>(QStringLiteral("searchFound"));
        QVERIFY(list->count() >= 1);
        QCOMPARE(dialog.findChild<QProgressBar*>(QStringLiteral("searchProgress"))->value(), 1000);
        const QString shown =
            dialog.findChild<QPlainTextEdit*>(QStringLiteral("searchScenario"))->toPlainText();
        QVERIFY(shown.contains(QStringLiteral("expect overlaps == 0")));
        // With the window's translations, the captions are there in three languages.
        QVERIFY(shown.contains(QStringLiteral("\nsay.zh ")));
        QVERIFY(shown.contains(QStringLiteral("\nsay.ja ")));
        list->setCurrentRow(0);
        dialog.findChild<QPushButton*>(QStringLiteral("searchPlay"))->click();
        QCOMPARE(play.size(), 1);
        const QString path = play.first().first().toString();
        QVERIFY(QFile::exists(path));
        QCOMPARE(play.first().at(1).value<EngineConfig::Topology>(),
                 EngineConfig::Topology::Independent);
        QFile::remove(path);
    }

    // A story told from a history: English from the templates, Chinese and Japanese from the
    // app's translations, names and numbers the same in all three.
    void theStoryInThreeLanguages()
    {
        Schedule s;
        s.defaults = {QStringLiteral("strategy=redlock"), QStringLiteral("ttl=2000"),
                      QStringLiteral("careful=off")};
        ScheduleStep add;
        add.client = QStringLiteral("C1");
        s.steps << add;
        add.client = QStringLiteral("C2");
        s.steps << add;
        ScheduleStep pause;
        pause.kind = ScheduleStep::Kind::ClientPause;
        pause.client = QStringLiteral("C1");
        pause.atMs = 500;
        pause.lengthMs = 3200;
        s.steps << pause;
        s.normalise();

        const auto event = [](qint64 ms, HistoryEvent::Kind kind, int client) {
            HistoryEvent e;
            e.tUs = 1'000'000 + ms * 1000;
            e.kind = kind;
            e.client = client;
            return e;
        };
        std::vector<HistoryEvent> events;
        HistoryEvent start = event(0, HistoryEvent::Kind::Command, -1);
        start.line = 1;
        events.push_back(start);
        for (int id : {1, 2}) {
            HistoryEvent e = event(1, HistoryEvent::Kind::ClientAdded, id);
            e.text = QStringLiteral("C%1").arg(id);
            events.push_back(e);
        }
        HistoryEvent acquired = event(10, HistoryEvent::Kind::Ok, 1);
        acquired.operation = HistoryEvent::Operation::Acquire;
        acquired.nodeMask = 0b10011; // not told: it varies from one play to the next
        events.push_back(acquired);
        HistoryEvent lost = event(3700, HistoryEvent::Kind::LockLost, 1);
        lost.sinceUs = 1'000'000 + 1980'000;
        events.push_back(lost);
        HistoryEvent overlap = event(2100, HistoryEvent::Kind::Violation, 2);
        overlap.number = 1;
        events.push_back(overlap);
        std::sort(events.begin(), events.end(),
                  [](const HistoryEvent& a, const HistoryEvent& b) { return a.tUs < b.tUs; });

        ClientSettings settings;
        QString error;
        settings = *settings.withAssignments(s.defaults, &error);
        StoryWriter writer;
        QVERIFY(writer.translated());
        StoryWriter::Run run;
        run.schedule = &s;
        run.events = &events;
        run.settings = &settings;
        const QList<Schedule::Caption> captions = writer.captions(run);
        QStringList english;
        for (const Schedule::Caption& c : captions) {
            english << c.en;
            QVERIFY(!c.zh.isEmpty() && c.zh != c.en);
            QVERIFY(!c.ja.isEmpty() && c.ja != c.en);
        }
        const QString story = english.join(QLatin1Char('\n'));
        QVERIFY2(story.contains(QStringLiteral("C1 is paused for 3.2 s while it holds the lock.")),
                 qPrintable(story));
        QVERIFY2(story.contains(QStringLiteral("C1's lock expired at 2.0 s while it was still "
                                               "inside.")),
                 qPrintable(story));
        QVERIFY2(story.contains(QStringLiteral("C2 acquires at 2.1 s while C1 is still inside: "
                                               "two holders.")),
                 qPrintable(story));
        // The holder still inside is shown getting the lock (a story had left out a second
        // acquisition, and the overlap came unexplained).
        QVERIFY2(story.contains(QStringLiteral("C1 acquires the lock at 0.0 s.")),
                 qPrintable(story));
        // In time order, each at its moment; those too close to be read one after the other
        // (the intro and C1's acquisition 10 ms later; the expiry 0.1 s before the second
        // holder) are one caption, or the window would show only the later one.
        QCOMPARE(captions.size(), 3);
        QCOMPARE(captions.value(0).atMs, 0);
        QVERIFY(captions.value(0).en.endsWith(QStringLiteral("C1 acquires the lock at 0.0 s.")));
        QCOMPARE(captions.value(1).atMs, 500);
        QVERIFY(captions.value(1).en.startsWith(QStringLiteral("C1 is paused")));
        QCOMPARE(captions.value(2).atMs, 1980);
        QVERIFY(captions.value(2).en.startsWith(QStringLiteral("C1's lock expired")));
        QVERIFY(captions.value(2).en.endsWith(QStringLiteral("two holders.")));
        const Schedule::Caption& two = captions.last();
        QVERIFY(two.zh.contains(QStringLiteral("C2")) && two.zh.contains(QStringLiteral("2.1")));
        QVERIFY(two.ja.contains(QStringLiteral("C1")) && two.ja.contains(QStringLiteral("2.1")));
    }

    // The failover story says what Sentinel did after each fault on the master, from its own
    // events: a promotion (and which node is master from then on), or nothing at all.
    void theFailoverStorySaysWhatSentinelDid()
    {
        Schedule s;
        s.defaults = {QStringLiteral("strategy=failover"), QStringLiteral("ttl=5000")};
        for (const char* name : {"C1", "C2"}) {
            ScheduleStep add;
            add.client = QString::fromLatin1(name);
            s.steps << add;
        }
        ScheduleStep kill;
        kill.kind = ScheduleStep::Kind::Kill;
        kill.node = 1;
        kill.atMs = 1000;
        kill.lengthMs = 3000;
        s.steps << kill;
        kill.node = 2; // the master by then
        kill.atMs = 6000;
        kill.lengthMs = 500;
        s.steps << kill;
        s.normalise();

        std::vector<HistoryEvent> events;
        const auto add = [&events](qint64 ms, HistoryEvent::Kind kind, int client,
                                   const QString& text = {}) {
            HistoryEvent e;
            e.tUs = 1'000'000 + ms * 1000;
            e.kind = kind;
            e.client = client;
            e.text = text;
            events.push_back(e);
            return &events.back();
        };
        add(0, HistoryEvent::Kind::Command, -1)->line = 1;
        add(1, HistoryEvent::Kind::ClientAdded, 1, QStringLiteral("C1"));
        add(1, HistoryEvent::Kind::ClientAdded, 2, QStringLiteral("C2"));
        HistoryEvent* acquired = add(100, HistoryEvent::Kind::Ok, 1);
        acquired->operation = HistoryEvent::Operation::Acquire;
        acquired->nodeMask = 0b1;
        add(1000, HistoryEvent::Kind::Command, -1, QStringLiteral("node restart 1 delayed 3000"))
            ->line = 5;
        add(2000, HistoryEvent::Kind::Info, -1,
            QStringLiteral("sentinel 1: +sdown master redlock 127.0.0.1 4000"));
        add(3500, HistoryEvent::Kind::Info, -1,
            QStringLiteral("sentinel 2: +switch-master redlock 127.0.0.1 4000 127.0.0.1 4001"));
        add(3510, HistoryEvent::Kind::Info, -1,
            QStringLiteral("sentinel 3: +switch-master redlock 127.0.0.1 4000 127.0.0.1 4001"));
        HistoryEvent* second = add(3600, HistoryEvent::Kind::Ok, 2);
        second->operation = HistoryEvent::Operation::Acquire;
        second->nodeMask = 0b10;
        add(3600, HistoryEvent::Kind::Violation, 2)->number = 1;
        add(6000, HistoryEvent::Kind::Command, -1, QStringLiteral("node restart 2 delayed 500"))
            ->line = 7;

        ClientSettings settings;
        QString error;
        settings = *settings.withAssignments(s.defaults, &error);
        StoryWriter::Run run;
        run.schedule = &s;
        run.events = &events;
        run.settings = &settings;
        QStringList english;
        QString chinese;
        for (const Schedule::Caption& c : StoryWriter().captions(run)) {
            english << c.en;
            chinese += c.zh;
        }
        const QString story = english.join(QLatin1Char('\n'));
        QVERIFY2(story.contains(QStringLiteral("C1 acquires the lock at 0.1 s.")),
                 qPrintable(story));
        QVERIFY2(story.count(QStringLiteral("Sentinel promotes")) == 1, qPrintable(story));
        QVERIFY2(story.contains(QStringLiteral("At 3.5 s Sentinel promotes node 2, the replica, to "
                                               "master.")),
                 qPrintable(story));
        QVERIFY2(story.contains(QStringLiteral("C2 acquires at 3.6 s while C1 is still inside")),
                 qPrintable(story));
        QVERIFY2(
            story.contains(QStringLiteral("Sentinel does not step in: node 2 is back before it "
                                          "is judged down, and stays the master.")),
            qPrintable(story));
        QVERIFY2(chinese.contains(QStringLiteral("Sentinel 将副本节点 2 提升为主节点")),
                 qPrintable(chinese));
    }

    // With no lock nothing is acquired: a purchase starts. And the overlap is told once, with
    // the acquisition that led to it, not another lone acquisition for each later overlap.
    void noLockAndOneOverlapTold()
    {
        Schedule s;
        s.defaults = {QStringLiteral("strategy=none"), QStringLiteral("work=900-1000")};
        for (const char* name : {"C1", "C2"}) {
            ScheduleStep add;
            add.client = QString::fromLatin1(name);
            s.steps << add;
        }
        s.endMs = 4000;
        std::vector<HistoryEvent> events;
        const auto add = [&events](qint64 ms, HistoryEvent::Kind kind, int client) {
            HistoryEvent e;
            e.tUs = 1'000'000 + ms * 1000;
            e.kind = kind;
            e.client = client;
            events.push_back(e);
            return &events.back();
        };
        add(0, HistoryEvent::Kind::Command, -1)->line = 1;
        add(1, HistoryEvent::Kind::ClientAdded, 1)->text = QStringLiteral("C1");
        add(1, HistoryEvent::Kind::ClientAdded, 2)->text = QStringLiteral("C2");
        for (auto [ms, client, other] : {std::tuple{5, 1, 2}, std::tuple{2000, 2, 1}}) {
            add(ms, HistoryEvent::Kind::Ok, client)->operation = HistoryEvent::Operation::Acquire;
            add(ms + 5, HistoryEvent::Kind::Ok, other)->operation =
                HistoryEvent::Operation::Acquire;
            add(ms + 5, HistoryEvent::Kind::Violation, other)->number = client;
        }
        ClientSettings settings;
        QString error;
        settings = *settings.withAssignments(s.defaults, &error);
        StoryWriter::Run run;
        run.schedule = &s;
        run.events = &events;
        run.settings = &settings;
        QStringList english;
        for (const Schedule::Caption& c : StoryWriter().captions(run))
            english << c.en;
        const QString story = english.join(QLatin1Char('\n'));
        QVERIFY2(
            story.contains(QStringLiteral("C1 starts a purchase at 0.0 s. C2 starts a purchase "
                                          "at 0.0 s while C1 is still in one: two buyers at "
                                          "once.")),
            qPrintable(story));
        QVERIFY2(!story.contains(QStringLiteral("acquire")), qPrintable(story));
        QVERIFY2(!story.contains(QStringLiteral("2.0 s")), qPrintable(story)); // told once
    }

    // Sentences merged into one caption keep the order things happened in: a kill placed at
    // 0.1 s that the engine ran at 0.15 s comes after the acquisition at 0.12 s it followed.
    void aMergedCaptionKeepsTheOrderOfTheRun()
    {
        Schedule s;
        s.defaults = {QStringLiteral("strategy=token-lua"), QStringLiteral("ttl=2200")};
        ScheduleStep joins;
        joins.client = QStringLiteral("C1");
        s.steps << joins;
        ScheduleStep kill;
        kill.kind = ScheduleStep::Kind::Kill;
        kill.node = 1;
        kill.atMs = 100;
        kill.lengthMs = 700;
        s.steps << kill;
        s.normalise();
        std::vector<HistoryEvent> events;
        const auto add = [&events](qint64 ms, HistoryEvent::Kind kind, int client) {
            HistoryEvent e;
            e.tUs = 1'000'000 + ms * 1000;
            e.kind = kind;
            e.client = client;
            events.push_back(e);
            return &events.back();
        };
        add(0, HistoryEvent::Kind::Command, -1)->line = 1;
        add(1, HistoryEvent::Kind::ClientAdded, 1)->text = QStringLiteral("C1");
        HistoryEvent* acquired = add(120, HistoryEvent::Kind::Ok, 1);
        acquired->operation = HistoryEvent::Operation::Acquire;
        acquired->nodeMask = 0b1;
        HistoryEvent* killed = add(150, HistoryEvent::Kind::Command, -1);
        killed->line = 6;
        killed->text = QStringLiteral("node restart 1 delayed 700");
        add(160, HistoryEvent::Kind::Violation, 1)->number = 1; // an overlap, to tell C1's lock
        ClientSettings settings;
        QString error;
        settings = *settings.withAssignments(s.defaults, &error);
        StoryWriter::Run run;
        run.schedule = &s;
        run.events = &events;
        run.settings = &settings;
        const QList<Schedule::Caption> captions = StoryWriter().captions(run);
        QCOMPARE(captions.size(), 1);
        const QString en = captions.first().en;
        QCOMPARE(captions.first().atMs, 0);
        const qsizetype acquires = en.indexOf(QStringLiteral("C1 acquires the lock at 0.1 s."));
        const qsizetype kills = en.indexOf(QStringLiteral("Node 1 is killed"));
        QVERIFY2(acquires > 0 && kills > acquires, qPrintable(en));
    }

    // Where faults hit nodes, the second holder's nodes are the story (its majority without
    // the first's keys); the first holder's are not told (they vary between plays).
    void theSecondHoldersNodesWhenNodesFail()
    {
        Schedule s;
        s.defaults = {QStringLiteral("strategy=redlock"), QStringLiteral("ttl=3000")};
        for (const char* name : {"C1", "C2"}) {
            ScheduleStep joins;
            joins.client = QString::fromLatin1(name);
            s.steps << joins;
        }
        ScheduleStep restart;
        restart.kind = ScheduleStep::Kind::Restart;
        restart.node = 3;
        restart.atMs = 500;
        s.steps << restart;
        s.normalise();
        std::vector<HistoryEvent> events;
        const auto add = [&events](qint64 ms, HistoryEvent::Kind kind, int client) {
            HistoryEvent e;
            e.tUs = 1'000'000 + ms * 1000;
            e.kind = kind;
            e.client = client;
            events.push_back(e);
            return &events.back();
        };
        add(0, HistoryEvent::Kind::Command, -1)->line = 1;
        add(1, HistoryEvent::Kind::ClientAdded, 1)->text = QStringLiteral("C1");
        add(1, HistoryEvent::Kind::ClientAdded, 2)->text = QStringLiteral("C2");
        HistoryEvent* first = add(100, HistoryEvent::Kind::Ok, 1);
        first->operation = HistoryEvent::Operation::Acquire;
        first->nodeMask = 0b00111;
        HistoryEvent* second = add(1500, HistoryEvent::Kind::Ok, 2);
        second->operation = HistoryEvent::Operation::Acquire;
        second->nodeMask = 0b11100;
        add(1500, HistoryEvent::Kind::Violation, 2)->number = 1;
        ClientSettings settings;
        QString error;
        settings = *settings.withAssignments(s.defaults, &error);
        StoryWriter::Run run;
        run.schedule = &s;
        run.events = &events;
        run.settings = &settings;
        QStringList english;
        for (const Schedule::Caption& c : StoryWriter().captions(run))
            english << c.en;
        const QString story = english.join(QLatin1Char('\n'));
        QVERIFY2(story.contains(QStringLiteral("C1 acquires the lock at 0.1 s.")),
                 qPrintable(story));
        QVERIFY2(story.contains(QStringLiteral("C2 acquires at 1.5 s on nodes 3, 4, 5 while C1 is "
                                               "still inside: two holders.")),
                 qPrintable(story));
    }

    // A crash ends the client's section a moment before the crash is recorded; the story
    // still says it crashed holding the lock (it had said "C1 crashes." and no more), one
    // client buys in the singular, and a crash armed for later is not told as this one.
    void aCrashWhileHoldingIsToldSo()
    {
        Schedule s;
        s.defaults = {QStringLiteral("strategy=setnx"), QStringLiteral("work=500")};
        ScheduleStep add;
        add.client = QStringLiteral("C1");
        s.steps << add;
        ScheduleStep crash;
        crash.kind = ScheduleStep::Kind::ClientCrash;
        crash.client = QStringLiteral("C1");
        crash.atMs = 2000;
        crash.lengthMs = 500; // it comes back, and a crash is armed for it later
        s.steps << crash;
        ScheduleStep armed = crash;
        armed.atMs = 3000;
        armed.lengthMs = 0;
        armed.moment = QStringLiteral("before-write");
        armed.comesBack = false;
        s.steps << armed;
        s.normalise();

        const auto event = [](qint64 ms, HistoryEvent::Kind kind) {
            HistoryEvent e;
            e.tUs = 1'000'000 + ms * 1000;
            e.kind = kind;
            e.client = 1;
            return e;
        };
        std::vector<HistoryEvent> events;
        HistoryEvent start = event(0, HistoryEvent::Kind::Command);
        start.client = -1;
        start.line = 1;
        events.push_back(start);
        HistoryEvent added = event(1, HistoryEvent::Kind::ClientAdded);
        added.text = QStringLiteral("C1");
        events.push_back(added);
        HistoryEvent acquired = event(1800, HistoryEvent::Kind::Ok);
        acquired.operation = HistoryEvent::Operation::Acquire;
        events.push_back(acquired);
        HistoryEvent ended = event(2000, HistoryEvent::Kind::SectionEnd);
        ended.code = int(HistoryEvent::SectionEndReason::Crashed);
        events.push_back(ended);
        HistoryEvent crashed = event(2000, HistoryEvent::Kind::FaultStart);
        crashed.code = int(Fault::Kind::Crashed);
        events.push_back(crashed);

        ClientSettings settings;
        QString error;
        settings = *settings.withAssignments(s.defaults, &error);
        StoryWriter::Run run;
        run.schedule = &s;
        run.events = &events;
        run.settings = &settings;
        QStringList english;
        for (const Schedule::Caption& c : StoryWriter().captions(run))
            english << c.en;
        const QString story = english.join(QLatin1Char('\n'));
        QVERIFY2(story.contains(QStringLiteral("C1 buys from a stock of")), qPrintable(story));
        QVERIFY2(story.contains(QStringLiteral("C1 crashes while it holds the lock: nothing "
                                               "releases it.")),
                 qPrintable(story));
        // The crash at 2.0 s is the immediate one, not the one armed at 3.0 s striking.
        QVERIFY2(!story.contains(QStringLiteral("At 2.0 s C1 crashes")), qPrintable(story));
        QVERIFY2(story.contains(QStringLiteral("C1 will crash right before its next write.")),
                 qPrintable(story));
    }
};

QTEST_MAIN(TestSearchDialog)
#include "tst_searchdialog.moc"
