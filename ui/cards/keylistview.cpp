// SPDX-License-Identifier: GPL-3.0-or-later
#include "cards/keylistview.h"

#include "base/textformat.h"
#include "widgets/ownerchip.h"
#include "widgets/ownerpalette.h"
#include "widgets/uitheme.h"

#include <QEasingCurve>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>

namespace {

double progress(qint64 startUs, qint64 nowUs, qint64 durationUs)
{
    return qBound(0.0, double(nowUs - startUs) / double(durationUs), 1.0);
}

} // namespace

KeyListView::KeyListView(QWidget* parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setMouseTracking(false);
}

void KeyListView::setKeys(const QList<KeySnapshot>& keys, bool readable, const ClientLegend& legend,
                          const QHash<int, int>& ttlByClient, qint64 nowUs)
{
    m_nowUs = nowUs;
    m_readable = readable;
    if (readable) {
        QList<bool> seen(m_rows.size(), false);
        for (const KeySnapshot& key : keys) {
            if (key.pttlMs == -2)
                continue; // "no key": the node said the key is not there
            qsizetype i = 0;
            for (; i < m_rows.size(); ++i) {
                const Row& r = m_rows[i];
                if (r.resource == key.resource && r.token == key.token &&
                    (r.phase == Phase::Appearing || r.phase == Phase::Live))
                    break;
            }
            if (i == m_rows.size()) {
                Row row;
                row.resource = key.resource;
                row.token = key.token;
                row.phase = Phase::Appearing;
                row.phaseStartUs = nowUs;
                m_rows.append(row);
                seen.append(true);
            }
            seen[i] = true;
            Row& row = m_rows[i];
            row.owner = key.ownerClient;
            row.ownerName = legend.name(key.ownerClient);
            row.color = legend.color(key.ownerClient);
            row.pttlMs = key.pttlMs;
            row.readUs = key.readUs;
            row.fenceCounter = key.fenceCounter;
            const int configured = ttlByClient.value(key.ownerClient, 0);
            row.fullMs = std::max<qint64>({row.fullMs, qint64(configured), key.pttlMs, 1});
        }
        for (qsizetype i = 0; i < m_rows.size(); ++i) {
            Row& row = m_rows[i];
            if (!seen[i] && (row.phase == Phase::Appearing || row.phase == Phase::Live))
                retire(row, nowUs);
        }
    }
    const int reserved = reservedRows();
    if (reserved != m_reservedRows) {
        m_reservedRows = reserved;
        updateGeometry();
    }
    update();
}

void KeyListView::retire(Row& row, qint64 nowUs)
{
    const qint64 left = remainingMs(row, nowUs);
    const bool expired = row.pttlMs >= 0 && left <= ExpireSlackMs;
    row.phase = expired ? Phase::Expired : Phase::Deleted;
    row.phaseStartUs = nowUs;
    row.frozenRemainingMs = expired ? 0 : left;
}

qint64 KeyListView::remainingMs(const Row& row, qint64 nowUs) const
{
    if (row.pttlMs < 0)
        return row.pttlMs; // -1: no expiry
    if (row.phase == Phase::Deleted || row.phase == Phase::Expired)
        return row.frozenRemainingMs;
    return qMax<qint64>(0, row.pttlMs - (nowUs - row.readUs) / 1000);
}

bool KeyListView::advance(qint64 nowUs)
{
    m_nowUs = nowUs;
    bool moving = false;
    bool removed = false;
    for (qsizetype i = m_rows.size() - 1; i >= 0; --i) {
        Row& row = m_rows[i];
        const qint64 age = nowUs - row.phaseStartUs;
        switch (row.phase) {
        case Phase::Appearing:
            if (age >= AppearUs)
                row.phase = Phase::Live;
            moving = true;
            break;
        case Phase::Live:
            // A key on a node nobody can read is unknown: not counted down, not retired.
            moving = moving || (m_readable && row.pttlMs >= 0 && remainingMs(row, nowUs) > 0);
            break;
        case Phase::Deleted:
        case Phase::Expired:
            if (age >= (row.phase == Phase::Deleted ? DeleteUs : ExpireUs)) {
                m_rows.removeAt(i);
                removed = true;
            } else {
                moving = true;
            }
            break;
        }
    }
    if (removed) {
        const int reserved = reservedRows();
        if (reserved != m_reservedRows) {
            m_reservedRows = reserved;
            updateGeometry();
        }
    }
    if (moving || removed)
        update();
    return moving;
}

void KeyListView::settle()
{
    m_rows.removeIf(
        [](const Row& r) { return r.phase == Phase::Deleted || r.phase == Phase::Expired; });
    for (Row& row : m_rows)
        row.phase = Phase::Live;
    m_reservedRows = reservedRows();
    updateGeometry();
    update();
}

qint64 KeyListView::displayedTtlMs(const QByteArray& resource) const
{
    if (!m_readable)
        return -1; // unknown: no TTL is shown
    for (const Row& row : m_rows) {
        if (row.resource == resource && (row.phase == Phase::Appearing || row.phase == Phase::Live))
            return remainingMs(row, m_nowUs);
    }
    return -1;
}

bool KeyListView::showsUnknown(const QByteArray& resource) const
{
    if (m_readable)
        return false;
    for (const Row& row : m_rows)
        if (row.resource == resource && (row.phase == Phase::Appearing || row.phase == Phase::Live))
            return true;
    return false;
}

QString KeyListView::ownerName(const QByteArray& resource) const
{
    for (const Row& row : m_rows) {
        if (row.resource == resource && (row.phase == Phase::Appearing || row.phase == Phase::Live))
            return row.ownerName;
    }
    return {};
}

std::optional<KeyListView::Phase> KeyListView::phase(const QByteArray& token) const
{
    for (const Row& row : m_rows) {
        if (row.token == token)
            return row.phase;
    }
    return std::nullopt;
}

double KeyListView::heightFactor(const Row& row) const
{
    const qint64 age = m_nowUs - row.phaseStartUs;
    switch (row.phase) {
    case Phase::Appearing:
        return QEasingCurve(QEasingCurve::OutCubic).valueForProgress(progress(0, age, AppearUs));
    case Phase::Live:
        return 1.0;
    case Phase::Deleted:
        return 1.0 -
               QEasingCurve(QEasingCurve::InCubic).valueForProgress(progress(0, age, DeleteUs));
    case Phase::Expired:
        return 1.0; // fades in place: the fade is what one sees
    }
    return 1.0;
}

double KeyListView::opacity(const Row& row) const
{
    const qint64 age = m_nowUs - row.phaseStartUs;
    double o = 1.0;
    switch (row.phase) {
    case Phase::Appearing:
        o = progress(0, age, AppearUs);
        break;
    case Phase::Live:
        break;
    case Phase::Deleted:
        o = 1.0 - progress(0, age, DeleteUs);
        break;
    case Phase::Expired:
        o = 1.0 - QEasingCurve(QEasingCurve::InQuad).valueForProgress(progress(0, age, ExpireUs));
        break;
    }
    return m_readable ? o : o * 0.45;
}

int KeyListView::rowHeight() const
{
    return fontMetrics().height() + 22;
}

int KeyListView::reservedRows() const
{
    // One slot per live key (on a node that is one, for one resource). A key on its way
    // out keeps its slot and a new key grows into the same one: on one node a new key
    // can only be set once the old one is gone, so they cross-fade instead of pushing the
    // card taller for a moment.
    int live = 0;
    for (const Row& row : m_rows)
        live += (row.phase == Phase::Appearing || row.phase == Phase::Live) ? 1 : 0;
    return qMax(1, live);
}

QList<int> KeyListView::slotIndexes() const
{
    QList<int> result;
    result.reserve(m_rows.size());
    int live = 0;
    for (int i = 0; i < m_rows.size(); ++i) {
        const bool going = m_rows[i].phase == Phase::Deleted || m_rows[i].phase == Phase::Expired;
        result.append(going ? qMin(i, m_reservedRows - 1) : live++);
    }
    return result;
}

QSize KeyListView::sizeHint() const
{
    return {200, m_reservedRows * rowHeight()};
}

QSize KeyListView::minimumSizeHint() const
{
    return {120, m_reservedRows * rowHeight()};
}

void KeyListView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const bool dark = UiTheme::isDark(palette());
    const int h = rowHeight();
    if (m_rows.isEmpty()) {
        painter.setPen(UiTheme::muted(dark));
        painter.drawText(rect(), Qt::AlignCenter,
                         m_readable ? tr("no lock key") : tr("keys unknown"));
        return;
    }
    const QList<int> slotOf = slotIndexes();
    for (int i = 0; i < m_rows.size(); ++i) {
        const Row& row = m_rows[i];
        const qreal rowH = h * heightFactor(row);
        if (rowH < 1)
            continue;
        painter.save();
        painter.setOpacity(opacity(row));
        // Grow in and collapse around the slot's middle line.
        const QRectF slot(0, slotOf[i] * h, width(), h);
        painter.setClipRect(QRectF(0, slot.center().y() - rowH / 2.0, width(), rowH));
        paintRow(painter, row, slot, dark);
        painter.restore();
    }
}

void KeyListView::paintRow(QPainter& painter, const Row& row, const QRectF& rect, bool dark) const
{
    const QFontMetrics metrics = fontMetrics();
    const qreal lineH = metrics.height() + 4;
    const bool foreign = row.owner < 0;
    const QRectF chip(rect.left(), rect.top() + 1, OwnerChip::width(metrics, row.ownerName), lineH);
    OwnerChip::paint(painter, chip, row.ownerName, row.color, foreign);

    const qint64 left = remainingMs(row, m_nowUs);
    const bool unknown = !m_readable && (row.phase == Phase::Live || row.phase == Phase::Appearing);
    QString leftText;
    QColor leftColor = palette().color(QPalette::WindowText);
    switch (unknown ? Phase::Live : row.phase) {
    case Phase::Expired:
        leftText = tr("expired");
        leftColor = UiTheme::muted(dark);
        break;
    case Phase::Deleted:
        leftText = tr("deleted");
        leftColor = UiTheme::warn(dark);
        break;
    default:
        if (unknown) {
            leftText = tr("unknown");
            leftColor = UiTheme::muted(dark);
        } else if (left == -1) {
            leftText = tr("no TTL");
            leftColor = UiTheme::bad(dark);
        } else {
            leftText = TextFormat::seconds(left);
        }
    }
    // Token (and fence counter), small and grey: it identifies, it is not the message. It
    // gets the room the TTL text leaves, elided, never under it.
    QFont bold = font();
    bold.setBold(true);
    const qreal leftW = QFontMetricsF(bold).horizontalAdvance(leftText) + 8;
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    small.setFamily(QStringLiteral("monospace"));
    small.setStyleHint(QFont::Monospace);
    painter.setFont(small);
    painter.setPen(UiTheme::muted(dark));
    const QRectF tokenRect(chip.right() + 6, chip.top(),
                           std::max<qreal>(0, rect.right() - leftW - chip.right() - 6), lineH);
    // With fencing the counter is what matters (the storage compares it): it goes first.
    QString tokenText = TextFormat::shortToken(row.token);
    if (row.fenceCounter >= 0)
        tokenText = tr("fence %1 · %2").arg(row.fenceCounter).arg(tokenText);
    painter.drawText(
        tokenRect, Qt::AlignVCenter | Qt::AlignLeft,
        QFontMetrics(small).elidedText(tokenText, Qt::ElideRight, int(tokenRect.width())));

    painter.setFont(bold);
    painter.setPen(leftColor);
    painter.drawText(QRectF(rect.left(), chip.top(), rect.width(), lineH),
                     Qt::AlignVCenter | Qt::AlignRight, leftText);
    painter.setFont(font());

    // The TTL bar: the owner's colour over a neutral track, its length the share of the
    // owner's configured TTL that is left.
    const qreal barH = 10;
    const QRectF track(rect.left(), chip.bottom() + 4, rect.width(), barH);
    QPainterPath trackPath;
    trackPath.addRoundedRect(track, barH / 2, barH / 2);
    painter.fillPath(trackPath, UiTheme::track(dark));
    double share = 0;
    if (unknown) {
        // Last seen, now unknown: a hatched grey bar, not a countdown.
        painter.fillPath(trackPath, QBrush(UiTheme::muted(dark), Qt::BDiagPattern));
        return;
    }
    if (left == -1)
        share = 1.0; // never expires: a full bar, hatched below
    else if (row.fullMs > 0)
        share = qBound(0.0, double(left) / double(row.fullMs), 1.0);
    if (share > 0) {
        const QRectF bar(track.left(), track.top(), track.width() * share, barH);
        QPainterPath barPath;
        barPath.addRoundedRect(bar, barH / 2, barH / 2);
        painter.fillPath(barPath, row.color);
        if (left == -1 || foreign)
            painter.fillPath(barPath, QBrush(OwnerPalette::textOn(row.color), Qt::BDiagPattern));
    }
}

QString KeyListView::tooltipFor(const Row& row) const
{
    const QString who = row.owner < 0 ? tr("A foreign client (not one of ours)") : row.ownerName;
    const qint64 left = remainingMs(row, m_nowUs);
    QString ttl;
    if (row.phase == Phase::Expired)
        ttl = tr("its TTL ran out and the node let it expire");
    else if (row.phase == Phase::Deleted)
        ttl = tr("it was deleted with %1 still left").arg(TextFormat::seconds(left));
    else if (!m_readable)
        ttl = tr("the node cannot be read now: whether the key is still there is unknown");
    else if (left == -1)
        ttl = tr("it has no TTL, so it never expires on its own");
    else
        ttl = tr("%1 left (the bar counts down from the node's last PTTL reading)")
                  .arg(TextFormat::seconds(left));
    return tr("%1 holds key \"%2\" on this node with token %3…; %4.")
        .arg(who, QString::fromUtf8(row.resource), TextFormat::shortToken(row.token), ttl);
}

bool KeyListView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int h = rowHeight();
        const QList<int> slotOf = slotIndexes();
        // The last row in a slot is the one on top (the new key over the old one).
        for (qsizetype i = m_rows.size() - 1; i >= 0; --i) {
            if (help->pos().y() / h == slotOf[i]) {
                QToolTip::showText(help->globalPos(), tooltipFor(m_rows[i]), this);
                return true;
            }
        }
        QToolTip::showText(help->globalPos(),
                           m_readable
                               ? tr("No lock key on this node right now.")
                               : tr("The node cannot be read now; keys are shown as last seen."),
                           this);
        return true;
    }
    return QWidget::event(event);
}
