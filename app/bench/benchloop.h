// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class EngineController;

// What every benchmark phase does around its own engine: run the event loop for a while,
// start the engine and wait for it, give the resource its stock and the clients that buy.
class BenchLoop
{
public:
    // Runs the calling thread's event loop for `ms` (snapshots arrive meanwhile).
    static void runFor(int ms);
    // Starts `engine` and runs the loop until it has started (true), or it failed or did not
    // start within `timeoutMs` (false, *error says which).
    static bool start(EngineController& engine, int timeoutMs, QString* error);
    // The stock first, then the clients: every one of them buys from the start.
    static void addBuyers(EngineController& engine, qint64 stock, int clients);
};
