// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "settings/keychain.h"
#include "settings/secretstore.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>
#include <memory>
#include <optional>

class QSettings;

// What the window remembers between runs (QSettings, ~/.config/redlockscope/redlockscope.conf
// on Linux): theme, type scale, language, window geometry and docks, recent scenarios and
// runs, the nodes last used, and named fleets. Passwords go to a SecretStore (the desktop's
// keychain, or a file of their own if the user chose it where there is none), and only while
// rememberPasswords() is on.
//
// A read-only instance (screenshots, benchmarks, tests) reads what is there and writes
// nothing: a scripted run must not change what the user chose.
class AppSettings
{
    Q_DECLARE_TR_FUNCTIONS(AppSettings)

public:
    enum class Access
    {
        ReadWrite,
        ReadOnly
    };

    // The user's settings (organisation and application name of the QCoreApplication).
    explicit AppSettings(Access access = Access::ReadWrite);
    // An explicit INI file (tests); the passwords file goes beside it. keychain: the one to
    // keep passwords in; none (null, and without the argument) is a place where no keychain
    // answers: a test never touches the user's.
    AppSettings(const QString& iniPath, Access access,
                std::unique_ptr<Keychain> keychain = nullptr);
    ~AppSettings();

    bool isWritable() const { return m_access == Access::ReadWrite; }
    QString fileName() const;
    QString passwordsFileName() const { return m_secrets.filePath(); }
    // Writes what is pending to the file now (otherwise QSettings does it later).
    void sync();

    std::optional<bool> darkTheme() const;
    void setDarkTheme(bool dark);
    std::optional<double> typeScale() const;
    void setTypeScale(double scale);
    // "" follows the system; otherwise a code of Languages::available().
    QString language() const;
    void setLanguage(const QString& code);
    QByteArray windowGeometry() const;
    QByteArray windowState() const;
    void setWindow(const QByteArray& geometry, const QByteArray& state);

    static constexpr int MaxRecent = 8;
    QStringList recentScenarios() const;
    void addRecentScenario(const QString& source);
    QStringList recentRuns() const;
    void addRecentRun(const QString& path);

    // What the user agreed to run (ScenarioConsent::contentKey: a file and a hash of its
    // content): asked once per content, again when the file changes. The newest MaxConsents.
    static constexpr int MaxConsents = 200;
    bool isConsented(const QString& key) const;
    void addConsent(const QString& key);

    bool rememberPasswords() const;
    // Off forgets every stored password at once.
    void setRememberPasswords(bool remember);
    // Where remembered passwords go: the keychain, or where none answers (keychainProblem()
    // says why), the file if the user chose it, else nowhere.
    SecretStore::Place passwordPlace() const { return m_secrets.place(); }
    QString keychainProblem() const { return m_secrets.keychainProblem(); }
    bool passwordsInFile() const { return m_secrets.isFileChosen(); }
    void setPasswordsInFile(bool inFile);

    // The nodes last run against: nodes empty means local nodes (localNodeCount of them).
    // Passwords come back only if they were remembered.
    std::optional<EngineConfig> lastFleet(const EngineConfig& base) const;
    void setLastFleet(const EngineConfig& config);

    QStringList fleetNames() const;
    std::optional<QList<NodeAddress>> fleet(const QString& name) const;
    void saveFleet(const QString& name, const QList<NodeAddress>& nodes);
    void removeFleet(const QString& name);

private:
    AppSettings(std::unique_ptr<QSettings> settings, Access access,
                std::unique_ptr<Keychain> keychain, const QString& passwordsFile);
    QStringList recent(const QString& key) const;
    void addRecent(const QString& key, const QString& entry, int max = MaxRecent);
    QList<NodeAddress> readNodes(const QString& group, const QString& secretKey) const;
    void readTls(NodeAddress* node) const;
    void writeTls(const NodeAddress& node);
    void writeNodes(const QString& group, const QString& secretKey,
                    const QList<NodeAddress>& nodes);
    QStringList secretKeys() const;

    std::unique_ptr<QSettings> m_settings;
    Access m_access;
    SecretStore m_secrets;
};
