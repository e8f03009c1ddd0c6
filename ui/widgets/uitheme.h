// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsnapshot.h"
#include "model/nodeoutcome.h"
#include "model/nodesnapshot.h"

#include <QColor>
#include <QPainterPath>
#include <QPalette>
#include <QString>

class QPainter;
class QRect;
class QWidget;

// Light and dark looks (a palette, no style sheet: a style sheet would stop the palette
// and the font from reaching the child widgets), and the meaning colours every view
// shares (node up/down, outcome ok/taken/timeout, ...). Views ask isDark(palette()) instead of
// keeping a global, so a widget always paints in the theme of the window it lives in.
class UiTheme
{
public:
    enum class Mode
    {
        Light,
        Dark
    };

    static QPalette palette(Mode mode);
    static bool isDark(const QPalette& palette);

    static QColor good(bool dark);
    static QColor bad(bool dark);
    static QColor warn(bool dark);
    static QColor info(bool dark);
    static QColor paused(bool dark); // frozen: a GC pause, a SIGSTOPped node
    static QColor muted(bool dark);
    static QColor surface(bool dark); // cards and lanes
    // A card's face (node and storage cards): its rounded outline filled with the surface
    // colour, antialiased. The outline is returned for the card's own tints and border.
    static QPainterPath paintCard(QPainter& painter, const QRect& rect, bool dark);
    static QColor track(bool dark); // the empty part of a bar

    static QColor nodeState(NodeSnapshot::State state, bool dark);
    static QColor clientState(ClientSnapshot::State state, bool dark);
    static QColor outcome(NodeOutcome::Kind kind, bool dark);
    // A fault in force: the node-state faults take their state's colour, a partition
    // crimson, latency and drop amber, a clock jump teal.
    static QColor fault(Fault::Kind kind, bool dark);
    static QColor network(bool dark); // a partition: the cut border and its badge
    static QColor clock(bool dark);
};
