// SPDX-License-Identifier: GPL-3.0-or-later
#include "repeatedrun.h"

#include "interruption.h"
#include "record/runfolder.h"
#include "record/runreader.h"

#include <QHash>
#include <QMap>
#include <QMetaEnum>
#include <algorithm>
#include <cstdio>

namespace {
using N = CheckCounters::Name;

// What must not differ between two runs of one seeded story.
const QList<N>& violationCounters()
{
    static const QList<N> names{N::Overlaps,
                                N::StaleWrites,
                                N::StaleWritesRejected,
                                N::ValidWritesRejected,
                                N::LostUpdates,
                                N::ResetsOverwritten,
                                N::Oversold};
    return names;
}

void print(const QString& text)
{
    fprintf(stdout, "%s\n", qPrintable(text));
    fflush(stdout);
}

// "6 ×8, 5 ×2": each value and how often it came, the most frequent first.
template <typename T> QString spread(const QList<T>& values)
{
    QMap<T, int> counts;
    for (const T& v : values)
        ++counts[v];
    QList<QPair<int, T>> byCount;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        byCount.append({it.value(), it.key()});
    std::stable_sort(byCount.begin(), byCount.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    QStringList parts;
    for (const auto& [count, value] : byCount)
        parts << QStringLiteral("%1 ×%2").arg(value).arg(count);
    return parts.join(QStringLiteral(", "));
}
} // namespace

RepeatedRun::RepeatedRun(const HeadlessRun::Options& options, int times)
    : m_options(options), m_times(times)
{}

int RepeatedRun::exec()
{
    QList<Outcome> outcomes;
    for (int i = 0; i < m_times; ++i) {
        // A signal ends the repeats: the run it stopped said INTERRUPTED; no spread is told.
        if (Interruption::instance().isRequested())
            return Interruption::ExitCode;
        print(tr("repeat: run %1 of %2").arg(i + 1).arg(m_times));
        outcomes << runOnce(i);
        if (outcomes.last().code == int(ScenarioResult::Outcome::CouldNotRun) ||
            outcomes.last().code == Interruption::ExitCode)
            return outcomes.last().code;
    }
    printSpread(outcomes);
    const bool same = agree(outcomes);
    if (same) {
        print(tr("repeat: the same verdict and violation counters in all %1 runs").arg(m_times));
        return outcomes.first().code;
    }
    const bool scheduled = std::all_of(outcomes.cbegin(), outcomes.cend(),
                                       [](const Outcome& o) { return o.lockFree.size() >= 2; });
    if (!scheduled) {
        print(tr("repeat: the runs disagree"));
        return int(ScenarioResult::Outcome::Failed);
    }
    // Nothing orders their writes: the seed fixes every choice of the app, not the scheduler's.
    print(tr("repeat: the counts vary, as they must here: %1 buy without a lock, so the "
             "operating system's scheduler decides whose write reaches the storage first; the "
             "seed fixes every other choice")
              .arg(outcomes.first().lockFree.join(QStringLiteral(", "))));
    int code = 0;
    for (const Outcome& o : outcomes)
        code = std::max(code, o.code);
    return code;
}

// The clients whose acquisitions named no node: the `none` rung, buying without a lock.
QStringList RepeatedRun::lockFreeBuyers(const QString& runPath)
{
    QString error;
    const std::shared_ptr<RecordedRun> run =
        runPath.isEmpty() ? nullptr : RunReader::read(runPath, &error);
    if (!run)
        return {};
    QHash<int, QString> names;
    QStringList buyers;
    for (const HistoryEvent& e : run->events) {
        if (e.kind == HistoryEvent::Kind::ClientAdded)
            names.insert(e.client, e.text);
        const bool lockFree =
            e.is(HistoryEvent::Kind::Ok, HistoryEvent::Operation::Acquire) && e.nodeMask == 0;
        const QString name = names.value(e.client);
        if (lockFree && !buyers.contains(name))
            buyers << name;
    }
    return buyers;
}

RepeatedRun::Outcome RepeatedRun::runOnce(int index)
{
    Q_UNUSED(index)
    HeadlessRun::Options options = m_options;
    if (options.config.recordToRunFolder) {
        QString error;
        options.config.recordPath = RunFolder().newRun(&error);
    }
    HeadlessRun run(options);
    Outcome o;
    o.code = run.exec();
    o.verdict = o.code == 0                                      ? QStringLiteral("PASS")
                : o.code == int(ScenarioResult::Outcome::Failed) ? QStringLiteral("FAIL")
                                                                 : QStringLiteral("COULD NOT RUN");
    o.counters = run.counters();
    o.lockFree = lockFreeBuyers(options.config.recordPath);
    return o;
}

void RepeatedRun::printSpread(const QList<Outcome>& outcomes) const
{
    QList<QString> verdicts;
    for (const Outcome& o : outcomes)
        verdicts << o.verdict;
    print(tr("repeat: %1 runs").arg(outcomes.size()));
    print(QStringLiteral("  verdict: %1").arg(spread(verdicts)));
    const QMetaEnum names = QMetaEnum::fromType<N>();
    QList<qint64> values;
    for (int i = 0; i < names.keyCount(); ++i) {
        const auto name = N(names.value(i));
        values.clear();
        for (const Outcome& o : outcomes)
            values << o.counters.value(name);
        print(QStringLiteral("  %1: %2").arg(CheckCounters::nameOf(name), spread(values)));
    }
}

bool RepeatedRun::agree(const QList<Outcome>& outcomes)
{
    for (const Outcome& o : outcomes) {
        if (o.verdict != outcomes.first().verdict)
            return false;
        for (N name : violationCounters())
            if (o.counters.value(name) != outcomes.first().counters.value(name))
                return false;
    }
    return true;
}
