// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/eventtext.h"

#include "base/enumnames.h"
#include "base/textformat.h"
#include "model/clientsnapshot.h"
#include "model/fault.h"
#include "model/nodemask.h"
#include "model/nodeoutcome.h"

namespace {
using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using Fail = HistoryEvent::FailReason;

constexpr qsizetype MaxRememberedTokens = 4096; // enough for every key that can still live

QString seconds(qint64 us)
{
    return TextFormat::seconds(us / 1000);
}
} // namespace

void EventText::learn(const HistoryEvent& event)
{
    if (event.kind == K::ClientAdded && event.client >= 0)
        m_names.insert(event.client, event.text);
    if (event.is(K::Ok, Op::Acquire) || event.kind == K::Attempt) {
        if (m_tokens.size() >= MaxRememberedTokens)
            m_tokens.clear(); // old tokens name keys that expired long ago
        if (!event.token.isEmpty())
            m_tokens.insert(event.token, event.client);
    }
}

QString EventText::clientName(int client) const
{
    if (client < 0)
        return {};
    return m_names.value(client, QStringLiteral("C%1").arg(client));
}

QString EventText::ownerOf(const QByteArray& token) const
{
    const auto it = m_tokens.constFind(token);
    return it == m_tokens.cend() ? QString() : clientName(*it);
}

QString EventText::nodeName(int node)
{
    if (node == HistoryEvent::StorageNode)
        return tr("storage");
    return tr("node %1").arg(node + 1);
}

QString EventText::nodeList(quint16 mask)
{
    return NodeMask::text(mask, u", ");
}

QString EventText::tag(const HistoryEvent& event)
{
    QString kind = EnumNames::name(event.kind);
    if (event.operation == Op::None || event.kind == K::NodeAnswer || event.kind == K::Attempt)
        return kind;
    return EnumNames::name(event.operation) + QLatin1Char(' ') + kind;
}

QString EventText::line(const HistoryEvent& event, qint64 originUs) const
{
    return QStringLiteral("%1  %2  %3")
        .arg((event.tUs - originUs) / 1e6, 10, 'f', 3)
        .arg(tag(event), -15)
        .arg(describe(event));
}

QString EventText::who(const HistoryEvent& event) const
{
    return event.client >= 0 ? clientName(event.client) : nodeName(event.node);
}

QString EventText::describe(const HistoryEvent& e) const
{
    switch (e.kind) {
    case K::Info:
    case K::Error:
        return e.text;
    case K::Command:
        if (e.note.isEmpty())
            return QStringLiteral("> ") + e.text;
        return QStringLiteral("> %1  →  %2%3")
            .arg(e.text, e.code ? QString() : tr("refused: "), e.note);
    case K::Say:
        return QStringLiteral("“%1”").arg(e.text);
    case K::NodeUp:
        return e.text.isEmpty() ? tr("%1 up").arg(nodeName(e.node))
                                : tr("%1 up (%2)").arg(nodeName(e.node), e.text);
    case K::NodeDown:
        return tr("%1 down: %2").arg(nodeName(e.node), e.text);
    case K::ClientAdded:
        if (e.addsForeignClient())
            return tr("%1 is %2, your own client through the exposed ports")
                .arg(clientName(e.client), e.note);
        return tr("%1 added").arg(clientName(e.client));
    case K::ClientRemoved:
        return tr("%1 removed").arg(clientName(e.client));
    case K::ClientState:
        return tr("%1 is %2")
            .arg(clientName(e.client),
                 word(ClientSnapshot::stateName(ClientSnapshot::State(e.code))));
    case K::Invoke:
        return operationText(e);
    case K::Ok:
        return okText(e);
    case K::Fail:
        return failText(e);
    case K::Attempt:
        return attemptText(e);
    case K::NodeAnswer:
        return answerText(e);
    case K::LockLost:
        return tr("%1 LOST THE LOCK: its validity ended inside the critical section")
            .arg(clientName(e.client));
    case K::SectionEnd:
        return tr("%1 left its critical section (%2) after %3")
            .arg(clientName(e.client),
                 word(EnumNames::name(HistoryEvent::SectionEndReason(e.code)).replace('-', ' ')),
                 seconds(e.tUs - e.sinceUs));
    case K::FaultStart:
    case K::FaultEnd:
        return faultText(e);
    case K::Violation:
    case K::ViolationEnd:
        return violationText(e);
    case K::StockSet:
        return tr("stock set to %1 on the storage").arg(e.number);
    case K::DeletedOthersKey: {
        const QString owner = ownerOf(e.token);
        return tr("%1's release DELETED %2's lock on %3")
            .arg(clientName(e.client), owner.isEmpty() ? tr("someone else") : owner,
                 nodeName(e.node));
    }
    case K::Reentered:
        return tr("%1 took its reentrant lock again (held %2 times)")
            .arg(clientName(e.client))
            .arg(e.number);
    case K::WokenUp:
        return tr("%1 woke on the unlock message after %2 ms and tries at once (its retry "
                  "delay: %3 ms)")
            .arg(clientName(e.client))
            .arg(e.latencyUs / 1000.0, 0, 'f', 1)
            .arg(e.number);
    case K::RoundJudged:
        return judgedText(e);
    }
    return {};
}

// The checker's judgement of a failed round, once all its answers were in.
QString EventText::judgedText(const HistoryEvent& e) const
{
    const QString name = clientName(e.client);
    switch (e.failReason()) {
    case Fail::SplitVote:
        return tr("%1's round, judged with all its answers: SPLIT VOTE: its votes went to %2 "
                  "clients and nobody held a majority")
            .arg(name)
            .arg(e.previous);
    case Fail::HeldByAnother:
        return tr("%1's round, judged with all its answers: refused, %2 held the lock")
            .arg(name, clientName(int(e.previous)));
    case Fail::HeldByExpired:
        return tr("%1's round, judged with all its answers: refused by the leftover keys of "
                  "%2's lock, which was no longer valid")
            .arg(name, clientName(int(e.previous)));
    default:
        return tr("%1's round, judged with all its answers: no quorum (%2 votes for it)")
            .arg(name)
            .arg(e.number);
    }
}

QString EventText::operationText(const HistoryEvent& e) const
{
    QString name = clientName(e.client);
    switch (e.operation) {
    case Op::Acquire:
        return tr("%1 tries to acquire %2").arg(name, QString::fromUtf8(e.resource));
    case Op::Release:
        return tr("%1 releases %2").arg(name, QString::fromUtf8(e.resource));
    case Op::Extend:
        return tr("%1 asks to extend its lock").arg(name);
    case Op::Read:
        return tr("%1 reads the stock").arg(name);
    case Op::Write:
        return e.fence.isNull() ? tr("%1 writes stock = %2").arg(name).arg(e.number)
                                : tr("%1 writes stock = %2 with fence %3")
                                      .arg(name)
                                      .arg(e.number)
                                      .arg(e.fence.toDisplay());
    case Op::None:
        break;
    }
    return name;
}

QString EventText::okText(const HistoryEvent& e) const
{
    QString name = clientName(e.client);
    switch (e.operation) {
    case Op::Acquire: {
        QString text = tr("%1 acquired %2 on nodes %3 · valid %4 · token %5")
                           .arg(name, QString::fromUtf8(e.resource), nodeList(e.nodeMask),
                                seconds(e.number), TextFormat::shortToken(e.token));
        if (!e.fence.isNull())
            text += tr(" · fence %1").arg(e.fence.toDisplay());
        return text;
    }
    case Op::Release:
        return tr("%1 released %2 on %n node(s)", nullptr, int(e.number))
            .arg(name, QString::fromUtf8(e.resource));
    case Op::Extend:
        return tr("%1 extended its lock · valid %2").arg(name, seconds(e.number));
    case Op::Read:
        return tr("%1 read stock = %2").arg(name).arg(e.number);
    case Op::Write:
        return tr("%1 wrote stock = %2: one item sold").arg(name).arg(e.number);
    case Op::None:
        break;
    }
    return name;
}

QString EventText::failText(const HistoryEvent& e) const
{
    const QString name = clientName(e.client);
    QString reason =
        e.text.isEmpty() ? word(EnumNames::name(e.failReason()).replace('-', ' ')) : e.text;
    switch (e.operation) {
    case Op::Acquire:
        return tr("%1 did not get %2: %3").arg(name, QString::fromUtf8(e.resource), reason);
    case Op::Write:
        if (e.failReason() == Fail::Rejected)
            return tr("the storage REJECTED %1's stale write (fence %2): %3")
                .arg(name, e.fence.toDisplay(), reason);
        if (e.failReason() == Fail::RejectedValid)
            return tr("the storage refused %1's write although its lock was valid (fence %2): "
                      "%3")
                .arg(name, e.fence.toDisplay(), reason);
        return tr("%1's write failed: %2").arg(name, reason);
    case Op::Release:
        return tr("%1's release failed: %2").arg(name, reason);
    case Op::Extend:
        return tr("%1 could not extend: %2").arg(name, reason);
    case Op::Read:
        return tr("%1 could not read the stock: %2").arg(name, reason);
    case Op::None:
        break;
    }
    return reason;
}

QString EventText::attemptText(const HistoryEvent& e) const
{
    const QString name = clientName(e.client);
    const QString took = TextFormat::latency(e.latencyUs);
    switch (e.failReason()) {
    case Fail::None:
        return tr("%1: %2 votes, quorum in %3").arg(name).arg(e.number).arg(took);
    case Fail::SplitVote:
        return tr("%1: %2 votes, SPLIT VOTE: the votes went to %3 clients and nobody had a "
                  "majority")
            .arg(name)
            .arg(e.number)
            .arg(e.previous);
    case Fail::HeldByAnother:
        return tr("%1: %2 votes, refused: %3 holds the lock")
            .arg(name)
            .arg(e.number)
            .arg(clientName(int(e.previous)));
    case Fail::ValidityExpired:
        return tr("%1: %2 votes, but %3 used up the validity").arg(name).arg(e.number).arg(took);
    default:
        return tr("%1: %2 votes, no quorum").arg(name).arg(e.number);
    }
}

QString EventText::word(const QString& engineName)
{
    // The names as EnumNames spells them (failure reasons with spaces), marked for lupdate;
    // tr() then finds them at run time by their text.
    static const char* const names[] = {QT_TR_NOOP("acquire"),
                                        QT_TR_NOOP("release"),
                                        QT_TR_NOOP("extend"),
                                        QT_TR_NOOP("read"),
                                        QT_TR_NOOP("write"),
                                        QT_TR_NOOP("pending"),
                                        QT_TR_NOOP("ok"),
                                        QT_TR_NOOP("taken"),
                                        QT_TR_NOOP("error"),
                                        QT_TR_NOOP("timeout"),
                                        QT_TR_NOOP("down"),
                                        QT_TR_NOOP("idle"),
                                        QT_TR_NOOP("acquiring"),
                                        QT_TR_NOOP("holding"),
                                        QT_TR_NOOP("releasing"),
                                        QT_TR_NOOP("waiting-retry"),
                                        QT_TR_NOOP("paused"),
                                        QT_TR_NOOP("crashed"),
                                        QT_TR_NOOP("stopped"),
                                        QT_TR_NOOP("no quorum"),
                                        QT_TR_NOOP("split vote"),
                                        QT_TR_NOOP("validity expired"),
                                        QT_TR_NOOP("rejected"),
                                        QT_TR_NOOP("unreachable"),
                                        QT_TR_NOOP("extension limit"),
                                        QT_TR_NOOP("cancelled"),
                                        QT_TR_NOOP("held by another"),
                                        QT_TR_NOOP("released"),
                                        QT_TR_NOOP("gave up"),
                                        QT_TR_NOOP("removed"),
                                        QT_TR_NOOP("read failed"),
                                        QT_TR_NOOP("expired"),
                                        QT_TR_NOOP("rejected valid")};
    Q_UNUSED(names);
    return tr(engineName.toUtf8().constData());
}

QString EventText::answerText(const HistoryEvent& e) const
{
    const auto kind = NodeOutcome::Kind(e.code);
    // No operation: the node refused a new connection before the client sent anything.
    QString text =
        e.operation == HistoryEvent::Operation::None
            ? tr("%1 → %2 connecting: %3")
                  .arg(nodeName(e.node), clientName(e.client), word(NodeOutcome::kindName(kind)))
            : tr("%1 → %2 %3: %4")
                  .arg(nodeName(e.node), clientName(e.client), word(EnumNames::name(e.operation)),
                       word(NodeOutcome::kindName(kind)));
    if (kind == NodeOutcome::Kind::Taken && !e.token.isEmpty()) {
        const QString owner = ownerOf(e.token);
        text += tr(" by %1").arg(
            owner.isEmpty() ? tr("foreign %1").arg(TextFormat::shortToken(e.token)) : owner);
    }
    if (!e.text.isEmpty())
        text += QStringLiteral(" (%1)").arg(e.text);
    if (e.latencyUs >= 0)
        text += QStringLiteral(" · ") + TextFormat::latency(e.latencyUs);
    return text;
}

QString EventText::faultText(const HistoryEvent& e) const
{
    const QString kind = EnumNames::name(Fault::Kind(e.code)).replace('-', ' ');
    if (e.kind == K::FaultStart)
        return e.text.isEmpty() ? tr("%1: %2").arg(who(e), kind)
                                : tr("%1: %2 · %3").arg(who(e), kind, e.text);
    QString text = tr("%1: %2 ended").arg(who(e), kind);
    if (!e.text.isEmpty())
        text += QStringLiteral(" (%1)").arg(e.text);
    if (e.sinceUs >= 0)
        text += tr(" after %1").arg(seconds(e.tUs - e.sinceUs));
    return text;
}

QString EventText::violationText(const HistoryEvent& e) const
{
    const QString first = clientName(int(e.number));
    const QString second = clientName(e.client);
    using V = HistoryEvent::ViolationKind;
    const auto kind = V(e.code);
    if (e.kind == K::ViolationEnd)
        return tr("%1 of %2 and %3 ended after %4")
            .arg(EnumNames::name(kind).replace('-', ' '), first, second,
                 seconds(e.tUs - e.sinceUs));
    QString text;
    switch (kind) {
    case V::Overlap:
        text = tr("MUTUAL EXCLUSION BROKEN: %1 and %2 are both in their critical sections on %3")
                   .arg(first, second, QString::fromUtf8(e.resource));
        break;
    case V::StaleWrite:
        text = tr("DATA DAMAGED: the storage accepted a stale write from %1 after %2 acquired")
                   .arg(second, first);
        break;
    case V::LostUpdate:
        text =
            tr("DATA DAMAGED: %1's write erased %n sale(s) it never saw", nullptr, int(e.previous))
                .arg(second);
        break;
    case V::Oversold:
        text = tr("DATA DAMAGED: oversold, %1 sold %n item(s) that were not there", nullptr,
                  int(e.previous))
                   .arg(second);
        break;
    case V::LeaseOverlap:
        text = tr("LEASES OVERLAPPING: %1 and %2 held the lock on %3 at once (a lease: from a "
                  "majority's grant for its TTL, or until released)")
                   .arg(first, second, QString::fromUtf8(e.resource));
        break;
    case V::ResetOverwritten:
        text = tr("DATA DAMAGED: %1's write went over the stock the operator set (%2) after %1 "
                  "had read it")
                   .arg(second)
                   .arg(e.previous);
        break;
    case V::ValidWriteRejected: {
        const qint64 now = e.fence.counter(e.node).value_or(0);
        if (e.node < 0)
            text = tr("%1's write refused although its lock was valid").arg(second);
        else if (now == e.previous) // counted again up to the same number: it did not grow
            text = tr("%1's write refused although its lock was valid: node %2's fencing "
                      "number did not grow (%3 again: a restart without persistence counts "
                      "from 1 again)")
                       .arg(second)
                       .arg(e.node + 1)
                       .arg(now);
        else
            text = tr("%1's write refused although its lock was valid: node %2's fencing "
                      "number went back from %3 to %4 (a restart without persistence starts "
                      "it again)")
                       .arg(second)
                       .arg(e.node + 1)
                       .arg(e.previous)
                       .arg(now);
        break;
    }
    }
    if (e.nodeMask && (kind == V::Overlap || kind == V::StaleWrite || kind == V::LeaseOverlap))
        text += tr(" (nodes %1)").arg(nodeList(e.nodeMask));
    if (!e.text.isEmpty())
        text += QStringLiteral(": ") + e.text;
    return text;
}
