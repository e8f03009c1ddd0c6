// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "settings/passwordfile.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

class Keychain;

// Remembered node passwords, never in the settings file: in the desktop's keychain; where no
// keychain answers (a server, CI, a bare X session), nowhere, unless the user chose a file of
// their own instead (PasswordFile, mode 0600). The first use asks the keychain whether it is
// there; a password file an older version wrote moves into it then, once.
//
// A password list is stored under a key ("last" for the nodes last used, "fleet:NAME" for a
// saved fleet), one entry per node in the fleet's order.
class SecretStore
{
    Q_DECLARE_TR_FUNCTIONS(SecretStore)

public:
    enum class Place
    {
        Keychain,
        File,
        Nowhere,
    };

    // keychain: null when there is none to ask. filePath: the file, when chosen, and where an
    // older version's passwords are. mayMove: false for a read-only run, which moves nothing.
    SecretStore(std::unique_ptr<Keychain> keychain, const QString& filePath, bool fileChosen,
                bool mayMove);
    ~SecretStore();

    Place place() const;
    // Why passwords cannot go to the keychain, in words; empty when they can.
    QString keychainProblem() const;
    QString filePath() const { return m_file.path(); }
    bool isFileChosen() const { return m_fileChosen; }
    // Where no keychain answers: keep passwords in the file (true), or nowhere (false: the
    // file goes).
    void setFileChosen(bool chosen);

    QStringList passwords(const QString& key) const;
    // False, with *error, when they could not be kept (also when they go nowhere).
    bool setPasswords(const QString& key, const QStringList& passwords, QString* error = nullptr);
    bool remove(const QString& key, QString* error = nullptr);
    // Forgets every password kept under `keys` (a keychain lists none by itself) and the file.
    bool clear(const QStringList& keys, QString* error = nullptr);

private:
    bool keychainAnswers() const;
    void moveFileIntoKeychain() const;

    std::unique_ptr<Keychain> m_keychain;
    mutable PasswordFile m_file;
    bool m_fileChosen;
    bool m_mayMove;
    mutable std::optional<bool> m_keychainAnswers; // asked once, on first use
    mutable QString m_keychainProblem;
};
