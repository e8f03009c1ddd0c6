// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/chartstyle.h"

#include "settings/languages.h"
#include "widgets/ownerpalette.h"
#include "widgets/uitheme.h"

namespace {

// In Chinese and Japanese the charts' type is a CJK face, not a Latin one that borrows the
// glyphs: Qt Charts sizes axis titles and legend entries by the face's own metrics, and
// borrowed glyphs, taller than DejaVu's, had a rotated title cut to "…". A size smaller, so
// that its lines (Noto's are a third taller than DejaVu's) take the room the English ones do
// and a chart as short as the window's dock keeps every label whole.
QFont forLanguage(QFont font)
{
    const QString code = Languages::current();
    const bool chinese = code == QLatin1String("zh_CN");
    if (!chinese && code != QLatin1String("ja"))
        return font;
    font.setFamilies(
        {chinese ? QStringLiteral("Noto Sans CJK SC") : QStringLiteral("Noto Sans CJK JP"),
         font.family()});
    font.setPointSizeF(font.pointSizeF() * 0.88);
    return font;
}

} // namespace

ChartStyle ChartStyle::forWidget(const QPalette& palette, const QFont& font)
{
    ChartStyle s;
    s.dark = UiTheme::isDark(palette);
    s.font = forLanguage(font);
    s.background = palette.color(QPalette::Base);
    s.text = palette.color(QPalette::Text);
    s.muted = UiTheme::muted(s.dark);
    s.grid = palette.color(QPalette::Midlight);
    s.track = UiTheme::track(s.dark);
    return s;
}

ChartStyle ChartStyle::forExport()
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(10);
    return forWidget(UiTheme::palette(UiTheme::Mode::Light), font);
}

QColor ChartStyle::owner(int client) const
{
    return client < 0 ? OwnerPalette::foreign() : OwnerPalette::color(client - 1);
}

QColor ChartStyle::good() const
{
    return UiTheme::good(dark);
}

QColor ChartStyle::bad() const
{
    return UiTheme::bad(dark);
}

QColor ChartStyle::warn() const
{
    return UiTheme::warn(dark);
}

QColor ChartStyle::info() const
{
    return UiTheme::info(dark);
}

QColor ChartStyle::paused() const
{
    return UiTheme::paused(dark);
}

QColor ChartStyle::fault(Fault::Kind kind) const
{
    return kind == Fault::Kind::Crashed ? UiTheme::bad(dark) : UiTheme::fault(kind, dark);
}

QColor ChartStyle::outcome(AttemptOutcome::Kind kind) const
{
    switch (kind) {
    case AttemptOutcome::Kind::Acquired:
        return good();
    case AttemptOutcome::Kind::Refused:
        return warn(); // as a node's "taken" answer on the cards
    case AttemptOutcome::Kind::NoQuorum:
        return dark ? QColor(0xb8, 0xbe, 0xc6) : QColor(0x4a, 0x52, 0x5e); // nodes silent
    case AttemptOutcome::Kind::SplitVote:
        return paused();
    case AttemptOutcome::Kind::Expired:
        return bad();
    }
    return muted;
}

QFont ChartStyle::small() const
{
    QFont f = font;
    f.setPointSizeF(font.pointSizeF() * 0.85);
    return f;
}

QFont ChartStyle::bold() const
{
    QFont f = font;
    f.setBold(true);
    return f;
}
