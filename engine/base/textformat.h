// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

// How numbers and tokens are written everywhere (window, log, terminal, reports), so a value reads
// the same on a card, in a lane and in the log.
class TextFormat
{
public:
    // The first 8 characters of a token ("3fa9c2e1"); hex of the first bytes when the
    // token is not printable (a foreign key may hold anything).
    static QString shortToken(const QByteArray& token);
    // "0.42 ms", "3.1 ms", "52 ms", "1.20 s".
    static QString latency(qint64 us);
    // The same number without its unit, for places that say "ms" once in a heading.
    static QString latencyMs(qint64 us);
    // A remaining time with one decimal: "8.2 s" (never negative).
    static QString seconds(qint64 ms);
    // Run time since the engine started: "4:07.3", "1:02:03".
    static QString runTime(qint64 us);
    // A span in whole seconds as a clock shows it: "0:07", "4:07", "1:02:03".
    static QString clock(qint64 us);
};
