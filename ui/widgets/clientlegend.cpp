// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/clientlegend.h"

#include "widgets/ownerpalette.h"

void ClientLegend::update(const QList<ClientSnapshot>& clients)
{
    for (const ClientSnapshot& c : clients) {
        Entry& entry = m_entries[c.id];
        entry.name = c.name;
        entry.colorIndex = c.colorIndex;
        if (!m_order.contains(c.id))
            m_order.append(c.id);
    }
}

QString ClientLegend::name(int clientId) const
{
    if (clientId < 0)
        return QStringLiteral("foreign");
    const auto it = m_entries.constFind(clientId);
    return it == m_entries.constEnd() ? QStringLiteral("#%1").arg(clientId) : it->name;
}

QColor ClientLegend::color(int clientId) const
{
    if (clientId < 0)
        return OwnerPalette::foreign();
    const auto it = m_entries.constFind(clientId);
    return it == m_entries.constEnd() ? OwnerPalette::foreign()
                                      : OwnerPalette::color(it->colorIndex);
}
