// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "clients/scriptshape.h"
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
    QByteArray token;  // the value that identifies the holder (empty: the command named none)
    qint64 ttlMs = -1; // -1: none given (SETNX: the key never expires)
    // The new time to live is what the node computed (a script that adds to what is left):
    // the app reads it back from the node.
    bool ttlFromNode = false;
    // An EVALSHA of a script the app never saw (loaded on the node before): what it did is
    // read from the node (ForeignClients). `sha` and `args` say what it was called with.
    bool unknownScript = false;
    QByteArray sha;
    QByteArrayList args;
    bool granted = false; // Acquire: the key is ours; Release: deleted; Extend: extended
    bool error = false;   // the node answered an error
    QByteArray holder;    // Acquire refused: the token the node named, when it did
    QString errorText;
    qint64 value = -1;    // Read: the stock read; Write: the stock written
    qint64 previous = -1; // Write: the stock just before, when the storage said so

    // Remembers scripts by their SHA1 (EVAL, SCRIPT LOAD), so an EVALSHA can be read too, and
    // what each does (read once from its text, or learnt from a node for a script never seen).
    class Scripts
    {
    public:
        void learn(const QByteArray& body);
        // What the script of `sha` does: unknown when never seen and never learnt.
        ScriptShape shape(const QByteArray& sha) const { return m_shapes.value(sha.toLower()); }
        // What the script of `body` does (read once, then remembered).
        ScriptShape shapeOf(const QByteArray& body);
        void learnShape(const QByteArray& sha, const ScriptShape& shape);
        bool knows(const QByteArray& sha) const { return m_shapes.contains(sha.toLower()); }

    private:
        QHash<QByteArray, ScriptShape> m_shapes; // by SHA1
        QHash<QByteArray, ScriptShape> m_bodies; // by body, for EVAL
    };

    // What a request is meant to do, before its answer: a release of `token` ends the
    // client's lease when it is sent (ForeignClients), not when its answer is read.
    static LockOp intent(const QByteArrayList& command, const QByteArray& stockKey,
                         Scripts* scripts);

    // `stockKey`: the storage's stock key (reads and writes of it are purchases).
    static LockOp recognise(const QByteArrayList& command, const RedisReply& reply,
                            const QByteArray& stockKey, Scripts* scripts);
};
