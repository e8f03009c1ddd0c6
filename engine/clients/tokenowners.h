// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QHash>

// Which client a lock token belongs to, so a key read from a node can be shown in its
// owner's colour (a token that is not here is a foreign owner). Tokens are forgotten once
// no key of theirs can still live.
class TokenOwners
{
public:
    void add(const QByteArray& token, int client, qint64 nowUs);
    int ownerOf(const QByteArray& token) const; // -1: not one of ours
    void prune(qint64 nowUs, qint64 keepUs);
    int size() const { return int(m_owners.size()); }

private:
    struct Owner
    {
        int client = -1;
        qint64 sinceUs = 0;
    };
    QHash<QByteArray, Owner> m_owners;
};
