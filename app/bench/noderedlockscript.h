// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/nodeaddress.h"

#include <QJsonObject>
#include <QList>
#include <QString>

// node-redlock (npm `redlock` on ioredis), run as its users run it, as the baseline of
// `--bench --vs-node-redlock`: the script compiled into the app (scripts/node-redlock/
// bench.mjs) is written next to the modules scripts/node-redlock/setup.sh installed, and run
// there with `node`. Where node or the modules are missing it says so, and the benchmark
// runs the rest.
class NodeRedlockScript
{
public:
    struct Result
    {
        qint64 acquisitions = 0;
        qint64 failures = 0; // acquires that gave up after every retry
        double seconds = 0;
        double perSecond = 0;
        qint64 stockBefore = 0;
        qint64 stockAfter = 0;
        qint64 purchases = 0; // the warm-up's too: what the stock fell by, unless updates were lost
        qint64 errors = 0;    // purchases the storage did not answer
        qint64 connectionErrors = 0; // a connection reset or refused (ioredis reconnects)
        qint64 nodeErrors = 0;       // a node answered a lock command with an error
        int heldBefore = 0;          // nodes where the lock was held before the first try
        qint64 heldForMs = 0;        // ... for this long still
        qint64 longestStallMs = 0;   // the longest time counted without an acquisition
        qint64 keptMinority = 0;     // failed acquires that kept nodes won in a lost round
        QString firstError;
        qint64 lostUpdates() const { return purchases - (stockBefore - stockAfter); }
        QJsonObject toJson() const;
    };

    NodeRedlockScript();

    static const QByteArray Resource; // the key the script locks

    // Empty when it can run; else why not, in words ("node not found", "module not
    // installed (run scripts/node-redlock/setup.sh)").
    QString unavailable() const { return m_unavailable; }
    // "node v20.20.2, redlock 5.0.0-beta.2, ioredis 5.11.1"
    QString versions() const { return m_versions; }
    // Where the modules are looked for: REDLOCK_NODE_REDLOCK_DIR, else the user's cache
    // folder's redlockscope/node-redlock (where setup.sh installs them).
    static QString moduleDir();

    struct Run
    {
        QList<NodeAddress> nodes;
        NodeAddress storage;
        double seconds = 10;
        int workers = 8;
        int warmUpMs = 1000;
        qint64 stock = 0;          // > 0: set first
        bool flushScripts = false; // empty the nodes' script caches at the end (bench.mjs)
    };
    // Runs the script, the event loop turning meanwhile. False (and *error) when it failed,
    // printed no result, or a signal came.
    bool run(const Run& run, Result* result, QString* error) const;

private:
    bool writeScript(QString* error) const;

    QString m_node;
    QString m_dir;
    QString m_unavailable;
    QString m_versions;
};
