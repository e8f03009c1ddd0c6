// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/ownerpalette.h"

#include <array>

namespace {

constexpr std::array<QRgb, OwnerPalette::Size> Colors{
    0x0072B2, // blue
    0xE69F00, // orange
    0x009E73, // bluish green
    0xCC79A7, // reddish purple
    0x56B4E9, // sky blue
    0xD55E00, // vermillion
    0xF0E442, // yellow
    0x9C755F, // brown (Tableau)
    0xB07AA1, // purple (Tableau)
    0x76B7B2, // teal (Tableau)
    0xFF9DA7, // pink (Tableau)
    0x59A14F, // green (Tableau)
};

} // namespace

QColor OwnerPalette::color(int colorIndex)
{
    const int i = ((colorIndex % Size) + Size) % Size;
    return QColor::fromRgb(Colors[size_t(i)]);
}

QColor OwnerPalette::foreign()
{
    return QColor(0x8c, 0x8c, 0x8c);
}

QColor OwnerPalette::textOn(const QColor& background)
{
    // Relative luminance (sRGB weights, without the gamma curve: good enough to choose
    // between black and white).
    const double y =
        0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return y > 0.55 ? QColor(0x1a, 0x1a, 0x1a) : QColor(Qt::white);
}
