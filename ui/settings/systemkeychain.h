// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "settings/keychain.h"

#include <QCoreApplication>

namespace QKeychain {
class Job;
}

// The desktop's keychain through QtKeychain: the Secret Service (GNOME Keyring, KeePassXC,
// KWallet's own) or KWallet, as QtKeychain finds them, with the entries under one service name.
// QtKeychain's jobs answer later; these calls wait for the answer in a local event loop that
// takes no user input, for a while at most (a keychain may ask the user to unlock it first).
class SystemKeychain : public Keychain
{
    Q_DECLARE_TR_FUNCTIONS(SystemKeychain)

public:
    explicit SystemKeychain(const QString& service);

    Result read(const QString& key, QByteArray* data, QString* error) override;
    Result write(const QString& key, const QByteArray& data, QString* error) override;
    Result remove(const QString& key, QString* error) override;

private:
    static QString words(int error, const QString& theirs);
    // Starts `job` and waits for it; *data gets what a read found.
    Result run(QKeychain::Job* job, QByteArray* data, QString* error);

    QString m_service;
};
