// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QtGlobal>

// The CPU time of one of this process's threads, found by name (QThread object names and
// pthread names show in /proc/self/task/*/comm): what the benchmarks charge to the engine
// thread or the run writer, steadier than a rate on a machine others share.
class ThreadCpu
{
public:
    // Microseconds on a CPU so far, -1 when no thread has that name. From schedstat
    // (nanoseconds) where the kernel has it, else from stat (clock ticks, 10 ms).
    static qint64 us(const QByteArray& name);
};
