// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>

// Node passwords in a JSON file of their own that only the user can read (mode 0600, beside
// the settings file): only where no system keychain answers and the user chose it (and what
// older versions kept, until it moves into the keychain). Never the settings file, which other
// programs (and backups) read more freely.
//
// A password list is stored under a key ("last" for the nodes last used, "fleet:NAME" for a
// saved fleet), one entry per node in the fleet's order.
class PasswordFile
{
    Q_DECLARE_TR_FUNCTIONS(PasswordFile)

public:
    explicit PasswordFile(const QString& path);

    QString path() const { return m_path; }
    bool exists() const;
    QStringList keys() const { return m_lists.keys(); }
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
