// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/enumnames.h"

namespace EnumNames {

QString toKebab(const char* key)
{
    QString out;
    for (const char* c = key; *c; ++c) {
        const QChar ch = QLatin1Char(*c);
        if (ch.isUpper() && c != key)
            out += QLatin1Char('-');
        out += ch.toLower();
    }
    return out;
}

QByteArray fromKebab(QStringView name)
{
    QByteArray key;
    bool upper = true;
    for (const QChar ch : name) {
        if (ch == QLatin1Char('-')) {
            upper = true;
            continue;
        }
        key += char(upper ? ch.toUpper().toLatin1() : ch.toLower().toLatin1());
        upper = false;
    }
    return key;
}

} // namespace EnumNames
