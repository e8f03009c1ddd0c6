// SPDX-License-Identifier: GPL-3.0-or-later
// Least privilege (issue 35): the ACL users docs/tls.md gives, on real redis-server nodes
// (TLS ones, as managed Redis is): with exactly those permissions the run locks, faults and is
// judged; a user that lacks one is told which permission, in words.
#include "apprun.h"
#include "model/aclrules.h"
#include "testcertificates.h"
#include "testfleet.h"
#include "tlstestfleet.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace {

using AppRun::Result;

// Each user's rules as AclRules gives them (the README, docs/tls.md and `redlockscope help acl`
// show the same), as redis-server's `user` directive takes them (ACL SETUSER's words).
const QStringList kLocker =
    QStringList{"on", ">pw"} + AclRules::locking(QStringLiteral("stock-lock"));
const QStringList kFaults = AclRules::faults();
const QStringList kStock = QStringList{"on", ">pw"} + AclRules::storage(QStringLiteral("stock"));

QStringList userArgs(const QString& name, const QStringList& rules)
{
    return QStringList{QStringLiteral("--user"), name} << rules;
}

QStringList without(QStringList rules, const QString& rule)
{
    rules.removeAll(rule);
    return rules;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(text);
    return path;
}

// Faults on external nodes: pause, persistence, a clock jump, a kill.
const QByteArray kFaultScenario = "seed 2\n"
                                  "defaults ttl=2000 work=100 think=50\n"
                                  "stock 100\n"
                                  "client add C1\n"
                                  "wait until acquired 15000\n"
                                  "node pause 1 300\n"
                                  "sleep 500\n"
                                  "node persistence 2 always\n"
                                  "node clock 2 100\n"
                                  "node kill 3\n"
                                  "sleep 1000\n"
                                  "expect safe\n";

QString text(const Result& r)
{
    return QString::fromUtf8(r.out + "\n--- stderr ---\n" + r.err);
}

} // namespace

class TestLeastPrivilege : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(m_certs.ok(), qPrintable(m_certs.error())); }

    // Watching and locking, faults, the storage: each user with exactly its permissions.
    void exactPermissionsOnTlsNodes()
    {
        TlsTestFleet::Options nodes;
        nodes.extraArgs = userArgs(QStringLiteral("locker"), kLocker) +
                          userArgs(QStringLiteral("faulter"), kLocker + kFaults);
        TlsTestFleet fleet(m_certs, 3, nodes);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        TlsTestFleet::Options storageOptions;
        storageOptions.extraArgs = userArgs(QStringLiteral("stock"), kStock);
        TlsTestFleet storage(m_certs, 1, storageOptions);
        QVERIFY2(storage.ok(), qPrintable(storage.error()));
        const QString ca = m_certs.path(QStringLiteral("ca.pem"));

        const Result locking = AppRun::run(
            {QStringLiteral("--headless"), QStringLiteral("--no-record"),
             QStringLiteral("--duration"), QStringLiteral("3"), QStringLiteral("--clients"),
             QStringLiteral("3"), QStringLiteral("--nodes"),
             fleet.urls(QStringLiteral("locker:pw")), QStringLiteral("--storage"),
             storage.urls(QStringLiteral("stock:pw")), QStringLiteral("--tls-ca"), ca},
            60000);
        QVERIFY2(locking.exitCode == 0, qPrintable(text(locking)));
        QVERIFY2(locking.out.contains("acquire ok"), qPrintable(text(locking)));
        QVERIFY2(!locking.out.contains("no permission") && !locking.out.contains("NOPERM"),
                 qPrintable(text(locking)));

        QTemporaryDir dir;
        const Result faults =
            AppRun::run({QStringLiteral("--headless"), QStringLiteral("--no-record"),
                         QStringLiteral("--allow-destructive"), QStringLiteral("--scenario"),
                         writeFile(dir, QStringLiteral("faults.rls"), kFaultScenario),
                         QStringLiteral("--nodes"), fleet.urls(QStringLiteral("faulter:pw")),
                         QStringLiteral("--storage"), storage.urls(QStringLiteral("stock:pw")),
                         QStringLiteral("--tls-ca"), ca},
                        90000);
        QVERIFY2(faults.exitCode == 0, qPrintable(text(faults)));
        QVERIFY2(faults.out.contains("verdict: PASS"), qPrintable(text(faults)));
        QVERIFY2(faults.out.contains("node 3: kill done"), qPrintable(text(faults)));
    }

    // A user that lacks one permission: the refusal names it, and the run is not stuck.
    void lackingOnePermission_data()
    {
        QTest::addColumn<QString>("missing");
        QTest::addColumn<QString>("words");
        QTest::newRow("+set: the lock's write")
            << "+set"
            << "no permission (ACL): the user may not run 'set' (it needs +set)";
        QTest::newRow("+eval: the release")
            << "+eval"
            << "no permission (ACL): the user may not run 'eval' (it needs +eval)";
        QTest::newRow("~stock-lock*: the key")
            << "~stock-lock*"
            << "no permission (ACL): the user may not use this key";
        QTest::newRow("+info: the handshake")
            << "+info"
            << "no permission (ACL): the user may not run 'info' (it needs +info)";
        QTest::newRow("+shutdown: node kill")
            << "+shutdown"
            << "node 1 refused kill: no permission (ACL): the user may not run 'shutdown' (it "
               "needs +shutdown)";
        QTest::newRow("+client|pause: node pause")
            << "+client|pause"
            << "node 1 refused pause: no permission (ACL): the user may not run 'client|pause' "
               "(it needs +client|pause)";
        QTest::newRow("+config|set: node persistence")
            << "+config|set"
            << "no permission (ACL): the user may not run 'config|set' (it needs +config|set)";
    }

    void lackingOnePermission()
    {
        QFETCH(QString, missing);
        QFETCH(QString, words);
        RedisServerProcess::Options node;
        node.extraArgs = userArgs(QStringLiteral("faulter"), without(kLocker + kFaults, missing));
        TestFleet fleet(1, node);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        QTemporaryDir dir;
        const QString nodes = QStringLiteral("faulter:pw@") + fleet.address(0).display();
        const QByteArray fault = missing == QLatin1String("+shutdown")       ? "node kill 1\n"
                                 : missing == QLatin1String("+client|pause") ? "node pause 1 300\n"
                                 : missing == QLatin1String("+config|set")
                                     ? "node persistence 1 always\n"
                                     : QByteArray();
        // A fault is a scenario's step (the step fails with the words); the lock's own
        // commands are watched in a plain run with short holds, whose history shows every
        // answer.
        const QByteArray config = "{\"nodes\": [\"" + nodes.toUtf8() +
                                  "\"], \"client\": {\"workMinMs\": 100, \"workMaxMs\": 100, "
                                  "\"thinkMs\": 50}}";
        const QStringList args =
            fault.isEmpty()
                ? QStringList{QStringLiteral("--duration"), QStringLiteral("2"),
                              QStringLiteral("--config"),
                              writeFile(dir, QStringLiteral("lacking.json"), config)}
                : QStringList{QStringLiteral("--nodes"), nodes,
                              QStringLiteral("--allow-destructive"), QStringLiteral("--scenario"),
                              writeFile(dir, QStringLiteral("lacking.rls"),
                                        "client add C1\nsleep 500\n" + fault + "sleep 300\n")};
        const Result r = AppRun::run(
            QStringList{QStringLiteral("--headless"), QStringLiteral("--no-record")} << args,
            60000);
        QVERIFY2(r.exitCode >= 0, qPrintable(text(r))); // ended by itself, no crash
        QVERIFY2(QString::fromUtf8(r.out + r.err).contains(words), qPrintable(text(r)));
    }

private:
    TestCertificates m_certs;
};

QTEST_GUILESS_MAIN(TestLeastPrivilege)
#include "tst_leastprivilege.moc"
