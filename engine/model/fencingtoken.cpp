// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/fencingtoken.h"

#include <algorithm>

void FencingToken::set(int node, qint64 counter)
{
    const auto it = std::lower_bound(m_counters.begin(), m_counters.end(), node,
                                     [](const Entry& e, int n) { return e.node < n; });
    if (it != m_counters.end() && it->node == node)
        it->counter = counter;
    else
        m_counters.insert(it, Entry{node, counter});
}

std::optional<qint64> FencingToken::counter(int node) const
{
    for (const Entry& e : m_counters)
        if (e.node == node)
            return e.counter;
    return std::nullopt;
}

QList<int> FencingToken::nodes() const
{
    QList<int> out;
    for (const Entry& e : m_counters)
        out << e.node;
    return out;
}

QByteArray FencingToken::toWire() const
{
    QByteArray out;
    for (const Entry& e : m_counters) {
        if (!out.isEmpty())
            out += ',';
        out += QByteArray::number(e.node + 1) + ':' + QByteArray::number(e.counter);
    }
    return out;
}

std::optional<FencingToken> FencingToken::fromWire(const QByteArray& wire)
{
    FencingToken token;
    if (wire.isEmpty())
        return token;
    for (const QByteArray& part : wire.split(',')) {
        const qsizetype colon = part.indexOf(':');
        bool nodeOk = false;
        bool counterOk = false;
        const int node = part.left(colon).toInt(&nodeOk);
        const qint64 counter = part.mid(colon + 1).toLongLong(&counterOk);
        if (colon < 0 || !nodeOk || !counterOk || node < 1 || counter < 0)
            return std::nullopt;
        token.set(node - 1, counter);
    }
    return token;
}

QString FencingToken::toDisplay() const
{
    if (m_counters.size() == 1)
        return QString::number(m_counters.first().counter);
    return QString::fromLatin1(toWire());
}
