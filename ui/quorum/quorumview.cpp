// SPDX-License-Identifier: GPL-3.0-or-later
#include "quorum/quorumview.h"

#include "base/textformat.h"
#include "model/lock.h"
#include "widgets/enumtext.h"
#include "widgets/ownerchip.h"
#include "widgets/ownerpalette.h"
#include "widgets/uitheme.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>

namespace {

QString joinNames(const QStringList& names)
{
    if (names.size() <= 1)
        return names.value(0);
    return QStringList(names.mid(0, names.size() - 1)).join(QStringLiteral(", ")) +
           QStringLiteral(" and ") + names.last();
}

// Holders are drawn in at most this many rows; more are summed up in the last one.
constexpr int MaxRows = 4;
// Rows reserved even when fewer owners hold keys, so the view does not change height
// each time a vote splits and heals.
constexpr int ReservedRows = 3;
constexpr int RowGap = 5;
constexpr int SlotGap = 5;
// A holder whose validity runs out while it works stops believing within a snapshot:
// only past this is a belief called stale (as on a client lane).
constexpr qint64 StaleGraceUs = 250'000;
// How long "split vote" stays up after an attempt failed with the votes split.
constexpr qint64 SplitShownUs = 1'500'000;

} // namespace

QuorumView::QuorumView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("quorumView"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

QuorumView::Block QuorumView::makeBlock(const ResourceSnapshot& r,
                                        const QList<ClientSnapshot>& clients,
                                        const ClientLegend& legend) const
{
    Block b;
    b.resource = r;
    for (const auto& h : r.holders) {
        b.ownerNames.append(legend.name(h.client));
        b.ownerColors.append(legend.color(h.client));
    }
    const auto clientOf = [&clients](int id) -> const ClientSnapshot* {
        for (const ClientSnapshot& c : clients)
            if (c.id == id)
                return &c;
        return nullptr;
    };
    // The rule shown: of the clients inside, else of the keys' owners (a crashed holder),
    // else of the clients that lock this resource.
    for (const auto& section : r.sections)
        b.ruleSections << QPair<int, int>(section.quorum, section.nodes);
    if (b.ruleSections.isEmpty())
        for (const auto& h : r.holders)
            if (const ClientSnapshot* c = clientOf(h.client))
                b.ruleSections << QPair<int, int>(c->strategyQuorum, c->strategyNodes);
    if (b.ruleSections.isEmpty())
        for (const ClientSnapshot& c : clients)
            if (c.resource == r.resource)
                b.ruleSections << QPair<int, int>(c.strategyQuorum, c.strategyNodes);
    if (r.sections.size() > 1) {
        b.verdict = Verdict::Broken;
        for (const ResourceSnapshot::Section& s : r.sections) {
            b.believers.append(legend.name(s.client));
            const ClientSnapshot* c = clientOf(s.client);
            // The one whose validity is over is the one mistaken: say why, the class asks.
            if (c && b.staleNote.isEmpty() && s.validUntilUs != 0 &&
                m_nowUs - s.validUntilUs > StaleGraceUs)
                b.staleNote = c->state == ClientSnapshot::State::Paused
                                  ? tr("%1's validity ran out while it was paused").arg(c->name)
                                  : tr("%1's validity ran out, and it works on").arg(c->name);
        }
        std::sort(b.believers.begin(), b.believers.end(), [](const QString& x, const QString& y) {
            return x.size() != y.size() ? x.size() < y.size() : x < y; // C2 before C10
        });
        return b;
    }
    if (r.sections.size() == 1) {
        const ResourceSnapshot::Section& s = r.sections.first();
        const ClientSnapshot* c = clientOf(s.client);
        b.holderName = legend.name(s.client);
        b.holderColor = legend.color(s.client);
        b.holderValidUntilUs = s.validUntilUs;
        b.holderPaused = c && c->state == ClientSnapshot::State::Paused;
        b.holderNodes = r.nodesHolding(s.token);
        b.holderQuorum = s.quorum;
        b.holderStrategyNodes = s.nodes;
        b.verdict = heldOrStale(b, m_nowUs);
        return b;
    }
    const bool recentSplit = r.lastSplitVoteUs >= 0 && m_nowUs - r.lastSplitVoteUs < SplitShownUs;
    // A key the owner's own strategy counts as the lock: a majority for Redlock, its one node
    // for the single-node rungs (their owner's strategy size is in the clients' snapshots).
    const bool majority = !r.holders.isEmpty() && (r.holders.first().nodeCount >= r.quorum ||
                                                   singleNodeOwner(r.holders.first(), clients));
    if (majority) {
        b.verdict = Verdict::KeysLeft;
        const ResourceSnapshot::Holder& h = r.holders.first();
        b.keysNoTtl = h.noTtl;
        const ClientSnapshot* c = h.client >= 0 ? clientOf(h.client) : nullptr;
        using S = ClientSnapshot::State;
        b.keysOwnerState = h.client < 0 ? QStringLiteral("foreign")
                           : !c         ? QStringLiteral("removed")
                                        : ClientSnapshot::stateName(c->state);
        if (c && c->state == S::WaitingRetry)
            b.keysOwnerState = QStringLiteral("acquiring");
    } else if (recentSplit) {
        b.verdict = Verdict::SplitVote;
    } else if (!r.holders.isEmpty()) {
        b.verdict = Verdict::NotHeld;
    } else {
        b.verdict = unavailable(b) ? Verdict::Unavailable : Verdict::Free;
    }
    return b;
}

QuorumView::Verdict QuorumView::heldOrStale(const Block& b, qint64 nowUs)
{
    if (nowUs - b.holderValidUntilUs > StaleGraceUs)
        return Verdict::StaleBelief;
    // Its own strategy's rule: a majority of five for Redlock, its one node for the others.
    return b.holderNodes >= b.holderQuorum ? Verdict::Held : Verdict::MinorityHolder;
}

// What decides who holds: the rung of the clients that count (see makeBlock) when it is not
// Redlock (a single-node lock, on node 1, or none at all), else the topology's rule.
QuorumView::Rule QuorumView::ruleKind(const Block& b)
{
    if (b.resource.replicated)
        return Rule::Master;
    const auto all = [&b](auto test) {
        return !b.ruleSections.isEmpty() &&
               std::all_of(b.ruleSections.cbegin(), b.ruleSections.cend(), test);
    };
    if (all([](const QPair<int, int>& rule) { return rule.first == 0; }))
        return Rule::NoLock;
    if (all([](const QPair<int, int>& rule) { return rule.second == 1; }))
        return Rule::SingleNode;
    return Rule::Majority;
}

// No key is seen, but a new holder needs nodes that are not up: the single-node rungs' node,
// or a majority for Redlock. "free" would promise a lock nobody can take.
bool QuorumView::unavailable(const Block& b)
{
    const ResourceSnapshot& r = b.resource;
    switch (ruleKind(b)) {
    case Rule::SingleNode:
        return (r.unknownMask & 1u) != 0;
    case Rule::Majority:
        return r.nodeCount - r.nodesUnknown() < r.quorum;
    case Rule::NoLock:
    case Rule::Master: // Sentinel promotes the replica: shown by the Sentinel panel
        break;
    }
    return false;
}

bool QuorumView::singleNodeOwner(const ResourceSnapshot::Holder& holder,
                                 const QList<ClientSnapshot>& clients)
{
    for (const ClientSnapshot& c : clients)
        if (c.id == holder.client)
            return c.strategyNodes == 1 && holder.nodeCount >= 1;
    return false;
}

void QuorumView::setResources(const QList<ResourceSnapshot>& resources,
                              const QList<ClientSnapshot>& clients, const ClientLegend& legend,
                              qint64 nowUs)
{
    m_nowUs = nowUs;
    QList<Block> blocks;
    blocks.reserve(resources.size());
    for (const ResourceSnapshot& r : resources)
        blocks.append(makeBlock(r, clients, legend));
    bool heightChanged = blocks.size() != m_blocks.size();
    for (qsizetype i = 0; !heightChanged && i < blocks.size(); ++i)
        heightChanged = blockHeight(blocks[i]) != blockHeight(m_blocks[i]);
    m_blocks = std::move(blocks);
    if (heightChanged)
        updateGeometry();
    update();
}

bool QuorumView::advance(qint64 nowUs)
{
    m_nowUs = nowUs;
    bool counting = false;
    for (Block& b : m_blocks) {
        switch (b.verdict) {
        case Verdict::Held:
        case Verdict::MinorityHolder:
        case Verdict::StaleBelief:
            b.verdict = heldOrStale(b, nowUs);
            counting = true; // counts down, or up: how long ago the validity ran out
            break;
        case Verdict::SplitVote:
            counting = true; // it fades after SplitShownUs
            if (nowUs - b.resource.lastSplitVoteUs >= SplitShownUs)
                b.verdict = b.resource.holders.isEmpty() ? Verdict::Free : Verdict::NotHeld;
            break;
        default:
            break;
        }
    }
    if (counting)
        update();
    return counting;
}

QString QuorumView::headline() const
{
    if (!m_blocks.isEmpty())
        return headlineOf(m_blocks.first());
    Block none;
    none.verdict = Verdict::NoResource;
    return headlineOf(none);
}

QString QuorumView::subline() const
{
    return m_blocks.isEmpty() ? QString() : sublineOf(m_blocks.first());
}

QuorumView::Verdict QuorumView::verdict() const
{
    return m_blocks.isEmpty() ? Verdict::NoResource : m_blocks.first().verdict;
}

QString QuorumView::headlineOf(const Block& b) const
{
    switch (b.verdict) {
    case Verdict::NoResource:
        return tr("waiting for the engine");
    case Verdict::Broken:
        return tr("MUTUAL EXCLUSION BROKEN: %1 %2 in their critical sections")
            .arg(joinNames(b.believers), b.believers.size() == 2 ? tr("are both") : tr("are all"));
    case Verdict::Held: {
        if (b.holderQuorum == 0)
            return tr("%1 goes in with no lock at all").arg(b.holderName);
        if (!Lock::expires(b.holderValidUntilUs, m_nowUs)) // a key without a TTL (SETNX)
            return tr("held by %1, no TTL").arg(b.holderName);
        return tr("held by %1, %2 left")
            .arg(b.holderName, TextFormat::seconds((b.holderValidUntilUs - m_nowUs) / 1000));
    }
    case Verdict::MinorityHolder:
        return tr("%1 believes it holds, but only %2 of %3 nodes agree")
            .arg(b.holderName)
            .arg(b.holderNodes)
            .arg(b.holderStrategyNodes);
    case Verdict::StaleBelief: {
        const QString ago = TextFormat::seconds((m_nowUs - b.holderValidUntilUs) / 1000);
        return b.holderPaused ? tr("%1 still believes it holds: validity expired %2 ago")
                                    .arg(b.holderName, ago)
                              : tr("%1 is WORKING WITHOUT THE LOCK: validity ended %2 ago")
                                    .arg(b.holderName, ago);
    }
    case Verdict::SplitVote:
        return tr("split vote: nobody got a majority");
    case Verdict::KeysLeft:
        if (b.keysOwnerState == QLatin1String("releasing") ||
            b.keysOwnerState == QLatin1String("acquiring"))
            return tr("%1 is %2")
                .arg(b.ownerNames.value(0), EnumText::clientState(b.keysOwnerState));
        if (b.keysOwnerState == QLatin1String("foreign"))
            return tr("held by a foreign owner");
        if (b.keysNoTtl && b.keysOwnerState == QLatin1String("crashed"))
            return tr("DEADLOCK: %1 crashed holding a key without a TTL")
                .arg(b.ownerNames.value(0));
        return tr("not held: %1's keys still on a majority").arg(b.ownerNames.value(0));
    case Verdict::NotHeld:
        return tr("not held");
    case Verdict::Free:
        return tr("free");
    case Verdict::Unavailable:
        if (ruleKind(b) == Rule::SingleNode)
            return tr("nobody can take the lock: its node is down");
        return tr("nobody can take the lock: %1 of %2 nodes up, %3 needed")
            .arg(b.resource.nodeCount - b.resource.nodesUnknown())
            .arg(b.resource.nodeCount)
            .arg(b.resource.quorum);
    }
    return {};
}

QString QuorumView::ruleOf(const Block& b) const
{
    const ResourceSnapshot& r = b.resource;
    const QString resource = QString::fromUtf8(r.resource);
    switch (ruleKind(b)) {
    case Rule::Master:
        return tr("\"%1\" · the master alone decides; the replica is a copy, not a vote")
            .arg(resource);
    case Rule::NoLock:
        return tr("\"%1\" · no lock: clients go in without asking any node").arg(resource);
    case Rule::SingleNode:
        return tr("\"%1\" · a single-node lock: one node decides").arg(resource);
    case Rule::Majority:
        break;
    }
    return tr("\"%1\" · majority is %2 of %3 nodes").arg(resource).arg(r.quorum).arg(r.nodeCount);
}

QString QuorumView::sublineOf(const Block& b) const
{
    QString text = ruleOf(b);
    const ResourceSnapshot& r = b.resource;
    switch (b.verdict) {
    case Verdict::SplitVote:
        text += tr(" · the keys are spread over several owners; each releases and retries");
        break;
    case Verdict::NotHeld:
        text += tr(" · %1's key on %2, no majority")
                    .arg(b.ownerNames.value(0))
                    .arg(r.holders.first().nodeCount);
        break;
    case Verdict::KeysLeft:
        if (b.keysNoTtl && b.keysOwnerState == QLatin1String("crashed"))
            text += tr(" · nobody can ever take the lock again: liveness is lost");
        else if (b.keysOwnerState == QLatin1String("crashed"))
            text += tr(" · it crashed: its keys stay until their TTL runs out");
        else if (b.keysOwnerState == QLatin1String("foreign"))
            text += tr(" · a client outside this app holds it");
        else if (b.keysOwnerState != QLatin1String("releasing") &&
                 b.keysOwnerState != QLatin1String("acquiring"))
            text += tr(" · %1 is %2; the keys stay until their TTL runs out")
                        .arg(b.ownerNames.value(0), EnumText::clientState(b.keysOwnerState));
        break;
    case Verdict::MinorityHolder:
        text += tr(" · its keys are gone from the others (restart, clock jump): another "
                   "client can take the lock");
        break;
    case Verdict::StaleBelief:
        text += tr(" · its keys may be gone: another client can take the lock");
        break;
    case Verdict::Broken:
        if (!b.staleNote.isEmpty())
            text += QStringLiteral(" · ") + b.staleNote;
        break;
    default:
        break;
    }
    if (r.nodesUnknown() > 0)
        text += tr(" · %n node(s) cannot be read", nullptr, r.nodesUnknown());
    return text;
}

QFont QuorumView::headlineFont() const
{
    QFont f = font();
    f.setPointSizeF(font().pointSizeF() * 1.9);
    f.setBold(true);
    return f;
}

int QuorumView::slotSize() const
{
    return fontMetrics().height() + 4;
}

int QuorumView::rowsWidth(int nodeCount) const
{
    const QFontMetrics metrics = fontMetrics();
    const int labelW = OwnerChip::width(metrics, QStringLiteral("foreign")) + 8;
    const int countW = metrics.horizontalAdvance(QStringLiteral("no keys")) + 12;
    return labelW + qMax(1, nodeCount) * (slotSize() + SlotGap) + countW;
}

int QuorumView::blockHeight(const Block& b) const
{
    const int rows = qMax(ReservedRows, qMin(MaxRows, int(b.resource.holders.size())));
    const int text = QFontMetrics(headlineFont()).height() + 14 + fontMetrics().height() + 8;
    return qMax(text, rows * (slotSize() + RowGap)) + 10;
}

QSize QuorumView::sizeHint() const
{
    int h = 0;
    for (const Block& b : m_blocks)
        h += blockHeight(b);
    if (m_blocks.isEmpty())
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
    if (m_blocks.isEmpty()) {
        painter.setFont(headlineFont());
        painter.setPen(UiTheme::muted(dark));
        painter.drawText(rect().adjusted(12, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         headline());
        return;
    }
    int y = 0;
    for (const Block& b : m_blocks) {
        const int h = blockHeight(b);
        paintBlock(painter, b, QRect(0, y, width(), h), dark);
        y += h;
    }
}

void QuorumView::paintBlock(QPainter& painter, const Block& b, const QRect& rect, bool dark) const
{
    // Left: the headline and what it rests on; right: one row of node slots per owner.
    const ResourceSnapshot& r = b.resource;
    const int rowsW = rowsWidth(r.nodeCount);
    const QRect left(rect.left() + 4, rect.top() + 4, rect.width() - rowsW - 32, rect.height() - 8);
    const QString text = headlineOf(b);

    // The headline keeps one line: a long one (several names) gets a smaller size
    // rather than a second line that would push everything below it down.
    QFont big = headlineFont();
    const int available = left.width() - 30;
    while (QFontMetrics(big).horizontalAdvance(text) > available &&
           big.pointSizeF() > font().pointSizeF() * 0.95)
        big.setPointSizeF(big.pointSizeF() * 0.94);
    const QFontMetrics bigMetrics(big);
    const int headH = QFontMetrics(headlineFont()).height() + 14;
    const QRect head(left.left(), left.top(), left.width(), headH);
    painter.setFont(big);
    if (b.verdict == Verdict::Broken) {
        // The one loud thing in the window.
        QPainterPath banner;
        banner.addRoundedRect(head, 8, 8);
        painter.fillPath(banner, UiTheme::bad(false));
        painter.setPen(Qt::white);
        painter.drawText(head.adjusted(14, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft,
                         bigMetrics.elidedText(text, Qt::ElideRight, head.width() - 22));
    } else {
        QColor mark = UiTheme::muted(dark);
        QColor ink = palette().color(QPalette::WindowText);
        if (b.verdict == Verdict::Held)
            mark = b.holderColor;
        else if (b.verdict == Verdict::SplitVote || b.verdict == Verdict::Unavailable)
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

    painter.setFont(font());
    const QFontMetrics metrics = fontMetrics();
    const QRect sub(left.left() + 22, head.bottom() + 2, left.width() - 22, metrics.height() + 4);
    painter.setPen(UiTheme::muted(dark));
    painter.drawText(sub, Qt::AlignVCenter | Qt::AlignLeft,
                     metrics.elidedText(sublineOf(b), Qt::ElideRight, sub.width()));

    // One row per owner: N slots, filled for the nodes holding its key; the dashed
    // majority line sits after slot `quorum`.
    const int n = qMax(1, r.nodeCount);
    const int slot = slotSize();
    const int labelW = OwnerChip::width(metrics, QStringLiteral("foreign")) + 8;
    const int x0 = rect.right() - rowsW - 8;
    const int slotsLeft = x0 + labelW;
    const int rowsDrawn = qMax(1, qMin(MaxRows, int(r.holders.size())));
    const int top = rect.top() + 6;
    int y = top;
    for (int i = 0; i < rowsDrawn; ++i) {
        const bool empty = r.holders.isEmpty();
        const int count = empty ? 0 : r.holders[i].nodeCount;
        const QColor color = empty ? UiTheme::track(dark) : b.ownerColors[i];
        if (!empty)
            OwnerChip::paint(painter, QRectF(x0, y, labelW - 8, slot), b.ownerNames[i], color,
                             r.holders[i].client < 0);
        for (int s = 0; s < n; ++s) {
            const QRectF cell(slotsLeft + s * (slot + SlotGap), y, slot, slot);
            QPainterPath p;
            p.addRoundedRect(cell, 4, 4);
            painter.fillPath(p, s < count ? color : UiTheme::track(dark));
        }
        const int countX = slotsLeft + n * (slot + SlotGap) + 6;
        const QString countText = empty ? tr("no keys") : tr("%1 / %2").arg(count).arg(r.nodeCount);
        QFont bold = font();
        bold.setBold(!empty && count >= r.quorum);
        painter.setFont(bold);
        painter.setPen(empty ? UiTheme::muted(dark) : palette().color(QPalette::WindowText));
        painter.drawText(QRect(countX, y, rect.right() - countX, slot),
                         Qt::AlignVCenter | Qt::AlignLeft, countText);
        painter.setFont(font());
        y += slot + RowGap;
    }
    if (r.quorum > 0 && r.quorum <= n) {
        const qreal x = slotsLeft + r.quorum * (slot + SlotGap) - SlotGap / 2.0;
        painter.setPen(QPen(palette().color(QPalette::WindowText), 2, Qt::DashLine));
        painter.drawLine(QPointF(x, top - 4), QPointF(x, y - RowGap + 4));
    }
}

bool QuorumView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        QToolTip::showText(help->globalPos(),
                           tr("Each row is one owner's key: a filled square per node that holds "
                              "it; left of the dashed line is not enough, a majority reaches it."),
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
