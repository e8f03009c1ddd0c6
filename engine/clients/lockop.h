// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "net/redisreply.h"

#include <QByteArray>
#include <QByteArrayList>
#include <QHash>
#include <QString>

// What one command of a foreign lock client did, recognised by what it does rather than by
// its exact text (docs/proxy.md, "Foreign clients"): an acquire (SET NX PX, SETNX, a script
// that sets the key only when it is free, Redisson's hash lock), a release (DEL, GETDEL, a
// compare-and-delete script), an extension (PEXPIRE, a compare-and-extend script), or, on
// the storage, a read or a write of the stock. With the node's answer: granted or not.
struct LockOp
{
    enum class Kind
    {
        None,
        Acquire,
        Release,
        Extend,
        Read,
        Write
    };

    Kind kind = Kind::None;
    QByteArray key;
    QByteArray token;     // the value that identifies the holder (empty: the command named none)
    qint64 ttlMs = -1;    // -1: none given (SETNX: the key never expires)
    bool granted = false; // Acquire: the key is ours; Release: deleted; Extend: extended
    bool error = false;   // the node answered an error
    QByteArray holder;    // Acquire refused: the token the node named, when it did
    QString errorText;
    qint64 value = -1;    // Read: the stock read; Write: the stock written
    qint64 previous = -1; // Write: the stock just before, when the storage said so

    // Remembers scripts by their SHA1 (EVAL, SCRIPT LOAD), so an EVALSHA can be read too.
    class Scripts
    {
    public:
        void learn(const QByteArray& body);
        QByteArray body(const QByteArray& sha) const { return m_bodies.value(sha.toLower()); }

    private:
        QHash<QByteArray, QByteArray> m_bodies;
    };

    // `stockKey`: the storage's stock key (reads and writes of it are purchases).
    static LockOp recognise(const QByteArrayList& command, const RedisReply& reply,
                            const QByteArray& stockKey, Scripts* scripts);
};
