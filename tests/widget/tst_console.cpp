// SPDX-License-Identifier: GPL-3.0-or-later
// The console: lines typed go out, answers come back under them, Up/Down walk the history,
// completion comes from the catalogue; in a live window it drives the same engine entry
// point as the buttons.
#include "console/captionbar.h"
#include "console/consoleview.h"
#include "control/enginecontroller.h"
#include "window/mainwindow.h"

#include <QCompleter>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

class TestConsole : public QObject
{
    Q_OBJECT

private slots:
    void typedLinesGoOutAndAnswersComeBack()
    {
        ConsoleView console;
        QSignalSpy entered(&console, &ConsoleView::lineEntered);
        QTest::keyClicks(console.input(), QStringLiteral("node kill 3"));
        QTest::keyClick(console.input(), Qt::Key_Return);
        QCOMPARE(entered.size(), 1);
        QCOMPARE(entered.first().at(0).toString(), QStringLiteral("node kill 3"));
        QVERIFY(console.input()->text().isEmpty());
        console.showAnswer(1, false, QStringLiteral("cannot kill node 3 now"));
        QVERIFY2(console.transcript().contains(QStringLiteral("1 > node kill 3")),
                 qPrintable(console.transcript()));
        QVERIFY(
            console.transcript().contains(QStringLiteral("1: refused: cannot kill node 3 now")));
    }

    void upAndDownWalkTheHistory()
    {
        ConsoleView console;
        for (const char* line : {"client add", "node heal 2"}) {
            QTest::keyClicks(console.input(), QString::fromUtf8(line));
            QTest::keyClick(console.input(), Qt::Key_Return);
        }
        QTest::keyClick(console.input(), Qt::Key_Up);
        QCOMPARE(console.input()->text(), QStringLiteral("node heal 2"));
        QTest::keyClick(console.input(), Qt::Key_Up);
        QCOMPARE(console.input()->text(), QStringLiteral("client add"));
        QTest::keyClick(console.input(), Qt::Key_Down);
        QCOMPARE(console.input()->text(), QStringLiteral("node heal 2"));
        QTest::keyClick(console.input(), Qt::Key_Down);
        QVERIFY(console.input()->text().isEmpty());
        QCOMPARE(console.typedLines(), QStringList({"client add", "node heal 2"}));
    }

    void completesFromTheCatalogue()
    {
        ConsoleView console;
        QCompleter* completer = console.input()->completer();
        QVERIFY(completer);
        completer->setCompletionPrefix(QStringLiteral("node pa"));
        QCOMPARE(completer->currentCompletion(), QStringLiteral("node pause"));
        completer->setCompletionPrefix(QStringLiteral("wait u"));
        QCOMPARE(completer->currentCompletion(), QStringLiteral("wait until"));
    }

    void captionShowsNarration()
    {
        CaptionBar caption;
        caption.show();
        QVERIFY(!caption.isVisible() || caption.text().isEmpty());
        caption.showCaption(12, QStringLiteral("C1 froze right before its write."));
        QVERIFY(caption.isVisible());
        QCOMPARE(caption.text(), QStringLiteral("C1 froze right before its write."));
    }

    // The console follows the newest lines while a scenario plays (steps come in while it is
    // open, shown or not), unless the reader scrolled up; back at the end, it follows again.
    void followsTheNewestLines()
    {
        ConsoleView console;
        console.resize(500, 160);
        console.show();
        QVERIFY(QTest::qWaitForWindowExposed(&console));
        auto* output = console.findChild<QPlainTextEdit*>(QStringLiteral("consoleOutput"));
        QVERIFY(output);
        QScrollBar* bar = output->verticalScrollBar();
        for (int line = 1; line <= 60; ++line)
            console.showStepStarted(QStringLiteral("builtin:gc-pause"), line,
                                    QStringLiteral("sleep 100"));
        QCoreApplication::processEvents();
        QVERIFY(bar->maximum() > 0);
        QCOMPARE(bar->value(), bar->maximum());
        bar->setValue(0); // the reader scrolls up to read
        console.showStepStarted(QStringLiteral("builtin:gc-pause"), 61, QStringLiteral("say hi"));
        QCoreApplication::processEvents();
        QCOMPARE(bar->value(), 0);
        bar->setValue(bar->maximum()); // and back to the end
        console.showStepStarted(QStringLiteral("builtin:gc-pause"), 62, QStringLiteral("say hi"));
        QCoreApplication::processEvents();
        QCOMPARE(bar->value(), bar->maximum());
    }

    // In a live window the console runs commands and directives through the engine.
    void liveConsoleAnswersInWords()
    {
        EngineConfig config;
        config.localNodeCount = 3;
        config.initialClients = 0;
        MainWindow window(config);
        window.show();
        window.startEngine();
        QSignalSpy started(window.controller(), &EngineController::started);
        QVERIFY(started.wait(20000));
        ConsoleView* console = window.console();
        for (const char* line : {"client add C1", "node kill 7", "expect overlaps == 0"}) {
            QTest::keyClicks(console->input(), QString::fromUtf8(line));
            QTest::keyClick(console->input(), Qt::Key_Return);
        }
        QTRY_VERIFY_WITH_TIMEOUT(console->transcript().contains(QStringLiteral("1: C1 added")),
                                 5000);
        QTRY_VERIFY_WITH_TIMEOUT(
            console->transcript().contains(QStringLiteral("2: refused: column 11: no node '7'")),
            5000);
        QTRY_VERIFY_WITH_TIMEOUT(
            console->transcript().contains(QStringLiteral("3: overlaps == 0: 0 ✓")), 5000);
    }
};

QTEST_MAIN(TestConsole)
#include "tst_console.moc"
