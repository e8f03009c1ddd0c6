// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/commandcatalogue.h"

#include "base/enumnames.h"
#include "model/checkcounters.h"
#include "model/clientsettingfield.h"
#include "model/clientsnapshot.h"
#include "model/nodepersistence.h"
#include "model/pausemoment.h"

#include <QCoreApplication>
#include <algorithm>

namespace {

using T = ArgSpec::Type;

ArgSpec node()
{
    return {QStringLiteral("N"), T::Node};
}
ArgSpec client()
{
    return {QStringLiteral("NAME"), T::Client};
}
ArgSpec clientOrAll()
{
    return {QStringLiteral("NAME|all"), T::ClientOrAll};
}
ArgSpec ms(const QString& name, qint64 min, qint64 max, bool optional)
{
    ArgSpec a{name, T::Number, min, max};
    a.optional = optional;
    a.unit = QStringLiteral("ms");
    return a;
}
ArgSpec keyword(const QString& word)
{
    ArgSpec a{word, T::Keyword};
    a.choices = {word};
    a.optional = true;
    return a;
}
// The moments a pause or crash can be armed for (PauseMoment).
ArgSpec moment()
{
    ArgSpec a{QStringLiteral("MOMENT"), T::Choice};
    a.choices = EnumNames::all<PauseMoment::Moment>();
    a.optional = true;
    return a;
}

ArgSpec assignments(bool optional)
{
    ArgSpec a{QStringLiteral("key=value"), T::Assignment};
    a.optional = optional;
    a.repeated = true;
    return a;
}

QString tr(const char* text)
{
    return QCoreApplication::translate("CommandCatalogue", text);
}

} // namespace

QString ArgSpec::usage() const
{
    QString text = type == T::Keyword ? choices.value(0) : name;
    if (type == T::Choice)
        text = choices.join(QLatin1Char('|'));
    if (repeated)
        text += QStringLiteral(" ...");
    return optional ? QStringLiteral("[%1]").arg(text) : text;
}

QString CommandSpec::usage() const
{
    QStringList parts{verb};
    for (const ArgSpec& a : args)
        parts << a.usage();
    return parts.join(QLatin1Char(' '));
}

CommandCatalogue::CommandCatalogue()
{
    ArgSpec name{QStringLiteral("NAME"), T::Name};
    name.optional = true;
    ArgSpec nodes = node();
    nodes.repeated = true;
    ArgSpec clients{QStringLiteral("CLIENT"), T::Client};
    clients.optional = true;
    clients.repeated = true;
    ArgSpec persistence{QStringLiteral("MODE"), T::Choice};
    persistence.choices = EnumNames::all<NodePersistence::Mode>();
    ArgSpec clock{QStringLiteral("+MS"), T::ClockDelta, 1, MaxMs};
    clock.unit = QStringLiteral("ms");
    ArgSpec percent{QStringLiteral("PERCENT"), T::Number, 0, 100};
    percent.unit = QStringLiteral("%");
    ArgSpec stock{QStringLiteral("N"), T::Number, 0, 1'000'000'000};
    stock.optional = true;
    ArgSpec topic{QStringLiteral("VERB"), T::Text};
    topic.optional = true;

    m_commands = {
        {QStringLiteral("client add"),
         {name, assignments(true)},
         tr("add a client (optionally named, with settings) and start its loop")},
        {QStringLiteral("client remove"), {client()}, tr("remove a client")},
        {QStringLiteral("client stop"),
         {clientOrAll()},
         tr("stop clients; a holder releases first")},
        {QStringLiteral("client start"), {clientOrAll()}, tr("start stopped clients again")},
        {QStringLiteral("client set"),
         {clientOrAll(), assignments(false)},
         tr("change settings (all checked first; all or nothing)")},
        {QStringLiteral("client crash"),
         {clientOrAll(), moment()},
         tr("the client vanishes without releasing, now or at a MOMENT: its keys live out their "
            "TTL")},
        {QStringLiteral("client pause"),
         {clientOrAll(), ms(QStringLiteral("MS"), 1, MaxMs, true), moment()},
         tr("a stop-the-world pause (GC pause), now or armed for a MOMENT: before-write (after "
            "the careful check), before-expire (setnx-expire), before-delete (token-get-del)")},
        {QStringLiteral("client resume"), {clientOrAll()}, tr("end a pause")},
        {QStringLiteral("client restart"), {clientOrAll()}, tr("a crashed client comes back")},
        {QStringLiteral("client partition"),
         {client(), nodes},
         tr("cut the client off from those nodes")},
        {QStringLiteral("defaults"), {assignments(false)}, tr("settings for clients added later")},
        {QStringLiteral("node kill"),
         {node()},
         tr("crash the node (SIGKILL; external: SHUTDOWN NOSAVE)")},
        {QStringLiteral("node pause"),
         {node(), ms(QStringLiteral("MS"), 1, MaxMs, true)},
         tr("freeze the node (SIGSTOP; external: CLIENT PAUSE WRITE), for MS or until resumed")},
        {QStringLiteral("node resume"), {node()}, tr("end a node's pause")},
        {QStringLiteral("node restart"),
         {node(), keyword(QStringLiteral("delayed")), ms(QStringLiteral("MS"), 1, MaxMs, true)},
         tr("respawn now, or stay down MS first (default: the largest TTL in use + 1 s)")},
        {QStringLiteral("node shutdown"),
         {node()},
         tr("graceful shutdown (SIGTERM; external: SHUTDOWN SAVE)")},
        {QStringLiteral("node persistence"),
         {node(), persistence},
         tr("AOF mode, now (CONFIG SET) and at the next start")},
        {QStringLiteral("node partition"),
         {node(), clients},
         tr("cut the node off from every client, or from those named")},
        {QStringLiteral("node latency"),
         {node(), ms(QStringLiteral("MS"), 0, MaxProxyDelayMs, false),
          ms(QStringLiteral("JITTER_MS"), 0, MaxProxyDelayMs, true)},
         tr("delay requests through the node's proxy (0 clears)")},
        {QStringLiteral("node drop"),
         {node(), percent},
         tr("drop whole requests through the node's proxy (0 clears)")},
        {QStringLiteral("node clock"),
         {node(), clock},
         tr("the node's clock jumps forward: its keys expire MS early")},
        {QStringLiteral("node heal"),
         {node()},
         tr("end partition, latency, drop and the clock mark")},
        {QStringLiteral("node failover"),
         {node()},
         tr("ask Sentinel to promote the replica of master N (SENTINEL FAILOVER; --topology "
            "replicated only)")},
        {QStringLiteral("stock"),
         {stock},
         tr("put N items on the storage (clients then buy one per critical section); alone: "
            "report the stock")},
        {QStringLiteral("expose"),
         {ArgSpec{QStringLiteral("[HOST:]PORT"), T::Word}},
         tr("ports for your own lock clients: node 1 on PORT, node 2 on PORT+1, ..., the "
            "storage after them, each through its node's faults; host 127.0.0.1 unless given")},
        {QStringLiteral("help"), {topic}, tr("the commands, or one command in full")},
    };
    addDirectives();
}

// The scenario directives: lines a scenario file (and the console) may hold besides the
// commands. They are run by the ScenarioRunner, not by the engine's command handlers.
void CommandCatalogue::addDirectives()
{
    ArgSpec text{QStringLiteral("TEXT"), T::Text};
    ArgSpec client{QStringLiteral("CLIENT"), T::Client};
    ArgSpec state{QStringLiteral("STATE"), T::Choice};
    state.choices = EnumNames::all<ClientSnapshot::State>() << QStringLiteral("in-section");
    ArgSpec event{QStringLiteral("EVENT"), T::Word};
    ArgSpec timeout = ms(QStringLiteral("TIMEOUT_MS"), 1, MaxMs, true);
    ArgSpec seed{QStringLiteral("N"), T::Number, 0, (1LL << 53)};
    ArgSpec name{QStringLiteral("NAME"), T::Word};
    ArgSpec op{QStringLiteral("OP"), T::Choice};
    op.choices = {QStringLiteral("=="), QStringLiteral("!="), QStringLiteral("<="),
                  QStringLiteral(">="), QStringLiteral("<"),  QStringLiteral(">"),
                  QStringLiteral("any")};
    op.optional = true;
    ArgSpec number{QStringLiteral("NUMBER"), T::Number, 0, 1'000'000'000'000LL};
    number.optional = true;
    ArgSpec title{QStringLiteral("TITLE"), T::Text};
    title.optional = true;
    const QList<CommandSpec> directives{
        {QStringLiteral("say"),
         {text},
         tr("narration: a caption in the window, a line in the history")},
        {QStringLiteral("say.zh"), {text}, tr("the same narration in Chinese")},
        {QStringLiteral("say.ja"), {text}, tr("the same narration in Japanese")},
        {QStringLiteral("sleep"),
         {ms(QStringLiteral("MS"), 0, MaxMs, false)},
         tr("wait MS milliseconds")},
        {QStringLiteral("wait"),
         {client, state, timeout},
         tr("wait until the client is in STATE (default at most 30 s); a timeout fails the "
            "scenario")},
        {QStringLiteral("wait until"),
         {event, timeout},
         tr("wait until an EVENT happens, EVENT(CLIENT) for one client's, exited(LINE) for "
            "the end of the program the exec on line LINE started (see docs/commands.md)")},
        {QStringLiteral("seed"),
         {seed},
         tr("every random choice (tokens aside) comes from N: the run replays the same way")},
        {QStringLiteral("exec"),
         {text},
         tr("start a program (your own lock client, through the exposed ports) in a shell: "
            "its output goes into the history, it is stopped when the scenario ends")},
        {QStringLiteral("snapshot"),
         {title},
         tr("a slide now (--slides): the window as it is, with the caption on screen and "
            "the TITLE in quotes when one is given")},
        {QStringLiteral("expect"),
         {name, op, number},
         tr("checked at the end: NAME OP NUMBER, NAME(CLIENT) for one client, `expect safe`, "
            "or `expect NAME any` (it may be anything: a violation of that kind fails nothing)")},
    };
    for (CommandSpec spec : directives) {
        spec.scenarioOnly = true;
        m_commands << spec;
    }
    for (qsizetype s = 0; s < m_commands.size(); ++s) {
        m_verbWords << m_commands[s].verb.split(QLatin1Char(' '));
        m_byHead[m_verbWords.last().first()] << s;
    }
}

const CommandCatalogue& CommandCatalogue::instance()
{
    static const CommandCatalogue catalogue;
    return catalogue;
}

const CommandSpec* CommandCatalogue::find(const QStringList& words, int* verbWords) const
{
    const CommandSpec* best = nullptr;
    int bestWords = 0;
    // Only the verbs with this first word are candidates (a hash, not 50 comparisons).
    const QString head = words.value(0).toLower();
    for (const qsizetype s : m_byHead.value(head)) {
        const QStringList& verb = m_verbWords[s];
        if (verb.size() > words.size() || verb.size() <= bestWords)
            continue;
        bool match = true;
        for (qsizetype i = 1; i < verb.size() && match; ++i)
            match = words[i].compare(verb[i], Qt::CaseInsensitive) == 0;
        if (match) {
            best = &m_commands[s];
            bestWords = int(verb.size());
        }
    }
    if (verbWords)
        *verbWords = bestWords;
    return best;
}

const CommandSpec* CommandCatalogue::findVerb(const QString& verb) const
{
    for (const CommandSpec& spec : m_commands)
        if (spec.verb.compare(verb.simplified(), Qt::CaseInsensitive) == 0)
            return &spec;
    return nullptr;
}

QStringList CommandCatalogue::heads() const
{
    QStringList heads;
    for (const CommandSpec& spec : m_commands) {
        const QString head = spec.verb.section(QLatin1Char(' '), 0, 0);
        if (!heads.contains(head))
            heads << head;
    }
    return heads;
}

// The counters `expect` can check, each with its definition.
QStringList CommandCatalogue::countersHelp()
{
    QStringList lines;
    const QMetaEnum names = QMetaEnum::fromType<CheckCounters::Name>();
    for (int i = 0; i < names.keyCount(); ++i) {
        const auto name = CheckCounters::Name(names.value(i));
        lines << QStringLiteral("    %1: %2")
                     .arg(CheckCounters::nameOf(name), CheckCounters::definition(name));
    }
    return lines;
}

// The settings a key=value argument takes, each with its help line, range and unit: the
// table the parser checks them against (ClientSettingField).
QStringList CommandCatalogue::settingsHelp()
{
    QStringList lines{QStringLiteral("  ") + tr("key=value, the settings:")};
    for (const ClientSettingField& field : ClientSettingField::all())
        lines << QStringLiteral("    %1: %2").arg(field.key(), field.help());
    return lines;
}

QString CommandCatalogue::help(const QString& verb) const
{
    QStringList lines;
    const auto takesSettings = [](const CommandSpec& spec) {
        return std::any_of(spec.args.cbegin(), spec.args.cend(),
                           [](const ArgSpec& a) { return a.type == T::Assignment; });
    };
    for (const CommandSpec& spec : m_commands) {
        if (!verb.isEmpty() && !spec.verb.startsWith(verb.simplified(), Qt::CaseInsensitive))
            continue;
        lines << QStringLiteral("%1\n    %2").arg(spec.usage(), spec.summary);
        if (spec.verb == QLatin1String("expect") && !verb.isEmpty())
            lines << countersHelp();
        if (takesSettings(spec) && !verb.isEmpty())
            lines << settingsHelp();
    }
    if (lines.isEmpty())
        return tr("no command '%1' (help lists them all)").arg(verb);
    return lines.join(QLatin1Char('\n'));
}
