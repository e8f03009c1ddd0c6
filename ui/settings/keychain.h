// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

// A place for secrets that the desktop keeps locked for the user (SystemKeychain), by key.
// An interface so that what stores passwords can be tried against one that behaves as a
// keychain does, without the user's.
class Keychain
{
public:
    enum class Result
    {
        Done,
        NotFound, // the keychain answered: it has nothing under that key
        Failed,   // no keychain answered, or it refused: *error says why
    };

    virtual ~Keychain() = default;

    virtual Result read(const QString& key, QByteArray* data, QString* error) = 0;
    virtual Result write(const QString& key, const QByteArray& data, QString* error) = 0;
    virtual Result remove(const QString& key, QString* error) = 0;
};
