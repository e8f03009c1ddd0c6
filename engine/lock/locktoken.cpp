// SPDX-License-Identifier: GPL-3.0-or-later
#include "lock/locktoken.h"

#include <QRandomGenerator>
#include <QString>
#include <array>

QByteArray LockToken::generate()
{
    // QRandomGenerator::system() reads the operating system's cryptographic source
    // (getrandom / /dev/urandom), as the Redlock page asks for lock values.
    std::array<quint32, RandomBytes / 4> words{};
    QRandomGenerator::system()->fillRange(words.data(), words.size());
    const QByteArray raw(reinterpret_cast<const char*>(words.data()), RandomBytes);
    return raw.toHex();
}

QString LockToken::shortForm(const QByteArray& token)
{
    return QString::fromLatin1(token.left(8));
}
