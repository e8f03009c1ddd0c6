// SPDX-License-Identifier: GPL-3.0-or-later
// Remembered passwords go to the system keychain. Where no keychain answers (no Secret Service
// on the bus, as on CI and under xvfb), the store says so and keeps nothing, and the Nodes
// dialog says why; a file of mode 0600 only when the user chooses it. A file an older version
// wrote moves into the keychain once.

#include "dialogs/nodesdialog.h"
#include "settings/appsettings.h"
#include "settings/keychain.h"
#include "settings/secretstore.h"
#include "settings/systemkeychain.h"

#include <QCheckBox>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QMap>
#include <QRadioButton>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

namespace {

// A keychain that answers, in memory; the test keeps a view of what it holds.
class MemoryKeychain : public Keychain
{
public:
    explicit MemoryKeychain(std::shared_ptr<QMap<QString, QByteArray>> entries)
        : m_entries(std::move(entries))
    {}

    Result read(const QString& key, QByteArray* data, QString*) override
    {
        if (!m_entries->contains(key))
            return Result::NotFound;
        *data = m_entries->value(key);
        return Result::Done;
    }
    Result write(const QString& key, const QByteArray& data, QString*) override
    {
        m_entries->insert(key, data);
        return Result::Done;
    }
    Result remove(const QString& key, QString*) override
    {
        return m_entries->remove(key) ? Result::Done : Result::NotFound;
    }

private:
    std::shared_ptr<QMap<QString, QByteArray>> m_entries;
};

NodeAddress node(quint16 port, const QString& password = {})
{
    NodeAddress a;
    a.host = QStringLiteral("10.0.0.1");
    a.port = port;
    a.password = password;
    return a;
}

EngineConfig ownNodes(const QString& password)
{
    EngineConfig config;
    config.nodes = {node(7001, password), node(7002), node(7003)};
    return config;
}

bool ownerOnly(const QString& path)
{
    const QFileDevice::Permissions others = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                            QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                            QFileDevice::WriteOther | QFileDevice::ExeOther;
    return (QFileInfo(path).permissions() & others) == 0;
}

} // namespace

class TestSecretStore : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::shared_ptr<QMap<QString, QByteArray>> m_keychain;

    QString ini() const { return m_dir.filePath(QStringLiteral("redlockscope.conf")); }
    QString passwordsFile() const { return m_dir.filePath(QStringLiteral("passwords.json")); }
    std::unique_ptr<Keychain> keychain() { return std::make_unique<MemoryKeychain>(m_keychain); }

private slots:
    // No session bus at all: the desktop's keychain cannot answer, whatever this machine has.
    void initTestCase() { qputenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/bus"); }

    void init()
    {
        QFile::remove(ini());
        QFile::remove(passwordsFile());
        m_keychain = std::make_shared<QMap<QString, QByteArray>>();
    }

    void noSecretServiceKeepsNothingAndSaysWhy()
    {
        AppSettings s(ini(), AppSettings::Access::ReadWrite,
                      std::make_unique<SystemKeychain>(QStringLiteral("Redlock Scope")));
        QCOMPARE(s.passwordPlace(), SecretStore::Place::Nowhere);
        QVERIFY(!s.keychainProblem().isEmpty());
        s.setRememberPasswords(true);
        s.setLastFleet(ownNodes(QStringLiteral("hunter2-secret")));
        s.sync();
        QVERIFY(s.lastFleet(EngineConfig{})->nodes[0].password.isEmpty());
        QVERIFY(!QFileInfo::exists(s.passwordsFileName()));
        QFile settingsFile(s.fileName());
        QVERIFY(settingsFile.open(QIODevice::ReadOnly));
        QVERIFY(!settingsFile.readAll().contains("hunter2"));

        NodesDialog dialog(EngineConfig{}, &s);
        QVERIFY(!dialog.keychainNote()->isHidden());
        QVERIFY2(dialog.keychainNote()->text().contains(s.keychainProblem()),
                 qPrintable(dialog.keychainNote()->text()));
        QVERIFY(!dialog.passwordsInFile()->isHidden());
        QVERIFY(!dialog.passwordsInFile()->isChecked()); // nothing chosen: nothing kept
        QVERIFY(dialog.passwordsInFile()->text().contains(s.passwordsFileName()));
    }

    // Chosen plainly in the dialog: the file, mode 0600, and only then.
    void fileOnlyWhenChosenAndOwnerOnly()
    {
        AppSettings s(ini(), AppSettings::Access::ReadWrite); // no keychain answers
        {
            NodesDialog dialog(EngineConfig{}, &s);
            dialog.externalRadio()->setChecked(true);
            dialog.setNodes(ownNodes(QStringLiteral("hunter2-secret")).nodes);
            dialog.rememberPasswords()->setChecked(true);
            QVERIFY(dialog.passwordsInFile()->isEnabled());
            dialog.passwordsInFile()->setChecked(true);
            QVERIFY(dialog.saveFleet(QStringLiteral("prod")));
        }
        QCOMPARE(s.passwordPlace(), SecretStore::Place::File);
        QVERIFY(QFileInfo::exists(s.passwordsFileName()));
        QVERIFY(ownerOnly(s.passwordsFileName()));
        QCOMPARE(s.fleet(QStringLiteral("prod"))->value(0).password,
                 QStringLiteral("hunter2-secret"));
        // The file's opt-in is remembered; taking it back removes the file.
        AppSettings again(ini(), AppSettings::Access::ReadWrite);
        QVERIFY(again.passwordsInFile());
        again.setPasswordsInFile(false);
        QVERIFY(!QFileInfo::exists(again.passwordsFileName()));
        QVERIFY(again.fleet(QStringLiteral("prod"))->value(0).password.isEmpty());
    }

    void keychainKeepsAndForgets()
    {
        AppSettings s(ini(), AppSettings::Access::ReadWrite, keychain());
        QCOMPARE(s.passwordPlace(), SecretStore::Place::Keychain);
        QVERIFY(s.keychainProblem().isEmpty());
        s.setRememberPasswords(true);
        s.setLastFleet(ownNodes(QStringLiteral("pw-last")));
        s.saveFleet(QStringLiteral("prod"), ownNodes(QStringLiteral("pw-prod")).nodes);
        QCOMPARE(m_keychain->keys(), QStringList({"fleet:prod", "last"}));
        QVERIFY(!QFileInfo::exists(s.passwordsFileName()));
        QCOMPARE(s.lastFleet(EngineConfig{})->nodes[0].password, QStringLiteral("pw-last"));
        QCOMPARE(s.fleet(QStringLiteral("prod"))->value(0).password, QStringLiteral("pw-prod"));
        NodesDialog dialog(EngineConfig{}, &s);
        QVERIFY(dialog.keychainNote()->isHidden());
        QVERIFY(dialog.passwordsInFile()->isHidden());

        s.removeFleet(QStringLiteral("prod"));
        QCOMPARE(m_keychain->keys(), QStringList({"last"}));
        s.setRememberPasswords(false); // forgets every password at once
        QVERIFY(m_keychain->isEmpty());
    }

    // An older version's 0600 file moves into the keychain, once, and is gone after.
    void oldFileMovesIntoTheKeychainOnce()
    {
        {
            AppSettings old(ini(), AppSettings::Access::ReadWrite);
            old.setRememberPasswords(true);
            old.setPasswordsInFile(true); // what the file was before there was a choice
            old.setLastFleet(ownNodes(QStringLiteral("pw-old")));
            QVERIFY(QFileInfo::exists(passwordsFile()));
        }
        {
            AppSettings readOnly(ini(), AppSettings::Access::ReadOnly, keychain());
            QCOMPARE(readOnly.passwordPlace(), SecretStore::Place::Keychain);
            QVERIFY(QFileInfo::exists(passwordsFile())); // a read-only run moves nothing
            QVERIFY(m_keychain->isEmpty());
        }
        AppSettings s(ini(), AppSettings::Access::ReadWrite, keychain());
        QCOMPARE(s.lastFleet(EngineConfig{})->nodes[0].password, QStringLiteral("pw-old"));
        QVERIFY(!QFileInfo::exists(passwordsFile()));
        QCOMPARE(m_keychain->keys(), QStringList({"last"}));
        m_keychain->insert(QStringLiteral("last"), R"(["pw-new","",""])");
        AppSettings later(ini(), AppSettings::Access::ReadWrite, keychain());
        QCOMPARE(later.lastFleet(EngineConfig{})->nodes[0].password, QStringLiteral("pw-new"));
        QVERIFY(!QFileInfo::exists(passwordsFile()));
    }
};

QTEST_MAIN(TestSecretStore)
#include "tst_secretstore.moc"
