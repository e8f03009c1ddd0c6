// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/processmemory.h"

#include <QByteArray>
#include <QFile>
#include <malloc.h>

qint64 ProcessMemory::statusKb(const char* field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith(field))
            return line.mid(int(qstrlen(field))).trimmed().split(' ').value(0).toLongLong();
    return 0;
}

qint64 ProcessMemory::heapInUseKb()
{
    const struct mallinfo2 info = ::mallinfo2();
    return qint64((info.uordblks + info.hblkhd) / 1024);
}
