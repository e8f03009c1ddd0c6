// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/threadcpu.h"

#include <QDir>
#include <QFile>
#include <unistd.h>

namespace {
QByteArray readTaskFile(const QString& task, const char* file)
{
    QFile f(QStringLiteral("/proc/self/task/%1/%2").arg(task, QLatin1String(file)));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

qint64 fromStat(const QByteArray& line)
{
    // utime and stime are fields 14 and 15; the name before them may hold spaces.
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    const qint64 ticks = fields.value(11).toLongLong() + fields.value(12).toLongLong();
    return ticks * 1'000'000 / sysconf(_SC_CLK_TCK);
}
} // namespace

qint64 ThreadCpu::us(const QByteArray& name)
{
    const QStringList tasks = QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs);
    for (const QString& task : tasks) {
        if (readTaskFile(task, "comm").trimmed() != name)
            continue;
        const QByteArray schedstat = readTaskFile(task, "schedstat");
        bool ok = false;
        const qint64 ns = schedstat.split(' ').value(0).toLongLong(&ok);
        return ok ? ns / 1000 : fromStat(readTaskFile(task, "stat"));
    }
    return -1;
}
