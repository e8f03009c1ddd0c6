// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

// A fencing token (docs/domain.md, "Fencing"): the counters the granting nodes returned
// when the lock was taken, node -> counter. The acquire script INCRs a per-resource counter
// on each node where SET NX succeeds, so counters grow in acquisition order on every node.
//
// A token is newer than another when, on every node both name, its counter is higher: two
// quorums of one fleet always share a node, and a later holder took each shared node after
// the earlier holder's key was gone there. With one node it is the plain counter (Redisson's
// fenced lock).
class FencingToken
{
public:
    FencingToken() = default;

    bool isNull() const { return m_counters.isEmpty(); }
    void set(int node, qint64 counter);
    std::optional<qint64> counter(int node) const;
    QList<int> nodes() const;

    // "1:14,2:14,4:13" (nodes numbered from 1): the storage script's wire form and the
    // history's. A single node's token reads as the bare counter in toDisplay().
    QByteArray toWire() const;
    static std::optional<FencingToken> fromWire(const QByteArray& wire);
    QString toDisplay() const;

    friend bool operator==(const FencingToken&, const FencingToken&) = default;

private:
    struct Entry
    {
        int node = 0;
        qint64 counter = 0;
        friend bool operator==(const Entry&, const Entry&) = default;
    };
    QList<Entry> m_counters; // sorted by node
};
