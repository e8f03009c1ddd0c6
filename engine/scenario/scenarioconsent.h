// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "scenario/scenario.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

// What content from a file would do that the user must agree to first (design.md, "Trust"):
// start a program (a scenario's `exec`, a config's `redisServer`), or shut down or reconfigure
// nodes the app did not start (`node kill` and `node shutdown` send SHUTDOWN, `node
// persistence` CONFIG SET, to the user's own servers). The window lists these lines and asks,
// remembering the answer per file content (contentKey); headless runs, --slides and --repeat
// refuse them unless --allow-exec / --allow-destructive says yes. On local nodes, which the app
// starts and throws away, node faults need nobody's consent.
class ScenarioConsent
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioConsent)

public:
    enum class Kind
    {
        Exec,        // starts a program
        Destructive, // shuts down or reconfigures a node the app did not start
    };

    struct Item
    {
        Kind kind = Kind::Exec;
        QString where; // "demo.rls:3", "fleet.json: redisServer"
        QString text;  // the line as written, or the program
        QString what;  // "starts a program", "shuts down node 2 (one of yours)"
    };

    // The lines of `scenario` that need consent; `nodesAreOurs`: the lock nodes are local
    // ones the app starts.
    static QList<Item> of(const Scenario& scenario, bool nodesAreOurs);
    // A program named in a file the app would start (a config's redisServer).
    static Item program(const QString& where, const QString& program);

    // The items `allowExec` / `allowDestructive` do not cover.
    static QList<Item> unallowed(const QList<Item>& items, bool allowExec, bool allowDestructive);
    // The items as lines for a dialog or stderr: "demo.rls:3: exec touch /tmp/x (starts a
    // program)", control characters shown printable.
    static QStringList lines(const QList<Item>& items);
    // The refusal of a headless run: what would run, and the flag that allows it.
    static QString refusal(const QList<Item>& items);
    // What a remembered consent is kept under: the source and a hash of its exact content,
    // so a changed file asks again.
    static QString contentKey(const QString& source, const QString& text);
};
