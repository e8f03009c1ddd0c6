// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/aclrules.h"

namespace {

// The rules in ACL SETUSER's words, one space between them.
QStringList words(const QString& rules)
{
    return rules.split(QLatin1Char(' '));
}

} // namespace

QStringList AclRules::locking(const QString& resource)
{
    // Reentrant locks wait on Redisson's channel, named after the resource in braces.
    return words(QStringLiteral("resetkeys ~%1* resetchannels &redlockscope_lock__channel:* -@all "
                                "+info +eval +eval_ro +evalsha +script|load +get +set +setnx "
                                "+getdel +del +pexpire +pttl +type +exists +hexists +hget "
                                "+hgetall +hincrby +hset +incr +publish +subscribe")
                     .arg(resource));
}

QStringList AclRules::faults()
{
    return words(QStringLiteral("+shutdown +client|pause +client|unpause +config|set"));
}

QStringList AclRules::storage(const QString& stockKey)
{
    return words(QStringLiteral("resetkeys ~%1 ~%1:* resetchannels -@all +info +eval +get +set "
                                "+watch +multi +exec +hgetall +hexists +hget +hincrby +hset "
                                "+incr +del")
                     .arg(stockKey));
}

QString AclRules::setUser(const QString& name, const QStringList& rules)
{
    return QStringLiteral("ACL SETUSER %1 on >PASSWORD %2").arg(name, rules.join(QLatin1Char(' ')));
}

QString AclRules::help(const QString& resource, const QString& stockKey)
{
    const QStringList lines{
        QStringLiteral("The least privilege each use needs on Redis 6 and later (PASSWORD "
                       "yours), for redis-cli or a"),
        QStringLiteral("node's ACL file. The app never sends DEBUG, FLUSHALL or KEYS."),
        QString(),
        QStringLiteral("# the lock nodes: watching and locking"),
        setUser(QStringLiteral("redlock-locker"), locking(resource)),
        QStringLiteral("# the lock nodes, with faults on them (kill, pause, persistence)"),
        setUser(QStringLiteral("redlock-faults"), locking(resource) + faults()),
        QStringLiteral("# the storage (--storage)"),
        setUser(QStringLiteral("redlock-stock"), storage(stockKey)),
        QString(),
        QStringLiteral("Add +select for nodes given with a database (/db). With --resource "
                       "NAME, write ~NAME*"),
        QStringLiteral("for ~%1* (the keys of resource %1).").arg(resource),
        QStringLiteral("Then: --nodes rediss://redlock-locker:PASSWORD@host:port,... (or "
                       "--password-file)."),
        QStringLiteral("A command a node refuses is said naming the rule it needs (docs/tls.md).")};
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}
