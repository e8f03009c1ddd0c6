// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/storywriter.h"

#include "model/clientsettings.h"
#include "model/fault.h"
#include "model/strategy.h"

#include <QCoreApplication>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <limits>
#include <optional>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using VK = HistoryEvent::ViolationKind;
using Step = ScheduleStep::Kind;

constexpr const char* Context = "StoryWriter";
constexpr int MaxConsequences = 8;
// A caption shown for less than this cannot be read before the next one replaces it.
constexpr int ReadableMs = 500;

QString seconds(qint64 ms)
{
    return QString::number(ms / 1000.0, 'f', 1);
}

// "1, 3, 5": the nodes of a mask, as the commands number them.
QString nodeList(quint16 mask)
{
    QStringList nodes;
    for (int i = 0; i < 16; ++i)
        if (mask & (1u << i))
            nodes << QString::number(i + 1);
    return nodes.join(QStringLiteral(", "));
}

bool severalNodes(quint16 mask)
{
    return (mask & (mask - 1)) != 0;
}

} // namespace

// One sentence: a template (a Linguist entry of the context "StoryWriter") and its arguments,
// which are names and numbers, the same in every language.
struct StoryWriter::Phrase
{
    const char* source;
    QStringList args;
};

// What the history says: who is who, where each client's sections and acquisitions were,
// when each line of the schedule ran. Times in ms from the schedule's first line.
class StoryWriter::Reading
{
public:
    explicit Reading(const std::vector<HistoryEvent>& events) : m_events(events)
    {
        for (const HistoryEvent& e : events) {
            if (m_startUs < 0 && e.kind == K::Command && e.line > 0)
                m_startUs = e.tUs;
            if (e.kind == K::ClientAdded)
                m_names.insert(e.client, e.text);
            if (e.is(K::Ok, Op::Acquire) && !e.token.isEmpty())
                m_owners.insert(e.token, e.client);
        }
        if (m_startUs < 0)
            m_startUs = events.empty() ? 0 : events.front().tUs;
    }

    int ms(qint64 tUs) const { return int(std::max<qint64>(0, (tUs - m_startUs) / 1000)); }
    QString name(int client) const { return m_names.value(client, QStringLiteral("?")); }
    std::optional<int> ownerOf(const QByteArray& token) const
    {
        const auto it = m_owners.find(token);
        return it == m_owners.end() ? std::nullopt : std::optional<int>(*it);
    }

    // When the line ran (the engine records each line it ran), else when it was planned.
    int ranAt(const QString& line, int plannedMs) const
    {
        for (const HistoryEvent& e : m_events)
            if (e.kind == K::Command && e.text == line && ms(e.tUs) + 50 >= plannedMs)
                return ms(e.tUs);
        return plannedMs;
    }

    enum class State
    {
        Idle,
        Acquiring,
        Holding
    };
    // What the client was doing at atMs, from its acquisitions and sections.
    State stateAt(const QString& client, int atMs) const
    {
        return stateBefore(client,
                           [this, atMs](const HistoryEvent& e) { return ms(e.tUs) > atMs; });
    }
    // ... right before `event` (one of the run's).
    State stateBefore(const QString& client, const HistoryEvent& event) const
    {
        return stateBefore(client, [&event](const HistoryEvent& e) { return &e == &event; });
    }
    // The scenario's last line: what the engine did after it (stopping, releasing) is no part
    // of the story.
    qint64 endUs() const
    {
        qint64 end = 0;
        for (const HistoryEvent& e : m_events)
            if (e.kind == K::Command && e.line > 0)
                end = e.tUs;
        return end;
    }

private:
    // A crash ends the section a moment before the crash itself is recorded: asked about the
    // crash, the client was holding (a crash while holding read as "between two purchases").
    static bool endsSectionByItself(const HistoryEvent& e)
    {
        return e.kind == K::SectionEnd &&
               HistoryEvent::SectionEndReason(e.code) != HistoryEvent::SectionEndReason::Crashed;
    }

    template <typename Stop> State stateBefore(const QString& client, Stop stop) const
    {
        State state = State::Idle;
        for (const HistoryEvent& e : m_events) {
            if (stop(e))
                break;
            if (name(e.client) != client)
                continue;
            if (e.is(K::Invoke, Op::Acquire))
                state = State::Acquiring;
            else if (e.is(K::Ok, Op::Acquire))
                state = State::Holding;
            else if (e.is(K::Fail, Op::Acquire) || endsSectionByItself(e))
                state = State::Idle;
        }
        return state;
    }

public:
    // The acquisition a client held at tUs: its last one by then.
    const HistoryEvent* acquisitionBefore(int client, qint64 tUs) const
    {
        const HistoryEvent* found = nullptr;
        for (const HistoryEvent& e : m_events) {
            if (e.tUs > tUs)
                break;
            if (e.client == client && e.is(K::Ok, Op::Acquire))
                found = &e;
        }
        return found;
    }

    // The write a violation at tUs is about: the writer's last accepted write by then.
    const HistoryEvent* writeBefore(int client, qint64 tUs) const
    {
        const HistoryEvent* found = nullptr;
        for (const HistoryEvent& e : m_events) {
            if (e.tUs > tUs)
                break;
            if (e.client == client && e.is(K::Ok, Op::Write))
                found = &e;
        }
        return found;
    }

private:
    const std::vector<HistoryEvent>& m_events;
    qint64 m_startUs = -1;
    QHash<int, QString> m_names;
    QHash<QByteArray, int> m_owners;
};

StoryWriter::StoryWriter()
{
    // Compiled into the app with its window (ui/): an engine alone has none of them.
    for (auto [code, slot] : {std::pair{"zh_CN", &m_zh}, std::pair{"ja", &m_ja}}) {
        auto translator = std::make_unique<QTranslator>();
        if (translator->load(QStringLiteral(":/i18n/redlockscope_%1.qm").arg(QLatin1String(code))))
            *slot = std::move(translator);
    }
}

StoryWriter::~StoryWriter() = default;

QString StoryWriter::render(const QString& language, const QList<Phrase>& phrases) const
{
    const QTranslator* translator = language == QLatin1String("zh")   ? m_zh.get()
                                    : language == QLatin1String("ja") ? m_ja.get()
                                                                      : nullptr;
    QStringList sentences;
    for (const Phrase& p : phrases) {
        QString text = translator ? translator->translate(Context, p.source) : QString();
        if (text.isEmpty())
            text = QString::fromUtf8(p.source);
        for (const QString& a : p.args)
            text = text.arg(a);
        sentences << text;
    }
    // Chinese and Japanese sentences end in 。 and follow each other without a space.
    return sentences.join(language == QLatin1String("en") ? QStringLiteral(" ") : QString());
}

Schedule::Caption StoryWriter::caption(int atMs, const QList<Phrase>& phrases) const
{
    Schedule::Caption c;
    c.atMs = atMs;
    c.en = render(QStringLiteral("en"), phrases);
    if (translated()) {
        c.zh = render(QStringLiteral("zh"), phrases);
        c.ja = render(QStringLiteral("ja"), phrases);
    }
    return c;
}

QList<Schedule::Caption> StoryWriter::captions(const Run& run) const
{
    const Reading reading(*run.events);
    // Each caption goes in at its moment of the schedule, but is ordered by when it happened
    // in the run: a fault's caption is placed at its step, which the engine ran a little
    // later, and "C1 acquires at 0.1 s" must come before the kill it preceded.
    QList<Timed> all{{-1, caption(0, intro(run))}};
    for (const ScheduleStep& step : run.schedule->steps) {
        if (!step.isFault())
            continue;
        const int at = reading.ranAt(step.startLines().value(0), step.atMs);
        all.append(
            {at, caption(step.atMs, faultPhrases(step, reading, at, run.schedule->persistence))});
    }
    QList<Schedule::Caption> told;
    consequences(run, reading, &told);
    if (run.settings->strategy == Strategy::Kind::Failover)
        sentinel(run, reading, &told);
    for (const Schedule::Caption& c : std::as_const(told))
        all.append({c.atMs, c});
    std::stable_sort(all.begin(), all.end(),
                     [](const Timed& a, const Timed& b) { return a.happenedMs < b.happenedMs; });
    return merged(all);
}

// The window shows the latest caption: one followed by another at the same moment (the intro
// and a fault at the start, a stale write and its lost update) or a moment later was never
// seen. Captions that close are one caption, at the earliest of their moments.
QList<Schedule::Caption> StoryWriter::merged(const QList<Timed>& captions)
{
    QList<Schedule::Caption> out;
    int groupMs = 0;
    for (const Timed& t : captions) {
        const int happened = std::max(0, t.happenedMs);
        if (out.isEmpty() || happened - groupMs >= ReadableMs) {
            out << t.caption;
            groupMs = happened;
            continue;
        }
        Schedule::Caption& last = out.last();
        last.atMs = std::min(last.atMs, t.caption.atMs);
        last.en += QLatin1Char(' ') + t.caption.en;
        last.zh += t.caption.zh; // Chinese and Japanese sentences follow each other without a space
        last.ja += t.caption.ja;
    }
    return out;
}

QList<StoryWriter::Phrase> StoryWriter::intro(const Run& run) const
{
    const ClientSettings& s = *run.settings;
    const QStringList clients = run.schedule->clients();
    const QString work =
        s.workMinMs == s.workMaxMs
            ? seconds(s.workMinMs)
            : QStringLiteral("%1–%2").arg(seconds(s.workMinMs), seconds(s.workMaxMs));
    QList<Phrase> phrases;
    const QString names = clients.join(QStringLiteral(", "));
    if (s.strategy == Strategy::Kind::None)
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter",
                                            "%1 buy from a stock of %2 with no lock at all; each "
                                            "purchase takes %3 s."),
                          {names, QString::number(run.schedule->stock), work}};
    else if (s.strategy == Strategy::Kind::Setnx && clients.size() == 1)
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter",
                                            "%1 buys from a stock of %2 under the setnx lock, "
                                            "whose key has no TTL: work %3 s."),
                          {names, QString::number(run.schedule->stock), work}};
    else if (s.strategy == Strategy::Kind::Setnx)
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter",
                                            "%1 buy from a stock of %2 under the setnx lock, whose "
                                            "key has no TTL: work %3 s."),
                          {names, QString::number(run.schedule->stock), work}};
    else if (clients.size() == 1)
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter",
                                            "%1 buys from a stock of %2 under the %3 lock: TTL "
                                            "%4 s, work %5 s."),
                          {names, QString::number(run.schedule->stock), Strategy::name(s.strategy),
                           seconds(s.lock.ttlMs), work}};
    else
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter",
                                            "%1 buy from a stock of %2 under the %3 lock: TTL "
                                            "%4 s, work %5 s."),
                          {names, QString::number(run.schedule->stock), Strategy::name(s.strategy),
                           seconds(s.lock.ttlMs), work}};
    if (!s.careful && s.strategy != Strategy::Kind::None)
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter", "The clients are careless: they write "
                                                           "even when their lock has expired."),
                          {}};
    if (s.lock.fencing)
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter", "Fencing is on: the storage refuses a "
                                                           "token older than the last it saw."),
                          {}};
    const bool restarts = std::any_of(
        run.schedule->steps.cbegin(), run.schedule->steps.cend(),
        [](const ScheduleStep& st) { return st.kind == Step::Kill || st.kind == Step::Restart; });
    if (restarts && run.schedule->persistence.isEmpty())
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter", "The nodes keep no AOF: a node that "
                                                           "restarts has forgotten its keys."),
                          {}};
    else if (!run.schedule->persistence.isEmpty())
        phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter", "The nodes write an AOF "
                                                           "(appendfsync %1)."),
                          {run.schedule->persistence}};
    return phrases;
}

QList<StoryWriter::Phrase> StoryWriter::faultPhrases(const ScheduleStep& step,
                                                     const Reading& reading, int atMs,
                                                     const QString& persistence) const
{
    const QString node = QString::number(step.node);
    const QString length = seconds(step.lengthMs);
    using State = Reading::State;
    switch (step.kind) {
    case Step::ClientPause: {
        if (step.moment == QLatin1String("before-write"))
            return {{QT_TRANSLATE_NOOP("StoryWriter",
                                       "%1 will freeze for %2 s right before its next write."),
                     {step.client, length}}};
        if (step.moment == QLatin1String("before-delete"))
            return {{QT_TRANSLATE_NOOP("StoryWriter",
                                       "%1 will freeze for %2 s between its GET and its DEL."),
                     {step.client, length}}};
        if (step.moment == QLatin1String("before-expire"))
            return {{QT_TRANSLATE_NOOP("StoryWriter",
                                       "%1 will freeze for %2 s between its SETNX and its EXPIRE."),
                     {step.client, length}}};
        switch (reading.stateAt(step.client, atMs)) {
        case State::Holding:
            return {
                {QT_TRANSLATE_NOOP("StoryWriter", "%1 is paused for %2 s while it holds the lock."),
                 {step.client, length}}};
        case State::Acquiring:
            return {{QT_TRANSLATE_NOOP("StoryWriter",
                                       "%1 is paused for %2 s while it asks for the lock."),
                     {step.client, length}}};
        case State::Idle:
            break;
        }
        return {{QT_TRANSLATE_NOOP("StoryWriter", "%1 is paused for %2 s between two purchases."),
                 {step.client, length}}};
    }
    case Step::ClientCrash: {
        if (step.moment == QLatin1String("before-expire"))
            return {{QT_TRANSLATE_NOOP("StoryWriter",
                                       "%1 will crash between its SETNX and its EXPIRE."),
                     {step.client}}};
        if (step.moment == QLatin1String("before-delete"))
            return {{QT_TRANSLATE_NOOP("StoryWriter", "%1 will crash between its GET and its DEL."),
                     {step.client}}};
        if (!step.moment.isEmpty())
            return {{QT_TRANSLATE_NOOP("StoryWriter", "%1 will crash right before its next write."),
                     {step.client}}};
        QList<Phrase> phrases;
        if (reading.stateAt(step.client, atMs) == State::Holding)
            phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter",
                                                "%1 crashes while it holds the lock: nothing "
                                                "releases it."),
                              {step.client}};
        else
            phrases << Phrase{QT_TRANSLATE_NOOP("StoryWriter", "%1 crashes."), {step.client}};
        if (step.comesBack)
            phrases << Phrase{
                QT_TRANSLATE_NOOP("StoryWriter", "It comes back %1 s later, remembering nothing."),
                {length}};
        return phrases;
    }
    case Step::Kill:
        if (persistence.isEmpty())
            return {{QT_TRANSLATE_NOOP("StoryWriter",
                                       "Node %1 is killed and comes back %2 s later, empty."),
                     {node, length}}};
        return {{QT_TRANSLATE_NOOP("StoryWriter",
                                   "Node %1 is killed and comes back %2 s later with its AOF."),
                 {node, length}}};
    case Step::Restart:
        if (persistence.isEmpty())
            return {{QT_TRANSLATE_NOOP("StoryWriter",
                                       "Node %1 restarts without persistence: the keys it held "
                                       "are gone."),
                     {node}}};
        return {
            {QT_TRANSLATE_NOOP("StoryWriter", "Node %1 restarts and reloads its AOF."), {node}}};
    case Step::Pause:
        return {{QT_TRANSLATE_NOOP("StoryWriter", "Node %1 freezes for %2 s."), {node, length}}};
    case Step::Partition:
        if (step.cut.isEmpty())
            return {
                {QT_TRANSLATE_NOOP("StoryWriter", "Node %1 is cut off from every client for %2 s."),
                 {node, length}}};
        return {{QT_TRANSLATE_NOOP("StoryWriter", "Node %1 is cut off from %2 for %3 s."),
                 {node, step.cut.join(QStringLiteral(", ")), length}}};
    case Step::Latency:
        return {{QT_TRANSLATE_NOOP("StoryWriter", "Node %1 answers %2 ms late for %3 s."),
                 {node, QString::number(step.amount), length}}};
    case Step::Drop:
        return {{QT_TRANSLATE_NOOP("StoryWriter", "Node %1 drops %2 % of the requests for %3 s."),
                 {node, QString::number(step.amount), length}}};
    case Step::Clock:
        return {{QT_TRANSLATE_NOOP("StoryWriter",
                                   "Node %1's clock jumps %2 s forward: its keys expire early."),
                 {node, seconds(step.amount)}}};
    case Step::AddClient:
        break;
    }
    return {};
}

// What the faults led to, each kind told once, at the moment it happened: the lock expiring
// under its holder, a second holder, the writes that damaged the stock, a wrong release.
void StoryWriter::consequences(const Run& run, const Reading& reading,
                               QList<Schedule::Caption>* out) const
{
    QSet<QString> told;
    int count = 0;
    const auto once = [&](const QString& key, int atMs, const QList<Phrase>& phrases) {
        if (count >= MaxConsequences || told.contains(key))
            return;
        told.insert(key);
        ++count;
        out->append(caption(atMs, phrases));
    };
    // Clients with a fault armed for a moment, from when it was armed: told when it strikes.
    // A fault of theirs that starts before then is an immediate one, told with its own step.
    QMap<QString, int> armedFrom;
    for (const ScheduleStep& step : run.schedule->steps)
        if (step.isClientFault() && !step.moment.isEmpty() && !armedFrom.contains(step.client))
            armedFrom.insert(step.client, step.atMs);
    // With no lock, "acquiring" is starting a purchase: nothing is taken.
    const bool noLock = run.settings->strategy == Strategy::Kind::None;
    // Which nodes granted the second holder its lock is told when faults hit nodes (a restart,
    // a clock jump: where it got its majority is the story); otherwise it is a detail that
    // varies from one play to the next (a careless-pause story said "on nodes 1, 3, 4" of a
    // lock the window showed on 5).
    const bool nodesMatter = std::any_of(run.schedule->steps.cbegin(), run.schedule->steps.cend(),
                                         [](const ScheduleStep& st) { return st.isNodeFault(); });
    const auto listsNodes = [nodesMatter](const HistoryEvent* a) {
        return nodesMatter && a && severalNodes(a->nodeMask);
    };
    // An acquisition told once, at its moment. Not with its nodes: a lock taken without
    // contention gets whatever nodes answer in time, which varies from one play to the next
    // (the clock and restart stories named 3 nodes of a lock the window showed on 4).
    const auto tellAcquisition = [&](int client, qint64 beforeUs) {
        const HistoryEvent* a = reading.acquisitionBefore(client, beforeUs);
        if (!a)
            return;
        const int at = reading.ms(a->tUs);
        const QString key = QStringLiteral("acquired:%1:%2").arg(client).arg(a->tUs);
        if (noLock)
            once(key, at,
                 {{QT_TRANSLATE_NOOP("StoryWriter", "%1 starts a purchase at %2 s."),
                   {reading.name(client), seconds(at)}}});
        else
            once(key, at,
                 {{QT_TRANSLATE_NOOP("StoryWriter", "%1 acquires the lock at %2 s."),
                   {reading.name(client), seconds(at)}}});
    };
    const qint64 endUs = run.ranToItsEnd ? reading.endUs() : std::numeric_limits<qint64>::max();
    for (const HistoryEvent& e : *run.events) {
        if (e.tUs > endUs)
            break;
        const QString who = reading.name(e.client);
        const int at = reading.ms(e.tUs);
        if (e.kind == K::FaultStart && e.client >= 0 && armedFrom.contains(who) &&
            at >= armedFrom.value(who)) {
            const bool holding = reading.stateBefore(who, e) == Reading::State::Holding;
            if (Fault::Kind(e.code) == Fault::Kind::Crashed)
                once(QStringLiteral("armed:") + who, at,
                     {holding ? Phrase{QT_TRANSLATE_NOOP("StoryWriter",
                                                         "At %2 s %1 crashes, holding the lock: "
                                                         "nothing will release it."),
                                       {who, seconds(at)}}
                              : Phrase{QT_TRANSLATE_NOOP("StoryWriter", "At %2 s %1 crashes."),
                                       {who, seconds(at)}}});
            else if (Fault::Kind(e.code) == Fault::Kind::Paused)
                once(QStringLiteral("armed:") + who, at,
                     {{QT_TRANSLATE_NOOP("StoryWriter", "At %2 s %1 freezes."),
                       {who, seconds(at)}}});
        } else if (e.kind == K::LockLost) {
            const int expired = e.sinceUs > 0 ? reading.ms(e.sinceUs) : at;
            once(QStringLiteral("lost:") + who, expired,
                 {{QT_TRANSLATE_NOOP("StoryWriter",
                                     "%1's lock expired at %2 s while it was still inside."),
                   {who, seconds(expired)}}});
        } else if (e.kind == K::DeletedOthersKey) {
            const auto owner = reading.ownerOf(e.token);
            if (owner && *owner != e.client)
                once(QStringLiteral("wrong-release"), at,
                     {{QT_TRANSLATE_NOOP("StoryWriter", "%1's release at %2 s deletes %3's lock."),
                       {who, seconds(at), reading.name(*owner)}}});
        } else if (e.is(K::Fail, Op::Write) &&
                   e.failReason() == HistoryEvent::FailReason::Rejected) {
            once(QStringLiteral("rejected"), at,
                 {{QT_TRANSLATE_NOOP("StoryWriter", "The storage refuses %1's stale write at %2 s: "
                                                    "the fence saves the data."),
                   {who, seconds(at)}}});
        } else if (e.kind == K::Violation) {
            const QString first = reading.name(int(e.number));
            const HistoryEvent* write = reading.writeBefore(e.client, e.tUs);
            const QString value = write ? QString::number(write->number) : QStringLiteral("?");
            switch (VK(e.code)) {
            case VK::Overlap: {
                if (told.contains(QStringLiteral("overlap")))
                    break; // told once, with the acquisition that led to it
                // The holder still inside got the lock when? (It may be its second time: a
                // story that said only that its first lock expired left it unexplained.)
                tellAcquisition(int(e.number), e.tUs);
                const HistoryEvent* second = reading.acquisitionBefore(e.client, e.tUs);
                if (noLock)
                    once(QStringLiteral("overlap"), at,
                         {{QT_TRANSLATE_NOOP("StoryWriter",
                                             "%1 starts a purchase at %2 s while %3 is still in "
                                             "one: two buyers at once."),
                           {who, seconds(at), first}}});
                else if (listsNodes(second))
                    once(QStringLiteral("overlap"), at,
                         {{QT_TRANSLATE_NOOP("StoryWriter",
                                             "%1 acquires at %2 s on nodes %4 while %3 is still "
                                             "inside: two holders."),
                           {who, seconds(at), first, nodeList(second->nodeMask)}}});
                else
                    once(QStringLiteral("overlap"), at,
                         {{QT_TRANSLATE_NOOP("StoryWriter",
                                             "%1 acquires at %2 s while %3 is still inside: two "
                                             "holders."),
                           {who, seconds(at), first}}});
                break;
            }
            case VK::StaleWrite:
                if (noLock)
                    once(QStringLiteral("stale"), at,
                         {{QT_TRANSLATE_NOOP("StoryWriter",
                                             "%1 writes stock %2 at %3 s, although %4 started a "
                                             "purchase after it: a stale write."),
                           {who, value, seconds(at), first}}});
                else
                    once(QStringLiteral("stale"), at,
                         {{QT_TRANSLATE_NOOP("StoryWriter",
                                             "%1 writes stock %2 at %3 s, although %4 took the "
                                             "lock after it: a stale write."),
                           {who, value, seconds(at), first}}});
                break;
            case VK::LostUpdate:
                once(QStringLiteral("lost-update"), at,
                     {{QT_TRANSLATE_NOOP("StoryWriter", "%1 writes stock %2 at %3 s over a sale it "
                                                        "never saw: a lost update."),
                       {who, value, seconds(at)}}});
                break;
            case VK::Oversold:
                once(QStringLiteral("oversold"), at,
                     {{QT_TRANSLATE_NOOP("StoryWriter",
                                         "At %1 s more items are sold than there were: "
                                         "oversold by %2."),
                       {seconds(at), QString::number(e.previous)}}});
                break;
            case VK::ResetOverwritten:
                once(QStringLiteral("reset"), at,
                     {{QT_TRANSLATE_NOOP("StoryWriter", "%1 writes at %2 s over the stock that "
                                                        "was set meanwhile: the reset is lost."),
                       {who, seconds(at)}}});
                break;
            case VK::ValidWriteRejected:
            case VK::LeaseOverlap: // foreign clients: a search runs none
                break;
            }
        }
    }
    const int end = run.schedule->endMs;
    if (!run.waitedFor.isEmpty())
        out->append(caption(
            end, {{QT_TRANSLATE_NOOP("StoryWriter", "After the schedule, %1 waits %2 s for the "
                                                    "lock in vain."),
                   {run.waiter, seconds(run.waitedMs)}}}));
    for (const QString& failed : run.failedExpectations)
        out->append(caption(
            end,
            {{QT_TRANSLATE_NOOP("StoryWriter", "The expectation %1 does not hold."), {failed}}}));
}

// Sentinel's own events ("sentinel 2: +switch-master redlock H P H P") after each fault on the
// master: whether it promoted the replica, saw the master down and let it come back, or never
// saw it down. Node 1 starts as the master, node 2 as its replica; a promotion swaps them.
void StoryWriter::sentinel(const Run& run, const Reading& reading,
                           QList<Schedule::Caption>* out) const
{
    static const QRegularExpression said(
        QStringLiteral("^sentinel \\d+: ([+-](?:sdown|switch-master))\\b"));
    struct Said
    {
        int atMs;
        QString what;
    };
    QList<Said> events;
    for (const HistoryEvent& e : *run.events)
        if (e.kind == K::Info)
            if (const auto m = said.match(e.text); m.hasMatch())
                events.append({reading.ms(e.tUs), m.captured(1)});
    QList<const ScheduleStep*> faults;
    for (const ScheduleStep& step : run.schedule->steps)
        if (step.isNodeFault())
            faults << &step;
    int master = 1;
    for (qsizetype i = 0; i < faults.size(); ++i) {
        const ScheduleStep& step = *faults[i];
        if (step.node != master)
            continue; // a fault on the replica: Sentinel has no failover to decide
        const int from = reading.ranAt(step.startLines().value(0), step.atMs);
        const int until =
            i + 1 < faults.size()
                ? reading.ranAt(faults[i + 1]->startLines().value(0), faults[i + 1]->atMs)
                : std::numeric_limits<int>::max();
        int down = -1;
        int switched = -1;
        for (const Said& e : std::as_const(events)) {
            if (e.atMs < from || e.atMs >= until)
                continue;
            if (e.what == QLatin1String("+sdown") && down < 0)
                down = e.atMs;
            if (e.what == QLatin1String("+switch-master") && switched < 0)
                switched = e.atMs;
        }
        const QString node = QString::number(master);
        if (switched >= 0) {
            const QString replica = QString::number(3 - master);
            out->append(caption(switched,
                                {{QT_TRANSLATE_NOOP("StoryWriter", "At %1 s Sentinel promotes node "
                                                                   "%2, the replica, to master."),
                                  {seconds(switched), replica}}}));
            master = 3 - master;
        } else if (down >= 0) {
            out->append(caption(
                down, {{QT_TRANSLATE_NOOP("StoryWriter",
                                          "At %1 s Sentinel sees node %2 down, but it is back "
                                          "before a failover is agreed: no replica is promoted, "
                                          "node %2 stays the master."),
                        {seconds(down), node}}}));
        } else {
            out->append(caption(
                step.endMs(),
                {{QT_TRANSLATE_NOOP("StoryWriter", "Sentinel does not step in: node %1 is back "
                                                   "before it is judged down, and stays the "
                                                   "master."),
                  {node}}}));
        }
    }
}
