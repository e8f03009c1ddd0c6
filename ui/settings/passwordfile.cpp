// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/passwordfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

namespace {

constexpr auto OwnerOnly = QFileDevice::ReadOwner | QFileDevice::WriteOwner;

} // namespace

PasswordFile::PasswordFile(const QString& path) : m_path(path)
{
    load();
}

bool PasswordFile::exists() const
{
    return QFileInfo::exists(m_path);
}

void PasswordFile::load()
{
    QFile file(m_path);
    if (!file.open(QIODevice::ReadOnly))
        return; // nothing remembered yet
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
    for (auto it = root.begin(); it != root.end(); ++it) {
        QStringList list;
        const QJsonArray values = it.value().toArray();
        for (const QJsonValue& v : values)
            list << v.toString();
        m_lists.insert(it.key(), list);
    }
}

QStringList PasswordFile::passwords(const QString& key) const
{
    return m_lists.value(key);
}

bool PasswordFile::setPasswords(const QString& key, const QStringList& passwords, QString* error)
{
    if (m_lists.value(key) == passwords && QFileInfo::exists(m_path))
        return true;
    m_lists.insert(key, passwords);
    return save(error);
}

bool PasswordFile::remove(const QString& key, QString* error)
{
    if (!m_lists.remove(key))
        return true;
    return save(error);
}

bool PasswordFile::clear(QString* error)
{
    m_lists.clear();
    if (!QFileInfo::exists(m_path) || QFile::remove(m_path))
        return true;
    if (error)
        *error = tr("cannot remove %1").arg(m_path);
    return false;
}

bool PasswordFile::save(QString* error)
{
    QDir().mkpath(QFileInfo(m_path).absolutePath());
    // Created empty with 0600 first: QSaveFile keeps an existing file's permissions, so the
    // passwords never sit in a file that others could read, not even for a moment.
    if (!QFileInfo::exists(m_path)) {
        QFile create(m_path);
        if (!create.open(QIODevice::WriteOnly) || !create.setPermissions(OwnerOnly)) {
            if (error)
                *error = create.errorString();
            return false;
        }
    }
    QFile::setPermissions(m_path, OwnerOnly);
    QJsonObject root;
    for (auto it = m_lists.cbegin(); it != m_lists.cend(); ++it)
        root.insert(it.key(), QJsonArray::fromStringList(it.value()));
    QSaveFile file(m_path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    file.write(QJsonDocument(root).toJson());
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return QFile::setPermissions(m_path, OwnerOnly);
}
