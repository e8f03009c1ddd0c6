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

constexpr int RowGap = 3;
constexpr int SlotGap = 6;
constexpr int HeadPad = 8; // around the headline, inside its banner
// Owners named under the squares; more are summed up in the last chip.
constexpr int MaxTallies = 3;
// A holder whose validity runs out while it works stops believing within a snapshot:
// only past this is a belief called stale (as on a client lane).
constexpr qint64 StaleGraceUs = 250'000;

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
    m_nowUs = nowUs;
    QList<Block> blocks;
    blocks.reserve(snapshot.resources.size());
    for (const ResourceSnapshot& r : snapshot.resources)
        blocks.append(makeBlock(r, snapshot, legend));
    const bool heightChanged = blocks.size() != m_blocks.size();
    m_blocks = std::move(blocks);
    if (heightChanged)
        updateGeometry();
    update();
}

QuorumView::Block QuorumView::makeBlock(const ResourceSnapshot& r, const EngineSnapshot& s,
                                        const ClientLegend& legend) const
{
    Block b;
    b.resource = r;
    for (const auto& h : r.holders) {
        b.ownerNames.append(legend.name(h.client));
        b.ownerColors.append(legend.color(h.client));
    }
    for (qsizetype i = 0; i < s.nodes.size(); ++i)
        if (s.nodes[i].role == QLatin1String("master"))
            b.masterIndex = int(i);
    baseVerdict(b, s.clients, legend);
    // The moments the checker judged: the damage a write did, a split round's votes.
    b.incident = DataIncident::current(s);
    judgeCause(b.incident);
    if (!b.incident.isNull()) {
        b.incidentHeadline = b.incident.headline(legend);
        b.incidentEvidence = b.incident.evidence(legend);
    }
    for (const Violation& v : s.violations)
        if (v.kind == HistoryEvent::ViolationKind::Overlap && v.isOpen() &&
            v.resource == r.resource)
            b.latestOverlapUs = qMax(b.latestOverlapUs, v.startUs);
    b.split = s.moments.split;
    b.refused = s.moments.rejectedWrite;
    b.refusedWriter = legend.name(b.refused.writer);
    b.refusedSuperseder = legend.name(b.refused.superseder);
    b.splitRoundOf = legend.name(b.split.client);
    makeSquares(b, legend);
    b.verdict = withMoments(b, m_nowUs);
    return b;
}

void QuorumView::judgeCause(DataIncident& incident) const
{
    if (incident.isNull() || incident.superseder < 0 || !m_history)
        return;
    const QPair<qint64, int> key(incident.tUs, incident.writer);
    if (key != m_causeOf) {
        incident.judgeCause(*m_history);
        m_causeOf = key;
        m_cause = incident.cause;
    }
    incident.cause = m_cause;
}

// What the nodes hold and who is inside say, before the moments are laid over it.
void QuorumView::baseVerdict(Block& b, const QList<ClientSnapshot>& clients,
                             const ClientLegend& legend) const
{
    const ResourceSnapshot& r = b.resource;
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
        b.base = Verdict::Broken;
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
        return;
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
        b.base = heldOrStale(b, m_nowUs);
        return;
    }
    // A key the owner's own strategy counts as the lock: a majority for Redlock, its one node
    // for the single-node rungs (their owner's strategy size is in the clients' snapshots).
    const bool majority = !r.holders.isEmpty() && (r.holders.first().nodeCount >= r.quorum ||
                                                   singleNodeOwner(r.holders.first(), clients));
    if (majority) {
        b.base = Verdict::KeysLeft;
        const ResourceSnapshot::Holder& h = r.holders.first();
        b.keysNoTtl = h.noTtl;
        const ClientSnapshot* c = h.client >= 0 ? clientOf(h.client) : nullptr;
        using S = ClientSnapshot::State;
        b.keysOwnerState = h.client < 0 ? QStringLiteral("foreign")
                           : !c         ? QStringLiteral("removed")
                                        : ClientSnapshot::stateName(c->state);
        if (c && c->state == S::WaitingRetry)
            b.keysOwnerState = QStringLiteral("acquiring");
    } else if (!r.holders.isEmpty()) {
        b.base = Verdict::NotHeld;
    } else {
        b.base = unavailable(b) ? Verdict::Unavailable : Verdict::Free;
    }
}

// The squares: each node's key now, and each node's vote in the newest split round.
void QuorumView::makeSquares(Block& b, const ClientLegend& legend) const
{
    const ResourceSnapshot& r = b.resource;
    const Rule rule = ruleKind(b);
    const auto decides = [&](int node) {
        switch (rule) {
        case Rule::SingleNode:
            return node == 0; // the single-node rungs lock on node 1
        case Rule::Master:
            return node == b.masterIndex;
        case Rule::NoLock:
            return false;
        case Rule::Majority:
            break;
        }
        return true;
    };
    for (int i = 0; i < r.nodeCount; ++i) {
        Square key;
        key.decides = decides(i);
        const int h = r.holderOfNode.value(i, -1);
        if ((r.unknownMask >> i) & 1u) {
            key.owner = QStringLiteral("?");
        } else if (h >= 0 && h < r.holders.size()) {
            key.owner = b.ownerNames.value(h);
            key.color = b.ownerColors.value(h);
            key.foreign = r.holders[h].client < 0;
        }
        b.keySquares << key;
        Square vote;
        const int voter = b.split.votes.value(i, -1);
        if (voter >= 0) {
            vote.owner = legend.name(voter);
            vote.color = legend.color(voter);
        }
        b.voteSquares << vote;
    }
    for (qsizetype h = 0; h < r.holders.size(); ++h)
        b.keyTallies << Tally{b.ownerNames[h], b.ownerColors[h], r.holders[h].nodeCount,
                              r.holders[h].client < 0};
    QHash<int, int> votes;
    for (int voter : std::as_const(b.split.votes))
        if (voter >= 0)
            ++votes[voter];
    for (auto it = votes.cbegin(); it != votes.cend(); ++it)
        b.voteTallies << Tally{legend.name(it.key()), legend.color(it.key()), it.value(), false};
    std::sort(b.voteTallies.begin(), b.voteTallies.end(), [](const Tally& x, const Tally& y) {
        return x.count != y.count ? x.count > y.count : x.name < y.name;
    });
}

void QuorumView::noteCaption(qint64 nowUs)
{
    m_captionsUs.append(nowUs);
    while (m_captionsUs.size() > 64) // the newest are the ones asked about
        m_captionsUs.removeFirst();
    advance(nowUs);
}

// Held while exactly one caption came after it: the one telling it (a scenario says what
// happened once it happened). Without captions, or once the story has moved on, not held.
bool QuorumView::held(qint64 tUs, qint64 nowUs) const
{
    int after = 0;
    for (qint64 shown : m_captionsUs)
        if (shown >= tUs && shown <= nowUs)
            ++after;
    return after == 1;
}

bool QuorumView::splitShown(const Block& b, qint64 nowUs) const
{
    return b.split.tUs >= 0 && nowUs - b.split.tUs < SplitHoldUs && nowUs >= b.split.tUs - 1000;
}

// The moments over what the nodes say: damage to the data is news until a section begins
// after it (a newer overlap is newer news); a split vote is held a few seconds, unless
// mutual exclusion is broken or the data damaged, which say more.
QuorumView::Verdict QuorumView::withMoments(const Block& b, qint64 nowUs) const
{
    Verdict v = b.base;
    if (v == Verdict::Held || v == Verdict::MinorityHolder || v == Verdict::StaleBelief)
        v = heldOrStale(b, nowUs);
    if (!b.incident.isNull() &&
        (b.incident.isNews(nowUs, IncidentHoldUs) || held(b.incident.tUs, nowUs)) &&
        (v != Verdict::Broken || b.incident.tUs >= b.latestOverlapUs))
        return Verdict::DataDamaged;
    // Fencing did its job: said as loudly as a split vote, for as long as damage at least.
    if (v != Verdict::Broken && b.refused.tUs >= 0 &&
        (nowUs - b.refused.tUs < IncidentHoldUs || held(b.refused.tUs, nowUs)) &&
        nowUs >= b.refused.tUs - 1000 && (b.split.tUs < b.refused.tUs || !splitShown(b, nowUs)))
        return Verdict::WriteRefused;
    if (v != Verdict::Broken && splitShown(b, nowUs))
        return Verdict::SplitVote;
    return v;
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

bool QuorumView::advance(qint64 nowUs)
{
    m_nowUs = nowUs;
    bool counting = false;
    for (Block& b : m_blocks) {
        const Verdict before = b.verdict;
        b.verdict = withMoments(b, nowUs);
        // Counts down or up (a holder's validity), or fades (a split vote).
        const bool clock = b.verdict == Verdict::Held || b.verdict == Verdict::MinorityHolder ||
                           b.verdict == Verdict::StaleBelief || b.verdict == Verdict::SplitVote ||
                           b.verdict == Verdict::DataDamaged || b.verdict == Verdict::WriteRefused;
        counting = counting || clock || before != b.verdict;
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

QStringList QuorumView::squares() const
{
    QStringList owners;
    if (!m_blocks.isEmpty())
        for (const Square& square : squaresOf(m_blocks.first()))
            owners << square.owner;
    return owners;
}

QString QuorumView::squaresNote() const
{
    return m_blocks.isEmpty() ? QString() : noteOf(m_blocks.first());
}

QString QuorumView::squaresTitle() const
{
    return m_blocks.isEmpty() ? QString() : titleOf(m_blocks.first());
}

QString QuorumView::headlineOf(const Block& b) const
{
    switch (b.verdict) {
    case Verdict::NoResource:
        return tr("waiting for the engine");
    case Verdict::Broken:
        return b.believers.size() == 2
                   ? tr("MUTUAL EXCLUSION BROKEN: %1 are both in their critical sections")
                         .arg(EnumText::nameList(b.believers))
                   : tr("MUTUAL EXCLUSION BROKEN: %1 are all in their critical sections")
                         .arg(EnumText::nameList(b.believers));
    case Verdict::DataDamaged:
        return b.incidentHeadline;
    case Verdict::WriteRefused:
        return tr("FENCED: %1's stale write refused (fence %2)")
            .arg(b.refusedWriter, b.refused.fence.toDisplay());
    case Verdict::Held: {
        if (b.holderQuorum == 0)
            return tr("%1 goes in with no lock at all").arg(b.holderName);
        if (!Lock::expires(b.holderValidUntilUs, m_nowUs)) // a key without a TTL (SETNX)
            return tr("held by %1, no TTL").arg(b.holderName);
        return tr("held by %1, %2 left")
            .arg(b.holderName, TextFormat::seconds((b.holderValidUntilUs - m_nowUs) / 1000));
    }
    case Verdict::MinorityHolder:
        if (b.holderStrategyNodes == 1) // a single-node lock: "0 of 1 nodes" said it badly
            return tr("%1 believes it holds, but its node has no key of it").arg(b.holderName);
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
        // Held for a few seconds: by then the next round may have won. "Nobody has" would be
        // untrue beside the winner's keys on the cards.
        if (b.base == Verdict::Held)
            return tr("split vote, then %1 took the lock").arg(b.holderName);
        return tr("split vote: nobody has %1 of %2")
            .arg(b.resource.quorum)
            .arg(b.resource.nodeCount);
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
        if (ruleKind(b) == Rule::SingleNode) // one node: "a majority" of one said it badly
            return tr("not held: %1's key still on its node").arg(b.ownerNames.value(0));
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
    case Verdict::WriteRefused:
        text = tr("%1 had taken the lock since, with a newer token: the data is safe")
                   .arg(b.refusedSuperseder);
        break;
    case Verdict::DataDamaged:
        text = b.incidentEvidence;
        if (b.base == Verdict::Held)
            text += tr(" · now held by %1").arg(b.holderName);
        break;
    case Verdict::SplitVote:
        // A split round has two voters at least: no singular to spell.
        text += tr(" · the votes of %1's round went to %2 clients: each releases and retries")
                    .arg(b.splitRoundOf)
                    .arg(b.split.voters);
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
        // One node: there are no others, and the node may still be down (killed, not back).
        text += b.holderStrategyNodes == 1
                    ? tr(" · its node is down or lost the key: another client can take the lock")
                    : tr(" · its keys are gone from the others (restart, clock jump): another "
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

const QList<QuorumView::Square>& QuorumView::squaresOf(const Block& b) const
{
    return b.verdict == Verdict::SplitVote ? b.voteSquares : b.keySquares;
}

const QList<QuorumView::Tally>& QuorumView::talliesOf(const Block& b) const
{
    return b.verdict == Verdict::SplitVote ? b.voteTallies : b.keyTallies;
}

QString QuorumView::titleOf(const Block& b) const
{
    if (b.verdict == Verdict::SplitVote)
        return tr("votes in %1's round").arg(b.splitRoundOf);
    return tr("the key on each node");
}

// Each owner's count against the rule, or the node that decides.
QString QuorumView::noteOf(const Block& b) const
{
    const ResourceSnapshot& r = b.resource;
    switch (ruleKind(b)) {
    case Rule::NoLock:
        return tr("no node is asked");
    case Rule::SingleNode:
        return tr("node 1 decides");
    case Rule::Master:
        return tr("node %1, the master, decides").arg(b.masterIndex + 1);
    case Rule::Majority:
        break;
    }
    QStringList counts;
    for (const Tally& t : talliesOf(b).mid(0, MaxTallies))
        counts << tr("%1 %2/%3").arg(t.name).arg(t.count).arg(r.nodeCount);
    if (counts.isEmpty())
        return tr("no keys · %1 needed").arg(r.quorum);
    return tr("%1 · %2 needed").arg(counts.join(QStringLiteral(" · "))).arg(r.quorum);
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
    int h = int(m_blocks.size()) * blockHeight();
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
                     metrics.elidedText(sublineOf(b), Qt::ElideRight, sub.width()));
    paintSquares(painter, b,
                 QRect(rect.right() - rowsW - 8, rect.top() + 4, rowsW, rect.height() - 8), dark);
}

void QuorumView::paintHeadline(QPainter& painter, const Block& b, const QRect& head,
                               bool dark) const
{
    const QString text = headlineOf(b);
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
                     smallMetrics.elidedText(titleOf(b), Qt::ElideRight, title.width()));
    const int slot = slotSize();
    const int y = title.bottom() + RowGap;
    const bool single = ruleKind(b) == Rule::SingleNode || ruleKind(b) == Rule::Master;
    const QList<Square>& squares = squaresOf(b);
    for (int i = 0; i < squares.size(); ++i) {
        const Square& sq = squares[i];
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
    if (ruleKind(b) == Rule::Majority) {
        for (const Tally& t : talliesOf(b).mid(0, MaxTallies)) {
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
                     metrics.elidedText(noteOf(b), Qt::ElideRight, area.right() - x));
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
