// SPDX-License-Identifier: GPL-3.0-or-later
// What the app reads and writes, as a hostile but fair user tries it (issue 22): only regular
// files, read with a cap (/dev/zero, /dev/urandom and FIFOs are refused in words, exit 2, at
// once); never a file the run reads written over, and an existing file recorded over only when
// it is a run (or with --force); text capped where it enters; messages that say what is wrong.
#include "apprun.h"

#include "record/runreader.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <sys/stat.h>

using namespace AppRun;

class TestInputs : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_run; // one small recorded run

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString fifo(const QString& name) const
    {
        const QString p = path(name);
        if (!QFile::exists(p) && ::mkfifo(QFile::encodeName(p).constData(), 0600) != 0)
            qFatal("mkfifo %s failed", qPrintable(p));
        return p;
    }

    static void refused(const Result& r, const QString& message)
    {
        QVERIFY2(r.exitCode == 2, qPrintable(QStringLiteral("exit %1 after %2 ms: %3")
                                                 .arg(r.exitCode)
                                                 .arg(r.ms)
                                                 .arg(QString::fromUtf8(r.err))));
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY2(!r.out.contains("nodes up"), r.out.constData()); // refused before anything
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_run = path(QStringLiteral("run.jsonl"));
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--clients"),
                              QStringLiteral("2"), QStringLiteral("--duration"),
                              QStringLiteral("1.5"), QStringLiteral("--record"), m_run});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    // 1 and 2: a device or a FIFO as an input is refused in words within moments (it used to
    // grow to 6 GB, or hang and then ignore SIGTERM).
    void inputsThatAreNotFilesAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString device = QStringLiteral("is a character device, not a regular file");
        const QString pipe = QStringLiteral("is a FIFO (named pipe), not a regular file");
        for (const char* dev : {"/dev/zero", "/dev/urandom"}) {
            const QString d = QLatin1String(dev);
            QTest::addRow("config %s", dev)
                << QStringList{"--headless", "--duration", "1", "--no-record", "--config", d}
                << d + QLatin1Char(' ') + device;
            QTest::addRow("scenario %s", dev)
                << QStringList{"--headless", "--scenario", d} << d + QLatin1Char(' ') + device;
            QTest::addRow("export %s", dev)
                << QStringList{"--export", d, "--to", path(QStringLiteral("x.csv"))}
                << d + QLatin1Char(' ') + device;
            QTest::addRow("open %s", dev)
                << QStringList{"--open", d} << d + QLatin1Char(' ') + device;
        }
        const QString rls = fifo(QStringLiteral("fifo.rls"));
        const QString json = fifo(QStringLiteral("fifo.json"));
        const QString jsonl = fifo(QStringLiteral("fifo.jsonl"));
        QTest::newRow("config FIFO")
            << QStringList{"--headless", "--config", json} << json + QLatin1Char(' ') + pipe;
        QTest::newRow("scenario FIFO")
            << QStringList{"--headless", "--scenario", rls} << rls + QLatin1Char(' ') + pipe;
        QTest::newRow("export FIFO")
            << QStringList{"--export", jsonl, "--to", path(QStringLiteral("x.csv"))}
            << jsonl + QLatin1Char(' ') + pipe;
        QTest::newRow("open FIFO")
            << QStringList{"--open", jsonl} << jsonl + QLatin1Char(' ') + pipe;
    }

    void inputsThatAreNotFilesAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result r = run(args, 30000);
        refused(r, message);
        QVERIFY2(r.ms < 15000, qPrintable(QString::number(r.ms))); // refused, never blocked
    }

    // 2: a FIFO (or a device) to write to is refused as well: opening it would block until a
    // reader came.
    void outputsThatAreNotFilesAreRefused_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString jsonl = fifo(QStringLiteral("out.jsonl"));
        const QString csv = fifo(QStringLiteral("out.csv"));
        const QString json = fifo(QStringLiteral("out.json"));
        const QString png = fifo(QStringLiteral("out.png"));
        QTest::newRow("record") << QStringList{"--headless", "--duration", "1", "--record", jsonl}
                                << "--record " + jsonl + " is a FIFO (named pipe)";
        QTest::newRow("record /dev/null")
            << QStringList{"--headless", "--duration", "1", "--record", "/dev/null"}
            << "--record /dev/null is a character device";
        QTest::newRow("export --to") << QStringList{"--export", m_run, "--to", csv}
                                     << "--to " + csv + " is a FIFO (named pipe)";
        QTest::newRow("json") << QStringList{"--headless", "--bench", "--json", json}
                              << "--json " + json + " is a FIFO (named pipe)";
        QTest::newRow("screenshot") << QStringList{"--screenshot", png}
                                    << "--screenshot " + png + " is a FIFO (named pipe)";
    }

    void outputsThatAreNotFilesAreRefused()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result r = run(args, 10000);
        refused(r, message);
    }

    void oversizedInputsAreRefused_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::newRow("config") << "--config"
                                << "big.json"
                                << "a config file may be at most 1 MB";
        QTest::newRow("scenario") << "--scenario"
                                  << "big.rls"
                                  << "a scenario may be at most 1 MB";
    }

    void oversizedInputsAreRefused()
    {
        QFETCH(QString, flag);
        QFETCH(QString, name);
        QFETCH(QString, message);
        const QString file = writeFile(path(name), QByteArray(2 * 1024 * 1024, ' '));
        const Result r = run({QStringLiteral("--headless"), flag, file}, 10000);
        refused(r, file + QStringLiteral(" is 2 MB; ") + message);
    }

    // 4: a run never writes over a file it reads, by any name.
    void nothingWritesOverAnInput_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("message");
        const QString rls = writeFile(path(QStringLiteral("X.rls")), "client add C1\nsleep 100\n");
        const QString json = writeFile(path(QStringLiteral("C.json")), "{\"clients\": 0}\n");
        const QString link = path(QStringLiteral("link.json"));
        QFile::link(json, link);
        const QString hard = path(QStringLiteral("hard.rls"));
        QVERIFY(::link(QFile::encodeName(rls).constData(), QFile::encodeName(hard).constData()) ==
                    0 ||
                QFile::exists(hard));
        QTest::newRow("scenario recorded over")
            << QStringList{"--headless", "--scenario", rls, "--record", rls} << rls
            << "--record " + rls + " is the file this run reads (--scenario " + rls + ")";
        QTest::newRow("config recorded over")
            << QStringList{"--headless", "--config", json, "--record", json} << json
            << "--record " + json + " is the file this run reads (--config " + json + ")";
        QTest::newRow("through a link")
            << QStringList{"--headless", "--config", json, "--record", link, "--force"} << json
            << "--record " + link + " is the file this run reads";
        QTest::newRow("through a hard link")
            << QStringList{"--headless", "--scenario", rls, "--record", hard} << rls
            << "--record " + hard + " is the file this run reads";
        QTest::newRow("export over its run")
            << QStringList{"--export", m_run, "--to", m_run} << m_run
            << "--to " + m_run + " is the file this run reads";
        QTest::newRow("benchmark JSON over the config")
            << QStringList{"--headless", "--bench", "--config", json, "--json", json} << json
            << "--json " + json + " is the file this run reads";
    }

    void nothingWritesOverAnInput()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, input);
        QFETCH(QString, message);
        const QByteArray before = readAll(input);
        const Result r = run(args, 10000);
        refused(r, message);
        QCOMPARE(readAll(input), before);
    }

    // 4: --record replaces an existing file only when it is a run (or empty), or with --force.
    void recordReplacesOnlyARun()
    {
        const QString notes = writeFile(path(QStringLiteral("notes.txt")), "my notes\n");
        const QStringList args{QStringLiteral("--headless"), QStringLiteral("--clients"),
                               QStringLiteral("0"),          QStringLiteral("--duration"),
                               QStringLiteral("0.5"),        QStringLiteral("--record")};
        Result r = run(args + QStringList{notes}, 10000);
        refused(r, QStringLiteral("--record %1: the file exists and is not a run file").arg(notes));
        QVERIFY(r.err.contains("--force"));
        QCOMPARE(readAll(notes), QByteArray("my notes\n"));

        r = run(args + QStringList{notes, QStringLiteral("--force")}, 30000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(RunReader::isRun(notes));

        const QString copy = path(QStringLiteral("again.jsonl"));
        QVERIFY(QFile::copy(m_run, copy));
        r = run(args + QStringList{copy}, 30000); // a run file: replaced as asked
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(readAll(copy) != readAll(m_run));
        r = run({QStringLiteral("--headless"), QStringLiteral("--force")}, 10000);
        refused(r, QStringLiteral("--force goes with --record"));
    }

    // 9: narration is capped where it enters: in a scenario (refused, with where), in a run
    // file (cut and said; an export of a run with a 5 MB narration stays quick and small).
    void narrationIsCapped()
    {
        const QString rls = writeFile(path(QStringLiteral("long.rls")),
                                      "client add C1\nsay " + QByteArray(1001, 'x') + "\n");
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--scenario"), rls});
        refused(r, rls + QStringLiteral(":2:1005: TEXT may be at most 1000 characters, not 1001"));

        QList<QByteArray> lines = readAll(m_run).split('\n');
        QVERIFY(lines.size() > 3);
        const QByteArray huge = QByteArray(5 * 1024 * 1024, 'n');
        lines.insert(2, R"({"t":5,"kind":"say","text":")" + huge + R"("})");
        const QString big = writeFile(path(QStringLiteral("huge-say.jsonl")), lines.join('\n'));
        const QString html = path(QStringLiteral("huge-say.html"));
        const Result e = run({QStringLiteral("--export"), big, QStringLiteral("--to"), html});
        QVERIFY2(e.exitCode == 0, e.err.constData());
        QVERIFY2(e.err.contains("1 text(s) longer than 2,000 characters were cut"),
                 e.err.constData());
        QVERIFY2(e.ms < 10000, qPrintable(QString::number(e.ms)));
        QVERIFY2(QFileInfo(html).size() < 2 * 1024 * 1024,
                 qPrintable(QString::number(QFileInfo(html).size())));
    }

    // 10: messages that say what is wrong.
    void aVersionThatIsTextIsSaidAsText()
    {
        QList<QByteArray> lines = readAll(m_run).split('\n');
        QJsonObject header = QJsonDocument::fromJson(lines.first()).object();
        header.insert(QStringLiteral("version"), QStringLiteral("1"));
        lines.first() = QJsonDocument(header).toJson(QJsonDocument::Compact);
        const QString file = writeFile(path(QStringLiteral("textversion.jsonl")), lines.join('\n'));
        const Result r = run({QStringLiteral("--export"), file, QStringLiteral("--to"),
                              path(QStringLiteral("v.csv"))});
        refused(r, QStringLiteral("the run header's version is \"1\", not a number (this app "
                                  "reads version 1)"));
        QVERIFY(!r.err.contains("format version 1;"));
    }

    void redisUrlsAreNodes_data()
    {
        QTest::addColumn<QString>("nodes");
        // empty: accepted, and dialled (nothing listens there: the run does not start, exit 2,
        // each node's reason said)
        QTest::addColumn<QString>("message");
        QTest::newRow("redis://") << "redis://127.0.0.1:1"
                                  << "";
        QTest::newRow("redis:// with db and password")
            << "redis://:pw@127.0.0.1:1/3,redis://u:p%40w@127.0.0.1:2/0,127.0.0.1:3"
            << "";
        QTest::newRow("rediss://") << "rediss://127.0.0.1:1"
                                   << "";
        QTest::newRow("unix://") << "unix:///tmp/redis.sock"
                                 << "only redis:// and rediss:// URLs are understood, not unix://";
        QTest::newRow("query") << "redis://127.0.0.1:1?timeout=5"
                               << "a redis:// URL here takes no ?options";
        QTest::newRow("password shown redacted") << "redis://u:secret@127.0.0.1:1/x"
                                                 << "node 1 ('redis://u:***@127.0.0.1:1/x'): db";
        // Two sockets, which two servers can hold: not "the same node".
        QTest::newRow("[::1] and 127.0.0.1") << "[::1]:1,127.0.0.1:1,127.0.0.2:1"
                                             << "";
        QTest::newRow("localhost and 127.0.0.1") << "localhost:1,127.0.0.1:1,127.0.0.2:1"
                                                 << "are the same node";
    }

    void redisUrlsAreNodes()
    {
        QFETCH(QString, nodes);
        QFETCH(QString, message);
        const Result r =
            run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                 QStringLiteral("--clients"), QStringLiteral("0"), QStringLiteral("--duration"),
                 QStringLiteral("20"), QStringLiteral("--nodes"), nodes});
        if (!message.isEmpty()) {
            refused(r, message);
            QVERIFY(!r.err.contains("secret"));
            return;
        }
        QVERIFY2(r.exitCode == 2, r.err.constData());
        QVERIFY2(r.err.contains("none of the lock nodes can be used: node 1 (") &&
                     r.err.contains("connection refused"),
                 r.err.constData());
        QVERIFY2(r.ms < 20000, r.err.constData()); // before --duration: at the nodes' answers
    }

    void echoedInputIsCut()
    {
        const QString host(120000, QLatin1Char('a'));
        const Result r = run(
            {QStringLiteral("--headless"), QStringLiteral("--nodes"), host + QStringLiteral(":1")});
        refused(r, QStringLiteral("is not a valid host name"));
        QVERIFY2(r.err.size() < 1000, qPrintable(QString::number(r.err.size())));
        QVERIFY(r.err.contains("(120,000 characters)"));
        const Result flag = run({QStringLiteral("--headless"), QStringLiteral("--clients"),
                                 QString(100000, QLatin1Char('9'))});
        refused(flag, QStringLiteral("--clients must be"));
        QVERIFY2(flag.err.size() < 1000, qPrintable(QString::number(flag.err.size())));
    }
};

QTEST_GUILESS_MAIN(TestInputs)
#include "tst_inputs.moc"
