// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowactions.h"

#include "scenario/scenariolibrary.h"
#include "settings/languages.h"
#include "settings/typesize.h"
#include "window/languagemenu.h"
#include "window/mainwindow.h"
#include "window/recentmenu.h"
#include "window/replaybar.h"
#include "window/scenariobar.h"
#include "window/windowdocks.h"

#include <QAction>
#include <QMenuBar>
#include <QToolBar>

namespace {

using K = QKeySequence;
using Entry = ActionRegistry::Entry;

constexpr double LargeTypeScale = TypeSize::scale(TypeSize::LargePct);
constexpr const char* SelectNodeIds[] = {
    "actionSelectNode1", "actionSelectNode2", "actionSelectNode3",
    "actionSelectNode4", "actionSelectNode5", "actionSelectNode6",
    "actionSelectNode7", "actionSelectNode8", "actionSelectNode9"};

} // namespace

WindowActions::WindowActions(MainWindow* window, WindowDocks* docks, ScenarioBar* scenarioBar)
    : QObject(window), m_window(window), m_docks(docks), m_scenarioBar(scenarioBar),
      m_registry(window)
{}

void WindowActions::build(const QString& chosenLanguage)
{
    QMenuBar* bar = m_window->menuBar();
    qDeleteAll(bar->findChildren<QMenu*>(Qt::FindDirectChildrenOnly));
    bar->clear();
    m_registry.build(table());
    // Actions made elsewhere keep their makers' words: those speak the new language now.
    m_docks->retranslate();
    m_scenarioBar->retranslate();
    buildMenus(chosenLanguage);
    buildToolBar();
    sync();
}

// In the order the shortcuts dialog lists them.
QList<Entry> WindowActions::table()
{
    return clientEntries() + viewEntries() + nodeEntries() + fileEntries();
}

QList<Entry> WindowActions::clientEntries()
{
    MainWindow* w = m_window;
    const auto line = [this](const char* command) {
        return [this, command] { emit commandTriggered(QLatin1String(command)); };
    };
    return {
        {.id = "actionAddClient",
         .text = tr("&Add client"),
         .tip = tr("Add a client with the default settings"),
         .keys = {Qt::Key_A},
         .run = line("client add"),
         .commandsEngine = true},
        {.id = "actionStopAll",
         .text = tr("S&top all"),
         .tip = tr("Stop every client (holders release first)"),
         .keys = {K(Qt::SHIFT | Qt::Key_S)},
         .run = line("client stop all"),
         .commandsEngine = true},
        {.id = "actionStartAll",
         .text = tr("Sta&rt all"),
         .tip = tr("Start every stopped client"),
         .keys = {K(Qt::SHIFT | Qt::Key_R)},
         .run = line("client start all"),
         .commandsEngine = true},
        {.id = "actionToggleAll",
         .text = tr("Stop / start all"),
         .tip = tr("Stop all clients, or start them all when all are stopped"),
         .keys = {Qt::Key_Space},
         .run = [w] { w->toggleAllClients(); },
         .commandsEngine = true},
        {.id = "actionAllClientSettings",
         .text = tr("Settings of all clients…"),
         .tip = tr("Change the settings of every client at once"),
         .keys = {K(Qt::SHIFT | Qt::Key_C)},
         .run = [w] { w->showClientSettings(-1); },
         .commandsEngine = true},
        {.id = "actionSettings",
         .text = tr("Client &defaults…"),
         .tip = tr("Settings for clients added from now on"),
         .keys = {K(Qt::CTRL | Qt::Key_Comma)},
         .run = [w] { w->showSettings(); },
         .commandsEngine = true},
        {.id = "actionSearch",
         .text = tr("Search for a &counterexample…"),
         .tip = tr("Random faults against a lock until one breaks it, shrunk and told as a "
                   "scenario"),
         .run = [w] { w->showSearch(); }},
        {.id = "actionNodes",
         .text = tr("&Nodes…"),
         .tip = tr("Edit the nodes, test their connections, switch between saved fleets"),
         .keys = {K(Qt::CTRL | Qt::Key_N)},
         .run = [w] { w->showNodes(); }},
        {.id = "actionExpose",
         .text = tr("&Expose for your clients…"),
         .tip = tr("Open ports where your own lock client (node-redlock, Redisson, redis-py, "
                   "yours) reaches the nodes through their faults, to be recorded and judged"),
         .run = [w] { w->exposeForYourClients(); },
         .commandsEngine = true},
        {.id = "actionPauseHolder",
         .text = tr("&GC-pause the holder"),
         .tip = tr("Pause whichever client holds the lock now, past its TTL (the GC-pause demo)"),
         .keys = {Qt::Key_G},
         .run = [w] { w->pauseHolder(); }},
    };
}

QList<Entry> WindowActions::viewEntries()
{
    MainWindow* w = m_window;
    return {
        {.id = "actionLargeType",
         .text = tr("&Large type"),
         .tip = tr("Large type for the back of the room"),
         .keys = {Qt::Key_L},
         .toggle = [w](bool on) { w->setTypeScale(on ? LargeTypeScale : 1.0); }},
        {.id = "actionBigger",
         .text = tr("Bigger type"),
         .tip = tr("Bigger type"),
         .keys = {K(Qt::CTRL | Qt::Key_Plus), K(Qt::CTRL | Qt::Key_Equal)},
         .run = [w] { w->setTypeScale(w->typeScale() + 0.1); }},
        {.id = "actionSmaller",
         .text = tr("Smaller type"),
         .tip = tr("Smaller type"),
         .keys = {K(Qt::CTRL | Qt::Key_Minus)},
         .run = [w] { w->setTypeScale(w->typeScale() - 0.1); }},
        {.id = "actionResetType",
         .text = tr("Normal type"),
         .tip = tr("Normal type size"),
         .keys = {K(Qt::CTRL | Qt::Key_0)},
         .run = [w] { w->setTypeScale(1.0); }},
        {.id = "actionDarkTheme",
         .text = tr("&Dark theme"),
         .tip = tr("Switch between the light and the dark theme"),
         .keys = {Qt::Key_T},
         .toggle = [w](bool on) { w->setDarkTheme(on); }},
        {.id = "actionPresent",
         .text = tr("&Present"),
         .tip = tr("The stage for a class, full screen: the nodes, the headline, the caption, "
                   "the lanes and the timeline, without menus or buttons (F11 or Esc leaves)"),
         .keys = {Qt::Key_F11},
         .toggle = [w](bool on) { w->present(on); }},
        {.id = "actionFullScreen",
         .text = tr("&Full screen"),
         .tip = tr("Full screen on or off"),
         .keys = {K(Qt::SHIFT | Qt::Key_F11)},
         .toggle = [w](bool on) { on ? w->showFullScreen() : w->showNormal(); }},
        {.id = "actionEventLog", .keys = {Qt::Key_E}, .existing = m_docks->logToggle()},
        {.id = "actionConsole", .keys = {Qt::Key_QuoteLeft}, .existing = m_docks->consoleToggle()},
    };
}

QList<Entry> WindowActions::nodeEntries()
{
    MainWindow* w = m_window;
    QList<Entry> entries;
    // 1 to 9 select a node; the shortcuts dialog sums them up in a row of its own.
    for (int n = 1; n <= 9; ++n)
        entries.append({.id = SelectNodeIds[n - 1],
                        .text = tr("Select node %1").arg(n),
                        .keys = {K(Qt::Key_0 + n)},
                        .run = [w, n] { w->selectNode(n); },
                        .listed = false});
    const auto act = [w](const char* verb) {
        return [w, verb] { w->actOnSelectedNode(QLatin1String(verb)); };
    };
    entries += {
        {.id = "actionDeselectNode",
         .text = tr("Deselect node"),
         .tip = tr("Deselect the node"),
         .keys = {Qt::Key_Escape},
         // On the stage Esc leaves it, as in any presentation program.
         .run = [w] { w->isPresenting() ? w->present(false) : w->selectNode(0); }},
        {.id = "actionKillNode",
         .text = tr("&Kill node"),
         .tip = tr("Kill the selected node"),
         .keys = {Qt::Key_K},
         .run = act("kill"),
         .commandsEngine = true},
        {.id = "actionPauseNode",
         .text = tr("&Pause / resume node"),
         .tip = tr("Pause the selected node, or resume it when paused"),
         .keys = {Qt::Key_P},
         .run = act("pause"),
         .commandsEngine = true},
        {.id = "actionRestartNode",
         .text = tr("&Restart node"),
         .tip = tr("Restart the selected node"),
         .keys = {Qt::Key_R},
         .run = act("restart"),
         .commandsEngine = true},
        {.id = "actionResumeNode",
         .text = tr("Res&ume node"),
         .tip = tr("Resume the selected node"),
         .keys = {Qt::Key_U},
         .run = act("resume"),
         .commandsEngine = true},
        {.id = "actionPartitionNode",
         .text = tr("Partitio&n node"),
         .tip = tr("Partition the selected node from every client"),
         .keys = {Qt::Key_X},
         .run = act("partition"),
         .commandsEngine = true},
        {.id = "actionHealNode",
         .text = tr("&Heal node"),
         .tip = tr("Heal the selected node (partition, latency, drops, clock jump)"),
         .keys = {Qt::Key_H},
         .run = act("heal"),
         .commandsEngine = true},
        {.id = "actionReplicatedTopology",
         .text = tr("Master, replica and &Sentinel (restarts)"),
         .tip = tr("Restart with one master, its replica and three Sentinels (the failover "
                   "strategy), or back to independent masters"),
         .toggle = [w](bool on) { w->setReplicatedTopology(on); }},
    };
    return entries;
}

QList<Entry> WindowActions::fileEntries()
{
    MainWindow* w = m_window;
    return {
        {.id = "actionScreenshot",
         .text = tr("Save &screenshot…"),
         .tip = tr("Save a PNG of the window"),
         .keys = {K(Qt::CTRL | Qt::SHIFT | Qt::Key_S)},
         .run = [w] { w->saveScreenshotAs(); }},
        {.id = "actionShortcuts",
         .text = tr("&Keyboard shortcuts"),
         .tip = tr("This list"),
         .keys = {Qt::Key_F1, K(Qt::Key_Question)},
         .run = [w] { w->showShortcuts(); }},
        {.id = "actionQuit",
         .text = tr("&Quit"),
         .tip = tr("Quit"),
         .keys = {K(Qt::CTRL | Qt::Key_Q)},
         .run = [w] { w->close(); }},
        {.id = "actionOpenScenario",
         .text = tr("&Open scenario…"),
         .tip = tr("Play a scenario file (.rls) with its narration"),
         .keys = {K(Qt::CTRL | Qt::Key_O)},
         .run = [w] { w->openScenarioFile(); }},
        {.id = "actionSaveLines",
         .text = tr("Save typed lines as scenario…"),
         .tip = tr("Save what was typed in the console as a scenario file"),
         .run = [w] { w->saveTypedLines(); }},
        {.id = "actionScenarioPlayPause",
         .keys = {K(Qt::CTRL | Qt::Key_P)},
         .existing = m_scenarioBar->playPauseAction()},
        {.id = "actionScenarioStep",
         .keys = {K(Qt::CTRL | Qt::Key_Right)},
         .existing = m_scenarioBar->stepAction()},
        {.id = "actionScenarioRestart", .existing = m_scenarioBar->restartAction()},
        {.id = "actionScenarioStop", .existing = m_scenarioBar->stopAction()},
        {.id = "actionOpenRun",
         .text = tr("&Open run…"),
         .tip = tr("Show a recorded run: scrub it in time, play it again"),
         // Ctrl+O opens a scenario; a run is the other thing one opens.
         .keys = {K(Qt::CTRL | Qt::SHIFT | Qt::Key_O)},
         .run = [w] { w->openRunDialog(); }},
        {.id = "actionExport",
         .text = tr("&Export…"),
         .tip = tr("The run as an HTML report, a chart (PNG, SVG, PDF), CSV, EDN or JSONL"),
         .keys = {K(Qt::CTRL | Qt::Key_E)},
         .run = [w] { w->exportRun(); }},
        {.id = "actionLiveRun",
         .text = tr("&Live run"),
         .tip = tr("Leave the recorded run: start the nodes and clients again"),
         .run = [w] { w->backToLive(); }},
        // G is the GC-pause demo's key; C for Charts.
        {.id = "actionCharts", .keys = {Qt::Key_C}, .existing = m_docks->chartsToggle()},
        // Space: stop / start all clients live, play / pause a recorded run (one is off).
        {.id = "actionReplayPlay",
         .text = tr("Play / pause the run"),
         .tip = tr("Play the recorded run from the slider, or pause it"),
         .keys = {Qt::Key_Space},
         .run = [w] { w->replayBar()->togglePlay(); }},
    };
}

QMenu* WindowActions::addMenu(const QString& title,
                              std::initializer_list<std::initializer_list<const char*>> groups)
{
    QMenu* menu = m_window->menuBar()->addMenu(title);
    for (const auto& group : groups) {
        if (!menu->isEmpty())
            menu->addSeparator();
        for (const char* id : group)
            menu->addAction(m_registry.action(id));
    }
    return menu;
}

void WindowActions::buildMenus(const QString& chosenLanguage)
{
    QMenu* file = addMenu(tr("&File"), {{"actionOpenScenario"}});
    addBuiltinScenarios(file);
    file->addActions(m_registry.actions({"actionSaveLines"}));
    file->addSeparator();
    file->addActions(m_registry.actions({"actionOpenRun", "actionExport", "actionLiveRun"}));
    file->addSeparator();
    m_recent = new RecentMenu(file);
    connect(m_recent, &RecentMenu::scenarioChosen, m_window,
            [this](const QString& source) { m_window->runScenario(source); });
    connect(m_recent, &RecentMenu::runChosen, this, &WindowActions::runChosen);
    file->addMenu(m_recent);
    file->addSeparator();
    file->addActions(m_registry.actions({"actionScreenshot", "actionQuit"}));

    addMenu(tr("&Clients"), {{"actionAddClient", "actionStopAll", "actionStartAll",
                              "actionToggleAll", "actionPauseHolder", "actionAllClientSettings"}});
    QMenu* nodes =
        addMenu(tr("&Nodes"), {{"actionNodes", "actionExpose"},
                               {"actionKillNode", "actionPauseNode", "actionResumeNode",
                                "actionRestartNode", "actionPartitionNode", "actionHealNode"},
                               {"actionReplicatedTopology"}});
    nodes->addSeparator();
    for (const char* id : SelectNodeIds)
        nodes->addAction(m_registry.action(id));
    nodes->addAction(m_registry.action("actionDeselectNode"));
    QMenu* view = addMenu(tr("&View"), {{"actionPresent"},
                                        {"actionLargeType", "actionBigger", "actionSmaller",
                                         "actionResetType", "actionDarkTheme", "actionFullScreen",
                                         "actionEventLog", "actionConsole", "actionCharts"}});
    auto* languages = new LanguageMenu(chosenLanguage, view);
    connect(languages, &LanguageMenu::languageChosen, this, &WindowActions::languageChosen);
    view->addMenu(languages);
    addMenu(tr("&Tools"), {{"actionNodes", "actionSettings", "actionSearch"}});
    addMenu(tr("&Help"), {{"actionShortcuts"}});
}

void WindowActions::addBuiltinScenarios(QMenu* file)
{
    QMenu* builtins = file->addMenu(tr("Built-in &scenarios"));
    builtins->setObjectName(QStringLiteral("builtinScenarios"));
    builtins->setToolTipsVisible(true);
    const QString language = Languages::engineLanguage(Languages::current());
    for (const QString& name : ScenarioLibrary::names()) {
        QAction* a = builtins->addAction(ScenarioLibrary::title(name, language));
        a->setObjectName(QStringLiteral("scenario_%1").arg(name));
        a->setToolTip(QStringLiteral("builtin:%1").arg(name));
        connect(a, &QAction::triggered, m_window,
                [this, name] { m_window->playBuiltinScenario(name); });
    }
}

// Made once (the window remembers where it is); its entries again in each language. The
// scenario bar goes under it.
void WindowActions::buildToolBar()
{
    if (!m_toolBar) {
        m_toolBar = m_window->addToolBar(QString());
        m_toolBar->setObjectName(QStringLiteral("mainToolBar"));
        m_toolBar->setMovable(false);
        m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
        m_window->addToolBarBreak();
        m_window->addToolBar(m_scenarioBar);
    }
    m_toolBar->setWindowTitle(tr("Main"));
    m_toolBar->clear();
    delete std::exchange(m_spacer, nullptr);
    m_toolBar->addActions(m_registry.actions(
        {"actionAddClient", "actionStopAll", "actionStartAll", "actionPauseHolder"}));
    // The docks before the settings: in large type, in Chinese or Japanese, the toolbar's end
    // goes into its overflow, and what a trainer opens in front of a class must not.
    m_toolBar->addSeparator();
    m_toolBar->addActions(m_registry.actions({"actionEventLog", "actionConsole"}));
    m_toolBar->addSeparator();
    m_toolBar->addActions(m_registry.actions({"actionNodes", "actionSettings"}));
    m_toolBar->addSeparator();
    m_toolBar->addActions(m_registry.actions({"actionLargeType", "actionDarkTheme"}));
    auto* spacer = new QWidget(m_toolBar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_spacer = m_toolBar->addWidget(spacer);
    QAction* shortcuts = m_registry.action("actionShortcuts");
    m_toolBar->addAction(shortcuts);
    shortcuts->setIconText(tr("Shortcuts (F1)"));
}

void WindowActions::sync()
{
    m_registry.action("actionDarkTheme")->setChecked(m_window->isDarkTheme());
    m_registry.action("actionLargeType")->setChecked(TypeSize::isLarge(m_window->typeScale()));
    m_registry.action("actionFullScreen")->setChecked(m_window->isFullScreen());
    m_registry.action("actionPresent")->setChecked(m_window->isPresenting());
    // Independent masters or the failover rung: only local nodes can be made either way.
    const EngineConfig config = m_window->config();
    QAction* topology = m_registry.action("actionReplicatedTopology");
    topology->setChecked(config.replicated());
    topology->setEnabled(config.usesLocalFleet());
    topology->setToolTip(config.usesLocalFleet()
                             ? topology->statusTip()
                             : tr("Only with local nodes: your own nodes are what they are"));
    const bool replaying = m_window->isReplaying();
    m_registry.setCommandsEnabled(!replaying);
    m_registry.action("actionLiveRun")->setEnabled(replaying);
    m_registry.action("actionReplayPlay")->setEnabled(replaying);
    // The Nodes menu offers the nodes there are: with five, "Select node 6" does not exist.
    const int cards = m_window->nodeCardCount();
    const int n = cards == 0 ? config.nodeCount() : cards;
    for (int i = 0; i < 9; ++i)
        m_registry.action(SelectNodeIds[i])->setVisible(i < n);
}

void WindowActions::fillRecent(const AppSettings* settings, bool listRuns)
{
    if (m_recent)
        m_recent->fill(settings, listRuns);
}
