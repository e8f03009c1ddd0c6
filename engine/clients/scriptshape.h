// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayList>

// What a lock client's Lua script does to its key, read once from its text (docs/proxy.md,
// "Foreign clients"): which kind of lock operation it is, and which of its arguments is the
// holder's token and which the time to live, from the calls it makes (the value it SETs, the
// argument it compares with the key's value, the time it gives PX, EX or PEXPIRE), whatever
// the order the library passes them in (@sesamecare-oss/redlock passes a database number
// first). Or learnt from a node: a script the app never saw (an EVALSHA of a script loaded
// before the app ran) shows what it does by what it did to the key (ForeignClients).
struct ScriptShape
{
    enum class Kind
    {
        Unknown, // not a lock operation, or not known yet
        Acquire, // sets the key only where it is free
        Release, // deletes the key when it holds the given token
        Extend   // gives the key more time when it holds the given token
    };

    static constexpr int Last = -1; // ARGV[#ARGV]
    static constexpr int None = -2;

    Kind kind = Kind::Unknown;
    bool hash = false;        // Redisson's hash lock: granted is nil, the token a field
    int tokenArg = None;      // 0-based index into ARGV (Last: the last one)
    int ttlArg = None;        // the argument that gives the time to live
    int ttlScale = 1;         // 1000 when the time is in seconds (EX, EXPIRE)
    bool ttlFromNode = false; // the new time is computed (added to what is left): read it back
    bool learnt = false;      // learnt from a node, not from the text

    bool isLock() const { return kind != Kind::Unknown; }
    // The argument at `index` of `args` (Last: the last), or an empty array.
    static QByteArray at(const QByteArrayList& args, int index);

    static ScriptShape read(const QByteArray& body);
};
