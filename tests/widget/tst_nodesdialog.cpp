// SPDX-License-Identifier: GPL-3.0-or-later
// The Nodes dialog: N nodes edited one per row, checked with the command line's rules before
// anything restarts; each row's connection tested against real redis-server processes with
// the engine's own words; named fleets saved and loaded (with passwords only when asked).

#include "dialogs/nodesdialog.h"
#include "dialogs/tlsbox.h"
#include "settings/appsettings.h"
#include "testcertificates.h"
#include "testfleet.h"
#include "tlstestfleet.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

class TestNodesDialog : public QObject
{
    Q_OBJECT

private:
    static void ok(NodesDialog& dialog)
    {
        dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
    }

    static NodeAddress address(const QString& host, quint16 port, const QString& user = {},
                               const QString& password = {}, int db = 0)
    {
        NodeAddress a;
        a.host = host;
        a.port = port;
        a.user = user;
        a.password = password;
        a.db = db;
        return a;
    }

    // A port nothing listens on: bound, then closed.
    static quint16 closedPort()
    {
        QTcpServer server;
        server.listen(QHostAddress::LocalHost);
        const quint16 port = server.serverPort();
        server.close();
        return port;
    }

private slots:
    void unchangedLocalFleet()
    {
        NodesDialog dialog(EngineConfig{}, nullptr);
        QVERIFY(dialog.localRadio()->isChecked());
        QVERIFY(!dialog.table()->isEnabled()); // rows are for one's own masters
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(!dialog.nodesChanged());
    }

    void localCountChangeRestarts()
    {
        NodesDialog dialog(EngineConfig{}, nullptr);
        dialog.localCount()->setValue(3);
        ok(dialog);
        QVERIFY(dialog.nodesChanged());
        QCOMPARE(dialog.config().localNodeCount, 3);
        QVERIFY(dialog.config().nodes.isEmpty());
    }

    void evenNodeCountsAreRefused()
    {
        NodesDialog dialog(EngineConfig{}, nullptr);
        dialog.show();
        dialog.externalRadio()->setChecked(true);
        dialog.setNodes({address("127.0.0.1", 7001), address("127.0.0.1", 7002)});
        ok(dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.error().contains(QStringLiteral("odd")), qPrintable(dialog.error()));
        QVERIFY(!dialog.nodesChanged());
    }

    void badRowIsNamed()
    {
        NodesDialog dialog(EngineConfig{}, nullptr);
        dialog.show();
        dialog.externalRadio()->setChecked(true);
        dialog.setNodes(
            {address("127.0.0.1", 7001), address("not a host!", 7002), address("127.0.0.1", 7003)});
        ok(dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.error().startsWith(QStringLiteral("Node 2: ")), qPrintable(dialog.error()));
    }

    void oneServerTwiceIsRefused()
    {
        NodesDialog dialog(EngineConfig{}, nullptr);
        dialog.show();
        dialog.externalRadio()->setChecked(true);
        dialog.setNodes(
            {address("127.0.0.1", 7001), address("localhost", 7001), address("127.0.0.1", 7003)});
        ok(dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY(!dialog.error().isEmpty());
    }

    void rowsCarryCredentials()
    {
        NodesDialog dialog(EngineConfig{}, nullptr);
        dialog.externalRadio()->setChecked(true);
        dialog.setNodes({address("10.0.0.1", 6379, "scope", "secret", 2)});
        // "Add node" copies the last row one port up: neighbours are the usual case.
        dialog.findChild<QPushButton*>(QStringLiteral("addNode"))->click();
        dialog.findChild<QPushButton*>(QStringLiteral("addNode"))->click();
        QCOMPARE(dialog.rowCount(), 3);
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.nodesChanged());
        const QList<NodeAddress> nodes = dialog.config().nodes;
        QCOMPARE(nodes.size(), 3);
        QCOMPARE(nodes[2].host, QStringLiteral("10.0.0.1"));
        QCOMPARE(nodes[2].port, quint16(6381));
        QCOMPARE(nodes[2].user, QStringLiteral("scope"));
        QCOMPARE(nodes[2].password, QStringLiteral("secret"));
        QCOMPARE(nodes[2].db, 2);
    }

    // Each row says how its connection went, in the engine's words.
    void testConnectionsWithClearErrors()
    {
        RedisServerProcess::Options withPassword;
        withPassword.password = QStringLiteral("s3cret");
        TestFleet fleet(1, withPassword);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        NodeAddress good = fleet.address(0);
        NodeAddress wrongPassword = good;
        wrongPassword.password = QStringLiteral("nope");

        NodesDialog dialog(EngineConfig{}, nullptr);
        dialog.externalRadio()->setChecked(true);
        dialog.setNodes({good, wrongPassword, address("127.0.0.1", closedPort())});
        dialog.findChild<QPushButton*>(QStringLiteral("testConnections"))->click();
        QVERIFY(dialog.testText(0).contains(QStringLiteral("testing")));
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isTesting(), 10000);
        QVERIFY2(dialog.testText(0).startsWith(QStringLiteral("✓ Redis 7")),
                 qPrintable(dialog.testText(0)));
        QVERIFY2(dialog.testText(1).contains(QStringLiteral("wrong password")),
                 qPrintable(dialog.testText(1)));
        QVERIFY2(dialog.testText(2).contains(QStringLiteral("refused")),
                 qPrintable(dialog.testText(2)));
    }

    // rediss:// nodes stay rediss:// through the dialog, with the run's TLS settings, which
    // the TLS box edits for every TLS row (and the storage).
    void tlsRowsKeepTlsAndItsSettings()
    {
        TestCertificates certs;
        QVERIFY2(certs.ok(), qPrintable(certs.error()));
        TlsSettings tls;
        tls.caFile = certs.path(QStringLiteral("ca.pem"));
        EngineConfig config;
        NodeAddress secure = address("10.0.0.1", 6380);
        secure.tls = true;
        config.nodes = {secure, secure, address("10.0.0.3", 6379)};
        config.nodes[1].host = QStringLiteral("10.0.0.2");
        config.setTls(tls);

        NodesDialog dialog(config, nullptr);
        QVERIFY(dialog.externalRadio()->isChecked());
        QVERIFY(dialog.tlsCheck(0)->isChecked());
        QVERIFY(dialog.tlsCheck(1)->isChecked());
        QVERIFY(!dialog.tlsCheck(2)->isChecked());
        QCOMPARE(dialog.tlsBox()->caFile()->text(), tls.caFile);
        dialog.tlsBox()->serverName()->setText(QStringLiteral("redis.internal"));
        dialog.tlsCheck(1)->setChecked(false);
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.nodesChanged());
        const EngineConfig result = dialog.config();
        QVERIFY(result.nodes[0].tls);
        QCOMPARE(result.nodes[0].tlsSettings.caFile, tls.caFile);
        QCOMPARE(result.nodes[0].tlsSettings.serverName, QStringLiteral("redis.internal"));
        QVERIFY(!result.nodes[1].tls);
        QVERIFY(!result.nodes[2].tls);
        QCOMPARE(result.tls.serverName, QStringLiteral("redis.internal"));
    }

    // A TLS file that cannot be read is named before anything connects; the dialog stays.
    void unreadableTlsFileIsNamed()
    {
        NodesDialog dialog(EngineConfig{}, nullptr);
        dialog.externalRadio()->setChecked(true);
        dialog.setNodes({address("10.0.0.1", 6380)});
        dialog.tlsCheck(0)->setChecked(true);
        const QString missing = QStringLiteral("/nonexistent/ca.pem");
        dialog.tlsBox()->caFile()->setText(missing);
        dialog.show();
        ok(dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.error().startsWith(QStringLiteral("Node 1: ")) &&
                     dialog.error().contains(missing),
                 qPrintable(dialog.error()));
        dialog.tlsCheck(0)->setChecked(false); // a plain node needs no file
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }

    // "Test connections" speaks TLS to a TLS row, against a real node that speaks only TLS;
    // the same row unmarked says what to change.
    void testConnectionOverTls()
    {
        TestCertificates certs;
        QVERIFY2(certs.ok(), qPrintable(certs.error()));
        TlsTestFleet fleet(certs, 1);
        QVERIFY2(fleet.ok(), qPrintable(fleet.error()));
        const NodeAddress node = address("127.0.0.1", fleet.port(0));

        NodesDialog dialog(EngineConfig{}, nullptr);
        dialog.externalRadio()->setChecked(true);
        dialog.setNodes({node, node});
        dialog.tlsCheck(0)->setChecked(true);
        dialog.tlsBox()->caFile()->setText(certs.path(QStringLiteral("ca.pem")));
        dialog.testAll();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isTesting(), 15000);
        QVERIFY2(dialog.testText(0).startsWith(QStringLiteral("✓ Redis 7")),
                 qPrintable(dialog.testText(0)));
        QVERIFY2(dialog.testText(1).contains(QStringLiteral("rediss://")),
                 qPrintable(dialog.testText(1)));
    }

    void fleetsAreSavedAndLoaded()
    {
        QTemporaryDir dir;
        AppSettings settings(dir.filePath(QStringLiteral("settings.ini")),
                             AppSettings::Access::ReadWrite);
        {
            NodesDialog dialog(EngineConfig{}, &settings);
            dialog.externalRadio()->setChecked(true);
            dialog.setNodes({address("10.0.0.1", 7001, "u", "pw"), address("10.0.0.2", 7002),
                             address("10.0.0.3", 7003)});
            QVERIFY(!dialog.saveFleet(QStringLiteral("  "))); // a name is needed
            QVERIFY(dialog.saveFleet(QStringLiteral("staging")));
            QCOMPARE(dialog.fleets()->currentText(), QStringLiteral("staging"));
        }
        QCOMPARE(settings.fleetNames(), QStringList{QStringLiteral("staging")});
        // Passwords were not asked to be remembered: the fleet comes back without them.
        QVERIFY(!QFileInfo::exists(settings.passwordsFileName()));

        NodesDialog dialog(EngineConfig{}, &settings);
        QVERIFY(dialog.localRadio()->isChecked());
        QVERIFY(dialog.loadFleet(QStringLiteral("staging")));
        QVERIFY(dialog.externalRadio()->isChecked());
        QCOMPARE(dialog.rowCount(), 3);
        // The user came back, its password did not: the dialog asks for it.
        dialog.show();
        ok(dialog);
        QVERIFY(dialog.isVisible());
        QVERIFY2(dialog.error().contains(QStringLiteral("password")), qPrintable(dialog.error()));
        static_cast<QLineEdit*>(dialog.table()->cellWidget(0, 3))->setText(QStringLiteral("pw"));
        ok(dialog);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(dialog.nodesChanged());
        QCOMPARE(dialog.config().nodes[0].user, QStringLiteral("u"));
        QCOMPARE(dialog.config().nodes[0].password, QStringLiteral("pw"));
        QVERIFY(!dialog.loadFleet(QStringLiteral("missing")));
    }

    void passwordsOnlyWhenAsked()
    {
        QTemporaryDir dir;
        AppSettings settings(dir.filePath(QStringLiteral("settings.ini")),
                             AppSettings::Access::ReadWrite); // no keychain answers
        NodesDialog dialog(EngineConfig{}, &settings);
        dialog.externalRadio()->setChecked(true);
        dialog.setNodes({address("10.0.0.1", 7001, "u", "hunter2-secret")});
        dialog.rememberPasswords()->setChecked(true);
        dialog.passwordsInFile()->setChecked(true); // the file, chosen plainly
        QVERIFY(dialog.saveFleet(QStringLiteral("prod")));
        const QFileInfo file(settings.passwordsFileName());
        QVERIFY(file.exists());
        // Mode 0600: the owner reads and writes, nobody else does anything.
        const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                                QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                                QFileDevice::WriteOther | QFileDevice::ExeOther;
        QCOMPARE(int(file.permissions() & others), 0);
        QVERIFY(file.permissions().testFlags(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        QCOMPARE(settings.fleet(QStringLiteral("prod"))->value(0).password,
                 QStringLiteral("hunter2-secret"));
        // The settings file itself never holds a password.
        settings.sync();
        QFile ini(settings.fileName());
        QVERIFY(ini.open(QIODevice::ReadOnly));
        QVERIFY(!ini.readAll().contains("hunter2"));
    }
};

QTEST_MAIN(TestNodesDialog)
#include "tst_nodesdialog.moc"
