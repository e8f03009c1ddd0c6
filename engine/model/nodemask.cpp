// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/nodemask.h"

#include <QStringList>

QList<int> NodeMask::numbers(quint32 mask)
{
    QList<int> out;
    for (int i = 0; i < 32; ++i)
        if (mask & bit(i))
            out << i + 1;
    return out;
}

QString NodeMask::text(quint32 mask, QStringView separator)
{
    QStringList parts;
    for (const int n : numbers(mask))
        parts << QString::number(n);
    return parts.join(separator);
}
