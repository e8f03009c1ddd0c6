// SPDX-License-Identifier: GPL-3.0-or-later
// What the window remembers between runs: theme, type, language, window, recent scenarios
// and runs, the last nodes; passwords only when asked (where no keychain answers, in a file of
// mode 0600 when chosen: tst_secretstore has the rest); a read-only (scripted) run changes
// nothing.

#include "settings/appsettings.h"
#include "settings/languages.h"
#include "testcertificates.h"

#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

class TestAppSettings : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString ini() const { return m_dir.filePath(QStringLiteral("redlockscope.conf")); }

    static NodeAddress node(quint16 port, const QString& password = {})
    {
        NodeAddress a;
        a.host = QStringLiteral("10.0.0.1");
        a.port = port;
        a.password = password;
        return a;
    }

private slots:
    void init()
    {
        QFile::remove(ini());
        QFile::remove(m_dir.filePath(QStringLiteral("passwords.json")));
    }

    void nothingRememberedYet()
    {
        AppSettings s(ini(), AppSettings::Access::ReadWrite);
        QVERIFY(!s.darkTheme());
        QVERIFY(!s.typeScale());
        QVERIFY(s.language().isEmpty()); // follows the system
        QVERIFY(!s.lastFleet(EngineConfig{}));
        QVERIFY(s.recentScenarios().isEmpty());
    }

    void viewSurvivesARestart()
    {
        {
            AppSettings s(ini(), AppSettings::Access::ReadWrite);
            s.setDarkTheme(true);
            s.setTypeScale(1.35);
            s.setLanguage(QStringLiteral("ja"));
            s.setWindow("geometry", "state");
        }
        AppSettings s(ini(), AppSettings::Access::ReadWrite);
        QCOMPARE(s.darkTheme(), std::optional<bool>(true));
        QCOMPARE(s.typeScale(), std::optional<double>(1.35));
        QCOMPARE(s.language(), QStringLiteral("ja"));
        QCOMPARE(s.windowGeometry(), QByteArray("geometry"));
        QCOMPARE(s.windowState(), QByteArray("state"));
    }

    void readOnlyRunWritesNothing()
    {
        AppSettings s(ini(), AppSettings::Access::ReadOnly);
        s.setDarkTheme(true);
        s.addRecentScenario(QStringLiteral("builtin:gc-pause"));
        QVERIFY(!s.darkTheme());
        QVERIFY(s.recentScenarios().isEmpty());
        QVERIFY(!QFileInfo::exists(ini()));
    }

    void recentListsAreBoundedAndNewestFirst()
    {
        AppSettings s(ini(), AppSettings::Access::ReadWrite);
        for (int i = 0; i < AppSettings::MaxRecent + 3; ++i)
            s.addRecentScenario(QStringLiteral("/tmp/s%1.rls").arg(i));
        s.addRecentScenario(QStringLiteral("/tmp/s5.rls")); // again: moves to the top
        const QStringList list = s.recentScenarios();
        QCOMPARE(list.size(), AppSettings::MaxRecent);
        QCOMPARE(list.first(), QStringLiteral("/tmp/s5.rls"));
        QCOMPARE(list.count(QStringLiteral("/tmp/s5.rls")), 1);
        s.addRecentRun(QStringLiteral("/tmp/run.jsonl"));
        QCOMPARE(s.recentRuns(), QStringList{QStringLiteral("/tmp/run.jsonl")});
    }

    void lastFleetLocalOrOwn()
    {
        AppSettings s(ini(), AppSettings::Access::ReadWrite);
        EngineConfig local;
        local.localNodeCount = 3;
        s.setLastFleet(local);
        QCOMPARE(s.lastFleet(EngineConfig{})->localNodeCount, 3);
        QVERIFY(s.lastFleet(EngineConfig{})->nodes.isEmpty());

        EngineConfig own;
        own.nodes = {node(7001, QStringLiteral("pw")), node(7002), node(7003)};
        s.setLastFleet(own);
        const auto back = s.lastFleet(EngineConfig{});
        QVERIFY(back);
        QCOMPARE(back->nodes.size(), 3);
        QCOMPARE(back->nodes[1].port, quint16(7002));
        QVERIFY(back->nodes[0].password.isEmpty()); // not asked to remember
        QVERIFY(!QFileInfo::exists(s.passwordsFileName()));
    }

    // A rediss:// node comes back rediss://, with its TLS settings (the files' names), and
    // the run's TLS settings are set from it.
    void tlsNodesComeBack()
    {
        AppSettings s(ini(), AppSettings::Access::ReadWrite);
        TestCertificates certs; // a fleet whose TLS files cannot be read is not taken back
        QVERIFY2(certs.ok(), qPrintable(certs.error()));
        TlsSettings tls;
        tls.caFile = certs.path(QStringLiteral("ca.pem"));
        tls.certFile = certs.path(QStringLiteral("client.pem"));
        tls.keyFile = certs.path(QStringLiteral("client.key"));
        tls.serverName = QStringLiteral("redis.internal");
        EngineConfig own;
        own.nodes = {node(7001), node(7002), node(7003)};
        own.nodes[0].tls = own.nodes[1].tls = true;
        own.setTls(tls);
        s.setLastFleet(own);
        const auto back =
            AppSettings(ini(), AppSettings::Access::ReadWrite).lastFleet(EngineConfig{});
        QVERIFY(back);
        QVERIFY(back->nodes[0].tls && back->nodes[1].tls && !back->nodes[2].tls);
        QCOMPARE(back->nodes[1].tlsSettings, tls);
        QCOMPARE(back->tls, tls);
        s.saveFleet(QStringLiteral("secure"), own.nodes);
        QCOMPARE(s.fleet(QStringLiteral("secure"))->at(0).tlsSettings, tls);
        QVERIFY(!s.fleet(QStringLiteral("secure"))->at(2).tls);
    }

    void passwordsOnlyWhenAskedInAFileOfTheirOwn()
    {
        AppSettings s(ini(), AppSettings::Access::ReadWrite); // no keychain answers
        s.setRememberPasswords(true);
        s.setPasswordsInFile(true);
        EngineConfig own;
        own.nodes = {node(7001, QStringLiteral("hunter2-secret"))};
        s.setLastFleet(own);
        s.sync();
        QCOMPARE(s.lastFleet(EngineConfig{})->nodes[0].password, QStringLiteral("hunter2-secret"));
        const QFileInfo file(s.passwordsFileName());
        QVERIFY(file.exists());
        QCOMPARE(int(file.permissions() & (QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                           QFileDevice::ReadOther | QFileDevice::WriteOther)),
                 0);
        QFile settingsFile(s.fileName());
        QVERIFY(settingsFile.open(QIODevice::ReadOnly));
        QVERIFY(!settingsFile.readAll().contains("hunter2"));

        s.setRememberPasswords(false); // forgets every password at once
        QVERIFY(!QFileInfo::exists(s.passwordsFileName()));
        QVERIFY(s.lastFleet(EngineConfig{})->nodes[0].password.isEmpty());
    }

    void damagedValuesAreIgnored()
    {
        {
            QSettings raw(ini(), QSettings::IniFormat);
            raw.setValue(QStringLiteral("view/theme"), QStringLiteral("purple"));
            raw.setValue(QStringLiteral("view/typeScale"), 40);
        }
        AppSettings s(ini(), AppSettings::Access::ReadWrite);
        QVERIFY(!s.darkTheme());
        QVERIFY(!s.typeScale());
    }

    // A remembered type size is taken only within what --zoom and the window allow (70 to
    // 260 %): one range for all three, not a wider one here that the window then clamps.
    void typeScaleKeepsToTheWindowsRange_data()
    {
        QTest::addColumn<double>("scale");
        QTest::addColumn<bool>("taken");
        QTest::newRow("smallest") << 0.7 << true;
        QTest::newRow("large") << 1.35 << true;
        QTest::newRow("largest") << 2.6 << true;
        QTest::newRow("below") << 0.6 << false;
        QTest::newRow("above") << 2.9 << false;
    }

    void typeScaleKeepsToTheWindowsRange()
    {
        QFETCH(double, scale);
        QFETCH(bool, taken);
        {
            QSettings raw(ini(), QSettings::IniFormat);
            raw.setValue(QStringLiteral("view/typeScale"), scale);
        }
        AppSettings s(ini(), AppSettings::Access::ReadOnly);
        QCOMPARE(s.typeScale().has_value(), taken);
    }

    void languagesResolve()
    {
        QCOMPARE(Languages::resolve(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(Languages::resolve(QStringLiteral("ja")), QStringLiteral("ja"));
        QVERIFY(Languages::isKnown(QStringLiteral("system")));
        QVERIFY(!Languages::isKnown(QStringLiteral("xx")));
        QCOMPARE(Languages::engineLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh"));
    }
};

QTEST_MAIN(TestAppSettings)
#include "tst_appsettings.moc"
