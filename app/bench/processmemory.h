// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// This process's memory, for the benchmarks: what /proc says (resident, and its peak) and what
// malloc has handed out and not had back. Next to each other they tell a leak (both grow) from
// fragmentation or pages not returned (RSS alone grows).
class ProcessMemory
{
public:
    // A field of /proc/self/status in kB ("VmRSS:", "VmHWM:"); 0 when it cannot be read.
    static qint64 statusKb(const char* field);
    static qint64 residentKb() { return statusKb("VmRSS:"); }
    static qint64 peakResidentKb() { return statusKb("VmHWM:"); }
    // mallinfo2's bytes in use (small blocks and mmapped ones), in kB.
    static qint64 heapInUseKb();
};
