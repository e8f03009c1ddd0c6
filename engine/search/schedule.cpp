// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/schedule.h"

#include <algorithm>

namespace {

// One moment's lines on the schedule's timeline. At one moment, what ends goes first (a heal
// before the next fault on that node), then the caption that announces what starts.
struct Entry
{
    int atMs = 0;
    int order = 0; // 0: ends, 1: captions, 2: starts
    QStringList lines;
};

QString quoted(const QString& text)
{
    return text.simplified(); // a `say` line is one line: no line break inside
}

} // namespace

QStringList Schedule::clients() const
{
    QStringList names;
    for (const ScheduleStep& s : steps)
        if (s.kind == ScheduleStep::Kind::AddClient)
            names << s.client;
    return names;
}

int Schedule::commandCount() const
{
    int count = 0;
    for (const ScheduleStep& s : steps)
        count += int(s.startLines().size() + s.endLines().size());
    return count;
}

int Schedule::lastActionMs() const
{
    int last = 0;
    for (const ScheduleStep& s : steps)
        last = std::max(last, s.endMs()); // a timed pause or a delayed restart ends by itself
    return last;
}

void Schedule::normalise()
{
    std::stable_sort(steps.begin(), steps.end(),
                     [](const ScheduleStep& a, const ScheduleStep& b) { return a.atMs < b.atMs; });
    endMs = std::max(endMs, lastActionMs());
}

QStringList Schedule::bodyLines(const QStringList& comments, const QList<Caption>& captions) const
{
    QStringList lines;
    for (const QString& c : comments)
        lines << QStringLiteral("# ") + c;
    lines << QStringLiteral("seed %1").arg(seed);
    if (!defaults.isEmpty())
        lines << QStringLiteral("defaults ") + defaults.join(QLatin1Char(' '));
    if (!persistence.isEmpty() && persistence != QLatin1String("none"))
        for (int n = 1; n <= nodeCount; ++n)
            lines << QStringLiteral("node persistence %1 %2").arg(n).arg(persistence);
    lines << QStringLiteral("stock %1").arg(stock);

    QList<Entry> timeline;
    for (const ScheduleStep& s : steps) {
        timeline.append({s.atMs, 2, s.startLines()});
        if (const QStringList end = s.endLines(); !end.isEmpty())
            timeline.append({s.endMs(), 0, end});
    }
    for (const Caption& c : captions) {
        QStringList say{QStringLiteral("say ") + quoted(c.en)};
        if (!c.zh.isEmpty())
            say << QStringLiteral("say.zh ") + quoted(c.zh);
        if (!c.ja.isEmpty())
            say << QStringLiteral("say.ja ") + quoted(c.ja);
        timeline.append({std::min(c.atMs, std::max(endMs, lastActionMs())), 1, say});
    }
    std::stable_sort(timeline.begin(), timeline.end(), [](const Entry& a, const Entry& b) {
        return a.atMs != b.atMs ? a.atMs < b.atMs : a.order < b.order;
    });
    int now = 0;
    for (const Entry& e : timeline) {
        if (e.atMs > now)
            lines << QStringLiteral("sleep %1").arg(e.atMs - now);
        now = std::max(now, e.atMs);
        lines << e.lines;
    }
    const int end = std::max(endMs, lastActionMs());
    if (end > now)
        lines << QStringLiteral("sleep %1").arg(end - now);
    return lines;
}

QString Schedule::toScenario(const QStringList& comments, const QList<Caption>& captions,
                             const QStringList& propertyLines) const
{
    return (bodyLines(comments, captions) + propertyLines).join(QLatin1Char('\n')) +
           QLatin1Char('\n');
}

int Schedule::propertyFirstLine(const QStringList& comments, const QList<Caption>& captions) const
{
    return int(bodyLines(comments, captions).size()) + 1;
}
