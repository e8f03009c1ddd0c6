// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringView>

// Text from outside (a scenario's narration, a client's name, a host name typed on the command
// line, a node's reply, a run file) on its way to a terminal, a message or a cell. A terminal
// obeys the escape sequences a text carries (ESC [ 2 J clears the screen, OSC 52 writes the
// clipboard), so what is printed is made printable first; and a message that echoes what the
// user typed cuts it, so that a 120,000-character host name is not printed twice in full.
class SafeText
{
public:
    // How long an echoed value may be in a message before it is cut.
    static constexpr qsizetype EchoChars = 80;

    // Whether `c` would act on a terminal instead of being shown: C0 and C1 control
    // characters, DEL, and the bidirectional overrides that reorder what follows them.
    static bool isControl(char32_t c);
    // The index of the first such character in `text`, or -1.
    static qsizetype firstControl(QStringView text);
    // `text` with each such character written out as an escape ("\e", "\n", "\x07",
    // "\u202e"): nothing in it acts on a terminal, and nothing is lost to the reader.
    static QString printable(QStringView text);
    // printable(), cut to `max` characters with "… (N characters)" when longer: for a value
    // echoed in a message.
    static QString echo(QStringView text, qsizetype max = EchoChars);
    // `text` cut to `max` characters, the cut marked with "…" (the kept text is `max`
    // characters in all). Unchanged when it fits.
    static QString capped(const QString& text, qsizetype max);
};
