// SPDX-License-Identifier: GPL-3.0-or-later
#include "cards/faultstrip.h"

#include "base/steadyclock.h"
#include "cards/faulttext.h"
#include "widgets/uitheme.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QTextLayout>
#include <QToolTip>

namespace {

constexpr int RowGap = 3;
constexpr int MaxLines = 2;
constexpr int TextLeft = 10;
constexpr int MinLabelWidth = 24; // narrower beside the timing: the timing gives way

} // namespace

FaultStrip::FaultStrip(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("faults"));
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    m_tick.setInterval(250); // a quarter second late at most, for a count of whole seconds
    connect(&m_tick, &QTimer::timeout, this, [this] {
        m_nowUs = SteadyClock::instance().nowUs(); // the engine's clock, in this process
        refresh();
    });
}

void FaultStrip::setFaults(const QList<Fault>& faults, qint64 nowUs)
{
    m_nowUs = nowUs;
    bool same = faults.size() == m_faults.size();
    for (qsizetype i = 0; same && i < faults.size(); ++i)
        same = faults[i].kind == m_faults[i].kind && faults[i].detail == m_faults[i].detail &&
               faults[i].sinceUs == m_faults[i].sinceUs && faults[i].untilUs == m_faults[i].untilUs;
    if (!same) {
        m_faults = faults;
        updateGeometry(); // a fault came, went or changed its words: maybe another height
        m_drawnTimings = timings();
        update();
    }
    refresh();
}

bool FaultStrip::advance(qint64 nowUs)
{
    m_nowUs = nowUs;
    refresh();
    for (const Fault& f : m_faults)
        if (f.untilUs > 0)
            return true;
    return false;
}

void FaultStrip::refresh()
{
    const QStringList now = timings();
    if (now != m_drawnTimings) {
        m_drawnTimings = now;
        update();
    }
    const bool ticking = !m_faults.isEmpty() && isVisible();
    if (ticking != m_tick.isActive())
        ticking ? m_tick.start() : m_tick.stop();
}

QStringList FaultStrip::timings() const
{
    QStringList list;
    for (const Fault& f : m_faults)
        list << FaultText::timing(f, m_nowUs);
    return list;
}

QStringList FaultStrip::lines() const
{
    QStringList list;
    for (const Fault& f : m_faults)
        list << FaultText::line(f, m_nowUs);
    return list;
}

QFont FaultStrip::boldFont() const
{
    QFont bold = font();
    bold.setBold(true);
    return bold;
}

int FaultStrip::lineHeight() const
{
    return QFontMetrics(boldFont()).height();
}

// Where the label starts: after the fault's glyph.
int FaultStrip::labelLeft(const Fault& fault) const
{
    return TextLeft + QFontMetrics(boldFont()).horizontalAdvance(FaultText::glyph(fault.kind)) + 6;
}

QList<QList<QRect>> FaultStrip::textBoxes() const
{
    return boxesOf(rowsToDraw());
}

QList<QList<QRect>> FaultStrip::boxesOf(const QList<Row>& rows) const
{
    const QFontMetrics boldMetrics(boldFont());
    const int lineH = lineHeight();
    QList<QList<QRect>> boxes;
    int y = 0;
    for (int i = 0; i < m_faults.size(); ++i) {
        const Row& row = rows[i];
        const int top = y + 3;
        QList<QRect> own;
        for (int l = 0; l < row.labelLines.size(); ++l)
            own << QRect(labelLeft(m_faults[i]), top + l * lineH,
                         boldMetrics.horizontalAdvance(row.labelLines[l]), lineH);
        const int timing = timingWidth(m_faults[i]);
        own << (row.showTiming
                    ? QRect(width() - 6 - timing, top + row.timingLine * lineH, timing, lineH)
                    : QRect());
        boxes << own;
        y += row.height + RowGap;
    }
    return boxes;
}

// The room the timing takes beside the label. Its width changes rarely (at 10 s, at a
// minute), so the label's line breaks stay put while the seconds tick.
int FaultStrip::timingWidth(const Fault& fault) const
{
    return fontMetrics().horizontalAdvance(FaultText::timing(fault, m_nowUs));
}

bool FaultStrip::isElided(const QStringList& lines)
{
    return !lines.isEmpty() && lines.last().endsWith(QChar(0x2026));
}

QStringList FaultStrip::breakLabel(const QString& label, const QFont& bold,
                                   const QList<int>& widths, bool* firstFits)
{
    QStringList lines;
    QTextLayout layout(label, bold);
    layout.beginLayout();
    int end = 0;
    int lastStart = 0; // where the last line begins in `label` (its text is trimmed)
    *firstFits = true;
    for (int i = 0; i < widths.size(); ++i) {
        QTextLine line = layout.createLine();
        if (!line.isValid())
            break;
        line.setLineWidth(widths[i]);
        if (i == 0)
            *firstFits = line.naturalTextWidth() <= widths[i];
        lines << label.mid(line.textStart(), line.textLength()).trimmed();
        lastStart = line.textStart();
        end = line.textStart() + line.textLength();
    }
    layout.endLayout();
    const qsizetype last = lines.size() - 1;
    if (last >= 0 &&
        (end < label.size() || QFontMetrics(bold).horizontalAdvance(lines[last]) > widths[last])) {
        // More than fits: the last line ends in "…" (the tooltip has it all).
        lines[last] =
            QFontMetrics(bold).elidedText(label.mid(lastStart), Qt::ElideRight, widths[last]);
    }
    return lines;
}

// The timing goes beside the label's first line. On a narrow card (large type) the label's
// first word may not fit there ("partitioned" beside "for 12 s"): then the label takes the
// whole first line, rather than the two being drawn over each other (layoutRow).
QList<FaultStrip::Row> FaultStrip::layoutRows(int width, bool oneLine) const
{
    QList<Row> rows;
    for (const Fault& f : m_faults) {
        Row row = oneLine ? oneLineRow(f, width) : layoutRow(f, width);
        const int lines =
            int(qMax<qsizetype>(qMax<qsizetype>(1, row.labelLines.size()), row.timingLine + 1));
        row.height = lines * lineHeight() + 6;
        rows << row;
    }
    return rows;
}

// Never more lines than the label of two lines took before: the layout asks for heights at
// widths narrower than any the card is shown at, and a line more there makes the window
// taller than 720.
// The rows as tall as they need, or, when the card got less (large type, a dock open, on 720
// lines: its minimum is one line), each on one line: cut at the end with "…", never in two.
QList<FaultStrip::Row> FaultStrip::rowsToDraw() const
{
    const QList<Row> rows = layoutRows(width(), false);
    int h = -RowGap;
    for (const Row& r : rows)
        h += r.height + RowGap;
    return h <= height() ? rows : layoutRows(width(), true);
}

// One line: the label elided beside the timing, or alone when there is no room beside it.
FaultStrip::Row FaultStrip::oneLineRow(const Fault& f, int width) const
{
    const int full = qMax(20, width - labelLeft(f) - 6);
    const int beside = full - timingWidth(f) - 8;
    Row row;
    row.showTiming = beside >= MinLabelWidth;
    bool fits = true;
    row.labelLines =
        breakLabel(FaultText::label(f), boldFont(), {row.showTiming ? beside : full}, &fits);
    return row;
}

FaultStrip::Row FaultStrip::layoutRow(const Fault& f, int width) const
{
    const QFont bold = boldFont();
    const QFontMetrics boldMetrics(bold);
    const int full = qMax(20, width - labelLeft(f) - 6);
    const int timing = timingWidth(f) + 8;
    const bool countdown = f.untilUs > 0;
    const QString label = FaultText::label(f);
    Row row;
    bool fits = true;
    if (full - timing < MinLabelWidth) { // no room beside any word
        if (!countdown) {
            row.showTiming = false; // in the tooltip
            row.labelLines = breakLabel(label, bold, {full, full}, &fits);
        } else { // it says when: a line of its own, under one of the label
            row.labelLines = breakLabel(label, bold, {full}, &fits);
            row.timingLine = 1;
            row.showTiming = timing - 8 <= full;
        }
        return row;
    }
    const int beside = full - timing;
    row.labelLines = breakLabel(label, bold, {beside, full}, &fits);
    if (fits)
        return row;
    if (row.labelLines.size() >= MaxLines) {
        // The label whole on two lines, the timing beside the second if it fits there; if not,
        // the words matter more ("from C2" rather than "from …"): the timing goes to the
        // tooltip. A countdown matters more than the label's end, and so does the timing of a
        // label too long for two whole lines.
        const QStringList whole = breakLabel(label, bold, {full, full}, &fits);
        if (!isElided(whole) && !countdown) {
            row.labelLines = whole;
            row.timingLine = int(whole.size()) - 1;
            row.showTiming = boldMetrics.horizontalAdvance(whole.last()) <= beside;
        } else {
            row.labelLines = breakLabel(label, bold, {full, beside}, &fits);
            row.timingLine = int(row.labelLines.size()) - 1;
        }
    } else if (countdown) { // "restarts" / "in 9.9 s": two lines, as two of a label took
        row.labelLines = breakLabel(label, bold, {full}, &fits);
        row.timingLine = 1;
    } else {
        row.labelLines = breakLabel(label, bold, {beside}, &fits); // "repl…  for 5 s"
    }
    return row;
}

int FaultStrip::heightForWidth(int width) const
{
    const QList<Row> rows = layoutRows(width, false);
    int h = 0;
    for (const Row& r : rows)
        h += r.height + RowGap;
    // One line always reserved: the first fault does not make the card taller.
    return qMax(lineHeight() + 6, h - RowGap);
}

QSize FaultStrip::sizeHint() const
{
    return {160, heightForWidth(width() > 0 ? width() : 220)};
}

QSize FaultStrip::minimumSizeHint() const
{
    return {60, lineHeight() + 6};
}

void FaultStrip::paintEvent(QPaintEvent*)
{
    if (m_faults.isEmpty())
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool dark = UiTheme::isDark(palette());
    const QFont bold = boldFont();
    const QList<Row> rows = rowsToDraw();
    const QList<QList<QRect>> boxes = boxesOf(rows); // what the test reads, drawn
    constexpr int Flags = Qt::AlignVCenter | Qt::AlignLeft | Qt::TextDontClip;
    int y = 0;
    for (int i = 0; i < m_faults.size(); ++i) {
        const Fault& f = m_faults[i];
        const int h = rows[i].height;
        const QColor color = UiTheme::fault(f.kind, dark);
        const QRectF rect(0.5, y + 0.5, width() - 1.0, h - 1.0);
        QPainterPath path;
        path.addRoundedRect(rect, 5, 5);
        QColor tint = color;
        tint.setAlpha(dark ? 60 : 34);
        painter.fillPath(path, tint);
        painter.save();
        painter.setClipPath(path);
        painter.fillRect(QRectF(0, y, 5, h), color); // a solid edge: the colour reads at a glance
        painter.restore();

        const QList<QRect>& box = boxes[i];
        painter.setFont(bold);
        painter.setPen(dark ? color.lighter(115) : color.darker(115));
        painter.drawText(QRect(TextLeft, y + 3, labelLeft(f) - TextLeft, lineHeight()), Flags,
                         FaultText::glyph(f.kind));
        for (int l = 0; l < rows[i].labelLines.size(); ++l)
            painter.drawText(box[l], Flags, rows[i].labelLines[l]);
        painter.setFont(font());
        painter.setPen(palette().color(QPalette::WindowText));
        if (rows[i].showTiming)
            painter.drawText(box.last(), Flags, FaultText::timing(f, m_nowUs));
        y += h + RowGap;
    }
}

bool FaultStrip::event(QEvent* event)
{
    if (event->type() == QEvent::Show || event->type() == QEvent::Hide) {
        const bool handled = QWidget::event(event);
        refresh(); // the slow tick runs only while the strip can be seen
        return handled;
    }
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QList<Row> rows = rowsToDraw();
        int y = 0;
        for (int i = 0; i < rows.size(); ++i) {
            if (help->pos().y() < y + rows[i].height) {
                QToolTip::showText(help->globalPos(), FaultText::tooltip(m_faults[i], m_nowUs),
                                   this);
                return true;
            }
            y += rows[i].height + RowGap;
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void FaultStrip::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    QWidget::changeEvent(event);
}
