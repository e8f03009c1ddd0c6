// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

// The moments of a client's loop a pause or a crash can be armed for (`client pause|crash NAME
// MS MOMENT`): right before the stock write (Kleppmann's GC pause: docs/sources.md,
// "Kleppmann's critique"), between SETNX and EXPIRE, between GET and DEL. A value type of the
// command language, so in model/: the parser (commands/) sits below the clients.
class PauseMoment
{
    Q_GADGET

public:
    enum class Moment
    {
        BeforeWrite,
        BeforeExpire,
        BeforeDelete
    };
    Q_ENUM(Moment) // "before-write", ... in the command language (EnumNames)
};
