// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsnapshot.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <QString>

// Who a client id is: its name and colour. Remembers clients that were removed, because
// their keys stay on the nodes (and their events in the log) until they expire.
class ClientLegend
{
public:
    void update(const QList<ClientSnapshot>& clients);

    bool isKnown(int clientId) const { return m_entries.contains(clientId); }
    // "C3"; "foreign" for -1; "#7" for an id never seen in a snapshot.
    QString name(int clientId) const;
    QColor color(int clientId) const; // OwnerPalette colour, or the foreign grey
    // Client ids in the order of the last snapshot, then removed ones.
    QList<int> ids() const { return m_order; }

private:
    struct Entry
    {
        QString name;
        int colorIndex = 0;
    };
    QHash<int, Entry> m_entries;
    QList<int> m_order;
};
