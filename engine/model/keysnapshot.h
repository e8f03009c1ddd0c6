// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>

// One lock key as last read from one node.
struct KeySnapshot
{
    QByteArray resource;
    QByteArray token;     // the value: whoever's token it is
    int ownerClient = -1; // the client that set it, -1: foreign (not one of ours)
    qint64 pttlMs = -2;   // as Redis says: -1 no expiry, -2 no key
    qint64 readUs = 0;    // when the node answered, on the engine clock
    // The node's fencing counter for this resource (the last one it handed out), -1: none.
    qint64 fenceCounter = -1;
    int holdCount = 0; // a reentrant (hash) lock: how many times its owner holds it
    // The node cannot be read now (down, paused, cut off): this is the last key seen there,
    // and whether it is still there is unknown. Never counted down as if it were.
    bool stale = false;
};
