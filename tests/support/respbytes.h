// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayList>

// A command as a client writes it on the wire: a RESP multibulk of bulk strings.
inline QByteArray multibulk(const QByteArrayList& args)
{
    QByteArray out = '*' + QByteArray::number(args.size()) + "\r\n";
    for (const QByteArray& arg : args)
        out += '$' + QByteArray::number(arg.size()) + "\r\n" + arg + "\r\n";
    return out;
}
