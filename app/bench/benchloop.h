// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

class EngineController;

// What every benchmark phase does around its own engine: run the event loop for a while,
// start the engine and wait for it, give the resource its stock and the clients that buy.
// A signal (Ctrl-C, SIGTERM) ends each wait at once: the benchmark then reports the phases
// it finished, says it was interrupted, and exits with Interruption::ExitCode.
class BenchLoop
{
public:
    // Runs the calling thread's event loop for `ms` (snapshots arrive meanwhile). False when
    // a signal cut it short.
    static bool runFor(int ms);
    // Whether a signal asked the app to stop.
    static bool interrupted();
    // "interrupted by SIGTERM", for the report.
    static QString interruptedBy();
    // Starts `engine` and runs the loop until it has started (true), or it failed, did not
    // start within `timeoutMs` or a signal came (false, *error says which).
    static bool start(EngineController& engine, int timeoutMs, QString* error);
    // The stock first, then the clients: every one of them buys from the start.
    static void addBuyers(EngineController& engine, qint64 stock, int clients);

    // What --json holds should the signal's deadline end the app before the benchmark could
    // write its report (HardStop): `report`, marked interrupted and not passing. Call it
    // when the benchmark starts, and again as its report grows.
    static void keepReportIfCut(const QString& jsonPath, QJsonObject report = {});
    // The report, written whole (OutputFile) when a path is given; the one kept for a cut
    // is forgotten then. False, with *error, when it could not be written.
    static bool saveReport(const QString& jsonPath, const QJsonObject& report, QString* error);
};
