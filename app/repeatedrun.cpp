// SPDX-License-Identifier: GPL-3.0-or-later
#include "repeatedrun.h"

#include "interruption.h"
#include "record/runfolder.h"

#include <QMap>
#include <QMetaEnum>
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
    print(same ? tr("repeat: the same verdict and violation counters in all %1 runs").arg(m_times)
               : tr("repeat: the runs disagree"));
    if (!same)
        return int(ScenarioResult::Outcome::Failed);
    return outcomes.first().code;
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
