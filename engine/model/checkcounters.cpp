// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/checkcounters.h"

#include "base/enumnames.h"

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
    }
    Q_UNREACHABLE();
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
