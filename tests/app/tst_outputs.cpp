// SPDX-License-Identifier: GPL-3.0-or-later
// What the app writes for others to read (issue 22): CSV cells a spreadsheet would run as
// formulas are written as text; nothing that acts on a terminal (ESC, OSC, BEL) reaches
// one; and a full disk is said as such ("No space left on device"), with exit 2, nothing cut
// left as an export, and a run file that ends at its last whole line.
#include "apprun.h"

#include "record/runreader.h"

#include <QScopeGuard>
#include <cerrno>
#include <cstring>
#include <sys/mount.h>

using namespace AppRun;

class TestOutputs : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_run; // three clients, two seconds

    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_run = path(QStringLiteral("run.jsonl"));
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--clients"),
                              QStringLiteral("3"), QStringLiteral("--duration"),
                              QStringLiteral("2"), QStringLiteral("--record"), m_run});
        QVERIFY2(r.exitCode == 0, r.err.constData());
    }

    // 7: `client add @SUM(1+1)` and a resource "=1+1" reach the CSV as text.
    void csvCellsAreNeverFormulas()
    {
        const QString recorded = path(QStringLiteral("formulas.jsonl"));
        Result r =
            run({QStringLiteral("--headless"), QStringLiteral("--resource"), QStringLiteral("=1+1"),
                 QStringLiteral("--record"), recorded, QStringLiteral("--exec"),
                 QStringLiteral("defaults work=20 think=20; client add @SUM(1+1); "
                                "client add -2+3; client add +A; sleep 600")},
                60000);
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QString csv = path(QStringLiteral("formulas.csv"));
        r = run({QStringLiteral("--export"), recorded, QStringLiteral("--to"), csv});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QList<QByteArray> lines = readAll(csv).trimmed().split('\n');
        QVERIFY(lines.size() > 3);
        QSet<QByteArray> names;
        for (const QByteArray& line : lines.mid(1)) {
            const QList<QByteArray> cells = line.trimmed().split(',');
            names << cells.value(2);
            QCOMPARE(cells.last(), QByteArray("\"'=1+1\"")); // the resource
            for (const QByteArray& cell : cells) {
                const QByteArray bare = cell.startsWith('"') ? cell.mid(1) : cell;
                // Only numbers this exporter writes may start with '-' (none here is negative).
                QVERIFY2(bare.isEmpty() || !QByteArray("=+-@\t\r").contains(bare.front()),
                         line.constData());
            }
        }
        QVERIFY2(names.contains("\"'@SUM(1+1)\"") && names.contains("\"'-2+3\"") &&
                     names.contains("\"'+A\""),
                 lines.value(1).constData());
    }

    // 8: nothing that acts on a terminal is printed: refused where it enters, written out
    // ("\e") where it is echoed.
    void nothingActsOnTheTerminal_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString esc = QStringLiteral("\x1b[2J\x1b]52;c;cHduZWQ=\x07");
        QTest::newRow("say") << QStringList{"--headless", "--exec", "say hello" + esc}
                             << "--exec:1:10: control character \\e";
        QTest::newRow("a client's name") << QStringList{"--headless", "--exec", "client add " + esc}
                                         << "--exec:1:12: control character \\e";
        QTest::newRow("a host name") << QStringList{"--headless", "--nodes", esc + ":1"}
                                     << "'\\e[2J\\e]52;c;cHduZWQ=\\x07' is not a valid host name";
        QTest::newRow("a file name")
            << QStringList{"--headless", "--scenario", "/nonexistent/" + esc + ".rls"}
            << "cannot read /nonexistent/\\e[2J\\e]52;c;cHduZWQ=\\x07.rls";
        QTest::newRow("a resource") << QStringList{"--headless", "--resource", esc}
                                    << "the resource name must not contain control characters";
        QTest::newRow("a theme") << QStringList{"--theme", esc}
                                 << "--theme must be dark or light, not '\\e[2J";
    }

    void nothingActsOnTheTerminal()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Result r = run(args, 10000);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(!r.out.contains('\x1b') && !r.err.contains('\x1b'));
        QVERIFY(!r.out.contains('\x07') && !r.err.contains('\x07'));
    }

    // A run whose file name and damaged line hold escapes is named on the terminal without
    // them acting: written out as "\e".
    void aRunFileCannotReachTheTerminal()
    {
        QList<QByteArray> lines = readAll(m_run).split('\n');
        lines.insert(2, "{\"t\":5,\"kind\":\"\x1b[2J\x1b]0;pwned\x07\"}");
        const QString damaged =
            writeFile(path(QStringLiteral("damaged\x1b[2J.jsonl")), lines.join('\n'));
        const Result r = run({QStringLiteral("--export"), damaged, QStringLiteral("--to"),
                              path(QStringLiteral("damaged.csv"))});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY2(r.err.contains("damaged\\e[2J.jsonl: 1 unreadable line(s) skipped (line 3: "),
                 r.err.constData());
        QVERIFY2(r.out.contains("damaged\\e[2J.jsonl ("), r.out.constData());
        QVERIFY(!r.out.contains('\x1b') && !r.err.contains('\x1b'));
        QVERIFY(!r.out.contains('\x07') && !r.err.contains('\x07'));
    }

    // 10: a full disk, on a 64 KB tmpfs mounted here (as root) with 8 KB left.
    void aFullDiskIsSaidAsSuch()
    {
        const QString full = path(QStringLiteral("full"));
        QVERIFY(QDir().mkpath(full));
        if (::mount("tmpfs", QFile::encodeName(full).constData(), "tmpfs", 0, "size=64k") != 0)
            QSKIP(qPrintable(QStringLiteral("mounting a tmpfs is not permitted here (%1): the "
                                            "full disk is not tried")
                                 .arg(QString::fromLocal8Bit(std::strerror(errno)))));
        const auto unmount =
            qScopeGuard([&full] { ::umount2(QFile::encodeName(full).constData(), MNT_DETACH); });
        writeFile(full + QStringLiteral("/filler"), QByteArray(56 * 1024, 'f'));

        for (const char* extension : {"html", "png", "svg"}) {
            const QString to = full + QStringLiteral("/report.") + QLatin1String(extension);
            const Result r = run({QStringLiteral("--export"), m_run, QStringLiteral("--to"), to});
            QVERIFY2(r.exitCode == 2, qPrintable(QStringLiteral("%1: exit %2: %3")
                                                     .arg(QLatin1String(extension))
                                                     .arg(r.exitCode)
                                                     .arg(QString::fromUtf8(r.err))));
            QVERIFY2(r.err.contains("cannot write " + to.toUtf8() + ": No space left on device"),
                     r.err.constData());
            QVERIFY2(!QFile::exists(to), extension); // nothing cut is left as the export
        }

        const QString recorded = full + QStringLiteral("/run.jsonl");
        const Result r = run({QStringLiteral("--headless"), QStringLiteral("--clients"),
                              QStringLiteral("3"), QStringLiteral("--duration"),
                              QStringLiteral("3"), QStringLiteral("--record"), recorded},
                             60000);
        QVERIFY2(r.exitCode == 2,
                 qPrintable(
                     QStringLiteral("exit %1: %2").arg(r.exitCode).arg(QString::fromUtf8(r.err))));
        QVERIFY2(r.err.contains("the run file is incomplete: the run is no longer recorded to " +
                                recorded.toUtf8() + ": No space left on device"),
                 r.err.constData());
        QVERIFY(!r.err.contains("Unknown error"));
        // What it holds is whole: it reads back with no line cut off.
        const QByteArray bytes = readAll(recorded);
        QVERIFY(bytes.endsWith('\n'));
        QString error;
        const auto kept = RunReader::read(recorded, &error);
        QVERIFY2(kept, qPrintable(error));
        QVERIFY(!kept->cutOff);
        QCOMPARE(kept->skippedLines, quint64(0));
        QVERIFY(kept->events.size() > 10);
    }
};

QTEST_GUILESS_MAIN(TestOutputs)
#include "tst_outputs.moc"
