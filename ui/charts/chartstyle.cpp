#include "charts/chartstyle.h"

#include "widgets/ownerpalette.h"
#include "widgets/uitheme.h"

ChartStyle ChartStyle::forWidget(const QPalette& palette, const QFont& font)
{
    ChartStyle s;
    s.dark = UiTheme::isDark(palette);
    s.font = font;
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
