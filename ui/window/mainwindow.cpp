// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindow.h"

#include "base/steadyclock.h"
#include "cards/nodecard.h"
#include "cards/nodecardgrid.h"
#include "charts/chartspanel.h"
#include "charts/narrationtext.h"
#include "charts/runexporter.h"
#include "charts/stagetimeline.h"
#include "console/captionbar.h"
#include "console/consoleview.h"
#include "control/enginecontroller.h"
#include "dialogs/consentdialog.h"
#include "lanes/clientlane.h"
#include "lanes/clientlanelist.h"
#include "log/eventlogmodel.h"
#include "log/eventlogview.h"
#include "model/strategy.h"
#include "quorum/quorumview.h"
#include "quorum/sentinelpanel.h"
#include "record/recordedrun.h"
#include "record/runheader.h"
#include "record/runreader.h"
#include "scenario/scenarioconsent.h"
#include "scenario/scenarioparser.h"
#include "scenario/scenariorunner.h"
#include "settings/appsettings.h"
#include "settings/languages.h"
#include "settings/typesize.h"
#include "widgets/uitheme.h"
#include "window/enginesession.h"
#include "window/frameloop.h"
#include "window/replaybar.h"
#include "window/runreplay.h"
#include "window/scenariobar.h"
#include "window/windowactions.h"
#include "window/windowdialogs.h"
#include "window/windowdocks.h"
#include "window/windowstatus.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QIcon>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QPixmap>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>

namespace {

constexpr double MinTypeScale = TypeSize::scale(TypeSize::MinPct);
constexpr double MaxTypeScale = TypeSize::scale(TypeSize::MaxPct);

qint64 engineNow()
{
    // The engine stamps readings with this same process-wide clock.
    return SteadyClock::instance().nowUs();
}

} // namespace

MainWindow::MainWindow(const EngineConfig& config, QWidget* parent)
    : QMainWindow(parent), m_engine(new EngineSession(config, this))
{
    qRegisterMetaType<EngineSnapshot>();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowIcon(QIcon(QStringLiteral(":/redlockscope.svg")));
    m_language = Languages::current();
    // Never smaller than 10 pt: the window is made to be read from a distance.
    m_basePointSize = qMax(10.0, QApplication::font().pointSizeF());
    buildLayout();
    connectParts();
    connectEngine();
    m_menus->build(chosenLanguage());
    updateTitle();
    // File → Recent opens a recorded run as File → Open run does.
    setRunOpener([this](const QString& path) {
        QString error;
        if (!openRun(path, &error))
            m_status->setAnswer(tr("Could not open the run: %1").arg(error));
    });
    // No style sheet on purpose: widgets under a style sheet stop inheriting the window's
    // palette and font, and the theme and the large type mode are exactly that.
    setDarkTheme(false);
    setTypeScale(1.0);
    resize(1280, 720);
}

MainWindow::~MainWindow()
{
    m_engine->stop(); // the local nodes stop before the views go
}

// ---- the parts ----------------------------------------------------------------------------

void MainWindow::buildLayout()
{
    auto* central = new QWidget(this);
    central->setObjectName(QStringLiteral("central"));
    auto* layout = new QVBoxLayout(central);
    // Tight vertically: with the docks open in large type every line counts on 720.
    layout->setContentsMargins(10, 6, 10, 4);
    layout->setSpacing(4);
    // The replay bar is above the cards: the instant everything below shows.
    m_replayBar = new ReplayBar(central);
    m_replayBar->setVisible(false);
    layout->addWidget(m_replayBar);
    layout->addWidget(m_cards = new NodeCardGrid(central));
    m_cards->setSentinelCard(m_sentinels = new SentinelPanel(central));
    layout->addWidget(m_quorum = new QuorumView(central));
    layout->addWidget(m_caption = new CaptionBar(central));
    layout->addWidget(m_lanes = new ClientLaneList(central), 1);
    setCentralWidget(central);

    m_docks = new WindowDocks(this);
    // On the stage only: the story up to this moment, under the lanes.
    m_stageTimeline = new StageTimeline(&m_docks->charts()->data(), central);
    m_stageTimeline->setVisible(false);
    layout->addWidget(m_stageTimeline, 0);
    m_docks->charts()->setStageTimeline(m_stageTimeline);
    m_quorum->setHistory(&m_docks->charts()->data()); // why a stale writer had lost its lock
    m_status = new WindowStatus(statusBar());
    m_scenarioBar = new ScenarioBar(this);
    m_replay = new RunReplay(m_replayBar, this);
    m_frames = new FrameLoop(
        this,
        {m_cards, m_lanes, m_quorum, m_sentinels, m_docks->log(), m_docks->charts(), m_status},
        [this] { return viewNowUs(); });
    m_menus = new WindowActions(this, m_docks, m_scenarioBar);
    m_dialogs = new WindowDialogs(this);
    m_frames->showStatus();
}

void MainWindow::connectParts()
{
    connect(m_frames, &FrameLoop::frameDrawn, this, &MainWindow::frameDrawn);
    connect(m_frames, &FrameLoop::cardsChanged, m_menus, &WindowActions::sync);
    connect(m_cards, &NodeCardGrid::commandRequested, this, &MainWindow::send);
    connect(m_lanes, &ClientLaneList::commandRequested, this, &MainWindow::send);
    // Not through `this`: the docks also say they closed while the window is destroyed.
    connect(m_docks, &WindowDocks::openCountChanged, m_lanes,
            [lanes = m_lanes](int open) { lanes->setAllLanesInView(open <= 1); });
    m_lanes->setAllLanesInView(m_docks->openCount() <= 1);
    connect(m_lanes, &ClientLaneList::settingsRequested, this, &MainWindow::showClientSettings);
    connect(m_menus, &WindowActions::commandTriggered, this, &MainWindow::send);
    connect(m_dialogs, &WindowDialogs::commandChosen, this, &MainWindow::send);
    connect(m_dialogs, &WindowDialogs::nodesChosen, this, &MainWindow::restartWithNodes);
    connect(m_dialogs, &WindowDialogs::counterexampleChosen, this, &MainWindow::playOnFreshNodes);
    connect(m_dialogs, &WindowDialogs::defaultsChosen, this,
            [this](const EngineConfig& config, const QString& command) {
                m_engine->setConfig(config); // a new engine starts from them, as this one will
                if (!command.isEmpty())
                    send(command);
            });
    connect(m_menus, &WindowActions::runChosen, this, [this](const QString& path) {
        if (m_runOpener)
            m_runOpener(path);
    });
    // Later: the menu that holds the chosen entry is made again by the language change.
    connect(m_menus, &WindowActions::languageChosen, this, [this](const QString& code) {
        QTimer::singleShot(0, this, [this, code] { setLanguage(code); });
    });
    connect(m_docks->charts(), &ChartsPanel::timeClicked, this, [this](qint64 tUs) {
        if (isReplaying())
            m_replayBar->seek(tUs);
    });
    connect(m_replay, &RunReplay::pictureReady, this, &MainWindow::applySnapshot);
    connect(m_replay, &RunReplay::logReset, this, &MainWindow::clearLog);
    connect(m_replay, &RunReplay::cursorMoved, m_docks->charts(), &ChartsPanel::setCursorUs);
    connect(m_replay, &RunReplay::cursorMoved, this, &MainWindow::showCaptionAt);
    connect(m_scenarioBar, &ScenarioBar::pauseRequested, m_engine, &EngineSession::pauseScenario);
    connect(m_scenarioBar, &ScenarioBar::resumeRequested, m_engine, &EngineSession::resumeScenario);
    connect(m_scenarioBar, &ScenarioBar::stepRequested, m_engine, &EngineSession::stepScenario);
    connect(m_scenarioBar, &ScenarioBar::stopRequested, m_engine, &EngineSession::stopScenario);
    connect(m_scenarioBar, &ScenarioBar::restartRequested, this, &MainWindow::restartScenario);
}

// Whichever engine runs: its pictures, answers, narration and the console's lines.
void MainWindow::connectEngine()
{
    EngineSession* e = m_engine;
    connect(e, &EngineSession::snapshotReady, this, &MainWindow::applySnapshot);
    connect(e, &EngineSession::commandFinished, this,
            [this](quint64 id, bool ok, const QString& message) {
                m_status->answered(id, ok, message, m_dark);
            });
    connect(e, &EngineSession::notRecorded, this, [this](const QString& error) {
        m_status->setAnswer(tr("This run is not recorded: %1").arg(error));
    });
    connect(this, &MainWindow::commandRequested, e, [this](const QString& line) {
        if (const quint64 id = m_engine->execute(line)) // 0: no engine to run it
            m_status->sent(id, line);
    });
    connect(e, &EngineSession::narration, m_caption, &CaptionBar::showCaption);
    connect(e, &EngineSession::narration, m_lanes, [this](int, const QString& text) {
        m_lanes->setCaption(text, viewNowUs());
        m_quorum->noteCaption(viewNowUs());
    });
    ConsoleView* console = m_docks->console();
    connect(console, &ConsoleView::lineEntered, e, [this, console](const QString& line) {
        if (EngineController* c = controller())
            c->runConsole(line, int(console->typedLines().size()));
    });
    connect(e, &EngineSession::stepStarted, console, &ConsoleView::showStepStarted);
    connect(e, &EngineSession::stepFinished, console, &ConsoleView::showStepFinished);
    connect(e, &EngineSession::scenarioStateChanged, m_scenarioBar, &ScenarioBar::setState);
    connect(e, &EngineSession::scenarioFinished, this, &MainWindow::onScenarioFinished);
}

// ---- data in, commands out ------------------------------------------------------------------

// The views' clock: the engine's, or a recorded run's scrubbed instant.
qint64 MainWindow::viewNowUs() const
{
    return isReplaying() ? m_replay->nowUs() : engineNow();
}

void MainWindow::send(const QString& line)
{
    if (isReplaying()) {
        m_status->setAnswer(tr("A recorded run: nothing to command (File → Live run goes back)."));
        return;
    }
    m_status->setAnswer(tr("→ %1").arg(line));
    emit commandRequested(line);
}

quint64 MainWindow::executeCommand(const QString& line)
{
    if (!controller())
        return 0;
    m_status->setAnswer(tr("→ %1").arg(line));
    const quint64 id = m_engine->execute(line);
    m_status->sent(id, line);
    return id;
}

void MainWindow::toggleAllClients()
{
    const QList<ClientSnapshot>& clients = m_frames->snapshot().clients;
    const bool anyRunning = std::any_of(clients.cbegin(), clients.cend(), [](const auto& c) {
        return c.state != ClientSnapshot::State::Stopped &&
               c.state != ClientSnapshot::State::Crashed;
    });
    send(anyRunning ? QStringLiteral("client stop all") : QStringLiteral("client start all"));
}

void MainWindow::actOnSelectedNode(const QString& verb)
{
    QString why;
    const QString line = m_cards->lineForSelected(verb, &why);
    if (line.isEmpty())
        m_status->setAnswer(why);
    else
        send(line);
}

const ClientSnapshot* MainWindow::holder() const
{
    for (const ClientSnapshot& c : m_frames->snapshot().clients) {
        if (c.inSection && c.state == ClientSnapshot::State::Holding)
            return &c;
    }
    return nullptr;
}

QString MainWindow::holderName() const
{
    const ClientSnapshot* c = holder();
    return c ? c->name : QString();
}

// Past its TTL, as Kleppmann's GC pause: it wakes up believing it still holds.
// Asks where to listen and sends `expose`: the ports come back in the answer and the
// history (docs/foreign-clients.md).
void MainWindow::exposeForYourClients()
{
    bool ok = false;
    const QString where = QInputDialog::getText(
        this, tr("Expose for your clients"),
        tr("Your own lock client reaches node 1 at PORT, node 2 at PORT+1, ..., and the "
           "storage after them, each through that node's faults; with master, replica and "
           "Sentinel, the Sentinels follow the storage. [HOST:]PORT:"),
        QLineEdit::Normal, QStringLiteral("7700"), &ok);
    if (ok && !where.trimmed().isEmpty())
        send(QStringLiteral("expose %1").arg(where.trimmed()));
}

void MainWindow::pauseHolder()
{
    const ClientSnapshot* c = holder();
    if (!c) {
        m_status->setAnswer(tr("Nobody holds the lock now: nothing to pause."));
        return;
    }
    send(QStringLiteral("client pause %1 %2").arg(c->name).arg(ClientLane::pastTtlPauseMs(*c)));
}

// ---- the engine -----------------------------------------------------------------------

EngineConfig MainWindow::config() const
{
    EngineConfig config = m_engine->config();
    // A recorded run's pictures hold what that run had, not what the next engine gets.
    if (m_frames->hasSnapshot() && !isReplaying())
        config.clientDefaults = m_frames->snapshot().clientDefaults;
    return config;
}

void MainWindow::startEngine()
{
    const EngineConfig started = m_engine->start(Languages::engineLanguage(m_language));
    m_runPath = started.recordPath;
    m_docks->charts()->startLive(RunHeader::forConfig(started, engineNow()));
    if (m_settings)
        m_settings->setLastFleet(m_engine->config());
}

void MainWindow::restartEngine(const EngineConfig& config)
{
    m_engine->setConfig(config);
    m_menus->sync(); // the topology's tick
    if (!m_engine->wasStarted())
        return;
    m_engine->stop();
    m_status->forgetCommands();
    startEngine();
}

// Independent masters (Redlock) or a master, its replica and Sentinel (the failover
// rung): a new engine with new local nodes, as the command line's --topology.
void MainWindow::setReplicatedTopology(bool replicated)
{
    EngineConfig next = config();
    next.topology =
        replicated ? EngineConfig::Topology::Replicated : EngineConfig::Topology::Independent;
    if (!replicated && next.clientDefaults.strategy == Strategy::Kind::Failover)
        next.clientDefaults.strategy = Strategy::Kind::Redlock;
    restartEngine(next);
}

// ---- scenarios ----------------------------------------------------------------------------

bool MainWindow::runScenario(const QString& source, const QString& text,
                             std::optional<quint64> seed)
{
    // The text is read here, once: what the user agrees to is what runs (the engine is given
    // the text, not the file, which could change meanwhile). One that cannot be read goes to
    // the engine by name, which says why.
    ScenarioParser::Error unread;
    const QString script =
        text.isEmpty() ? ScenarioParser::read(source, &unread).value_or(QString()) : text;
    if (!consentTo(source, script)) {
        m_status->setAnswer(tr("Not run: %1 would start programs or change servers the app did "
                               "not start, and you did not agree")
                                .arg(source));
        return false;
    }
    m_caption->clear();
    m_scenarioBar->start({source, script, seed, config().clientDefaults});
    if (m_presenting)
        m_scenarioBar->hide(); // the presenter's; shown again off the stage
    backToLive();              // a scenario plays on live nodes, not over a recorded run
    if (m_settings && source != QLatin1String("--exec")) {
        m_settings->addRecentScenario(source);
        refreshRecentMenu();
    }
    if (EngineController* c = controller())
        c->runScenario(source, script, seed);
    return true;
}

void MainWindow::allowWithoutAsking(bool exec, bool destructive)
{
    m_allowExec = exec;
    m_allowDestructive = destructive;
}

// Typed lines (--exec, the console) are the user's own; a file or a built-in scenario against
// the user's own nodes is asked about, once per content.
bool MainWindow::consentTo(const QString& source, const QString& text)
{
    if (source == QLatin1String("--exec") || text.isEmpty())
        return true;
    ScenarioParser::Error why;
    const std::optional<Scenario> scenario =
        ScenarioParser::parse(text, source, {config().nodeCount()}, &why);
    if (!scenario)
        return true; // runs nothing: the engine refuses it and says why
    const QList<ScenarioConsent::Item> items = ScenarioConsent::unallowed(
        ScenarioConsent::of(*scenario, config().usesLocalFleet()), m_allowExec, m_allowDestructive);
    if (items.isEmpty())
        return true;
    const QString key = ScenarioConsent::contentKey(source, text);
    if (m_consented.contains(key) || (m_settings && m_settings->isConsented(key)))
        return true;
    const QStringList lines = ScenarioConsent::lines(items);
    const bool agreed =
        m_consentAsker ? m_consentAsker(source, lines) : ConsentDialog::ask(this, source, lines);
    if (!agreed)
        return false;
    m_consented.insert(key);
    if (m_settings)
        m_settings->addConsent(key);
    return true;
}

void MainWindow::playBuiltinScenario(const QString& name)
{
    // The failover stories need Sentinel: fresh nodes of that kind first.
    const EngineConfig now = config();
    if (name.startsWith(QLatin1String("failover")) && !now.replicated() && now.usesLocalFleet()) {
        EngineConfig next = now;
        next.topology = EngineConfig::Topology::Replicated;
        next.initialClients = 0;
        restartEngine(next);
    }
    runScenario(QStringLiteral("builtin:") + name);
}

void MainWindow::playOnFreshNodes(const QString& path, EngineConfig::Topology topology)
{
    // Asked before the engine is replaced: a refusal changes nothing.
    ScenarioParser::Error unread;
    if (!consentTo(path, ScenarioParser::read(path, &unread).value_or(QString())))
        return;
    EngineConfig fresh = config();
    fresh.initialClients = 0;
    if (fresh.usesLocalFleet())
        fresh.topology = topology;
    restartEngine(fresh);
    runScenario(path);
}

void MainWindow::openScenarioFile()
{
    const QString path = m_dialogs->scenarioToOpen();
    if (!path.isEmpty())
        runScenario(path);
}

// Fresh nodes, no clients, the defaults it started with, then the scenario again: it plays
// the same way twice.
void MainWindow::restartScenario()
{
    const ScenarioBar::Play play = m_scenarioBar->play();
    if (play.source.isEmpty())
        return;
    EngineConfig fresh = config();
    fresh.initialClients = 0;
    fresh.clientDefaults = play.defaults;
    restartEngine(fresh);
    runScenario(play.source, play.text, play.seed);
}

void MainWindow::onScenarioFinished(const ScenarioResult& result)
{
    m_scenarioBar->showResult(result);
    m_docks->console()->showAnswer(0, result.outcome == ScenarioResult::Outcome::Passed,
                                   result.verdictLine());
}

void MainWindow::saveTypedLines()
{
    const QString path = m_dialogs->scenarioToSave();
    if (path.isEmpty())
        return;
    const ConsoleView* console = m_docks->console();
    QString error;
    if (!console->saveTypedLines(path, &error))
        m_status->setAnswer(tr("Could not write %1: %2").arg(path, error));
    else
        m_status->setAnswer(
            tr("Saved %n line(s) to %1", nullptr, int(console->typedLines().size())).arg(path));
}

// ---- recorded runs ----------------------------------------------------------------------

bool MainWindow::openRun(const QString& path, QString* error)
{
    QElapsedTimer took;
    took.start();
    if (!m_replay->open(path, error))
        return false;
    m_engine->setConfig(config()); // the next engine starts where this one was
    m_engine->stop();              // a recording needs no nodes
    m_status->forgetCommands();
    m_runPath = path;
    m_docks->charts()->showRun(m_replay->run());
    clearLog();
    setReplayMode(true);
    m_replay->start();
    rememberRun(path);
    const QString summary = tr("Opened %1: %2 (in %3 s)")
                                .arg(QFileInfo(path).fileName(), m_replay->run()->summary())
                                .arg(took.elapsed() / 1000.0, 0, 'f', 2);
    m_status->setAnswer(summary, summary);
    return true;
}

void MainWindow::setReplayMode(bool on)
{
    m_replayBar->setVisible(on && !m_presenting);
    m_cards->setRecorded(on); // a recording's nodes and clients take no command
    m_lanes->setRecorded(on);
    m_menus->sync(); // commands off, Live run and the replay's Space on
    if (on && !m_presenting)
        setChartsVisible(true);
    updateTitle();
}

// A recorded run scrubbed: the caption on screen at that instant, as the class saw it then
// (in the window's language when the scenario is a built-in one).
void MainWindow::showCaptionAt(qint64 tUs)
{
    const RunSeries::Say* shown = nullptr;
    for (const RunSeries::Say& say : m_docks->charts()->data().series().says) {
        if (say.tUs > tUs)
            break;
        shown = &say;
    }
    if (!shown) {
        m_caption->clear();
        return;
    }
    m_caption->showCaption(
        shown->line,
        NarrationText::inLanguage(shown->text, shown->line, Languages::engineLanguage(m_language)));
}

void MainWindow::updateTitle()
{
    setWindowTitle(isReplaying()
                       ? tr("Redlock Scope — %1 (recorded)").arg(QFileInfo(m_runPath).fileName())
                       : tr("Redlock Scope"));
}

void MainWindow::clearLog()
{
    m_docks->log()->model()->clear();
    m_frames->dropPendingEvents();
}

void MainWindow::openRunDialog()
{
    const QString path = m_dialogs->runToOpen();
    QString error;
    if (!path.isEmpty() && !openRun(path, &error))
        m_status->setAnswer(tr("Could not open the run: %1").arg(error));
}

void MainWindow::exportRun()
{
    std::shared_ptr<const RecordedRun> run = m_replay->run();
    QString error;
    if (!run && m_runPath.isEmpty()) {
        m_status->setAnswer(tr("This run is not recorded, so there is nothing to export."));
        return;
    }
    if (!run && !(run = RunReader::read(m_runPath, &error))) { // live: the run file so far
        m_status->setAnswer(tr("Could not read the run: %1").arg(error));
        return;
    }
    const QString path = m_dialogs->exportPath(m_runPath);
    if (path.isEmpty())
        return;
    if (!RunExporter::write(run, path, m_docks->charts()->currentChart(), &error))
        m_status->setAnswer(error);
    else
        m_status->setAnswer(tr("Exported %1").arg(path));
}

void MainWindow::backToLive()
{
    if (!isReplaying())
        return;
    m_replay->close();
    m_caption->clear(); // the recorded run's caption is not the live one's
    clearLog();
    m_docks->charts()->setCursorUs(-1);
    m_runPath.clear();
    m_frames->forgetSnapshot(); // the recorded run's last picture is no engine's
    setReplayMode(false);
    startEngine();
}

// ---- dialogs ----------------------------------------------------------------------------

void MainWindow::showClientSettings(int clientId)
{
    const QList<ClientSnapshot>& clients = m_frames->snapshot().clients;
    if (const ClientLane* lane = m_lanes->lane(clientId))
        m_dialogs->clientSettings(lane->clientName(), lane->client().settings);
    else // every client at once: the form starts from the first one's, or the defaults
        m_dialogs->clientSettings(QStringLiteral("all"), clients.isEmpty()
                                                             ? config().clientDefaults
                                                             : clients.first().settings);
}

void MainWindow::showSettings()
{
    m_dialogs->defaults(config());
}

void MainWindow::showSearch()
{
    m_dialogs->search();
}

void MainWindow::showShortcuts()
{
    m_dialogs->shortcuts(m_menus->shortcutActions());
}

void MainWindow::showNodes()
{
    m_dialogs->nodes(config(), m_settings);
}

// Another fleet without restarting the program: a new engine on it, the same window.
void MainWindow::restartWithNodes(const EngineConfig& config)
{
    restartEngine(config);
    m_status->setAnswer(
        config.usesLocalFleet()
            ? tr("Now on %n local node(s).", nullptr, config.localNodeCount)
            : tr("Now on %n node(s) of your own.", nullptr, int(config.nodes.size())));
}

void MainWindow::saveScreenshotAs()
{
    const QString path = m_dialogs->screenshotPath();
    if (!path.isEmpty() && !saveScreenshot(path))
        m_status->setAnswer(tr("Could not write %1").arg(path));
}

bool MainWindow::saveScreenshot(const QString& pngPath)
{
    const QImage picture = settledPicture();
    return !picture.isNull() && picture.save(pngPath, "PNG");
}

QImage MainWindow::settledPicture()
{
    settle();
    return grab().toImage();
}

void MainWindow::settle()
{
    // Pending relayouts (new cards or lanes, a language's longer words) first.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    updateNow();
    // A picture shows a settled state: no key half grown in or half faded out, and every
    // counting view (validity bars, fault timings, the quorum's countdown) at one instant.
    m_cards->settle();
    m_frames->advance(engineNow());
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
}

// ---- looks, and no work while hidden ----------------------------------------------------

void MainWindow::setDarkTheme(bool dark)
{
    m_dark = dark;
    setPalette(UiTheme::palette(dark ? UiTheme::Mode::Dark : UiTheme::Mode::Light));
    m_menus->sync();
    m_status->forgetColours(); // the verdict's colour is the theme's
    m_frames->showStatus();
    update();
}

void MainWindow::setTypeScale(double scale)
{
    m_typeScale = qBound(MinTypeScale, scale, MaxTypeScale);
    applyType();
    m_menus->sync();
    m_docks->setCompact(TypeSize::isLarge(m_typeScale));
}

// On the stage: large type at least (a class reads it from the back), grown with the height
// beyond 720 lines, so that 1920 × 1080 shows what 1280 × 720 does, only larger.
double MainWindow::stageScale() const
{
    if (!m_presenting)
        return 1.0;
    const double large = TypeSize::scale(TypeSize::LargePct);
    return std::max(m_typeScale, large) / m_typeScale * std::max(1.0, height() / 720.0);
}

void MainWindow::applyType()
{
    m_appliedStageScale = stageScale();
    // The window, the stage and its slides in the language's own face: the system's fallback
    // for Han characters is Noto Sans CJK JP whatever the language, Japanese glyph forms in a
    // Chinese window.
    QFont f = Languages::face(font(), Languages::current());
    f.setPointSizeF(m_basePointSize * m_typeScale * m_appliedStageScale);
    setFont(f);
}

void MainWindow::present(bool on)
{
    if (on && !m_presenting)
        m_fullScreenBeforeStage = isFullScreen();
    setPresenting(on);
    if (on)
        showFullScreen();
    else if (!m_fullScreenBeforeStage)
        showNormal();
}

void MainWindow::setPresenting(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    if (on) {
        m_stateBeforeStage = saveState();
        for (QToolBar* bar : findChildren<QToolBar*>(Qt::FindDirectChildrenOnly))
            bar->hide();
        for (QDockWidget* dock : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly))
            dock->hide();
    }
    menuBar()->setVisible(!on);
    statusBar()->setVisible(!on);
    m_replayBar->setVisible(!on && isReplaying());
    if (!on) {
        restoreState(m_stateBeforeStage); // the toolbars and docks as they were
        m_scenarioBar->setVisible(!m_scenarioBar->play().source.isEmpty());
    }
    m_cards->setStage(on);
    m_lanes->setStage(on);
    m_caption->setStage(on);
    m_stageTimeline->setVisible(on);
    if (auto* layout = qobject_cast<QVBoxLayout*>(centralWidget()->layout())) {
        // The lanes take what they need and the timeline the rest; off stage the lanes all.
        layout->setStretchFactor(m_lanes, on ? 0 : 1);
        layout->setStretchFactor(m_stageTimeline, on ? 1 : 0);
    }
    applyType();
    m_menus->sync();
    m_frames->redraw();
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    if (m_presenting && !qFuzzyCompare(stageScale(), m_appliedStageScale))
        applyType();
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    m_frames->wake();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange && !m_retranslateQueued) {
        // Translators come and go in pairs: one retranslation after both, and never from
        // inside a menu that is about to be rebuilt.
        m_retranslateQueued = true;
        QTimer::singleShot(0, this, [this] {
            m_retranslateQueued = false;
            retranslate();
        });
    }
    if (event->type() == QEvent::WindowStateChange && m_menus) {
        m_menus->sync(); // Full screen's tick
        m_frames->wake();
    }
    QMainWindow::changeEvent(event);
}

// ---- accessors --------------------------------------------------------------------------

ClientLane* MainWindow::clientLane(const QString& name) const
{
    return m_lanes->lane(name, m_frames->snapshot(), viewNowUs());
}

qint64 MainWindow::displayedTtlMs(int nodeNumber, const QByteArray& resource) const
{
    const NodeCard* card = nodeCard(nodeNumber);
    return card ? card->displayedTtlMs(resource) : -1;
}

QString MainWindow::quorumHeadline() const
{
    return m_quorum->headline();
}

// ---- presenter: remembered settings, language, recent files ---------------------------------

void MainWindow::setAppSettings(AppSettings* settings)
{
    m_settings = settings;
    if (!settings)
        return;
    if (const auto dark = settings->darkTheme())
        setDarkTheme(*dark);
    if (const auto scale = settings->typeScale())
        setTypeScale(*scale);
    if (!settings->windowGeometry().isEmpty())
        restoreGeometry(settings->windowGeometry());
    if (!settings->windowState().isEmpty())
        restoreState(settings->windowState());
    refreshRecentMenu();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_settings) {
        m_settings->setDarkTheme(m_dark);
        m_settings->setTypeScale(m_typeScale);
        m_settings->setWindow(saveGeometry(), saveState());
    }
    QMainWindow::closeEvent(event);
}

void MainWindow::setLanguage(const QString& code)
{
    if (m_settings)
        m_settings->setLanguage(code);
    m_language = Languages::install(code);
    retranslate(); // now, not when the posted LanguageChange arrives: callers read the result
}

// Menus are made again in the new language; cards and lanes say most of their words once,
// when made, so they are made again from the latest snapshot, which is all they ever show.
void MainWindow::retranslate()
{
    m_language = Languages::current();
    applyType(); // in the new language's own face
    updateTitle();
    m_menus->build(chosenLanguage());
    refreshRecentMenu();
    m_status->retranslate();
    m_lanes->retranslate();
    m_cards->rebuild();
    m_lanes->rebuild();
    m_frames->showStatus();
    m_frames->redraw();
    m_quorum->update();
    if (EngineController* c = controller())
        c->setLanguage(Languages::engineLanguage(m_language));
}

// The language as chosen, "" for the system's: its menu ticks that, not what it resolved to.
QString MainWindow::chosenLanguage() const
{
    return m_settings ? m_settings->language() : m_language;
}

void MainWindow::refreshRecentMenu()
{
    m_menus->fillRecent(m_settings, bool(m_runOpener));
}

void MainWindow::rememberRun(const QString& path)
{
    if (m_settings)
        m_settings->addRecentRun(path);
    refreshRecentMenu();
}

void MainWindow::setRunOpener(std::function<void(const QString&)> opener)
{
    m_runOpener = std::move(opener);
    refreshRecentMenu();
}
