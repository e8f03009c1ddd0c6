// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fencingtoken.h"
#include "model/nodesnapshot.h"

#include <QString>

// The storage node as last read: the stock (the shared resource; docs/domain.md, "The
// stock") and what its fencing check holds. The ground truth the checker's verdict on the
// data rests on.
struct StorageSnapshot
{
    QString address;
    NodeSnapshot::State state = NodeSnapshot::State::Starting;
    bool local = false;
    qint64 pid = 0;
    QString error;
    bool stockActive = false;  // a `stock N` was given: clients buy
    bool stockExists = false;  // the key is on the storage
    qint64 stock = 0;          // what the storage holds now
    qint64 initial = -1;       // the last `stock N`
    qint64 soldSinceStock = 0; // sales since the last `stock N` (the checker's count)
    FencingToken newestFence;  // the last token the storage accepted
    qint64 rejected = 0;       // writes the fencing check refused (the storage's own count)
    qint64 readUs = 0;
    // When the read shown was sent: the values hold every write done before then (a slide
    // waits for a read asked after its caption).
    qint64 askedUs = 0;
};
