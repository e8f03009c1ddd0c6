// SPDX-License-Identifier: GPL-3.0-or-later
#include "quorum/quorumverdict.h"

#include "base/textformat.h"
#include "model/lock.h"
#include "widgets/enumtext.h"

#include <algorithm>

namespace {

// A holder whose validity runs out while it works stops believing within a snapshot:
// only past this is a belief called stale (as on a client lane).
constexpr qint64 StaleGraceUs = 250'000;

} // namespace

bool QuorumVerdict::setSnapshot(const EngineSnapshot& snapshot, const ClientLegend& legend,
                                qint64 nowUs)
{
    m_nowUs = nowUs;
    QList<Block> blocks;
    blocks.reserve(snapshot.resources.size());
    for (const ResourceSnapshot& r : snapshot.resources)
        blocks.append(makeBlock(r, snapshot, legend));
    const bool countChanged = blocks.size() != m_blocks.size();
    m_blocks = std::move(blocks);
    return countChanged;
}

QuorumVerdict::Block QuorumVerdict::makeBlock(const ResourceSnapshot& r, const EngineSnapshot& s,
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

void QuorumVerdict::judgeCause(DataIncident& incident) const
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
void QuorumVerdict::baseVerdict(Block& b, const QList<ClientSnapshot>& clients,
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
void QuorumVerdict::makeSquares(Block& b, const ClientLegend& legend) const
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

void QuorumVerdict::noteCaption(qint64 nowUs)
{
    m_captionsUs.append(nowUs);
    while (m_captionsUs.size() > 64) // the newest are the ones asked about
        m_captionsUs.removeFirst();
    advance(nowUs);
}

// Held while exactly one caption came after it: the one telling it (a scenario says what
// happened once it happened). Without captions, or once the story has moved on, not held.
bool QuorumVerdict::held(qint64 tUs, qint64 nowUs) const
{
    int after = 0;
    for (qint64 shown : m_captionsUs)
        if (shown >= tUs && shown <= nowUs)
            ++after;
    return after == 1;
}

bool QuorumVerdict::splitShown(const Block& b, qint64 nowUs) const
{
    return b.split.tUs >= 0 && nowUs - b.split.tUs < SplitHoldUs && nowUs >= b.split.tUs - 1000;
}

// The moments over what the nodes say: damage to the data is news until a section begins
// after it (a newer overlap is newer news); a split vote is held a few seconds, unless
// mutual exclusion is broken or the data damaged, which say more.
QuorumVerdict::Verdict QuorumVerdict::withMoments(const Block& b, qint64 nowUs) const
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

QuorumVerdict::Verdict QuorumVerdict::heldOrStale(const Block& b, qint64 nowUs)
{
    if (nowUs - b.holderValidUntilUs > StaleGraceUs)
        return Verdict::StaleBelief;
    // Its own strategy's rule: a majority of five for Redlock, its one node for the others.
    return b.holderNodes >= b.holderQuorum ? Verdict::Held : Verdict::MinorityHolder;
}

// What decides who holds: the rung of the clients that count (see makeBlock) when it is not
// Redlock (a single-node lock, on node 1, or none at all), else the topology's rule.
QuorumVerdict::Rule QuorumVerdict::ruleKind(const Block& b)
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
bool QuorumVerdict::unavailable(const Block& b)
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

bool QuorumVerdict::singleNodeOwner(const ResourceSnapshot::Holder& holder,
                                    const QList<ClientSnapshot>& clients)
{
    for (const ClientSnapshot& c : clients)
        if (c.id == holder.client)
            return c.strategyNodes == 1 && holder.nodeCount >= 1;
    return false;
}

bool QuorumVerdict::advance(qint64 nowUs)
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
    return counting;
}

QString QuorumVerdict::headline() const
{
    if (!m_blocks.isEmpty())
        return headlineOf(m_blocks.first());
    Block none;
    none.verdict = Verdict::NoResource;
    return headlineOf(none);
}

QString QuorumVerdict::subline() const
{
    return m_blocks.isEmpty() ? QString() : sublineOf(m_blocks.first());
}

QuorumVerdict::Verdict QuorumVerdict::verdict() const
{
    return m_blocks.isEmpty() ? Verdict::NoResource : m_blocks.first().verdict;
}

QStringList QuorumVerdict::squares() const
{
    QStringList owners;
    if (!m_blocks.isEmpty())
        for (const Square& square : squaresOf(m_blocks.first()))
            owners << square.owner;
    return owners;
}

QString QuorumVerdict::squaresNote() const
{
    return m_blocks.isEmpty() ? QString() : noteOf(m_blocks.first());
}

QString QuorumVerdict::squaresTitle() const
{
    return m_blocks.isEmpty() ? QString() : titleOf(m_blocks.first());
}

QString QuorumVerdict::headlineOf(const Block& b) const
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

QString QuorumVerdict::ruleOf(const Block& b) const
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

QString QuorumVerdict::sublineOf(const Block& b) const
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

const QList<QuorumVerdict::Square>& QuorumVerdict::squaresOf(const Block& b)
{
    return b.verdict == Verdict::SplitVote ? b.voteSquares : b.keySquares;
}

const QList<QuorumVerdict::Tally>& QuorumVerdict::talliesOf(const Block& b)
{
    return b.verdict == Verdict::SplitVote ? b.voteTallies : b.keyTallies;
}

QString QuorumVerdict::titleOf(const Block& b) const
{
    if (b.verdict == Verdict::SplitVote)
        return tr("votes in %1's round").arg(b.splitRoundOf);
    return tr("the key on each node");
}

// Each owner's count against the rule, or the node that decides.
QString QuorumVerdict::noteOf(const Block& b) const
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
