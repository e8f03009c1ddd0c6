// SPDX-License-Identifier: GPL-3.0-or-later
#include "slidescommand.h"

#include "base/safetext.h"
#include "control/enginecontroller.h"
#include "interruption.h"
#include "model/verdict.h"
#include "scenario/scenariolibrary.h"
#include "scenario/scenariorunner.h"
#include "settings/appsettings.h"
#include "settings/languages.h"
#include "slides/deckwriter.h"
#include "slides/sliderecorder.h"
#include "widgets/enumtext.h"
#include "window/mainwindow.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <cstdio>

namespace {

QtMessageHandler previousHandler = nullptr;

// The offscreen platform warns each time a dock or the window passes on its size hints; a
// deck's maker can do nothing about it, and its lines would bury the slides' own.
void quietOffscreen(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (message == QLatin1String("This plugin does not support propagateSizeHints()"))
        return;
    if (previousHandler)
        previousHandler(type, context, message);
}

void say(FILE* stream, const QString& text)
{
    fprintf(stream, "redlockscope: %s\n", qPrintable(SafeText::printable(text)));
    fflush(stream);
}

} // namespace

SlidesCommand::SlidesCommand(const Options& options, QObject* parent)
    : QObject(parent), m_options(options)
{}

SlidesCommand::~SlidesCommand() = default;

QString SlidesCommand::deckTitle(const QString& source, const QString& text)
{
    QString title = ScenarioLibrary::titleIn(text, Languages::engineLanguage(Languages::current()));
    if (!title.isEmpty())
        return title;
    return source.startsWith(QLatin1String("builtin:")) ? source.mid(8)
                                                        : QFileInfo(source).completeBaseName();
}

// The verdict's level in words for a class; the numbers are the counts under it (the
// checker's own line counts with "(s)", which a slide need not).
QString SlidesCommand::verdictWords(Verdict::Level level)
{
    switch (level) {
    case Verdict::Level::Damaged:
        return tr("DATA DAMAGED");
    case Verdict::Level::Broken:
        return tr("MUTUAL EXCLUSION BROKEN");
    case Verdict::Level::Fenced:
        return tr("MUTUAL EXCLUSION BROKEN, but fencing kept the data safe");
    case Verdict::Level::Safe:
        break;
    }
    return tr("SAFE: one holder at a time, the data whole");
}

QList<QPair<QString, qint64>> SlidesCommand::summaryCounts(const CheckCounters& c)
{
    using N = CheckCounters::Name;
    QList<QPair<QString, qint64>> counts;
    for (N name : {N::Overlaps, N::StaleWrites, N::LostUpdates, N::Oversold})
        counts.append({EnumText::counter(name), c.value(name)});
    for (N name : {N::StaleWritesRejected, N::ValidWritesRejected, N::ResetsOverwritten,
                   N::LockLost, N::WrongReleases, N::SplitVotes})
        if (c.value(name) > 0)
            counts.append({EnumText::counter(name), c.value(name)});
    for (N name : {N::Acquisitions, N::Sales})
        counts.append({EnumText::counter(name), c.value(name)});
    return counts;
}

// The stage as a class sees it, at --size: the theme and type size asked for, else as the
// window was last; never its remembered docks or geometry, so that a deck comes out the same
// for whoever makes it.
void SlidesCommand::setUpWindow()
{
    const AppSettings settings(AppSettings::Access::ReadOnly);
    Languages::install(m_options.language.isEmpty() ? settings.language() : m_options.language);
    m_window = std::make_unique<MainWindow>(m_options.config);
    if (!m_options.theme.isEmpty())
        m_window->setDarkTheme(m_options.theme == QLatin1String("dark"));
    else if (const auto dark = settings.darkTheme())
        m_window->setDarkTheme(*dark);
    if (m_options.zoomPct > 0)
        m_window->setTypeScale(m_options.zoomPct / 100.0);
    else if (const auto scale = settings.typeScale())
        m_window->setTypeScale(*scale);
    m_window->setPresenting(true);
    m_window->resize(m_options.size);
    // Offscreen, nobody answers a dialog: what needs consent runs only as the command line
    // allowed it (main.cpp refused the rest before this).
    m_window->allowWithoutAsking(m_options.allowExec, m_options.allowDestructive);
    m_window->setConsentAsker([](const QString&, const QStringList&) { return false; });
    m_window->show();
    m_window->startEngine();
}

SlideDeck SlidesCommand::deck() const
{
    SlideDeck deck;
    deck.title = deckTitle(m_options.source, m_options.scriptText);
    deck.subtitle =
        m_options.config.replicated()
            ? tr("Played by Redlock Scope on a Redis master, its replica and three Sentinels")
            : tr("Played by Redlock Scope on %1 Redis nodes").arg(m_options.config.nodeCount());
    deck.source = m_options.source;
    deck.language = Languages::current();
    deck.size = m_options.size;
    deck.dark = m_window->isDarkTheme();
    return deck;
}

int SlidesCommand::exec()
{
    m_clock.start();
    previousHandler = qInstallMessageHandler(quietOffscreen);
    setUpWindow();
    EngineController* engine = m_window->controller();
    m_deck = std::make_unique<DeckWriter>(m_options.to, deck());
    if (QString error; !m_deck->open(&error)) {
        say(stderr, error);
        return 2;
    }
    m_recorder = new SlideRecorder(m_window.get(), this);
    connect(m_recorder, &SlideRecorder::slideTaken, this, &SlidesCommand::onSlide);
    connect(engine, &EngineController::stepFinished, this,
            [this](const QString& origin, int line, bool ok, const QString& message) {
                if (!ok && origin != QLatin1String("console"))
                    onStepFailed(line, message);
            });
    connect(engine, &EngineController::scenarioFinished, this, &SlidesCommand::onFinished);
    Interruption::instance().onRequest(this, &SlidesCommand::onInterrupted);
    if (!m_window->runScenario(m_options.source, m_options.scriptText, m_options.seed)) {
        say(stderr, tr("%1 was not run: it needs --allow-exec or --allow-destructive")
                        .arg(m_options.source));
        m_window.reset();
        return 2;
    }
    const int code = QCoreApplication::exec();
    m_window.reset(); // its engine stops, and its local nodes with it
    return code;
}

void SlidesCommand::onSlide(const Slide& slide, int count)
{
    QElapsedTimer drawing;
    drawing.start();
    m_deck->addStage(m_window.get(), slide);
    m_writingMs += drawing.elapsed();
    const QString what = slide.title.isEmpty() ? slide.caption : slide.title;
    say(stdout, tr("slide %1 at %2 s (line %3): %4")
                    .arg(count)
                    .arg(slide.atS, 0, 'f', 1)
                    .arg(slide.line)
                    .arg(SafeText::echo(what, 80)));
}

void SlidesCommand::onStepFailed(int line, const QString& message)
{
    say(stderr, tr("%1 line %2: FAILED %3").arg(m_options.source).arg(line).arg(message));
}

void SlidesCommand::onFinished(const ScenarioResult& result)
{
    if (m_done)
        return;
    m_done = true;
    say(stdout, result.verdictLine());
    using Outcome = ScenarioResult::Outcome;
    if (result.outcome == Outcome::CouldNotRun || result.outcome == Outcome::Interrupted) {
        say(stderr, tr("no slides written: the scenario did not play to its end"));
        QCoreApplication::exit(result.exitCode());
        return;
    }
    const double playedS = m_clock.elapsed() / 1000.0;
    const CheckCounters& counters = m_window->latestSnapshot().counters;
    DeckSummary summary;
    summary.verdict = verdictWords(Verdict::level(counters));
    summary.level = int(Verdict::level(counters));
    summary.outcome =
        result.outcome == Outcome::Passed
            ? tr("The story went as the scenario expects.")
            : tr("The story did not go as the scenario expects: %1").arg(result.reason);
    summary.counts = summaryCounts(counters);
    QElapsedTimer writing;
    writing.start();
    QString error;
    const int slides = m_recorder->count();
    if (!m_deck->finish(summary, &error)) {
        say(stderr, error);
        QCoreApplication::exit(2);
        return;
    }
    say(stdout,
        tr("%1: %n slide(s) written in %2 s (the scenario played %3 s)", nullptr, slides + 2)
            .arg(m_options.to)
            .arg((m_writingMs + writing.elapsed()) / 1000.0, 0, 'f', 2)
            .arg(playedS, 0, 'f', 1));
    if (result.outcome == Outcome::Failed)
        say(stderr, tr("the slides show a scenario that did not go as expected"));
    QCoreApplication::exit(result.exitCode());
}

// Nothing half made: the deck is written once the scenario has ended, or not at all.
void SlidesCommand::onInterrupted()
{
    if (m_done)
        return;
    m_done = true;
    say(stderr, tr("interrupted by %1: no slides written (%n taken)", nullptr, m_recorder->count())
                    .arg(Interruption::instance().signalName()));
    QCoreApplication::exit(Interruption::ExitCode);
}
