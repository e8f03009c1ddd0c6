// SPDX-License-Identifier: GPL-3.0-or-later
#include "clients/tokenowners.h"

void TokenOwners::add(const QByteArray& token, int client, qint64 nowUs)
{
    m_owners.insert(token, {client, nowUs});
}

int TokenOwners::ownerOf(const QByteArray& token) const
{
    const auto it = m_owners.constFind(token);
    return it == m_owners.cend() ? -1 : it->client;
}

void TokenOwners::prune(qint64 nowUs, qint64 keepUs)
{
    m_owners.removeIf([&](auto it) { return nowUs - it.value().sinceUs > keepUs; });
}
