// SPDX-License-Identifier: GPL-3.0-or-later
// Your own client under test, as one file (issue 24): a scenario starts the engineer's
// client with `exec`, names it F1 as the app will, faults it and ends with a verdict; the
// binary runs with --expose as a user runs it. The clients are Python on Debian's redis-py:
// its Lock on one node, and a Redlock written in a few lines over the five exposed ports.
#include "apprun.h"

#include <QStandardPaths>

using namespace AppRun;

namespace {

bool havePythonRedis()
{
    QProcess p;
    p.start(QStringLiteral("/usr/bin/python3"),
            {QStringLiteral("-c"), QStringLiteral("import redis")});
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// redis-py's Lock on node 1, for `seconds`.
constexpr char PyLock[] = R"(import redis, sys, time
r = redis.Redis(host='127.0.0.1', port=int(sys.argv[1]), socket_timeout=1)
r.client_setname('pyworker')
end = time.time() + float(sys.argv[2])
while time.time() < end:
    lock = r.lock('stock-lock', timeout=3, blocking_timeout=1)
    try:
        if lock.acquire():
            time.sleep(0.2)
            lock.release()
    except redis.exceptions.RedisError as e:
        print('error', e, flush=True)
    time.sleep(0.1)
)";

// A Redlock from the algorithm's page: SET NX PX on each of five nodes, held with three.
// It takes the lock once for 10 s and keeps it.
constexpr char PyRedlock[] = R"(import redis, sys, time
base = int(sys.argv[1])
nodes = [redis.Redis(host='127.0.0.1', port=base + i, socket_timeout=0.5) for i in range(5)]
for n in nodes:
    n.client_setname('pyredlock')
granted = 0
for n in nodes:
    try:
        granted += bool(n.set('stock-lock', 'pyredlock-token', nx=True, px=10000))
    except redis.exceptions.RedisError:
        pass
print('granted', granted, flush=True)
time.sleep(9)
)";

// redis-py's Sentinel client, given the three exposed Sentinel ports after the nodes and the
// storage (topology replicated: two nodes, so base+3..base+5): it locks on the master the
// Sentinels name and says each master it is sent to, the replicas and the other Sentinels it
// is told of, and the +switch-master message it hears.
constexpr char PySentinel[] = R"(import json, sys, time
import redis
from redis.sentinel import Sentinel
base = int(sys.argv[1])
s = Sentinel([('127.0.0.1', base + 3 + i) for i in range(3)], socket_timeout=0.5)
m = s.master_for('redlock', socket_timeout=0.5, client_name='pysentinel')
first = s.sentinels[0]
print('replicas', [r['port'] for r in first.sentinel_slaves('redlock')], flush=True)
print('sentinels', sorted(o['port'] for o in first.sentinel_sentinels('redlock')), flush=True)
events = first.pubsub()
events.subscribe('+switch-master')
got, masters, end = 0, [], time.time() + float(sys.argv[2])
while time.time() < end:
    try:
        message = events.get_message(timeout=0)
        if message and message['type'] == 'message':
            print('switch', message['data'].decode(), flush=True)
        addr = '%s:%d' % s.discover_master('redlock')
        if not masters or masters[-1] != addr:
            masters.append(addr)
            print('master', addr, flush=True)
        lock = m.lock('stock-lock', timeout=2, blocking_timeout=1)
        if lock.acquire():
            got += 1
            time.sleep(0.1)
            lock.release()
    except redis.exceptions.RedisError:
        time.sleep(0.2)
    time.sleep(0.05)
print(json.dumps({'acquisitions': got, 'masters': masters}), flush=True)
)";

} // namespace

class TestYourClient : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    Result play(const QByteArray& client, const QString& scenario, const QString& record = {},
                const QStringList& extra = {}, quint16* basePort = nullptr)
    {
        for (int attempt = 1;; ++attempt) {
            const Result r = playOnce(client, scenario, record, extra, basePort);
            if (attempt == 3 || !portTakenMeanwhile(r))
                return r;
            qInfo("a port was taken before the run opened it: again, on others");
        }
    }

    Result playOnce(const QByteArray& client, const QString& scenario, const QString& record,
                    const QStringList& extra, quint16* basePort)
    {
        const quint16 base = LoopbackPorts::freeRun(ExposedPorts);
        if (basePort)
            *basePort = base;
        if (base == 0)
            return {};
        const QString script = writeFile(m_dir.filePath(QStringLiteral("client.py")), client);
        QString text = scenario;
        text.replace(QLatin1String("CLIENT"),
                     QStringLiteral("/usr/bin/python3 %1 %2").arg(script).arg(base));
        const QString file = writeFile(m_dir.filePath(QStringLiteral("yours.rls")), text.toUtf8());
        QStringList args{QStringLiteral("--headless"),
                         QStringLiteral("--expose"),
                         QString::number(base),
                         QStringLiteral("--scenario"),
                         file,
                         QStringLiteral("--allow-exec")};
        args << extra;
        args << (record.isEmpty() ? QStringList{QStringLiteral("--no-record")}
                                  : QStringList{QStringLiteral("--record"), record});
        return run(args, 90000);
    }

private slots:
    void initTestCase()
    {
        if (!havePythonRedis())
            QSKIP("Debian's python3-redis is not installed (scripts/install-deps.sh installs it)");
    }

    void redisPyLockPausedByTheScenario()
    {
        const Result r = play(PyLock, QStringLiteral("# redis-py's Lock on node 1\n"
                                                     "exec CLIENT 6\n"
                                                     "wait F1 holding 5000\n"
                                                     "client pause F1 1000\n"
                                                     "wait F1 paused 1000\n"
                                                     "sleep 2500\n"
                                                     "expect acquisitions(F1) >= 3\n"
                                                     "expect safe\n"));
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QVERIFY2(r.out.contains("verdict: PASS"), r.out);
        QVERIFY2(r.out.contains("pause: F1's bytes wait in the proxies"), r.out);
    }

    // Nodes 1-3 restart without persistence under F1's 10 s lease; C1 takes them.
    void aForeignLeaseAndASimulatedLockOverlap()
    {
        const Result r = play(PyRedlock,
                              QStringLiteral("# a Redlock of your own, its keys lost\n"
                                             "exec CLIENT\n"
                                             "wait F1 holding 5000\n"
                                             "node restart 1\n"
                                             "node restart 2\n"
                                             "node restart 3\n"
                                             "client add C1 ttl=3000 work=300\n"
                                             "wait until overlap 8000\n"
                                             "expect overlaps >= 1\n"),
                              m_dir.filePath(QStringLiteral("overlap.jsonl")));
        QVERIFY2(r.exitCode == 0, r.out + r.err);
        QVERIFY2(r.out.contains("verdict: PASS"), r.out);
        // The run file says what kind of overlap it was: leases (what the app can know of
        // a foreign client's lock), between F1 and C1.
        const QByteArray recorded = readAll(m_dir.filePath(QStringLiteral("overlap.jsonl")));
        QVERIFY2(recorded.contains("lease-overlap") || recorded.contains("LeaseOverlap"),
                 recorded.right(2000));
    }

    // Master, replica and Sentinels: redis-py's Sentinel client asks the exposed Sentinels for
    // the master, locks there, and once node 1 is killed and Sentinel promotes node 2 it is
    // sent to node 2's exposed port (not its own, nor the proxy's replication listener), so
    // its lane keeps recording, now on node 2.
    void aSentinelClientFollowsAFailoverThroughTheApp()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("redis-sentinel")).isEmpty() &&
            !QFile::exists(QStringLiteral("/usr/bin/redis-sentinel")))
            QSKIP("redis-sentinel is not installed (scripts/install-deps.sh installs it)");
        quint16 base = 0;
        const QString record = m_dir.filePath(QStringLiteral("sentinel.jsonl"));
        const Result r =
            play(PySentinel,
                 QStringLiteral("exec CLIENT 14\n"
                                "wait until acquired(F1) 10000\n"
                                "node kill 1\n"
                                "sleep 9000\n"
                                "expect acquisitions(F1) >= 3\n"),
                 record, {QStringLiteral("--topology"), QStringLiteral("replicated")}, &base);
        QVERIFY2(r.exitCode == 0 && r.out.contains("verdict: PASS"), r.out + r.err);
        const QByteArray run = readAll(record);
        for (int i = 0; i < 3; ++i)
            QVERIFY2(run.contains(QStringLiteral("sentinel %1 for your clients: 127.0.0.1:%2")
                                      .arg(i + 1)
                                      .arg(base + 3 + i)
                                      .toUtf8()),
                     run.left(3000));
        // Sent to node 1's exposed port, then to node 2's: Sentinel's answers were rewritten.
        QVERIFY2(run.contains(QStringLiteral("exec: master 127.0.0.1:%1").arg(base).toUtf8()),
                 run.left(3000));
        QVERIFY2(run.contains(QStringLiteral("exec: master 127.0.0.1:%1").arg(base + 1).toUtf8()),
                 run.left(3000));
        // The replica, the other two Sentinels and the switch, by their exposed ports too.
        const auto said = [&run](const QString& line) { return run.contains(line.toUtf8()); };
        QVERIFY2(said(QStringLiteral("exec: replicas [%1]").arg(base + 1)), run.left(3000));
        const QList<int> sentinels{base + 3, base + 4, base + 5};
        bool twoOthers = false;
        for (int i = 0; i < 3; ++i) {
            QList<int> others = sentinels;
            others.removeAt(i);
            twoOthers |=
                said(QStringLiteral("exec: sentinels [%1, %2]").arg(others[0]).arg(others[1]));
        }
        QVERIFY2(twoOthers, run.left(3000));
        QVERIFY2(said(QStringLiteral("exec: switch redlock 127.0.0.1 %1 127.0.0.1 %2")
                          .arg(base)
                          .arg(base + 1)),
                 run.left(6000));
        // Its lane recorded leases on node 2 after the kill.
        const qsizetype killed = run.indexOf("\"text\":\"node kill 1\"");
        QVERIFY(killed > 0);
        const qsizetype onNode2 = run.indexOf("\"f\":\"acquire\",\"client\":1001", killed);
        QVERIFY2(onNode2 > 0 && run.indexOf("\"nodes\":[2]", onNode2) > 0, run.mid(killed, 3000));
    }
};

QTEST_GUILESS_MAIN(TestYourClient)
#include "tst_yourclient.moc"
