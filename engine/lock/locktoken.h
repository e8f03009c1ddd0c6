// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

// Lock values: 20 random bytes from the system's cryptographic source, hex encoded
// (40 characters), unique per acquisition as the Redlock page asks.
class LockToken
{
public:
    static constexpr int RandomBytes = 20;
    static QByteArray generate();
    // The first characters, enough to tell tokens apart on a card.
    static QString shortForm(const QByteArray& token);
};
