// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/checkcounters.h"

#include "base/enumnames.h"

#include <QMetaEnum>

qint64 CheckCounters::value(Name name) const
{
    return const_cast<CheckCounters*>(this)->ref(name);
}

qint64& CheckCounters::ref(Name name)
{
    switch (name) {
    case Name::Overlaps:
        return overlaps;
    case Name::LockLost:
        return lockLost;
    case Name::StaleWrites:
        return staleWrites;
    case Name::StaleWritesRejected:
        return staleWritesRejected;
    case Name::LostUpdates:
        return lostUpdates;
    case Name::Oversold:
        return oversold;
    case Name::SplitVotes:
        return splitVotes;
    case Name::Acquisitions:
        return acquisitions;
    case Name::Failures:
        return failures;
    case Name::Sales:
        return sales;
    case Name::Conflicts:
        return conflicts;
    case Name::WrongReleases:
        return wrongReleases;
    case Name::Reentries:
        return reentries;
    case Name::ValidWritesRejected:
        return validWritesRejected;
    case Name::ResetsOverwritten:
        return resetsOverwritten;
    }
    Q_UNREACHABLE();
}

QString CheckCounters::definition(Name name)
{
    switch (name) {
    case Name::Overlaps:
        return tr("times a client acquired the lock while another client was in its critical "
                  "section on the same resource (a paused client is inside until it resumes and "
                  "leaves)");
    case Name::LockLost:
        return tr("critical sections that lasted past their validity: the client saw its "
                  "deadline pass inside, or the section ended (released, gave up, crashed, "
                  "stopped, removed, or the run ended) after it");
    case Name::StaleWrites:
        return tr("writes the storage accepted from a client after another client had acquired "
                  "the lock since this client's acquisition");
    case Name::StaleWritesRejected:
        return tr("such stale writes the fenced storage refused");
    case Name::ValidWritesRejected:
        return tr("writes the fenced storage refused although nobody had acquired the lock after "
                  "the writer: a node's fencing number went back (a restart without persistence)");
    case Name::LostUpdates:
        return tr("sales the stock does not show: the sales since the last `stock N` minus the "
                  "drop of the stock since then (N − the stock now), as on the storage card, "
                  "added up over every `stock N`; each write that erased sales is named");
    case Name::ResetsOverwritten:
        return tr("writes that went over an operator's `stock N` set after the writer had read "
                  "the stock");
    case Name::Oversold:
        return tr("items sold beyond the stock put there by the last `stock N`");
    case Name::SplitVotes:
        return tr("failed rounds, judged once complete (every answer, late ones included), "
                  "where no client held a majority at any moment of the round and the votes went "
                  "to two clients or more");
    case Name::Acquisitions:
        return tr("locks acquired");
    case Name::Failures:
        return tr("acquisitions that failed after every retry");
    case Name::Sales:
        return tr("writes the storage accepted");
    case Name::Conflicts:
        return tr("WATCH: writes EXEC refused because the stock changed since it was watched");
    case Name::WrongReleases:
        return tr("releases that deleted another client's key");
    case Name::Reentries:
        return tr("reentrant locks taken again by their holder");
    }
    return {};
}

QList<CheckCounters::Name> CheckCounters::all()
{
    const QMetaEnum names = QMetaEnum::fromType<Name>();
    QList<Name> out;
    for (int i = 0; i < names.keyCount(); ++i)
        out << Name(names.value(i));
    return out;
}

QList<CheckCounters::Name> CheckCounters::violations()
{
    return {Name::Overlaps, Name::StaleWrites,   Name::LostUpdates,        Name::ResetsOverwritten,
            Name::Oversold, Name::WrongReleases, Name::ValidWritesRejected};
}

CheckCounters& CheckCounters::operator+=(const CheckCounters& other)
{
    const QList<Name> names = all();
    for (Name n : names)
        ref(n) += other.value(n);
    return *this;
}

QString CheckCounters::nameOf(Name name)
{
    return EnumNames::name(name).replace(QLatin1Char('-'), QLatin1Char('_'));
}

std::optional<CheckCounters::Name> CheckCounters::parse(const QString& text)
{
    return EnumNames::parse<Name>(QString(text).replace(QLatin1Char('_'), QLatin1Char('-')));
}

QStringList CheckCounters::names()
{
    QStringList out = EnumNames::all<Name>();
    for (QString& n : out)
        n.replace(QLatin1Char('-'), QLatin1Char('_'));
    return out;
}
