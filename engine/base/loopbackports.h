// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

// Loopback ports for what opens several in a row (the exposed ports: one per lock node and
// the storage, then the Sentinels'). A single free port for a node: RedisServerProcess.
class LoopbackPorts
{
public:
    // The first of `count` consecutive ports on 127.0.0.1 that were all free a moment ago, or
    // 0. Another process may take one before the caller listens on it: callers retry, or hold
    // them at once.
    static quint16 freeRun(int count);
};
