// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/attemptoutcome.h"

QList<AttemptOutcome::Kind> AttemptOutcome::all()
{
    return {Kind::Acquired, Kind::Refused,   Kind::NoQuorum,
            Kind::OwnKey,   Kind::SplitVote, Kind::Expired};
}

AttemptOutcome::Kind AttemptOutcome::classify(HistoryEvent::FailReason reason)
{
    using R = HistoryEvent::FailReason;
    switch (reason) {
    case R::None:
        return Kind::Acquired;
    case R::SplitVote:
        return Kind::SplitVote;
    case R::ValidityExpired:
        return Kind::Expired;
    case R::Taken:
    case R::HeldByAnother:
    case R::HeldByExpired:
        return Kind::Refused;
    default:
        return Kind::NoQuorum;
    }
}

QString AttemptOutcome::name(Kind kind)
{
    switch (kind) {
    case Kind::Acquired:
        return tr("acquired");
    case Kind::Refused:
        return tr("refused: held by another");
    case Kind::NoQuorum:
        return tr("no quorum: nodes down or slow");
    case Kind::SplitVote:
        return tr("split vote");
    case Kind::Expired:
        return tr("expired before granted");
    case Kind::OwnKey:
        return tr("no quorum: its own earlier key");
    }
    return {};
}

QString AttemptOutcome::meaning(Kind kind)
{
    switch (kind) {
    case Kind::Acquired:
        return tr("a quorum of nodes granted the lock in time");
    case Kind::Refused:
        return tr("the nodes answered that another client holds the lock");
    case Kind::NoQuorum:
        return tr("too few nodes answered: down, timed out or answering errors");
    case Kind::SplitVote:
        return tr("the nodes' votes split between clients and nobody reached the quorum");
    case Kind::Expired:
        return tr("a quorum said yes, but too late: the validity had run out");
    case Kind::OwnKey:
        return tr("nodes still held this client's key from an earlier try, whose release had "
                  "not reached them");
    }
    return {};
}
