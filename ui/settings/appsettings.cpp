// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/appsettings.h"

#include "model/nodecount.h"
#include "settings/systemkeychain.h"
#include "settings/typesize.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace {

QString passwordsBeside(const QString& settingsFile)
{
    return QFileInfo(settingsFile).absoluteDir().filePath(QStringLiteral("passwords.json"));
}

QString defaultSettingsFile()
{
    return QSettings().fileName();
}

std::unique_ptr<Keychain> desktopKeychain()
{
    return std::make_unique<SystemKeychain>(QStringLiteral("Redlock Scope"));
}

const QString RememberKey = QStringLiteral("nodes/rememberPasswords");
const QString InFileKey = QStringLiteral("nodes/passwordsInFile");

// The user chose the file where no keychain answers; a file an older version wrote (when the
// file was the only place) counts as that choice until they say otherwise.
bool fileChosen(const QSettings& settings, const QString& passwordsFile)
{
    return settings.value(InFileKey, QFileInfo::exists(passwordsFile)).toBool();
}

} // namespace

AppSettings::AppSettings(Access access)
    : AppSettings(std::make_unique<QSettings>(), access, desktopKeychain(),
                  passwordsBeside(defaultSettingsFile()))
{}

AppSettings::AppSettings(const QString& iniPath, Access access, std::unique_ptr<Keychain> keychain)
    : AppSettings(std::make_unique<QSettings>(iniPath, QSettings::IniFormat), access,
                  std::move(keychain), passwordsBeside(iniPath))
{}

AppSettings::AppSettings(std::unique_ptr<QSettings> settings, Access access,
                         std::unique_ptr<Keychain> keychain, const QString& passwordsFile)
    : m_settings(std::move(settings)), m_access(access),
      m_secrets(std::move(keychain), passwordsFile, fileChosen(*m_settings, passwordsFile),
                access == Access::ReadWrite)
{}

AppSettings::~AppSettings()
{
    if (isWritable())
        m_settings->sync();
}

void AppSettings::sync()
{
    if (isWritable())
        m_settings->sync();
}

QString AppSettings::fileName() const
{
    return m_settings->fileName();
}

std::optional<bool> AppSettings::darkTheme() const
{
    const QString theme = m_settings->value(QStringLiteral("view/theme")).toString();
    if (theme == QLatin1String("dark") || theme == QLatin1String("light"))
        return theme == QLatin1String("dark");
    return std::nullopt;
}

void AppSettings::setDarkTheme(bool dark)
{
    if (isWritable())
        m_settings->setValue(QStringLiteral("view/theme"),
                             dark ? QStringLiteral("dark") : QStringLiteral("light"));
}

std::optional<double> AppSettings::typeScale() const
{
    bool ok = false;
    const double scale = m_settings->value(QStringLiteral("view/typeScale")).toDouble(&ok);
    // A hand-edited file may say anything: only a sensible scale is taken.
    if (ok && scale >= TypeSize::scale(TypeSize::MinPct) &&
        scale <= TypeSize::scale(TypeSize::MaxPct))
        return scale;
    return std::nullopt;
}

void AppSettings::setTypeScale(double scale)
{
    if (isWritable())
        m_settings->setValue(QStringLiteral("view/typeScale"), scale);
}

QString AppSettings::language() const
{
    return m_settings->value(QStringLiteral("view/language")).toString();
}

void AppSettings::setLanguage(const QString& code)
{
    if (isWritable())
        m_settings->setValue(QStringLiteral("view/language"), code);
}

QByteArray AppSettings::windowGeometry() const
{
    return m_settings->value(QStringLiteral("window/geometry")).toByteArray();
}

QByteArray AppSettings::windowState() const
{
    return m_settings->value(QStringLiteral("window/state")).toByteArray();
}

void AppSettings::setWindow(const QByteArray& geometry, const QByteArray& state)
{
    if (!isWritable())
        return;
    m_settings->setValue(QStringLiteral("window/geometry"), geometry);
    m_settings->setValue(QStringLiteral("window/state"), state);
}

QStringList AppSettings::recent(const QString& key) const
{
    return m_settings->value(key).toStringList();
}

void AppSettings::addRecent(const QString& key, const QString& entry, int max)
{
    if (!isWritable() || entry.isEmpty())
        return;
    QStringList list = recent(key);
    list.removeAll(entry);
    list.prepend(entry);
    m_settings->setValue(key, list.mid(0, max));
}

QStringList AppSettings::recentScenarios() const
{
    return recent(QStringLiteral("recent/scenarios"));
}

void AppSettings::addRecentScenario(const QString& source)
{
    addRecent(QStringLiteral("recent/scenarios"), source);
}

bool AppSettings::isConsented(const QString& key) const
{
    return recent(QStringLiteral("consent/given")).contains(key);
}

void AppSettings::addConsent(const QString& key)
{
    addRecent(QStringLiteral("consent/given"), key, MaxConsents);
}

QStringList AppSettings::recentRuns() const
{
    return recent(QStringLiteral("recent/runs"));
}

void AppSettings::addRecentRun(const QString& path)
{
    addRecent(QStringLiteral("recent/runs"), path);
}

bool AppSettings::rememberPasswords() const
{
    return m_settings->value(RememberKey, false).toBool();
}

void AppSettings::setRememberPasswords(bool remember)
{
    if (!isWritable())
        return;
    m_settings->setValue(RememberKey, remember);
    if (!remember)
        m_secrets.clear(secretKeys());
}

void AppSettings::setPasswordsInFile(bool inFile)
{
    if (!isWritable())
        return;
    m_settings->setValue(InFileKey, inFile);
    m_secrets.setFileChosen(inFile);
}

// Every key passwords may be kept under: the last nodes and each saved fleet.
QStringList AppSettings::secretKeys() const
{
    QStringList keys{QStringLiteral("last")};
    for (const QString& name : fleetNames())
        keys << QStringLiteral("fleet:") + name;
    return keys;
}

// A rediss:// node: its TLS settings (file names, not the files) beside its address, in the
// current array entry; nothing for a plain one.
void AppSettings::readTls(NodeAddress* node) const
{
    node->tls = m_settings->value(QStringLiteral("tls")).toBool();
    if (!node->tls)
        return;
    node->tlsSettings.caFile = m_settings->value(QStringLiteral("tlsCa")).toString();
    node->tlsSettings.certFile = m_settings->value(QStringLiteral("tlsCert")).toString();
    node->tlsSettings.keyFile = m_settings->value(QStringLiteral("tlsKey")).toString();
    node->tlsSettings.serverName = m_settings->value(QStringLiteral("tlsServerName")).toString();
    node->tlsSettings.insecure = m_settings->value(QStringLiteral("tlsInsecure")).toBool();
}

void AppSettings::writeTls(const NodeAddress& node)
{
    if (!node.tls)
        return;
    m_settings->setValue(QStringLiteral("tls"), true);
    m_settings->setValue(QStringLiteral("tlsCa"), node.tlsSettings.caFile);
    m_settings->setValue(QStringLiteral("tlsCert"), node.tlsSettings.certFile);
    m_settings->setValue(QStringLiteral("tlsKey"), node.tlsSettings.keyFile);
    m_settings->setValue(QStringLiteral("tlsServerName"), node.tlsSettings.serverName);
    m_settings->setValue(QStringLiteral("tlsInsecure"), node.tlsSettings.insecure);
}

QList<NodeAddress> AppSettings::readNodes(const QString& group, const QString& secretKey) const
{
    QList<NodeAddress> nodes;
    // Read before the array: inside it every key is relative to the array's entry.
    const QStringList passwords =
        rememberPasswords() ? m_secrets.passwords(secretKey) : QStringList();
    const int n = m_settings->beginReadArray(group);
    for (int i = 0; i < n; ++i) {
        m_settings->setArrayIndex(i);
        const QString user = m_settings->value(QStringLiteral("user")).toString();
        const QString password = passwords.value(i);
        QString error;
        // A user whose password was not kept comes back without it: the Nodes dialog shows
        // the user and asks for the password (the engine would be refused without it).
        auto node =
            NodeAddress::fromParts(m_settings->value(QStringLiteral("host")).toString(),
                                   m_settings->value(QStringLiteral("port")).toLongLong(),
                                   password.isEmpty() ? QString() : user, password,
                                   m_settings->value(QStringLiteral("db")).toLongLong(), &error);
        if (node) {
            node->user = user;
            readTls(&*node);
            nodes.append(*node);
        }
    }
    m_settings->endArray();
    return nodes;
}

void AppSettings::writeNodes(const QString& group, const QString& secretKey,
                             const QList<NodeAddress>& nodes)
{
    m_settings->remove(group);
    m_settings->beginWriteArray(group, int(nodes.size()));
    QStringList passwords;
    for (int i = 0; i < nodes.size(); ++i) {
        m_settings->setArrayIndex(i);
        m_settings->setValue(QStringLiteral("host"), nodes[i].host);
        m_settings->setValue(QStringLiteral("port"), nodes[i].port);
        m_settings->setValue(QStringLiteral("user"), nodes[i].user);
        m_settings->setValue(QStringLiteral("db"), nodes[i].db);
        writeTls(nodes[i]);
        passwords << nodes[i].password;
    }
    m_settings->endArray();
    const bool anyPassword = std::any_of(passwords.cbegin(), passwords.cend(),
                                         [](const QString& p) { return !p.isEmpty(); });
    if (rememberPasswords() && anyPassword)
        m_secrets.setPasswords(secretKey, passwords);
    else
        m_secrets.remove(secretKey);
}

std::optional<EngineConfig> AppSettings::lastFleet(const EngineConfig& base) const
{
    if (!m_settings->contains(QStringLiteral("lastFleet/local")))
        return std::nullopt;
    EngineConfig config = base;
    if (m_settings->value(QStringLiteral("lastFleet/local")).toBool()) {
        const int count = m_settings->value(QStringLiteral("lastFleet/localCount"), 5).toInt();
        config.nodes.clear();
        config.localNodeCount = NodeCount::isValid(count) ? count : EngineConfig{}.localNodeCount;
        return config;
    }
    config.nodes = readNodes(QStringLiteral("lastFleet/nodes"), QStringLiteral("last"));
    for (const NodeAddress& node : std::as_const(config.nodes)) {
        if (node.tls) { // one set of TLS settings for the run, as the command line gives
            config.setTls(node.tlsSettings);
            break;
        }
    }
    // A damaged entry is dropped above; a fleet that lost a node is not the fleet it was.
    if (config.nodes.size() != m_settings->value(QStringLiteral("lastFleet/count")).toInt() ||
        !config.validate().isEmpty())
        return std::nullopt;
    return config;
}

void AppSettings::setLastFleet(const EngineConfig& config)
{
    if (!isWritable())
        return;
    m_settings->setValue(QStringLiteral("lastFleet/local"), config.usesLocalFleet());
    m_settings->setValue(QStringLiteral("lastFleet/localCount"), config.localNodeCount);
    m_settings->setValue(QStringLiteral("lastFleet/count"), config.nodes.size());
    writeNodes(QStringLiteral("lastFleet/nodes"), QStringLiteral("last"), config.nodes);
}

QStringList AppSettings::fleetNames() const
{
    m_settings->beginGroup(QStringLiteral("fleets"));
    QStringList names = m_settings->childGroups();
    m_settings->endGroup();
    QStringList decoded;
    for (const QString& n : names)
        decoded << QString::fromUtf8(QByteArray::fromPercentEncoding(n.toLatin1()));
    decoded.sort(Qt::CaseInsensitive);
    return decoded;
}

namespace {

// Group names are keys: any character the user types must survive the INI format.
QString fleetGroup(const QString& name)
{
    return QStringLiteral("fleets/") + QString::fromLatin1(name.toUtf8().toPercentEncoding());
}

} // namespace

std::optional<QList<NodeAddress>> AppSettings::fleet(const QString& name) const
{
    if (!fleetNames().contains(name))
        return std::nullopt;
    return readNodes(fleetGroup(name) + QStringLiteral("/nodes"), QStringLiteral("fleet:") + name);
}

void AppSettings::saveFleet(const QString& name, const QList<NodeAddress>& nodes)
{
    if (isWritable())
        writeNodes(fleetGroup(name) + QStringLiteral("/nodes"), QStringLiteral("fleet:") + name,
                   nodes);
}

void AppSettings::removeFleet(const QString& name)
{
    if (!isWritable())
        return;
    m_settings->remove(fleetGroup(name));
    m_secrets.remove(QStringLiteral("fleet:") + name);
}
