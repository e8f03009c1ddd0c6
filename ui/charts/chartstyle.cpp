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
    return ChartStyle::scaled(font, 0.88);
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

int ChartStyle::minTextPxFor(const ExportLook& look, int height)
{
    return qRound(std::max(11.0, height / 72.0) * look.typeScale);
}

ChartStyle ChartStyle::forExport(const ExportLook& look, const QSize& size)
{
    const int smallest = minTextPxFor(look, size.height());
    QFont font(QStringLiteral("DejaVu Sans"));
    // The body type a size up from the smallest (small() is 0.85 of it); the CJK faces, a
    // third taller, at the same pixel size: nothing below the floor.
    font.setPixelSize(qRound(smallest / 0.85));
    ChartStyle s =
        forWidget(UiTheme::palette(look.dark ? UiTheme::Mode::Dark : UiTheme::Mode::Light), font);
    s.font.setPixelSize(qRound(smallest / 0.85));
    s.minTextPx = smallest;
    return s;
}

QFont ChartStyle::scaled(const QFont& font, double factor)
{
    QFont f = font;
    if (font.pixelSize() > 0)
        f.setPixelSize(std::max(1, qRound(font.pixelSize() * factor)));
    else
        f.setPointSizeF(font.pointSizeF() * factor);
    return f;
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

// On a chart red says a violation (an overlap, a stale write): a dead node or client is
// shaded in a colour of its own, an earthy brown, and never mistaken for one.
QColor ChartStyle::fault(Fault::Kind kind) const
{
    using K = Fault::Kind;
    if (kind == K::Killed || kind == K::ShutDown || kind == K::Crashed)
        return dark ? QColor(0xc8, 0x94, 0x5e) : QColor(0x8a, 0x56, 0x2a);
    return UiTheme::fault(kind, dark);
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
    case AttemptOutcome::Kind::OwnKey:
        return info(); // the client's own key: not the silent nodes' grey
    }
    return muted;
}

QFont ChartStyle::small() const
{
    QFont f = scaled(font, 0.85);
    if (minTextPx > 0 && f.pixelSize() > 0 && f.pixelSize() < minTextPx)
        f.setPixelSize(minTextPx);
    return f;
}

QFont ChartStyle::bold() const
{
    QFont f = font;
    f.setBold(true);
    return f;
}
