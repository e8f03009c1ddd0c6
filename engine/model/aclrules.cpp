// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/aclrules.h"

QStringList AclRules::locking(const QString& resource)
{
    // Reentrant locks wait on Redisson's channel, named after the resource in braces.
    return {QStringLiteral("resetkeys"),     QStringLiteral("~%1*").arg(resource),
            QStringLiteral("resetchannels"), QStringLiteral("&redlockscope_lock__channel:*"),
            QStringLiteral("-@all"),         QStringLiteral("+info"),
            QStringLiteral("+eval"),         QStringLiteral("+eval_ro"),
            QStringLiteral("+evalsha"),      QStringLiteral("+script|load"),
            QStringLiteral("+get"),          QStringLiteral("+set"),
            QStringLiteral("+setnx"),        QStringLiteral("+getdel"),
            QStringLiteral("+del"),          QStringLiteral("+pexpire"),
            QStringLiteral("+pttl"),         QStringLiteral("+type"),
            QStringLiteral("+exists"),       QStringLiteral("+hexists"),
            QStringLiteral("+hget"),         QStringLiteral("+hgetall"),
            QStringLiteral("+hincrby"),      QStringLiteral("+hset"),
            QStringLiteral("+incr"),         QStringLiteral("+publish"),
            QStringLiteral("+subscribe")};
}

QStringList AclRules::faults()
{
    return {QStringLiteral("+shutdown"), QStringLiteral("+client|pause"),
            QStringLiteral("+client|unpause"), QStringLiteral("+config|set")};
}

QStringList AclRules::storage(const QString& stockKey)
{
    return {QStringLiteral("resetkeys"),
            QStringLiteral("~%1").arg(stockKey),
            QStringLiteral("~%1:*").arg(stockKey),
            QStringLiteral("resetchannels"),
            QStringLiteral("-@all"),
            QStringLiteral("+info"),
            QStringLiteral("+eval"),
            QStringLiteral("+get"),
            QStringLiteral("+set"),
            QStringLiteral("+watch"),
            QStringLiteral("+multi"),
            QStringLiteral("+exec"),
            QStringLiteral("+hgetall"),
            QStringLiteral("+hexists"),
            QStringLiteral("+hget"),
            QStringLiteral("+hincrby"),
            QStringLiteral("+hset"),
            QStringLiteral("+incr"),
            QStringLiteral("+del")};
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
