// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringView>

// A set of lock nodes as bits: node index i (0-based) is bit i. The one place that knows the
// layout, for those that build a mask (a decision's granting nodes, the nodes a resource
// cannot read) and those that write one out (the log, the run file, the exports).
namespace NodeMask {

constexpr quint32 bit(qsizetype index)
{
    return 1u << index;
}

// The nodes in the mask by their numbers in commands (1..N), ascending.
QList<int> numbers(quint32 mask);
// Those numbers joined: "1, 3, 4" with ", ".
QString text(quint32 mask, QStringView separator);

} // namespace NodeMask
