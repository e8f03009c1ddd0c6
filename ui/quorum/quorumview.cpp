// SPDX-License-Identifier: GPL-3.0-or-later
#include "quorum/quorumview.h"

#include "widgets/ownerchip.h"
#include "widgets/uitheme.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace {

constexpr int RowGap = 3;
constexpr int SlotGap = 6;
constexpr int HeadPad = 8; // around the headline, inside its banner
constexpr int MaxTallies = QuorumVerdict::MaxTallies;

QColor dimmed(QColor c, bool dark)
{
    c.setAlpha(dark ? 70 : 60);
    return c;
}

} // namespace

QuorumView::QuorumView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("quorumView"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void QuorumView::setSnapshot(const EngineSnapshot& snapshot, const ClientLegend& legend,
                             qint64 nowUs)
{
    if (m_verdict.setSnapshot(snapshot, legend, nowUs))
        updateGeometry();
    update();
}

void QuorumView::noteCaption(qint64 nowUs)
{
    m_verdict.noteCaption(nowUs);
    update();
}

bool QuorumView::advance(qint64 nowUs)
{
    const bool moving = m_verdict.advance(nowUs);
    if (moving)
        update();
    return moving;
}

QFont QuorumView::headlineFont() const
{
    QFont f = font();
    f.setPointSizeF(font().pointSizeF() * 1.9);
    f.setBold(true);
    return f;
}

QFont QuorumView::smallFont() const
{
    QFont f = font();
    f.setPointSizeF(font().pointSizeF() * 0.85);
    return f;
}

int QuorumView::slotSize() const
{
    return fontMetrics().height() + 6;
}

// The squares, and under them the owners' chips and counts.
int QuorumView::rowsWidth(const Block& b) const
{
    const QFontMetrics metrics = fontMetrics();
    const int squares = qMax(1, b.resource.nodeCount) * (slotSize() + SlotGap);
    const int chip = OwnerChip::width(metrics, QStringLiteral("C10"));
    const int count = metrics.horizontalAdvance(QStringLiteral("5/5 ")) + 8;
    const int tallies =
        MaxTallies * (chip + count) + metrics.horizontalAdvance(tr("%1 needed").arg(9)) + 8;
    return qMax(squares, tallies);
}

// One height whatever the verdict, so the view does not jump when a vote splits and heals.
int QuorumView::blockHeight() const
{
    const int text = QFontMetrics(headlineFont()).height() + HeadPad + fontMetrics().height() + 8;
    const int squares =
        QFontMetrics(smallFont()).height() + RowGap + slotSize() + RowGap + slotSize();
    return qMax(text, squares) + 4;
}

QSize QuorumView::sizeHint() const
{
    int h = int(m_verdict.blocks().size()) * blockHeight();
    if (m_verdict.blocks().isEmpty())
        h = QFontMetrics(headlineFont()).height() + 24;
    return {800, h};
}

QSize QuorumView::minimumSizeHint() const
{
    return {400, sizeHint().height()};
}

void QuorumView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool dark = UiTheme::isDark(palette());
    if (m_verdict.blocks().isEmpty()) {
        painter.setFont(headlineFont());
        painter.setPen(UiTheme::muted(dark));
        painter.drawText(rect().adjusted(12, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         headline());
        return;
    }
    int y = 0;
    for (const Block& b : m_verdict.blocks()) {
        const int h = blockHeight();
        paintBlock(painter, b, QRect(0, y, width(), h), dark);
        y += h;
    }
}

void QuorumView::paintBlock(QPainter& painter, const Block& b, const QRect& rect, bool dark) const
{
    // Left: the headline and what it rests on; right: a square per node.
    const int rowsW = rowsWidth(b);
    const QRect left(rect.left() + 4, rect.top() + 4, rect.width() - rowsW - 32, rect.height() - 8);
    const int headH = QFontMetrics(headlineFont()).height() + HeadPad;
    paintHeadline(painter, b, QRect(left.left(), left.top(), left.width(), headH), dark);
    painter.setFont(font());
    const QFontMetrics metrics = fontMetrics();
    const QRect sub(left.left() + 22, left.top() + headH + 2, left.width() - 22,
                    metrics.height() + 4);
    painter.setPen(UiTheme::muted(dark));
    painter.drawText(sub, Qt::AlignVCenter | Qt::AlignLeft,
                     metrics.elidedText(m_verdict.sublineOf(b), Qt::ElideRight, sub.width()));
    paintSquares(painter, b,
                 QRect(rect.right() - rowsW - 8, rect.top() + 4, rowsW, rect.height() - 8), dark);
}

void QuorumView::paintHeadline(QPainter& painter, const Block& b, const QRect& head,
                               bool dark) const
{
    const QString text = m_verdict.headlineOf(b);
    // The headline keeps one line: a long one (several names, an incident) gets a smaller
    // size rather than a second line that would push everything below it down.
    QFont big = headlineFont();
    const int available = head.width() - 30;
    while (QFontMetrics(big).horizontalAdvance(text) > available &&
           big.pointSizeF() > font().pointSizeF() * 0.95)
        big.setPointSizeF(big.pointSizeF() * 0.94);
    const QFontMetrics bigMetrics(big);
    painter.setFont(big);
    if (b.verdict == Verdict::Broken || b.verdict == Verdict::DataDamaged) {
        // The loud things in the window: a red banner.
        QPainterPath banner;
        banner.addRoundedRect(head, 8, 8);
        painter.fillPath(banner, UiTheme::bad(false));
        painter.setPen(Qt::white);
        painter.drawText(head.adjusted(14, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         bigMetrics.elidedText(text, Qt::ElideRight, head.width() - 22));
        return;
    }
    QColor mark = UiTheme::muted(dark);
    QColor ink = palette().color(QPalette::WindowText);
    if (b.verdict == Verdict::Held)
        mark = b.holderColor;
    else if (b.verdict == Verdict::SplitVote || b.verdict == Verdict::Unavailable ||
             b.verdict == Verdict::WriteRefused)
        mark = ink = UiTheme::warn(dark);
    else if (b.verdict == Verdict::StaleBelief || b.verdict == Verdict::MinorityHolder)
        mark = ink = UiTheme::bad(dark); // a warning in red ink; the banner is for broken
    else if (b.verdict == Verdict::KeysLeft)
        mark = b.ownerColors.value(0, mark);
    if (b.verdict == Verdict::NotHeld || b.verdict == Verdict::Free)
        ink = UiTheme::muted(dark);
    QPainterPath markPath;
    markPath.addRoundedRect(QRectF(head.left(), head.top() + 5, 9, head.height() - 10), 3, 3);
    painter.fillPath(markPath, mark);
    painter.setPen(ink);
    painter.drawText(head.adjusted(22, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                     bigMetrics.elidedText(text, Qt::ElideRight, head.width() - 22));
}

// A square per node, its number inside, filled in the colour of the owner its key (or its
// vote) is for; a node the rule does not count is drawn faint, the one that decides alone is
// outlined. Under them each owner's count against what the rule needs.
void QuorumView::paintSquares(QPainter& painter, const Block& b, const QRect& area, bool dark) const
{
    const QColor ink = palette().color(QPalette::WindowText);
    const QFont small = smallFont();
    const QFontMetrics smallMetrics(small);
    painter.setFont(small);
    painter.setPen(UiTheme::muted(dark));
    const QRect title(area.left(), area.top(), area.width(), smallMetrics.height());
    painter.drawText(title, Qt::AlignLeft | Qt::AlignVCenter,
                     smallMetrics.elidedText(m_verdict.titleOf(b), Qt::ElideRight, title.width()));
    const int slot = slotSize();
    const int y = title.bottom() + RowGap;
    using Rule = QuorumVerdict::Rule;
    const Rule rule = QuorumVerdict::ruleKind(b);
    const bool single = rule == Rule::SingleNode || rule == Rule::Master;
    const QList<QuorumVerdict::Square>& squares = QuorumVerdict::squaresOf(b);
    for (int i = 0; i < squares.size(); ++i) {
        const QuorumVerdict::Square& sq = squares[i];
        const QRectF cell(area.left() + i * (slot + SlotGap), y, slot, slot);
        QPainterPath path;
        path.addRoundedRect(cell, 4, 4);
        const bool filled = sq.color.isValid();
        QColor fill = filled ? sq.color : UiTheme::track(dark);
        if (!sq.decides)
            fill = dimmed(fill, dark);
        painter.fillPath(path, fill);
        if (sq.foreign || sq.owner == QLatin1String("?")) {
            painter.save();
            painter.setClipPath(path);
            painter.fillRect(cell, QBrush(UiTheme::muted(dark), Qt::BDiagPattern));
            painter.restore();
        }
        if (single && sq.decides) {
            painter.setPen(QPen(ink, 2));
            painter.drawPath(path);
        }
        painter.setPen(filled && sq.decides ? QColor(Qt::white) : UiTheme::muted(dark));
        painter.drawText(cell, Qt::AlignCenter,
                         sq.owner == QLatin1String("?") ? QStringLiteral("?")
                                                        : QString::number(i + 1));
    }
    // Under the squares: each owner as its chip with its count, or the node that decides.
    painter.setFont(font());
    const QFontMetrics metrics = fontMetrics();
    int x = area.left();
    const int ty = y + slot + RowGap;
    if (rule == Rule::Majority) {
        for (const QuorumVerdict::Tally& t : QuorumVerdict::talliesOf(b).mid(0, MaxTallies)) {
            const int chipW = OwnerChip::width(metrics, t.name);
            OwnerChip::paint(painter, QRectF(x, ty, chipW, slot), t.name, t.color, t.foreign);
            x += chipW + 4;
            QFont bold = font();
            bold.setBold(t.count >= b.resource.quorum);
            painter.setFont(bold);
            painter.setPen(ink);
            const QString count = QStringLiteral("%1/%2").arg(t.count).arg(b.resource.nodeCount);
            painter.drawText(QRect(x, ty, area.right() - x, slot), Qt::AlignVCenter | Qt::AlignLeft,
                             count);
            x += QFontMetrics(bold).horizontalAdvance(count) + 10;
            painter.setFont(font());
        }
        painter.setPen(UiTheme::muted(dark));
        painter.drawText(QRect(x, ty, area.right() - x, slot), Qt::AlignVCenter | Qt::AlignLeft,
                         tr("%1 needed").arg(b.resource.quorum));
        return;
    }
    painter.setPen(UiTheme::muted(dark));
    painter.drawText(QRect(x, ty, area.right() - x, slot), Qt::AlignVCenter | Qt::AlignLeft,
                     metrics.elidedText(m_verdict.noteOf(b), Qt::ElideRight, area.right() - x));
}

bool QuorumView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        QToolTip::showText(
            help->globalPos(),
            tr("Each square is a node, numbered, in the colour of the client whose key it holds: "
               "a node's key is its vote. Redlock needs a majority of the squares; a "
               "single-node lock only node 1 (outlined), and the master alone decides with a "
               "replica. After a split vote the squares show that round's votes for a few "
               "seconds."),
            this);
        return true;
    }
    return QWidget::event(event);
}

void QuorumView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(event);
}
