// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/runselfcheck.h"

#include "record/runeventcodec.h"
#include "record/runheader.h"
#include "record/runreader.h"

#include <QFile>
#include <QHash>
#include <QMetaEnum>

namespace {
using V = HistoryEvent::ViolationKind;
using N = CheckCounters::Name;

// The counter the Violation events of a kind add up to, and whether they count items.
struct Tally
{
    N counter;
    bool items;
};

std::optional<Tally> tallyOf(V kind)
{
    switch (kind) {
    case V::Overlap:
        return Tally{N::Overlaps, false};
    case V::StaleWrite:
        return Tally{N::StaleWrites, false};
    case V::LostUpdate:
        return Tally{N::LostUpdates, true};
    case V::Oversold:
        return Tally{N::Oversold, true};
    case V::ResetOverwritten:
        return Tally{N::ResetsOverwritten, false};
    case V::ValidWriteRejected:
        return Tally{N::ValidWritesRejected, false};
    case V::LeaseOverlap:
        return Tally{N::Overlaps, false};
    }
    return std::nullopt;
}

// A violation's identity, to pair its start with its end.
QString keyOf(const HistoryEvent& e)
{
    return QStringLiteral("%1/%2/%3/%4/%5")
        .arg(e.code)
        .arg(e.number)
        .arg(e.client)
        .arg(e.sinceUs)
        .arg(QString::fromUtf8(e.resource));
}
} // namespace

QStringList RunSelfCheck::problems(const QString& runPath, const CheckCounters& live)
{
    QString error;
    const std::shared_ptr<RecordedRun> run = RunReader::read(runPath, &error);
    if (!run)
        return {tr("the run file cannot be read: %1").arg(error)};
    QStringList problems;
    const QMetaEnum names = QMetaEnum::fromType<N>();
    for (int i = 0; i < names.keyCount(); ++i) {
        const auto name = N(names.value(i));
        if (live.value(name) != run->counters.value(name))
            problems << tr("%1: %2 live, %3 judged again from the run file")
                            .arg(CheckCounters::nameOf(name))
                            .arg(live.value(name))
                            .arg(run->counters.value(name));
    }
    // The Violation events the live checker wrote (the reader replaces them: read raw).
    QFile file(runPath);
    if (!file.open(QIODevice::ReadOnly))
        return problems << tr("the run file cannot be read: %1").arg(file.errorString());
    const RunEventCodec codec(run->header.resource);
    CheckCounters written;
    QHash<QString, int> open;
    file.readLine(); // the header
    HistoryEvent e;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        const bool finding = line.contains("\"violation") || line.contains("\"round-judged");
        if (!finding || !codec.decode(line.trimmed(), &e, &error))
            continue;
        if (e.kind == HistoryEvent::Kind::RoundJudged) {
            if (e.failReason() == HistoryEvent::FailReason::SplitVote)
                ++written.splitVotes;
        } else if (e.kind == HistoryEvent::Kind::Violation) {
            if (const auto tally = tallyOf(V(e.code)))
                written.ref(tally->counter) += tally->items ? e.previous : 1;
            ++open[keyOf(e)];
        } else if (e.kind == HistoryEvent::Kind::ViolationEnd && --open[keyOf(e)] == 0) {
            open.remove(keyOf(e));
        }
    }
    // Lost updates are not a sum of violations: a write can bring erased sales back.
    for (const N name : {N::Overlaps, N::StaleWrites, N::Oversold, N::ResetsOverwritten,
                         N::ValidWritesRejected, N::SplitVotes})
        if (written.value(name) != live.value(name))
            problems << tr("%1: %2 counted, %3 in the run's violation and judgement events")
                            .arg(CheckCounters::nameOf(name))
                            .arg(live.value(name))
                            .arg(written.value(name));
    if (!open.isEmpty())
        problems << tr("%n violation(s) in the run file never ended", nullptr, int(open.size()));
    return problems;
}
