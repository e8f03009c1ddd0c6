// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>

// The fixed colours clients are drawn in, indexed by ClientSnapshot::colorIndex.
// Okabe-Ito (safe for the common colour-vision deficiencies) first, then Tableau colours,
// ordered so that the first five clients are as far apart as possible. Red is left out on
// purpose: it is reserved for "mutual exclusion broken".
class OwnerPalette
{
public:
    static constexpr int Size = 12;

    static QColor color(int colorIndex);
    // Keys set by someone who is not one of our clients.
    static QColor foreign();
    // Black or white, whichever reads better on top of background.
    static QColor textOn(const QColor& background);
};
