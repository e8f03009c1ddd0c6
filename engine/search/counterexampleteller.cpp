// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/counterexampleteller.h"

#include "base/outputfile.h"
#include "commands/commandparser.h"
#include "model/clientsettings.h"
#include "record/recordedrun.h"
#include "record/runreader.h"
#include "record/runselfcheck.h"
#include "scenario/scenarioparser.h"
#include "search/storywriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

namespace {

// What the story's run says beside the schedule: the client settings, the expectations that
// failed, and the wait that did not end.
StoryWriter::Run storyOf(const Schedule& schedule, const TrialResult& narrated,
                         const std::vector<HistoryEvent>& events, const ClientSettings& settings,
                         bool property)
{
    StoryWriter::Run story;
    story.schedule = &schedule;
    story.events = &events;
    story.settings = &settings;
    story.ranToItsEnd = narrated.scenarioEnded;
    // The checker's verdict is told by what happened; a property's expectations by name.
    if (property)
        for (const QString& e : narrated.expectations)
            if (e.contains(QStringLiteral("✗")))
                story.failedExpectations << e;
    static const QRegularExpression waitLine(
        QStringLiteral("^wait until acquired\\((\\w+)\\)\\s+(\\d+)"));
    if (const auto m = waitLine.match(narrated.failedLine); m.hasMatch()) {
        story.waitedFor = narrated.failedLine;
        story.waiter = m.captured(1);
        story.waitedMs = m.captured(2).toInt();
    }
    return story;
}

} // namespace

Counterexample CounterexampleTeller::tell(const Finding& f, QStringList* notes) const
{
    Counterexample c;
    c.evaluations = f.evaluations;
    c.stepsNeeded = f.stepsNeeded;
    c.trial = f.trial;
    c.trialSeed = f.trialSeed;
    c.original = f.original;
    c.shrunk = f.shrunk;
    c.topology = m_options.topology;
    c.foundAfterS = f.foundAfterS;
    c.confirmedAfterS = f.confirmedAfterS;
    c.trialsBefore = f.trialsBefore;
    c.replayFailures = int(f.failing.size()) - (f.extraRun ? 1 : 0);
    c.replayRuns = f.replayRuns;
    const TrialResult narrated = f.failing.value(0);
    c.failure = m_options.hasProperty() && !narrated.failedLine.isEmpty()
                    ? narrated.failedLine
                    : (narrated.unsafeText().isEmpty() ? narrated.why : narrated.unsafeText());

    QString error;
    const std::shared_ptr<RecordedRun> run = RunReader::read(narrated.runPath, &error);
    const std::vector<HistoryEvent> none;
    ClientSettings settings;
    settings = settings.withAssignments(f.shrunk.defaults, &error).value_or(settings);
    StoryWriter writer;
    const QList<Schedule::Caption> captions = writer.captions(
        storyOf(f.shrunk, narrated, run ? run->events : none, settings, m_options.hasProperty()));
    for (const Schedule::Caption& caption : captions)
        c.story << caption.en;
    c.storyTranslated = writer.translated();
    if (run)
        c.selfCheck = RunSelfCheck::problems(narrated.runPath, narrated.counters);
    else
        c.selfCheck << error;

    c.scenario = f.shrunk.toScenario(comments(c), captions, expectLines(narrated));
    ScenarioParser::Error parseError;
    if (!ScenarioParser::parse(c.scenario, QStringLiteral("counterexample"),
                               CommandParser::Context{m_options.nodeCount()}, &parseError))
        c.selfCheck << tr("the scenario written does not parse: %1").arg(parseError.message);
    c.shrunkAfterS = f.shrunkAfterS;
    c.path = save(&c, narrated.runPath, notes);
    if (!c.path.isEmpty())
        c.runPath = QFileInfo(c.path).path() + QDir::separator() +
                    QFileInfo(c.path).completeBaseName() + QStringLiteral(".jsonl");
    return c;
}

// The scenario's head: how it was found, from what, and how to play it.
QStringList CounterexampleTeller::comments(const Counterexample& c) const
{
    QStringList faults;
    for (auto k : m_options.faults)
        faults << SearchOptions::faultName(k);
    return {
        QStringLiteral("Counterexample found by redlockscope --search: trial %1 (seed %2) broke "
                       "the property; it failed in %3 of %4 replays.")
            .arg(c.trial)
            .arg(c.trialSeed)
            .arg(c.replayFailures)
            .arg(c.replayRuns),
        QStringLiteral("%1; faults drawn from: %2; shrunk from %3 to %4 step(s).")
            .arg(Strategy::name(m_options.strategy),
                 faults.isEmpty() ? QStringLiteral("none") : faults.join(QLatin1Char(',')))
            .arg(c.original.commandCount())
            .arg(c.shrunk.commandCount()),
        m_options.topology == EngineConfig::Topology::Replicated
            ? QStringLiteral("Play it: redlockscope --topology replicated --scenario FILE "
                             "(--headless: exit 1, the expect lines fail)")
            : QStringLiteral("Play it: redlockscope --scenario FILE (--headless: exit 1, the "
                             "expect lines fail)"),
    };
}

QStringList CounterexampleTeller::propertyLines(const SearchOptions& options)
{
    if (!options.hasProperty())
        return {QStringLiteral("expect safe")};
    return options.property.split(QLatin1Char('\n'));
}

// The property's own lines, or for the safety verdict one line per kind of damage the told
// run had ("expect overlaps == 0").
QStringList CounterexampleTeller::expectLines(const TrialResult& narrated) const
{
    if (m_options.hasProperty())
        return propertyLines(m_options);
    QStringList lines;
    for (const QString& kind : narrated.unsafeKinds())
        lines << QStringLiteral("expect %1 == 0").arg(kind);
    if (lines.isEmpty())
        lines << QStringLiteral("expect safe");
    return lines;
}

// The scenario and its run, each written whole (OutputFile) or said not to be: a finding that
// could not be saved (a full disk, --out a device) is reported, never lost in silence.
QString CounterexampleTeller::save(Counterexample* c, const QString& runPath,
                                   QStringList* notes) const
{
    if (m_options.outDir.isEmpty())
        return {};
    QDir dir(m_options.outDir);
    if (!QFileInfo(m_options.outDir).isDir() && !dir.mkpath(QStringLiteral("."))) {
        c->saveError = tr("cannot create the folder %1").arg(m_options.outDir);
        *notes << c->saveError;
        return {};
    }
    const QString base = QStringLiteral("counterexample-%1-%2")
                             .arg(Strategy::name(m_options.strategy))
                             .arg(c->trialSeed);
    QString path = dir.filePath(base + QStringLiteral(".rls"));
    QString error;
    if (!OutputFile::save(path, c->scenario.toUtf8(), &error)) {
        c->saveError = error;
        *notes << tr("cannot write %1: %2").arg(path, error);
        return {};
    }
    QFile run(runPath);
    if (!run.open(QIODevice::ReadOnly) ||
        !OutputFile::save(dir.filePath(base + QStringLiteral(".jsonl")), run.readAll(), &error)) {
        c->saveError = error.isEmpty() ? run.errorString() : error;
        *notes << tr("cannot copy the run %1: %2").arg(runPath, c->saveError);
    }
    return path;
}
