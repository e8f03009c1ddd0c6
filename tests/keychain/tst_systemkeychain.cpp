// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop's keychain for real (GNOME Keyring's Secret Service, run by withkeyring.sh on a
// bus of its own): passwords go there and come back, are forgotten when asked, never touch
// the disk as a file of ours, and an older version's file moves in.

#include "settings/appsettings.h"
#include "settings/systemkeychain.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

class TestSystemKeychain : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QString ini() const { return m_dir.filePath(QStringLiteral("redlockscope.conf")); }
    static std::unique_ptr<Keychain> keychain()
    {
        return std::make_unique<SystemKeychain>(QStringLiteral("Redlock Scope test"));
    }

    static EngineConfig ownNodes(const QString& password)
    {
        EngineConfig config;
        for (quint16 port : {7001, 7002, 7003}) {
            NodeAddress a;
            a.host = QStringLiteral("10.0.0.1");
            a.port = port;
            config.nodes << a;
        }
        config.nodes[0].password = password;
        return config;
    }

private slots:
    void roundTrip()
    {
        SystemKeychain keychain(QStringLiteral("Redlock Scope test"));
        QString error;
        QByteArray data;
        QCOMPARE(keychain.read(QStringLiteral("nothing here"), &data, &error),
                 Keychain::Result::NotFound);
        QVERIFY2(keychain.write(QStringLiteral("k"), "secret ☃", &error) == Keychain::Result::Done,
                 qPrintable(error));
        QCOMPARE(keychain.read(QStringLiteral("k"), &data, &error), Keychain::Result::Done);
        QCOMPARE(data, QByteArray("secret ☃"));
        QCOMPARE(keychain.remove(QStringLiteral("k"), &error), Keychain::Result::Done);
        QCOMPARE(keychain.read(QStringLiteral("k"), &data, &error), Keychain::Result::NotFound);
    }

    void settingsKeepPasswordsInTheKeychain()
    {
        QFile::remove(ini());
        {
            AppSettings s(ini(), AppSettings::Access::ReadWrite, keychain());
            QCOMPARE(s.passwordPlace(), SecretStore::Place::Keychain);
            s.setRememberPasswords(true);
            s.setLastFleet(ownNodes(QStringLiteral("hunter2-secret")));
            QVERIFY(!QFileInfo::exists(s.passwordsFileName()));
        }
        AppSettings s(ini(), AppSettings::Access::ReadWrite, keychain());
        QCOMPARE(s.lastFleet(EngineConfig{})->nodes[0].password, QStringLiteral("hunter2-secret"));
        s.setRememberPasswords(false);
        AppSettings after(ini(), AppSettings::Access::ReadWrite, keychain());
        QVERIFY(after.lastFleet(EngineConfig{})->nodes[0].password.isEmpty());
    }

    void oldFileMovesIn()
    {
        QFile::remove(ini());
        {
            AppSettings old(ini(), AppSettings::Access::ReadWrite);
            old.setRememberPasswords(true);
            old.setPasswordsInFile(true);
            old.setLastFleet(ownNodes(QStringLiteral("pw-old")));
            QVERIFY(QFileInfo::exists(old.passwordsFileName()));
        }
        AppSettings s(ini(), AppSettings::Access::ReadWrite, keychain());
        QCOMPARE(s.lastFleet(EngineConfig{})->nodes[0].password, QStringLiteral("pw-old"));
        QVERIFY(!QFileInfo::exists(s.passwordsFileName()));
        AppSettings again(ini(), AppSettings::Access::ReadWrite, keychain());
        QCOMPARE(again.lastFleet(EngineConfig{})->nodes[0].password, QStringLiteral("pw-old"));
    }
};

QTEST_GUILESS_MAIN(TestSystemKeychain)
#include "tst_systemkeychain.moc"
