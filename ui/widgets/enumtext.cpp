// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/enumtext.h"

#include "base/enumnames.h"

QString EnumText::clientState(ClientSnapshot::State state)
{
    using S = ClientSnapshot::State;
    switch (state) {
    case S::Idle:
        return tr("idle");
    case S::Acquiring:
        return tr("acquiring");
    case S::Holding:
        return tr("holding");
    case S::Releasing:
        return tr("releasing");
    case S::WaitingRetry:
        return tr("waiting to retry");
    case S::Paused:
        return tr("paused");
    case S::Crashed:
        return tr("crashed");
    case S::Stopped:
        return tr("stopped");
    }
    return {};
}

QString EnumText::clientState(const QString& engineName)
{
    const auto state = EnumNames::parse<ClientSnapshot::State>(engineName);
    return state ? clientState(*state) : engineName;
}

QString EnumText::nodeState(NodeSnapshot::State state)
{
    using S = NodeSnapshot::State;
    switch (state) {
    case S::Starting:
        return tr("starting");
    case S::Up:
        return tr("up");
    case S::Down:
        return tr("down");
    case S::Paused:
        return tr("paused");
    }
    return {};
}

QString EnumText::outcome(NodeOutcome::Kind kind)
{
    using K = NodeOutcome::Kind;
    switch (kind) {
    case K::Pending:
        return QStringLiteral("…");
    case K::Ok:
        return tr("ok");
    case K::Taken:
        return tr("taken");
    case K::Error:
        return tr("error");
    case K::Timeout:
        return tr("timeout");
    case K::Down:
        return tr("down");
    }
    return {};
}

QString EnumText::operation(HistoryEvent::Operation operation)
{
    using O = HistoryEvent::Operation;
    switch (operation) {
    case O::None:
        return {};
    case O::Acquire:
        return tr("acquire");
    case O::Release:
        return tr("release");
    case O::Extend:
        return tr("extend");
    case O::Read:
        return tr("read");
    case O::Write:
        return tr("write");
    }
    return {};
}

QString EnumText::failReason(const QString& engineName)
{
    using F = HistoryEvent::FailReason;
    const auto reason = EnumNames::parse<F>(engineName);
    if (!reason)
        return engineName;
    switch (*reason) {
    case F::None:
        return {};
    case F::NoQuorum:
        return tr("no quorum");
    case F::SplitVote:
        return tr("split vote");
    case F::ValidityExpired:
        return tr("validity expired");
    case F::Rejected:
        return tr("rejected");
    case F::Error:
        return tr("error");
    case F::Unreachable:
        return tr("unreachable");
    case F::ExtensionLimit:
        return tr("extension limit");
    case F::Cancelled:
        return tr("cancelled");
    case F::Taken:
        return tr("taken");
    case F::Conflict:
        return tr("conflict");
    case F::HeldByAnother:
        return tr("held by another");
    case F::RejectedValid:
        return tr("valid write refused");
    case F::HeldByExpired:
        return tr("held by an expired lock");
    }
    return engineName;
}

QString EnumText::failReasonMeaning(const QString& engineName)
{
    using F = HistoryEvent::FailReason;
    const auto reason = EnumNames::parse<F>(engineName);
    if (!reason)
        return {};
    switch (*reason) {
    case F::None:
        return {};
    case F::NoQuorum:
        return tr("too few nodes said yes (refused, down or timed out)");
    case F::SplitVote:
        return tr("the votes went to two clients or more and nobody held a majority at any "
                  "moment of the round (judged once the round was complete)");
    case F::ValidityExpired:
        return tr("a majority, but slower than the TTL allows");
    case F::Rejected:
        return tr("the storage refused a stale fencing token");
    case F::Error:
        return tr("a node or the storage answered an error");
    case F::Unreachable:
        return tr("the storage did not answer");
    case F::ExtensionLimit:
        return tr("the bound on extensions was reached");
    case F::Cancelled:
        return tr("the client crashed or stopped before the answer");
    case F::Taken:
        return tr("the lock's one node said another client holds it");
    case F::Conflict:
        return tr("the stock changed between WATCH and EXEC: the write was refused");
    case F::HeldByAnother:
        return tr("another client held the lock (judged from the whole history)");
    case F::RejectedValid:
        return tr("the storage refused a write whose lock was valid: a node's fencing number "
                  "went back");
    case F::HeldByExpired:
        return tr("a majority of the nodes still held the keys of another client's lock that "
                  "was no longer valid (judged once the round was complete)");
    }
    return {};
}

QString EnumText::nameList(const QStringList& names)
{
    if (names.size() <= 1)
        return names.value(0);
    const QString head = QStringList(names.mid(0, names.size() - 1)).join(tr(", "));
    return tr("%1 and %2", "the last two of a list of names").arg(head, names.last());
}

QString EnumText::fault(Fault::Kind kind)
{
    using K = Fault::Kind;
    switch (kind) {
    case K::Killed:
        return tr("killed");
    case K::Paused:
        return tr("paused");
    case K::RestartPending:
        return tr("waiting to restart");
    case K::ShutDown:
        return tr("shut down");
    case K::Partition:
        return tr("partitioned");
    case K::Latency:
        return tr("slowed");
    case K::Drop:
        return tr("dropping requests");
    case K::ClockJump:
        return tr("clock jump");
    case K::Crashed:
        return tr("crashed");
    case K::Restarted:
        return tr("restarted");
    }
    return {};
}

QString EnumText::violation(HistoryEvent::ViolationKind kind)
{
    using V = HistoryEvent::ViolationKind;
    switch (kind) {
    case V::Overlap:
        return tr("overlap");
    case V::StaleWrite:
        return tr("stale write");
    case V::LostUpdate:
        return tr("lost update");
    case V::Oversold:
        return tr("oversold");
    case V::ResetOverwritten:
        return tr("reset overwritten");
    case V::ValidWriteRejected:
        return tr("valid write rejected");
    case V::LeaseOverlap:
        return tr("lease overlap");
    }
    return {};
}

QString EnumText::counter(CheckCounters::Name name)
{
    using N = CheckCounters::Name;
    switch (name) {
    case N::Overlaps:
        return tr("overlaps: two in their critical sections at once");
    case N::LockLost:
        return tr("locks lost inside a critical section");
    case N::StaleWrites:
        return tr("stale writes accepted");
    case N::StaleWritesRejected:
        return tr("stale writes rejected by fencing");
    case N::ValidWritesRejected:
        return tr("valid writes rejected");
    case N::LostUpdates:
        return tr("lost updates");
    case N::ResetsOverwritten:
        return tr("stock resets overwritten");
    case N::Oversold:
        return tr("items oversold");
    case N::SplitVotes:
        return tr("split votes");
    case N::Acquisitions:
        return tr("locks acquired");
    case N::Failures:
        return tr("acquisitions failed");
    case N::Sales:
        return tr("sales");
    case N::Conflicts:
        return tr("EXEC conflicts");
    case N::WrongReleases:
        return tr("locks deleted by another client");
    case N::Reentries:
        return tr("reentries");
    }
    return {};
}

QString EnumText::event(const HistoryEvent& e)
{
    using K = HistoryEvent::Kind;
    using Op = HistoryEvent::Operation;
    const bool withOp = e.operation != Op::None && e.kind != K::NodeAnswer && e.kind != K::Attempt;
    switch (e.kind) {
    case K::Info:
        return tr("info");
    case K::Error:
        return tr("error");
    case K::Command:
        return tr("command");
    case K::Say:
        return tr("caption");
    case K::NodeUp:
        return tr("node up");
    case K::NodeDown:
        return tr("node down");
    case K::ClientAdded:
        return tr("client added");
    case K::ClientRemoved:
        return tr("client removed");
    case K::ClientState:
        return tr("client state");
    case K::Invoke:
        return withOp ? tr("%1 invoked").arg(operation(e.operation)) : tr("invoked");
    case K::Ok:
        return withOp ? tr("%1 ok").arg(operation(e.operation)) : tr("ok");
    case K::Fail:
        return withOp ? tr("%1 failed").arg(operation(e.operation)) : tr("failed");
    case K::Attempt:
        return tr("attempt");
    case K::NodeAnswer:
        return tr("node answer");
    case K::LockLost:
        return tr("lock lost");
    case K::SectionEnd:
        return tr("section end");
    case K::FaultStart:
        return tr("fault start");
    case K::FaultEnd:
        return tr("fault end");
    case K::Violation:
        return tr("violation");
    case K::ViolationEnd:
        return tr("violation end");
    case K::StockSet:
        return tr("stock set");
    case K::DeletedOthersKey:
        return tr("deleted another's key");
    case K::Reentered:
        return tr("reentered");
    case K::WokenUp:
        return tr("woken up");
    case K::RoundJudged:
        return tr("round judged");
    }
    return {};
}
