// SPDX-License-Identifier: GPL-3.0-or-later
// No two actions share a key (issue 33): Qt answers an ambiguous key with nothing at all
// ("QAction::event: Ambiguous shortcut overload: G"), so the GC-pause demo's own key did
// nothing while Charts had it too, and Ctrl+O was both Open scenario and Open run. Every
// action of the window is checked, in each language (the table is made again in each), live
// and with a recorded run shown (Space plays the run then, and stops the clients live: one of
// the two is always off).
#include "scriptedhistory.h"
#include "settings/languages.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QTemporaryDir>
#include <QTest>

namespace {

// The keys of every enabled action of the window, and which actions each one reaches.
QMultiHash<QKeySequence, QString> keysInForce(const MainWindow& window)
{
    QMultiHash<QKeySequence, QString> keys;
    for (const QAction* action : window.findChildren<QAction*>())
        if (action->isEnabled())
            for (const QKeySequence& key : action->shortcuts())
                keys.insert(key,
                            action->objectName().isEmpty() ? action->text() : action->objectName());
    return keys;
}

QStringList clashes(const MainWindow& window)
{
    const QMultiHash<QKeySequence, QString> keys = keysInForce(window);
    QStringList found;
    for (const QKeySequence& key : keys.uniqueKeys()) {
        const QStringList actions = keys.values(key);
        if (actions.size() > 1)
            found << QStringLiteral("%1: %2").arg(key.toString(),
                                                  actions.join(QStringLiteral(", ")));
    }
    return found;
}

QString recordedRun(const QTemporaryDir& dir)
{
    ScriptedHistory h(5, 2000);
    for (int n = 0; n < 5; ++n)
        h.nodeUp(n, 1);
    h.client(1, 10);
    h.acquire(1, 100, 0b11111);
    const QString path = dir.filePath(QStringLiteral("run.jsonl"));
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(h.file());
    return path;
}

} // namespace

class TestShortcuts : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { Languages::install(QStringLiteral("en")); }

    void noTwoActionsShareAKey_data()
    {
        QTest::addColumn<QString>("language");
        for (const char* code : {"en", "zh_CN", "ja"})
            QTest::newRow(code) << QString::fromLatin1(code);
    }

    void noTwoActionsShareAKey()
    {
        QFETCH(QString, language);
        QTemporaryDir dir;
        MainWindow window{EngineConfig{}};
        window.setLanguage(language);
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(keysInForce(window).size() > 30); // the table is there
        QStringList found = clashes(window);
        QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("live: ") + found.join(u'\n')));
        QString error;
        QVERIFY2(window.openRun(recordedRun(dir), &error), qPrintable(error));
        found = clashes(window);
        QVERIFY2(found.isEmpty(),
                 qPrintable(QStringLiteral("a recorded run: ") + found.join(u'\n')));
    }

    // The keys the user guide and the F1 dialog advertise do what they say.
    void theAdvertisedKeys()
    {
        MainWindow window{EngineConfig{}};
        const auto keyOf = [&window](const char* id) {
            const QAction* action = window.findChild<QAction*>(QLatin1String(id));
            return action ? action->shortcut() : QKeySequence();
        };
        QCOMPARE(keyOf("actionPauseHolder"), QKeySequence(Qt::Key_G));
        QCOMPARE(keyOf("actionOpenScenario"), QKeySequence(Qt::CTRL | Qt::Key_O));
        QCOMPARE(keyOf("actionPresent"), QKeySequence(Qt::Key_F11));
    }
};

QTEST_MAIN(TestShortcuts)
#include "tst_shortcuts.moc"
