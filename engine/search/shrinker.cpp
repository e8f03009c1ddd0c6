// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/shrinker.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace {

using Kind = ScheduleStep::Kind;
// A step moved by less than this is not a simpler schedule, only another replay: the engine's
// timers and the nodes' answers vary by about as much.
constexpr int MinMoveMs = 100;
// What is left of a schedule after the moment it broke: what is under way then still ends.
constexpr int TailMs = 300;

QString keyOf(const QString& assignment)
{
    return assignment.section(QLatin1Char('='), 0, 0);
}

int nonZeroDigits(qint64 value)
{
    int digits = 0;
    for (value = std::abs(value); value > 0; value /= 10)
        digits += value % 10 != 0;
    return digits;
}

// The numbers in a settings list ("ttl=2340", "work=300-450"), for size and rounding.
const QRegularExpression& numberPattern()
{
    static const QRegularExpression pattern(QStringLiteral("\\d+"));
    return pattern;
}

int settingsRoughness(const QStringList& settings)
{
    int digits = 0;
    for (const QString& s : settings) {
        auto it = numberPattern().globalMatch(s.section(QLatin1Char('='), 1));
        while (it.hasNext())
            digits += nonZeroDigits(it.next().captured().toLongLong());
    }
    return digits;
}

// The same settings with every number rounded down to `digits` significant digits, but those
// the user pinned.
QStringList roundedSettings(const QStringList& settings, int digits, const QStringList& pinned)
{
    QStringList out;
    for (const QString& s : settings) {
        if (pinned.contains(keyOf(s))) {
            out << s;
            continue;
        }
        const QString value = s.section(QLatin1Char('='), 1);
        QString rounded;
        qsizetype last = 0;
        auto it = numberPattern().globalMatch(value);
        while (it.hasNext()) {
            const auto m = it.next();
            rounded += value.mid(last, m.capturedStart() - last);
            rounded += QString::number(Shrinker::roundDown(m.captured().toInt(), digits));
            last = m.capturedEnd();
        }
        rounded += value.mid(last);
        out << keyOf(s) + QLatin1Char('=') + rounded;
    }
    return out;
}

QString seconds(qint64 ms)
{
    return QString::number(ms / 1000.0, 'f', 1);
}

} // namespace

Shrinker::Shrinker(const Limits& limits) : m_limits(limits) {}

int Shrinker::roundDown(int value, int digits)
{
    if (value <= 0)
        return value;
    const int limit = int(std::pow(10, digits));
    int scale = 1;
    while (value / scale >= limit)
        scale *= 10;
    return value / scale * scale;
}

Shrinker::Size Shrinker::size(const Schedule& s)
{
    int settings = int(s.defaults.size());
    qint64 time = s.endMs;
    int roughness = nonZeroDigits(s.endMs) + settingsRoughness(s.defaults);
    for (const ScheduleStep& step : s.steps) {
        settings += int(step.settings.size());
        time += step.atMs + step.lengthMs + step.amount;
        roughness += nonZeroDigits(step.atMs) + nonZeroDigits(step.lengthMs) +
                     nonZeroDigits(step.amount) + settingsRoughness(step.settings);
    }
    return {s.commandCount(), int(s.clients().size()), settings, time, roughness};
}

QList<Shrinker::Candidate> Shrinker::candidates(const Schedule& schedule, qint64 failureMs) const
{
    QList<Candidate> out;
    truncated(schedule, failureMs, &out);
    // A property judged after the schedule (liveness) has no moment to cut after; every
    // candidate is replayed several times, so the idle tail goes first: all later replays run
    // shorter (a setnx-expire schedule ended 10.7 s after its last step, and its shrinking ran
    // out of time after two candidates).
    if (failureMs < 0)
        withoutTail(schedule, &out);
    withoutSteps(schedule, &out);
    withoutClients(schedule, &out);
    sooner(schedule, &out);
    shorter(schedule, &out);
    withoutSettings(schedule, &out);
    rounder(schedule, &out);
    const Size before = size(schedule);
    QList<Candidate> smaller;
    for (Candidate& c : out) {
        c.schedule.normalise();
        const bool seen = std::any_of(smaller.cbegin(), smaller.cend(), [&c](const Candidate& o) {
            return o.schedule == c.schedule;
        });
        if (size(c.schedule) < before && !seen)
            smaller << c;
    }
    return smaller;
}

// Nothing that begins after the property broke can have broken it: everything after goes,
// and the schedule ends a little after that moment (what is under way still ends).
void Shrinker::truncated(const Schedule& s, qint64 failureMs, QList<Candidate>* out) const
{
    if (failureMs < 0)
        return;
    Schedule c = s;
    c.steps.removeIf([failureMs](const ScheduleStep& step) { return step.atMs > failureMs; });
    c.endMs = int(failureMs) + TailMs;
    c.normalise();
    if (c.steps.size() < s.steps.size() || s.endMs - c.endMs >= MinMoveMs)
        out->append({c, tr("cut after the failure at %1 s").arg(seconds(failureMs))});
}

// One by one, the earliest first: the failure comes after the fault that led to it, so the
// earlier faults are the likelier bystanders (a setnx-expire finding kept a first crash, a
// failover finding a first kill, when the last went first and shrinking ran out of time on
// replays of 10 to 14 s). Then every fault at once and each half of them: a failure that
// needs none loses them in one step.
void Shrinker::withoutSteps(const Schedule& s, QList<Candidate>* out) const
{
    QList<qsizetype> faults;
    for (qsizetype i = 0; i < s.steps.size(); ++i)
        if (s.steps[i].isFault())
            faults << i;
    const auto without = [&s](const QList<qsizetype>& drop) {
        Schedule c = s;
        for (qsizetype k = drop.size() - 1; k >= 0; --k)
            c.steps.removeAt(drop[k]);
        return c;
    };
    for (qsizetype k : faults)
        out->append({without({k}), tr("without '%1'").arg(s.steps[k].startLines().value(0)), true});
    if (faults.size() > 1)
        out->append({without(faults), tr("without any fault")});
    if (faults.size() > 3) {
        const qsizetype half = faults.size() / 2;
        out->append({without(faults.mid(0, half)), tr("without the first half of the faults")});
        out->append({without(faults.mid(half)), tr("without the second half of the faults")});
    }
}

// A client goes with everything done to it; a partition that cut only it goes too.
void Shrinker::withoutClients(const Schedule& s, QList<Candidate>* out) const
{
    const QStringList clients = s.clients();
    for (qsizetype i = clients.size() - 1; i >= 0 && clients.size() > 1; --i) {
        const QString& name = clients[i];
        if (m_limits.keepClients.contains(name))
            continue;
        Schedule c = s;
        c.steps.removeIf([&name](const ScheduleStep& step) {
            return step.client == name ||
                   (step.kind == Kind::Partition && step.cut == QStringList{name});
        });
        for (ScheduleStep& step : c.steps)
            step.cut.removeAll(name);
        out->append({c, tr("without %1").arg(name), true});
    }
}

void Shrinker::withoutTail(const Schedule& s, QList<Candidate>* out) const
{
    if (s.endMs <= s.lastActionMs())
        return;
    Schedule c = s;
    c.endMs = s.lastActionMs();
    out->append({c, tr("ending at the last step")});
}

// Everything at the start; the end at the last step, or halfway there; then each step at the
// start, halfway to it, or halfway to the step before it.
void Shrinker::sooner(const Schedule& s, QList<Candidate>* out) const
{
    Schedule all = s;
    for (ScheduleStep& step : all.steps)
        step.atMs = 0;
    all.endMs = 0;
    out->append({all, tr("every step at the start")});
    const int last = s.lastActionMs();
    if (s.endMs > last) {
        withoutTail(s, out);
        Schedule c = s;
        c.endMs = last + (s.endMs - last) / 2;
        if (s.endMs - c.endMs >= MinMoveMs)
            out->append({c, tr("ending %1 s sooner").arg(seconds(s.endMs - c.endMs))});
    }
    for (qsizetype i = 0; i < s.steps.size(); ++i) {
        const int at = s.steps[i].atMs;
        if (at == 0)
            continue;
        const int before = i > 0 ? s.steps[i - 1].atMs : 0;
        for (int to : {0, at / 2, before + (at - before) / 2}) {
            if (to >= at || (to > 0 && at - to < MinMoveMs))
                continue;
            Schedule c = s;
            c.steps[i].atMs = to;
            out->append({c, tr("'%1' at %2 s").arg(s.steps[i].startLines().value(0), seconds(to))});
        }
    }
}

// Every fault as short as a fault can be, then each; every fault half as long, then each
// half as long or a quarter shorter (a search for the length that still breaks); amounts
// (latency, drop, clock) halved. A length is a fault's only when it has one (a restart or a jump
// has none).
void Shrinker::shorter(const Schedule& s, QList<Candidate>* out) const
{
    const int least = m_limits.minLengthMs;
    const auto hasLength = [](const ScheduleStep& step) {
        return step.isFault() && step.lengthMs > 0;
    };
    Schedule shortest = s;
    Schedule halved = s;
    for (qsizetype i = 0; i < s.steps.size(); ++i) {
        if (!hasLength(s.steps[i]))
            continue;
        shortest.steps[i].lengthMs = std::min(s.steps[i].lengthMs, least);
        halved.steps[i].lengthMs = std::max(least, s.steps[i].lengthMs / 2);
    }
    out->append({shortest, tr("every fault as short as can be")});
    for (qsizetype i = 0; i < s.steps.size(); ++i) {
        if (!hasLength(s.steps[i]) || s.steps[i].lengthMs <= least)
            continue;
        Schedule c = s;
        c.steps[i].lengthMs = least;
        out->append({c, tr("'%1' as short as can be").arg(s.steps[i].startLines().value(0))});
    }
    out->append({halved, tr("every fault half as long")});
    for (qsizetype i = 0; i < s.steps.size(); ++i) {
        const ScheduleStep& step = s.steps[i];
        if (hasLength(step) && step.lengthMs / 2 >= least) {
            Schedule c = s;
            c.steps[i].lengthMs = step.lengthMs / 2;
            out->append({c, tr("'%1' half as long").arg(step.startLines().value(0))});
        }
        // When half is too short, a quarter shorter may not be.
        if (hasLength(step) && step.lengthMs - step.lengthMs * 3 / 4 >= MinMoveMs) {
            Schedule c = s;
            c.steps[i].lengthMs = step.lengthMs * 3 / 4;
            out->append({c, tr("'%1' a quarter shorter").arg(step.startLines().value(0))});
        }
        if (step.amount / 2 >= 10) {
            Schedule c = s;
            c.steps[i].amount = step.amount / 2;
            out->append({c, tr("'%1' halved").arg(step.startLines().value(0))});
        }
    }
}

// Every client's own settings at once, then one by one: the client runs with the defaults.
// The defaults themselves stay (rounded, later): the engine's own (a TTL of 10 s, work of
// 1.5 to 2.5 s) are no simpler a story, only another one.
void Shrinker::withoutSettings(const Schedule& s, QList<Candidate>* out) const
{
    Schedule own = s;
    for (ScheduleStep& step : own.steps)
        step.settings.clear();
    out->append({own, tr("without the clients' own settings")});
    for (qsizetype i = 0; i < s.steps.size(); ++i) {
        if (s.steps[i].settings.isEmpty())
            continue;
        Schedule c = s;
        c.steps[i].settings.clear();
        out->append({c, tr("without %1's own settings").arg(s.steps[i].client)});
    }
}

// Everything at once to two significant digits and to one, then value by value to one.
void Shrinker::rounder(const Schedule& s, QList<Candidate>* out) const
{
    const QStringList& pinned = m_limits.pinnedKeys;
    const auto roundAll = [&pinned](const Schedule& s, int digits) {
        Schedule c = s;
        c.endMs = roundDown(c.endMs, digits);
        c.defaults = roundedSettings(c.defaults, digits, pinned);
        for (ScheduleStep& step : c.steps) {
            step.atMs = roundDown(step.atMs, digits);
            step.lengthMs = roundDown(step.lengthMs, digits);
            step.amount = roundDown(step.amount, digits);
            step.settings = roundedSettings(step.settings, digits, pinned);
        }
        return c;
    };
    out->append({roundAll(s, 1), tr("every number rounded to one digit")});
    out->append({roundAll(s, 2), tr("every number rounded to two digits")});
    Schedule settings = s;
    settings.defaults = roundedSettings(s.defaults, 1, m_limits.pinnedKeys);
    out->append({settings, tr("the settings rounded")});
    for (qsizetype i = 0; i < s.steps.size(); ++i) {
        Schedule c = s;
        c.steps[i].atMs = roundDown(s.steps[i].atMs, 1);
        c.steps[i].lengthMs = roundDown(s.steps[i].lengthMs, 1);
        c.steps[i].amount = roundDown(s.steps[i].amount, 1);
        c.steps[i].settings = roundedSettings(s.steps[i].settings, 1, m_limits.pinnedKeys);
        out->append({c, tr("'%1' rounded").arg(s.steps[i].startLines().value(0))});
    }
}
