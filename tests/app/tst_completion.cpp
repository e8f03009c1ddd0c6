// SPDX-License-Identifier: GPL-3.0-or-later
// scripts/redlockscope-completion.bash sourced by bash, as the installed file is, with this
// build's redlockscope first on PATH: what a Tab offers after a few prefixes.
#include "apprun.h"

#include <QFileInfo>
#include <QProcess>
#include <QTest>

namespace {

// The completions bash offers for the words typed (the last one being completed), with
// COMP_WORDS split at ':' as bash splits it.
QStringList complete(const QStringList& typed, QString* error)
{
    QStringList words{QStringLiteral("redlockscope")};
    for (const QString& word : typed) {
        const QStringList parts = word.split(QLatin1Char(':'));
        for (qsizetype i = 0; i < parts.size(); ++i) {
            if (i > 0)
                words << QStringLiteral(":");
            if (!parts[i].isEmpty() || i == parts.size() - 1)
                words << parts[i];
        }
    }
    QStringList quoted;
    for (const QString& word : words)
        quoted << QLatin1Char('\'') + word + QLatin1Char('\'');
    const QString script =
        QStringLiteral("source \"$1\"; COMP_WORDS=(%1); COMP_CWORD=%2; _redlockscope; "
                       "printf '%s\\n' \"${COMPREPLY[@]}\"")
            .arg(quoted.join(QLatin1Char(' ')))
            .arg(words.size() - 1);
    QProcess bash;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), QFileInfo(AppRun::binary()).absolutePath() +
                                           QLatin1Char(':') + env.value(QStringLiteral("PATH")));
    env.insert(QStringLiteral("COMP_WORDBREAKS"), QStringLiteral(" \t\n\"'><=;|&(:"));
    env.remove(QStringLiteral("DISPLAY"));
    bash.setProcessEnvironment(env);
    bash.start(QStringLiteral("bash"),
               {QStringLiteral("-c"), script, QStringLiteral("bash"),
                qEnvironmentVariable("REDLOCK_SOURCE_DIR") +
                    QStringLiteral("/scripts/redlockscope-completion.bash")});
    if (!bash.waitForFinished(60000) || bash.exitCode() != 0) {
        *error = QString::fromUtf8(bash.readAllStandardError());
        return {};
    }
    QStringList out = QString::fromUtf8(bash.readAllStandardOutput()).split(QLatin1Char('\n'));
    out.removeAll(QString());
    return out;
}

} // namespace

class TestCompletion : public QObject
{
    Q_OBJECT

private slots:
    void completes_data()
    {
        QTest::addColumn<QStringList>("typed");
        QTest::addColumn<QStringList>("offered");
        QTest::newRow("a command") << QStringList{"ru"} << QStringList{"run"};
        QTest::newRow("commands") << QStringList{"s"} << QStringList{"search", "slides"};
        QTest::newRow("a bench kind")
            << QStringList{"bench", "vs"} << QStringList{"vs-node-redlock"};
        QTest::newRow("help's command") << QStringList{"help", "exp"} << QStringList{"export"};
        QTest::newRow("a command's option")
            << QStringList{"export", "RUN.jsonl", "--t"} << QStringList{"--theme", "--to"};
        QTest::newRow("only its options")
            << QStringList{"run", "--s"} << QStringList{"--seed", "--storage"};
        QTest::newRow("a bench kind's option")
            << QStringList{"bench", "ui", "--dur"} << QStringList{"--duration"};
        QTest::newRow("the search's option")
            << QStringList{"search", "--pre"} << QStringList{"--preset"};
        QTest::newRow("a flag") << QStringList{"--headl"} << QStringList{"--headless"};
        QTest::newRow("a built-in scenario")
            << QStringList{"play", "builtin:gc-p"} << QStringList{"gc-pause", "gc-pause-fenced"};
    }

    void completes()
    {
        QFETCH(QStringList, typed);
        QFETCH(QStringList, offered);
        QString error;
        QStringList got = complete(typed, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        got.sort();
        QCOMPARE(got, offered);
    }
};

QTEST_GUILESS_MAIN(TestCompletion)
#include "tst_completion.moc"
