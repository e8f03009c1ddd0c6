// SPDX-License-Identifier: GPL-3.0-or-later
#include "cards/outcomegrid.h"

#include "base/enumnames.h"
#include "base/textformat.h"
#include "widgets/enumtext.h"
#include "widgets/ownerchip.h"
#include "widgets/uitheme.h"

#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>

namespace {

// A "down" outcome was never sent: its time says nothing about the node.
bool hasLatency(const NodeOutcome& o)
{
    return o.isFinal() && o.kind != NodeOutcome::Kind::Down && o.sentUs > 0 &&
           o.repliedUs >= o.sentUs;
}

} // namespace

OutcomeGrid::OutcomeGrid(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void OutcomeGrid::setOutcomes(const QList<NodeSnapshot::ClientOutcome>& outcomes,
                              const ClientLegend& legend)
{
    QList<Cell> cells;
    cells.reserve(outcomes.size());
    // In legend order, so a client's cell stays in the same place on every card.
    for (const int id : legend.ids()) {
        for (const auto& o : outcomes) {
            if (o.client == id)
                cells.append(Cell{id, legend.name(id), legend.color(id), o});
        }
    }
    for (const auto& o : outcomes) {
        if (!legend.isKnown(o.client))
            cells.append(Cell{o.client, legend.name(o.client), legend.color(o.client), o});
    }
    if (sameLook(cells, m_cells))
        return; // nothing to repaint: most frames under load
    const bool shapeChanged = cells.size() != m_cells.size();
    m_cells = std::move(cells);
    if (shapeChanged)
        updateGeometry();
    update();
}

// What is drawn: the kind and the latency as shown (to the displayed precision).
bool OutcomeGrid::sameLook(const QList<Cell>& a, const QList<Cell>& b)
{
    if (a.size() != b.size())
        return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        const NodeOutcome& x = a[i].outcome.outcome;
        const NodeOutcome& y = b[i].outcome.outcome;
        if (a[i].client != b[i].client || a[i].name != b[i].name || a[i].color != b[i].color ||
            x.kind != y.kind || hasLatency(x) != hasLatency(y) ||
            (hasLatency(x) &&
             TextFormat::latencyMs(x.latencyUs()) != TextFormat::latencyMs(y.latencyUs())))
            return false;
    }
    return true;
}

void OutcomeGrid::setCutOff(bool everyClient, const QStringList& names)
{
    if (everyClient == m_cutAll && names == m_cutNames)
        return;
    m_cutAll = everyClient;
    m_cutNames = names;
    update();
}

bool OutcomeGrid::isCut(const Cell& cell) const
{
    const NodeOutcome::Kind kind = cell.outcome.outcome.kind;
    const bool unanswered = kind == NodeOutcome::Kind::Timeout || kind == NodeOutcome::Kind::Down;
    return unanswered && (m_cutAll || m_cutNames.contains(cell.name, Qt::CaseInsensitive));
}

QString OutcomeGrid::kindText(const Cell& cell) const
{
    return isCut(cell) ? tr("cut") : EnumText::outcome(cell.outcome.outcome.kind);
}

// In a narrow cell (large type, a small window) a sign stands for the word, whole, instead
// of a word cut to "ta…"; the tooltip says it in full.
QString OutcomeGrid::kindSign(const Cell& cell) const
{
    if (isCut(cell))
        return QStringLiteral("✂");
    switch (cell.outcome.outcome.kind) {
    case NodeOutcome::Kind::Pending:
        return QStringLiteral("…");
    case NodeOutcome::Kind::Ok:
        return QStringLiteral("✓");
    case NodeOutcome::Kind::Taken:
        return QStringLiteral("✗");
    case NodeOutcome::Kind::Error:
        return QStringLiteral("!");
    case NodeOutcome::Kind::Timeout:
        return QStringLiteral("⌛");
    case NodeOutcome::Kind::Down:
        return QStringLiteral("↓");
    }
    return {};
}

QString OutcomeGrid::shownKind(const Cell& cell, int width) const
{
    QFont bold = font();
    bold.setBold(true);
    const QString word = kindText(cell);
    return QFontMetrics(bold).horizontalAdvance(word) <= width ? word : kindSign(cell);
}

QString OutcomeGrid::cellText(int clientId) const
{
    for (const Cell& cell : m_cells) {
        if (cell.client != clientId)
            continue;
        const NodeOutcome& o = cell.outcome.outcome;
        QString text = kindText(cell);
        if (hasLatency(o) && !isCut(cell))
            text += QLatin1Char(' ') + TextFormat::latencyMs(o.latencyUs());
        return text;
    }
    return {};
}

QString OutcomeGrid::paintedKind(int clientId) const
{
    for (int i = 0; i < m_cells.size(); ++i) {
        if (m_cells[i].client != clientId)
            continue;
        // The same room paintText() gives the word: the cell less its margins and the chip.
        const QRect r = cellRect(i).adjusted(0, 2, -6, -2);
        const int chipW = OwnerChip::width(fontMetrics(), m_cells[i].name);
        return shownKind(m_cells[i], r.width() - chipW - 5);
    }
    return {};
}

int OutcomeGrid::cellWidth() const
{
    // Wide enough for the usual "C1 taken 0.42"; a long "timeout 1200" is elided.
    const QFontMetrics m = fontMetrics();
    return OwnerChip::width(m, QStringLiteral("C1")) +
           m.horizontalAdvance(QStringLiteral("taken 0.42")) + 14;
}

int OutcomeGrid::cellHeight() const
{
    return fontMetrics().height() + 6;
}

// Text cells in two columns; tiles as many to a row as the width takes.
int OutcomeGrid::columns() const
{
    if (!isCompact())
        return 2;
    return qMax(1, width() / cellHeight());
}

int OutcomeGrid::rows() const
{
    const int perRow = columns();
    return qMax(1, int(m_cells.size() + perRow - 1) / perRow);
}

QSize OutcomeGrid::sizeHint() const
{
    return {2 * cellWidth(), rows() * cellHeight()};
}

QSize OutcomeGrid::minimumSizeHint() const
{
    return {cellWidth(), rows() * cellHeight()};
}

bool OutcomeGrid::hasHeightForWidth() const
{
    return true;
}

int OutcomeGrid::heightForWidth(int width) const
{
    if (!isCompact())
        return rows() * cellHeight();
    const int perRow = qMax(1, width / cellHeight());
    return qMax(1, int(m_cells.size() + perRow - 1) / perRow) * cellHeight();
}

void OutcomeGrid::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (isCompact())
        updateGeometry(); // tiles per row follow the width
}

QRect OutcomeGrid::cellRect(int index) const
{
    const int perRow = columns();
    const int w = isCompact() ? cellHeight() : width() / 2;
    return {(index % perRow) * w, (index / perRow) * cellHeight(), w, cellHeight()};
}

void OutcomeGrid::paintEvent(QPaintEvent* event)
{
    QPainter painter(this);
    const bool dark = UiTheme::isDark(palette());
    if (m_cells.isEmpty()) {
        painter.setPen(UiTheme::muted(dark));
        painter.drawText(rect(), Qt::AlignLeft | Qt::AlignVCenter, tr("no answers yet"));
        return;
    }
    for (int i = 0; i < m_cells.size(); ++i) {
        const QRect r = cellRect(i);
        if (!event->rect().intersects(r))
            continue;
        if (isCompact())
            paintTile(painter, m_cells[i], r.adjusted(1, 2, -2, -1));
        else
            paintText(painter, m_cells[i], r.adjusted(0, 2, -6, -2));
    }
}

void OutcomeGrid::paintText(QPainter& painter, const Cell& cell, const QRect& r) const
{
    const bool dark = UiTheme::isDark(palette());
    const QFontMetrics metrics = fontMetrics();
    const int chipW = OwnerChip::width(metrics, cell.name);
    OwnerChip::paint(painter, QRectF(r.left(), r.top(), chipW, r.height()), cell.name, cell.color,
                     cell.client < 0);
    const NodeOutcome& o = cell.outcome.outcome;
    QRect textRect = r.adjusted(chipW + 5, 0, 0, 0);
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    const bool cut = isCut(cell);
    painter.setPen(cut ? UiTheme::network(dark) : UiTheme::outcome(o.kind, dark));
    const QString kind = shownKind(cell, textRect.width());
    painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, kind);
    if (hasLatency(o) && !cut) {
        painter.setFont(font());
        painter.setPen(UiTheme::muted(dark));
        textRect.setLeft(textRect.left() + QFontMetrics(bold).horizontalAdvance(kind) + 5);
        // A cut number misleads: show it whole or not at all (the tooltip has it).
        const QString latency = TextFormat::latencyMs(o.latencyUs());
        if (metrics.horizontalAdvance(latency) <= textRect.width())
            painter.drawText(textRect, Qt::AlignVCenter | Qt::AlignLeft, latency);
    }
    painter.setFont(font());
}

// Solid: ok. Faded: taken. Crossed out in the outcome colour: timeout, error, down.
void OutcomeGrid::paintTile(QPainter& painter, const Cell& cell, const QRect& r) const
{
    const bool dark = UiTheme::isDark(palette());
    const NodeOutcome::Kind kind = cell.outcome.outcome.kind;
    QColor fill = cell.color;
    if (kind != NodeOutcome::Kind::Ok)
        fill.setAlpha(kind == NodeOutcome::Kind::Taken ? 90 : 45);
    painter.fillRect(r, fill);
    if (kind == NodeOutcome::Kind::Ok || kind == NodeOutcome::Kind::Taken ||
        kind == NodeOutcome::Kind::Pending)
        return;
    painter.setPen(QPen(isCut(cell) ? UiTheme::network(dark) : UiTheme::outcome(kind, dark), 2));
    painter.drawLine(r.topLeft(), r.bottomRight());
    painter.drawLine(r.topRight(), r.bottomLeft());
}

QString OutcomeGrid::tooltipFor(const Cell& cell) const
{
    const NodeOutcome& o = cell.outcome.outcome;
    QString what;
    switch (o.kind) {
    case NodeOutcome::Kind::Pending:
        what = tr("no answer yet");
        break;
    case NodeOutcome::Kind::Ok:
        what = tr("ok");
        break;
    case NodeOutcome::Kind::Taken:
        what = o.owner.isEmpty()
                   ? tr("taken: another token held the key")
                   : tr("taken: token %1… held the key").arg(TextFormat::shortToken(o.owner));
        break;
    case NodeOutcome::Kind::Error:
        what = tr("error: %1").arg(o.error);
        break;
    case NodeOutcome::Kind::Timeout:
        what = tr("timeout: %1").arg(o.error);
        break;
    case NodeOutcome::Kind::Down:
        what = tr("node down: %1").arg(o.error);
        break;
    }
    if (isCut(cell))
        what = tr("cut off by a partition (%1)").arg(what);
    // No operation: the node refused a new connection of a foreign client's.
    QString text = cell.outcome.operation == HistoryEvent::Operation::None
                       ? tr("%1's latest connection to this node: %2").arg(cell.name, what)
                       : tr("%1's latest %2 on this node: %3")
                             .arg(cell.name, EnumText::operation(cell.outcome.operation), what);
    if (hasLatency(o))
        text += tr(", after %1").arg(TextFormat::latency(o.latencyUs()));
    return text + QLatin1Char('.');
}

bool OutcomeGrid::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        for (int i = 0; i < m_cells.size(); ++i) {
            if (cellRect(i).contains(help->pos())) {
                QToolTip::showText(help->globalPos(), tooltipFor(m_cells[i]), this);
                return true;
            }
        }
        QToolTip::showText(help->globalPos(),
                           tr("Each client's latest answer from this node, with its latency."),
                           this);
        return true;
    }
    return QWidget::event(event);
}
