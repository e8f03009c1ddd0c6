// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>

// Node passwords, kept only when the user asks for it, in a JSON file of their own that only
// they can read (mode 0600, beside the settings file): never in the settings file, which
// other programs (and backups) read more freely.
//
// A password list is stored under a key ("last" for the nodes last used, "fleet:NAME" for a
// saved fleet), one entry per node in the fleet's order.
class SecretStore
{
    Q_DECLARE_TR_FUNCTIONS(SecretStore)

public:
    explicit SecretStore(const QString& path);

    QString path() const { return m_path; }
    QStringList passwords(const QString& key) const;
    // Writes the file at once; false (with *error) when it cannot be written.
    bool setPasswords(const QString& key, const QStringList& passwords, QString* error = nullptr);
    bool remove(const QString& key, QString* error = nullptr);
    // Forgets every password: the file is removed.
    bool clear(QString* error = nullptr);

private:
    void load();
    bool save(QString* error);

    QString m_path;
    QHash<QString, QStringList> m_lists;
};
