// SPDX-License-Identifier: GPL-3.0-or-later
// The window asks before a scenario from a file starts a program or changes the user's own
// servers (issue 32): the lines are shown, nothing runs unless the user agrees, the answer is
// remembered for that content (a changed file asks again, across windows through the
// settings), and a scenario that needs nothing is never asked about. The dialog itself lists
// the lines with Cancel as its default. And the window's engine winds down without blocking
// the window: EngineSession::stop returns at once, allStopped() follows.
#include "control/enginecontroller.h"
#include "dialogs/consentdialog.h"
#include "settings/appsettings.h"
#include "window/enginesession.h"
#include "window/mainwindow.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

class TestConsentWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QStringList m_asked; // each question: the source
    QStringList m_lines; // the lines of the last one
    bool m_answer = false;

    std::unique_ptr<MainWindow> makeWindow(const EngineConfig& config = {})
    {
        auto w = std::make_unique<MainWindow>(config);
        w->setConsentAsker([this](const QString& source, const QStringList& lines) {
            m_asked << source;
            m_lines = lines;
            return m_answer;
        });
        return w;
    }

    QString write(const QString& name, const QByteArray& text)
    {
        QFile file(m_dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) < 0)
            qFatal("cannot write %s", qPrintable(file.fileName()));
        return file.fileName();
    }

private slots:
    void init()
    {
        m_asked.clear();
        m_lines.clear();
        m_answer = false;
    }

    void aProgramInAFileIsAskedAbout()
    {
        auto w = makeWindow();
        const QString rls = write(QStringLiteral("shared.rls"), "say Hi\nexec touch /tmp/x\n");
        QVERIFY(!w->runScenario(rls));
        QCOMPARE(m_asked, QStringList{rls});
        QCOMPARE(m_lines.size(), 1);
        QVERIFY2(m_lines[0].contains(QStringLiteral(":2: exec touch /tmp/x (starts a program)")),
                 qPrintable(m_lines[0]));
        QVERIFY2(w->lastCommandAnswer().contains(QStringLiteral("Not run")),
                 qPrintable(w->lastCommandAnswer()));
        // Agreed: it runs, and the same content is not asked about again.
        m_answer = true;
        QVERIFY(w->runScenario(rls));
        QVERIFY(w->runScenario(rls));
        QCOMPARE(m_asked.size(), 2);
        // Changed: asked again.
        write(QStringLiteral("shared.rls"), "say Hi\nexec touch /tmp/y\n");
        QVERIFY(w->runScenario(rls));
        QCOMPARE(m_asked.size(), 3);
    }

    void aScenarioThatNeedsNothingIsNotAsked()
    {
        auto w = makeWindow();
        const QString rls = write(QStringLiteral("plain.rls"), "client add C1\nnode kill 2\n");
        QVERIFY(w->runScenario(rls)); // local nodes: the app's own
        QVERIFY(w->runScenario(QStringLiteral("builtin:kill-two-of-five")));
        QVERIFY(w->runScenario(QStringLiteral("--exec"), QStringLiteral("exec true")));
        QVERIFY(m_asked.isEmpty());
    }

    // On the user's own nodes a built-in scenario that kills nodes asks first.
    void aBuiltInAgainstTheUsersNodesAsks()
    {
        EngineConfig config;
        for (int i = 0; i < 5; ++i) {
            NodeAddress node;
            node.port = quint16(7001 + i);
            config.nodes << node;
        }
        auto w = makeWindow(config);
        QVERIFY(!w->runScenario(QStringLiteral("builtin:kill-two-of-five")));
        QCOMPARE(m_asked, QStringList{QStringLiteral("builtin:kill-two-of-five")});
        QVERIFY2(m_lines.join(QLatin1Char('\n')).contains(QStringLiteral("SHUTDOWN NOSAVE")),
                 qPrintable(m_lines.join(QLatin1Char('\n'))));
    }

    // --allow-exec: what it allows is not asked about.
    void theCommandLinesConsentIsNotAskedAgain()
    {
        auto w = makeWindow();
        w->allowWithoutAsking(true, false);
        const QString rls = write(QStringLiteral("allowed.rls"), "exec true\n");
        QVERIFY(w->runScenario(rls));
        QVERIFY(m_asked.isEmpty());
    }

    // Remembered in the settings: another window does not ask about the same content.
    void theAnswerIsRememberedAcrossWindows()
    {
        const QString ini = m_dir.filePath(QStringLiteral("settings.ini"));
        const QString rls = write(QStringLiteral("remembered.rls"), "exec true\n");
        m_answer = true;
        {
            AppSettings settings(ini, AppSettings::Access::ReadWrite);
            auto w = makeWindow();
            w->setAppSettings(&settings);
            QVERIFY(w->runScenario(rls));
        }
        QCOMPARE(m_asked.size(), 1);
        AppSettings settings(ini, AppSettings::Access::ReadWrite);
        auto w = makeWindow();
        w->setAppSettings(&settings);
        QVERIFY(w->runScenario(rls));
        QCOMPARE(m_asked.size(), 1);
    }

    void theDialogListsTheLinesAndDefaultsToCancel()
    {
        const QStringList lines{
            QStringLiteral("shared.rls:2: exec touch /tmp/x (starts a program)")};
        ConsentDialog dialog(QStringLiteral("/home/trainer/shared.rls"), lines);
        QCOMPARE(dialog.listedText(), lines.first());
        QVERIFY(dialog.cancelButton()->isDefault());
        QVERIFY(!dialog.runButton()->isDefault());
        QTimer::singleShot(0, &dialog, [&dialog] { dialog.cancelButton()->click(); });
        QCOMPARE(dialog.exec(), int(QDialog::Rejected));
    }

    // The window's engine winds down on its own thread: stop() returns before it has ended,
    // and the window's loop turns meanwhile.
    void stoppingTheEngineDoesNotBlockTheWindow()
    {
        EngineConfig config;
        config.localNodeCount = 1;
        config.initialClients = 0;
        config.recordToRunFolder = false;
        EngineSession session(config);
        session.start(QStringLiteral("en"));
        QSignalSpy started(session.controller(), &EngineController::started);
        QVERIFY(started.wait(30000));
        QSignalSpy allStopped(&session, &EngineSession::allStopped);
        session.stop();
        QVERIFY(!session.controller());
        QCOMPARE(session.stopping(), 1);
        QVERIFY(allStopped.wait(20000));
        QCOMPARE(session.stopping(), 0);
    }
};

QTEST_MAIN(TestConsentWindow)
#include "tst_consentwindow.moc"
