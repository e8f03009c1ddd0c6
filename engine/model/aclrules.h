// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

// The least privilege each use of the app needs on a Redis 6+ node, as `ACL SETUSER` rules:
// measured from INFO commandstats after real runs of every rung of the ladder and checked
// with ACL LOG (empty), then with a user missing each rule (tests/app/tst_leastprivilege).
// One list: `redlockscope help acl` prints it, the README and docs/tls.md show it
// (tst_commanddocs compares), the test grants it.
class AclRules
{
public:
    // The lock nodes, watching and locking: every strategy (Redlock, the single-node locks,
    // fencing, reentrant locks and waiting on an unlock message) on `resource`'s keys.
    static QStringList locking(const QString& resource);
    // What faults on external nodes add: kill and shutdown send SHUTDOWN, pause and resume
    // CLIENT PAUSE/UNPAUSE, persistence CONFIG SET (a clock jump is a script of the above).
    static QStringList faults();
    // The storage: the stock, its fencing counter and the refused writes.
    static QStringList storage(const QString& stockKey);
    // "ACL SETUSER NAME on >PASSWORD resetkeys ... +incr": one line for redis-cli.
    static QString setUser(const QString& name, const QStringList& rules);
    // `redlockscope help acl`: the three users' lines for these names, and what to change.
    static QString help(const QString& resource, const QString& stockKey);
};
