// SPDX-License-Identifier: GPL-3.0-or-later
// The library matrix (issue 31): real lock clients no one here wrote, each pinned, run through
// the ports `--expose` opens as scenarios with `exec`, as a user would, twice: on fresh nodes
// and on nodes whose script cache is already warm (the library's scripts loaded directly on
// the nodes first: its EVALSHA then never fails, and the app never sees the script's text).
// For each:
// - recorded as it counts: each lane's acquisitions equal its worker's own count, two workers
//   contending with the purchase inside, and no overlap is reported (a release is seen when
//   it is sent, so the next holder's grant overlaps nothing);
// - a client partition and a node kill show in its lane (failed rounds after the cut, the
//   killed node's answer "node down", to a command in flight or to a reconnect it refused, or
//   a lease without it), with nothing to help the kill find a command waiting;
// - extensions keep the lease while the library holds the lock (no "expired" while held),
//   counted once per request;
// - a holder whose majority restarts without persistence (its one node, for a one-node
//   client) is reported overlapping the next holder.
// The npm libraries are installed by scripts/node-redlock/setup.sh into a cache outside the
// tree (run here when missing); redis-py is Debian's python3-redis. A library that cannot be
// installed fails the test: it does not skip. tests/CMakeLists.txt registers one CTest test
// per library (its rows), so that they run side by side.
#include "apprun.h"
#include "runfile.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace AppRun;
using namespace RunFile;

namespace {

struct Library
{
    const char* name;
    bool python = false;
    bool oneNode = false;
    bool countsExtensions = true; // false: it extends by itself (redlock-universal's using())
};

const Library Libraries[] = {
    {"node-redlock"},
    {"sesamecare"},
    {"semaphore-redlock"},
    {"semaphore-mutex", false, true},
    {"universal-redlock", false, false, false},
    {"universal-lock", false, true, false},
    {"redis-py-lock", true, true},
    {"redis-py-redlock", true},
};

int countOf(const QList<QJsonObject>& run, int client, const QString& kind, const QString& f)
{
    int n = 0;
    for (const QJsonObject& e : run)
        n += e.value("client").toInt() == client && e.value("kind").toString() == kind &&
             e.value("f").toString() == f;
    return n;
}

qint64 timeOf(const QJsonObject& e)
{
    return qint64(e.value("t").toDouble());
}

} // namespace

class TestLockClients : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_modules;
    QString m_node;
    QString m_python;

    const Library& library() const
    {
        const QString tag = QString::fromUtf8(QTest::currentDataTag());
        for (const Library& l : Libraries)
            if (tag.startsWith(QLatin1String(l.name) + QLatin1Char('-')))
                return l;
        qFatal("no library for row %s", qPrintable(tag));
    }
    bool warm() const { return QByteArray(QTest::currentDataTag()).endsWith("-warm"); }

    // The client's command line, BASE and STORAGE replaced by the run's ports.
    QString client(const QString& extra) const
    {
        const Library& l = library();
        // From the source tree ctest names (QFINDTESTDATA cannot place a relative __FILE__,
        // which a compiler cache's base directory makes).
        const QString name = l.python ? QStringLiteral("client.py") : QStringLiteral("client.mjs");
        const QString root = qEnvironmentVariable("REDLOCK_SOURCE_DIR");
        const QString script =
            root.isEmpty() ? QFINDTESTDATA(QStringLiteral("../support/lock-clients/") + name)
                           : root + QStringLiteral("/tests/support/lock-clients/") + name;
        QString line = l.python ? QStringLiteral("%1 %2 --library %3 --base BASE")
                                      .arg(m_python, script, QLatin1String(l.name))
                                : QStringLiteral("%1 %2 --library %3 --modules %4 --base BASE")
                                      .arg(m_node, script, QLatin1String(l.name), m_modules);
        return line + QLatin1Char(' ') + extra + (warm() ? QStringLiteral(" --warm") : QString());
    }

    QList<QJsonObject> play(const QString& name, const QString& scenario, Result* result)
    {
        for (int attempt = 1;; ++attempt) {
            const QList<QJsonObject> run = playOnce(name, scenario, result);
            if (attempt == 3 || !portTakenMeanwhile(*result))
                return run;
            qInfo("a port was taken before the run opened it: again, on others");
        }
    }

    QList<QJsonObject> playOnce(const QString& name, QString scenario, Result* result)
    {
        const quint16 base = LoopbackPorts::freeRun(ExposedPorts);
        if (base == 0)
            qFatal("no six free loopback ports in a row");
        scenario.replace(QLatin1String("STORAGE"), QString::number(base + 5));
        scenario.replace(QLatin1String("BASE"), QString::number(base));
        const QString tag = QString::fromUtf8(QTest::currentDataTag());
        const QString file =
            writeFile(m_dir.filePath(name + tag + QStringLiteral(".rls")), scenario.toUtf8());
        const QString record = m_dir.filePath(name + tag + QStringLiteral(".jsonl"));
        *result =
            run({QStringLiteral("--headless"), QStringLiteral("--clients"), QStringLiteral("0"),
                 QStringLiteral("--expose"), QString::number(base), QStringLiteral("--scenario"),
                 file, QStringLiteral("--allow-exec"), QStringLiteral("--record"), record},
                150000);
        if (result->exitCode != 0)
            qWarning().noquote() << result->out.right(4000) << result->err.right(2000);
        return events(record);
    }

    void rows()
    {
        QTest::addColumn<int>("unused");
        for (const Library& l : Libraries)
            for (const char* cache : {"fresh", "warm"})
                QTest::newRow(qPrintable(
                    QStringLiteral("%1-%2").arg(QLatin1String(l.name), QLatin1String(cache))))
                    << 0;
    }

private slots:
    void initTestCase()
    {
        m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
        QVERIFY2(!m_node.isEmpty(), "node is not installed (scripts/install-deps.sh installs it)");
        m_python = QStringLiteral("/usr/bin/python3");
        QProcess redisPy;
        redisPy.start(m_python, {QStringLiteral("-c"), QStringLiteral("import redis")});
        QVERIFY2(redisPy.waitForFinished(30000) && redisPy.exitCode() == 0,
                 "Debian's python3-redis is not installed (scripts/install-deps.sh installs it)");
        // The npm libraries: installed (or found installed) by the project's own script.
        m_modules = nodeRedlockModules();
        const QString setup = qEnvironmentVariable("REDLOCK_SOURCE_DIR") +
                              QStringLiteral("/scripts/node-redlock/setup.sh");
        QProcess install;
        install.setProcessChannelMode(QProcess::MergedChannels);
        install.start(QStringLiteral("bash"), {setup});
        QVERIFY2(
            install.waitForFinished(300000) && install.exitCode() == 0,
            qPrintable(
                QStringLiteral("%1 failed: %2").arg(setup, QString::fromUtf8(install.readAll()))));
        QVERIFY(m_dir.isValid());
    }

    void recordedAndFaulted_data() { rows(); }
    // F1 (one worker) is cut off from a majority (its one node) for 1.5 s and ends; then two
    // named workers (F2, F3) contend for 8 s, buying inside the lock, and a node is killed (for
    // a one-node client, its node). The counted workers run no partition: the proxy's cut loses
    // bytes inside a TCP stream, and a library that keeps its connection after a timeout
    // (ioredis) pairs later answers with the commands the cut lost (docs/foreign-clients.md, "Known
    // limits").
    void recordedAndFaulted()
    {
        const Library& l = library();
        const QString cut = l.oneNode ? QStringLiteral("1") : QStringLiteral("1 2 3");
        const QString killed = l.oneNode ? QStringLiteral("1") : QStringLiteral("5");
        QString heal;
        for (const QString& n : cut.split(QLatin1Char(' ')))
            heal += QStringLiteral("node heal %1\n").arg(n);
        // The counted workers' line: where they print their counts when they end.
        const int countedLine = 5 + int(cut.count(QLatin1Char(' '))) + 2;
        Result r;
        const QList<QJsonObject> run =
            play(QStringLiteral("faults"),
                 QStringLiteral("exec %1\n"
                                "wait until acquired(F1) 15000\n"
                                "client partition F1 %2\n"
                                "sleep 1500\n"
                                "%3"
                                "sleep 4000\n"
                                "exec %4\n"
                                "wait until acquired(F2) 15000\n"
                                "wait until acquired(F3) 15000\n"
                                "sleep 1500\n"
                                "node kill %5\n"
                                "wait until exited(%6) 60000\n" // its last acquire too, counted
                                "expect safe\n")
                     .arg(client(QStringLiteral("--seconds 3 --ttl 2000 --timeout 500")), cut, heal,
                          client(QStringLiteral("--storage STORAGE --seconds 8 --workers 2 --named "
                                                "--ttl 2000 --timeout 500")),
                          killed, QString::number(countedLine)),
                 &r);
        QVERIFY2(r.exitCode == 0 && r.out.contains("verdict: PASS"), "no overlap, safe");
        // Counted as it counts, each named lane.
        const QJsonObject own = ownCount(run, countedLine);
        if (own.isEmpty())
            for (const QJsonObject& e : run)
                if (e.value("line").toInt() == countedLine)
                    qInfo("%s", QJsonDocument(e).toJson(QJsonDocument::Compact).constData());
        QVERIFY2(!own.isEmpty(), "the workers printed their counts");
        const QHash<int, QString> label = lanes(run);
        QCOMPARE(label.size(), 3);
        int compared = 0;
        for (auto it = label.cbegin(); it != label.cend(); ++it) {
            const int counted = own.value("workers").toObject().value(it.value()).toInt(-1);
            if (counted < 0)
                continue; // F1, the process that was cut off
            const int recorded = countOf(run, it.key(), "ok", "acquire");
            qInfo("%s %s: recorded %d, counted %d", QTest::currentDataTag(), qPrintable(it.value()),
                  recorded, counted);
            QCOMPARE(recorded, counted);
            ++compared;
        }
        QCOMPARE(compared, 2);
        // The cut in F1's lane: a failed round after it; the kill in a worker's lane.
        const qint64 cutAt = commandTime(run, QStringLiteral("client partition F1 ") + cut);
        const qint64 killedAt = commandTime(run, QStringLiteral("node kill ") + killed);
        QVERIFY(cutAt > 0 && killedAt > cutAt);
        bool failedAfterCut = false;
        bool killSeen = false;
        for (const QJsonObject& e : run) {
            const qint64 t = timeOf(e);
            const QString kind = e.value("kind").toString();
            const bool acquire = e.value("f").toString() == "acquire";
            const int client = e.value("client").toInt();
            // A round that failed, or a command to a cut node unanswered in its lane: a client
            // holding the lock when the cut begins may spend the whole cut retrying its release
            // (@sesamecare-oss/redlock does: the release misses a majority and is retried until
            // the key expires) and acquire again only once healed.
            if (client == 1001 && kind == "attempt" && acquire && t > cutAt)
                failedAfterCut |= e.value("code").toString() != "none";
            if (client == 1001 && kind == "node-answer" && t > cutAt &&
                cut.split(QLatin1Char(' ')).contains(QString::number(e.value("node").toInt() + 1)))
                failedAfterCut |= e.value("code").toString() == "error" &&
                                  e.value("text").toString().contains(QLatin1String("cut off"));
            if (client == 1001 || !label.contains(client) || t <= killedAt)
                continue;
            if (kind == "node-answer" && e.value("node").toInt() == killed.toInt() - 1)
                killSeen |=
                    e.value("code").toString() == "down" || e.value("code").toString() == "error";
            if (!l.oneNode && kind == "ok" && acquire)
                killSeen |= !e.value("nodes").toArray().contains(killed.toInt()) &&
                            e.value("nodes").toArray().size() >= 3;
        }
        if (!failedAfterCut)
            for (const QJsonObject& e : run)
                if (e.value("client").toInt() == 1001 && timeOf(e) > cutAt - 500000)
                    qInfo("%s", QJsonDocument(e).toJson(QJsonDocument::Compact).constData());
        QVERIFY2(failedAfterCut,
                 "F1's lane shows the cut: a failed round or a cut node unanswered");
        if (!killSeen)
            for (const QJsonObject& e : run)
                if (e.value("client").toInt() != 1001 && timeOf(e) > killedAt - 200000)
                    qInfo("%s", QJsonDocument(e).toJson(QJsonDocument::Compact).constData());
        QVERIFY2(killSeen, "the killed node's answer, or a lease without it, in a lane");
    }

    void extendedAndLost_data() { rows(); }
    // F1 holds 7 s with a 3 s TTL, extending as the library does: its lease never expires while
    // held. F2 then holds (20 s TTL); its majority (its node) restarts without persistence; F3
    // takes the lock: the overlap is reported, as leases overlapping.
    void extendedAndLost()
    {
        const Library& l = library();
        const QStringList majority =
            l.oneNode ? QStringList{QStringLiteral("1")}
                      : QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")};
        QString restarts;
        for (const QString& n : majority)
            restarts += QStringLiteral("node restart %1\n").arg(n);
        for (int i = 0; i < majority.size(); ++i)
            restarts += QStringLiteral("wait until node-up 15000\n");
        Result r;
        const QList<QJsonObject> run =
            play(QStringLiteral("lost"),
                 QStringLiteral("exec %1\n"
                                "wait F1 holding 15000\n"
                                "wait until released(F1) 20000\n"
                                "exec %2\n"
                                "wait F2 holding 15000\n"
                                "sleep 1000\n"
                                "%3"
                                "exec %4\n"
                                "wait until overlap 15000\n"
                                "expect overlaps >= 1\n")
                     .arg(client(QStringLiteral("--hold 7000 --extend-every 1000 --ttl 3000")),
                          client(QStringLiteral("--hold 20000 --ttl 20000")), restarts,
                          client(QStringLiteral("--hold 2000 --ttl 4000"))),
                 &r);
        QVERIFY2(r.exitCode == 0 && r.out.contains("verdict: PASS"), "the overlap was reported");
        int f1Expired = 0;
        bool lease = false;
        for (const QJsonObject& e : run) {
            f1Expired += e.value("client").toInt() == 1001 &&
                         e.value("kind").toString() == "section-end" &&
                         e.value("code").toString() == "expired";
            lease |= e.value("kind").toString() == "violation" &&
                     e.value("code").toString().contains(QLatin1String("lease"));
        }
        QCOMPARE(f1Expired, 0); // held, extended: never "expired"
        QVERIFY2(lease, "the overlap was reported as leases overlapping");
        QCOMPARE(countOf(run, 1001, "ok", "acquire"), 1);
        if (l.countsExtensions) {
            const QJsonObject own = ownCount(run, 1);
            QVERIFY2(!own.isEmpty(), "F1 printed its count");
            QCOMPARE(countOf(run, 1001, "ok", "extend"), own.value("extensions").toInt(-1));
        } else {
            QVERIFY(countOf(run, 1001, "ok", "extend") >= 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestLockClients)
#include "tst_lockclients.moc"
