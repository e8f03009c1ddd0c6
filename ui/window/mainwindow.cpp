// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/mainwindow.h"

#include "base/constants.h"
#include "base/steadyclock.h"
#include "base/textformat.h"
#include "cards/faulttext.h"
#include "cards/keylistview.h"
#include "cards/nodecard.h"
#include "cards/storagecard.h"
#include "charts/chartspanel.h"
#include "charts/runexporter.h"
#include "console/captionbar.h"
#include "console/consoleview.h"
#include "control/enginecontroller.h"
#include "dialogs/clientsettingsdialog.h"
#include "dialogs/nodesdialog.h"
#include "dialogs/searchdialog.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/shortcutsdialog.h"
#include "lanes/clientlane.h"
#include "log/eventlogmodel.h"
#include "log/eventlogview.h"
#include "model/strategy.h"
#include "model/verdict.h"
#include "quorum/quorumview.h"
#include "quorum/sentinelpanel.h"
#include "record/eventtext.h"
#include "record/runfolder.h"
#include "record/runreader.h"
#include "record/runreplayer.h"
#include "scenario/scenariolibrary.h"
#include "settings/appsettings.h"
#include "settings/languages.h"
#include "settings/typesize.h"
#include "widgets/uitheme.h"
#include "window/replaybar.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QPixmap>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace {

constexpr int FrameIntervalMs = Constants::FrameMs; // <= 60 Hz
constexpr double LargeTypeScale = TypeSize::scale(TypeSize::LargePct);
constexpr double MinTypeScale = TypeSize::scale(TypeSize::MinPct);
constexpr double MaxTypeScale = TypeSize::scale(TypeSize::MaxPct);
constexpr size_t ReplayLogBatch = 5000; // a jump shows the log's last events before it
// After a jump in a paused replay, the views' clock runs up to the instant over this long:
// their animations (a key appearing, a bar filling) need time to pass to play out.
constexpr qint64 ReplaySettleUs = 400'000;

qint64 engineNow()
{
    // The engine stamps readings with this same process-wide clock.
    return SteadyClock::instance().nowUs();
}

} // namespace

MainWindow::MainWindow(const EngineConfig& config, QWidget* parent)
    : QMainWindow(parent), m_config(config)
{
    qRegisterMetaType<EngineSnapshot>();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Redlock Scope"));
    setWindowIcon(QIcon(QStringLiteral(":/redlockscope.svg")));
    m_defaults = config.clientDefaults;
    m_language = Languages::current();
    // Never smaller than 10 pt: the window is made to be read from a distance.
    m_basePointSize = qMax(10.0, QApplication::font().pointSizeF());

    m_frameTimer.setInterval(FrameIntervalMs);
    m_frameTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_frameTimer, &QTimer::timeout, this, &MainWindow::onFrame);

    buildLayout();
    buildActions();
    // File → Recent opens a recorded run as File → Open run does.
    setRunOpener([this](const QString& path) {
        QString error;
        if (!openRun(path, &error))
            m_answer->setText(tr("Could not open the run: %1").arg(error));
    });
    // No style sheet on purpose: widgets under a style sheet stop inheriting the window's
    // palette and font, and the theme and the large type mode are exactly that.
    setDarkTheme(false);
    setTypeScale(1.0);
    resize(1280, 720);
}

MainWindow::~MainWindow()
{
    if (m_controller)
        m_controller->shutdown(); // stops the local nodes before the views go
}

// ---- layout and actions ---------------------------------------------------------------

void MainWindow::buildLayout()
{
    auto* central = new QWidget(this);
    central->setObjectName(QStringLiteral("central"));
    auto* layout = new QVBoxLayout(central);
    // Tight vertically: with the docks open in large type every line counts on 720.
    layout->setContentsMargins(10, 6, 10, 4);
    layout->setSpacing(4);

    m_cardsArea = new QWidget(central);
    m_cardsArea->setObjectName(QStringLiteral("nodeCards"));
    m_cardsLayout = new QGridLayout(m_cardsArea);
    m_cardsLayout->setContentsMargins(0, 0, 0, 0);
    m_cardsLayout->setSpacing(8);
    m_storageCard = new StorageCard(m_cardsArea);
    layout->addWidget(m_cardsArea);

    m_quorum = new QuorumView(central);
    layout->addWidget(m_quorum);
    m_sentinels = new SentinelPanel(central);
    layout->addWidget(m_sentinels);
    m_caption = new CaptionBar(central);
    layout->addWidget(m_caption);

    m_lanesScroll = new QScrollArea(central);
    m_lanesScroll->setObjectName(QStringLiteral("clientLanes"));
    m_lanesScroll->setWidgetResizable(true);
    m_lanesScroll->setFrameShape(QFrame::NoFrame);
    m_lanesArea = new QWidget(m_lanesScroll);
    m_lanesLayout = new QVBoxLayout(m_lanesArea);
    m_lanesLayout->setContentsMargins(0, 0, 0, 0);
    m_lanesLayout->setSpacing(3);
    m_noClients = new QLabel(tr("No clients yet: press A to add one."), m_lanesArea);
    m_noClients->setAlignment(Qt::AlignCenter);
    m_lanesLayout->addWidget(m_noClients);
    m_lanesLayout->addStretch(1);
    m_lanesScroll->setWidget(m_lanesArea);
    // Lanes brought into view (scrolled to, or a taller viewport) catch up on the next frame.
    const auto showLanes = [this] {
        m_dirty = m_dirty || !m_staleLanes.isEmpty();
        scheduleFrame();
    };
    connect(m_lanesScroll->verticalScrollBar(), &QScrollBar::valueChanged, this, showLanes);
    connect(m_lanesScroll->verticalScrollBar(), &QScrollBar::rangeChanged, this, showLanes);
    layout->addWidget(m_lanesScroll, 1);
    setCentralWidget(central);

    m_log = new EventLogView(this);
    m_logDock = new QDockWidget(tr("Event log"), this);
    m_logDock->setObjectName(QStringLiteral("eventLogDock"));
    m_logDock->setWidget(m_log);
    m_logDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                           QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::BottomDockWidgetArea, m_logDock);
    m_console = new ConsoleView(this);
    m_consoleDock = new QDockWidget(tr("Console"), this);
    m_consoleDock->setObjectName(QStringLiteral("consoleDock"));
    m_consoleDock->setWidget(m_console);
    m_consoleDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                               QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::BottomDockWidgetArea, m_consoleDock);
    tabifyDockWidget(m_logDock, m_consoleDock);
    m_consoleDock->hide();
    connect(m_consoleDock->toggleViewAction(), &QAction::toggled, this, [this](bool on) {
        if (on)
            m_console->input()->setFocus();
    });
    connect(m_console, &ConsoleView::lineEntered, this, [this](const QString& line) {
        if (m_controller)
            m_controller->runConsole(line, int(m_console->typedLines().size()));
    });
    // A projector's 720 lines go to the lock first (E brings the log back); a tall
    // engineer's screen has room for it from the start.
    const QScreen* s = screen();
    m_logDock->setVisible(s && s->availableGeometry().height() >= 1000);
    buildCharts();

    m_runTime = new QLabel(this);
    m_runTime->setObjectName(QStringLiteral("runTime"));
    m_rate = new QLabel(this);
    m_rate->setObjectName(QStringLiteral("eventRate"));
    m_nodesUp = new QLabel(this);
    m_nodesUp->setObjectName(QStringLiteral("nodesUp"));
    m_checker = new QLabel(this);
    m_checker->setObjectName(QStringLiteral("checkerVerdict"));
    m_answer = new QLabel(this);
    m_answer->setObjectName(QStringLiteral("lastAnswer"));
    for (QLabel* l : {m_runTime, m_rate, m_nodesUp, m_checker, m_answer})
        l->setContentsMargins(6, 0, 10, 0);
    // The answer may give way to a menu's status tip for a moment; the run's figures and the
    // checker's verdict are permanent: hovering a toolbar never hides them.
    statusBar()->addWidget(m_answer, 1);
    statusBar()->addPermanentWidget(m_runTime);
    statusBar()->addPermanentWidget(m_rate);
    statusBar()->addPermanentWidget(m_nodesUp);
    statusBar()->addPermanentWidget(m_checker);
    retranslateDocksAndStatus();
    syncStatus();
}

QAction* MainWindow::addAction(const QString& objectName, const QString& text, const QString& tip,
                               const QList<QKeySequence>& keys)
{
    auto* action = new QAction(text, this);
    action->setObjectName(objectName);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    action->setShortcuts(keys);
    // Shortcuts work wherever the focus is in this window, also with the menu bar hidden
    // in full screen.
    action->setShortcutContext(Qt::WindowShortcut);
    QWidget::addAction(action);
    m_ownActions.append(action);
    if (!keys.isEmpty())
        m_shortcutActions.append(action);
    return action;
}

void MainWindow::buildActions()
{
    QAction* add = addAction(QStringLiteral("actionAddClient"), tr("&Add client"),
                             tr("Add a client with the default settings"), {Qt::Key_A});
    connect(add, &QAction::triggered, this, [this] { send(QStringLiteral("client add")); });
    QAction* stopAll = addAction(QStringLiteral("actionStopAll"), tr("S&top all"),
                                 tr("Stop every client (holders release first)"),
                                 {QKeySequence(Qt::SHIFT | Qt::Key_S)});
    connect(stopAll, &QAction::triggered, this,
            [this] { send(QStringLiteral("client stop all")); });
    QAction* startAll =
        addAction(QStringLiteral("actionStartAll"), tr("Sta&rt all"),
                  tr("Start every stopped client"), {QKeySequence(Qt::SHIFT | Qt::Key_R)});
    connect(startAll, &QAction::triggered, this,
            [this] { send(QStringLiteral("client start all")); });
    QAction* toggleAll =
        addAction(QStringLiteral("actionToggleAll"), tr("Stop / start all"),
                  tr("Stop all clients, or start them all when all are stopped"), {Qt::Key_Space});
    connect(toggleAll, &QAction::triggered, this, &MainWindow::toggleAllClients);
    QAction* allSettings = addAction(
        QStringLiteral("actionAllClientSettings"), tr("Settings of all clients…"),
        tr("Change the settings of every client at once"), {QKeySequence(Qt::SHIFT | Qt::Key_C)});
    connect(allSettings, &QAction::triggered, this, [this] { openClientSettings(-1); });
    QAction* settings = addAction(QStringLiteral("actionSettings"), tr("Client &defaults…"),
                                  tr("Settings for clients added from now on"),
                                  {QKeySequence(Qt::CTRL | Qt::Key_Comma)});
    connect(settings, &QAction::triggered, this, &MainWindow::showSettings);
    QAction* search = addAction(
        QStringLiteral("actionSearch"), tr("Search for a &counterexample…"),
        tr("Random faults against a lock until one breaks it, shrunk and told as a scenario"));
    connect(search, &QAction::triggered, this, &MainWindow::showSearch);
    QAction* nodesDialog =
        addAction(QStringLiteral("actionNodes"), tr("&Nodes…"),
                  tr("Edit the nodes, test their connections, switch between saved fleets"),
                  {QKeySequence(Qt::CTRL | Qt::Key_N)});
    connect(nodesDialog, &QAction::triggered, this, &MainWindow::showNodes);
    QAction* pauseHolderAction =
        addAction(QStringLiteral("actionPauseHolder"), tr("&GC-pause the holder"),
                  tr("Pause whichever client holds the lock now, past its TTL (the GC-pause "
                     "demo)"),
                  {Qt::Key_G});
    connect(pauseHolderAction, &QAction::triggered, this, &MainWindow::pauseHolder);

    m_largeType = addAction(QStringLiteral("actionLargeType"), tr("&Large type"),
                            tr("Large type for the back of the room"), {Qt::Key_L});
    m_largeType->setCheckable(true);
    connect(m_largeType, &QAction::triggered, this,
            [this](bool on) { setTypeScale(on ? LargeTypeScale : 1.0); });
    QAction* bigger =
        addAction(QStringLiteral("actionBigger"), tr("Bigger type"), tr("Bigger type"),
                  {QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    connect(bigger, &QAction::triggered, this, [this] { setTypeScale(m_typeScale + 0.1); });
    QAction* smaller = addAction(QStringLiteral("actionSmaller"), tr("Smaller type"),
                                 tr("Smaller type"), {QKeySequence(Qt::CTRL | Qt::Key_Minus)});
    connect(smaller, &QAction::triggered, this, [this] { setTypeScale(m_typeScale - 0.1); });
    QAction* resetType = addAction(QStringLiteral("actionResetType"), tr("Normal type"),
                                   tr("Normal type size"), {QKeySequence(Qt::CTRL | Qt::Key_0)});
    connect(resetType, &QAction::triggered, this, [this] { setTypeScale(1.0); });
    m_darkTheme = addAction(QStringLiteral("actionDarkTheme"), tr("&Dark theme"),
                            tr("Switch between the light and the dark theme"), {Qt::Key_T});
    m_darkTheme->setCheckable(true);
    connect(m_darkTheme, &QAction::triggered, this, &MainWindow::setDarkTheme);
    m_fullScreen = addAction(QStringLiteral("actionFullScreen"), tr("&Full screen"),
                             tr("Full screen on or off"), {Qt::Key_F11});
    m_fullScreen->setCheckable(true);
    connect(m_fullScreen, &QAction::triggered, this,
            [this](bool on) { on ? showFullScreen() : showNormal(); });
    QAction* logToggle = m_logDock->toggleViewAction();
    logToggle->setObjectName(QStringLiteral("actionEventLog"));
    logToggle->setText(tr("&Event log"));
    logToggle->setToolTip(tr("Show or hide the event log"));
    logToggle->setShortcut(Qt::Key_E);
    logToggle->setShortcutContext(Qt::WindowShortcut);
    QWidget::addAction(logToggle);
    m_shortcutActions.append(logToggle);
    QAction* consoleToggle = m_consoleDock->toggleViewAction();
    consoleToggle->setObjectName(QStringLiteral("actionConsole"));
    consoleToggle->setText(tr("&Console"));
    consoleToggle->setToolTip(tr("Show or hide the console: type commands and directives"));
    consoleToggle->setShortcut(QKeySequence(Qt::Key_QuoteLeft));
    consoleToggle->setShortcutContext(Qt::WindowShortcut);
    QWidget::addAction(consoleToggle);
    m_shortcutActions.append(consoleToggle);

    QList<QAction*> selectActions;
    for (int n = 1; n <= 9; ++n) {
        auto* select = new QAction(tr("Select node %1").arg(n), this);
        select->setObjectName(QStringLiteral("actionSelectNode%1").arg(n));
        select->setShortcut(QKeySequence(Qt::Key_0 + n));
        select->setShortcutContext(Qt::WindowShortcut);
        connect(select, &QAction::triggered, this, [this, n] { selectNode(n); });
        QWidget::addAction(select);
        selectActions.append(select);
        m_ownActions.append(select);
    }
    m_selectNodeActions = selectActions;
    QAction* deselect = addAction(QStringLiteral("actionDeselectNode"), tr("Deselect node"),
                                  tr("Deselect the node"), {Qt::Key_Escape});
    connect(deselect, &QAction::triggered, this, [this] { selectNode(0); });
    QAction* kill = addAction(QStringLiteral("actionKillNode"), tr("&Kill node"),
                              tr("Kill the selected node"), {Qt::Key_K});
    connect(kill, &QAction::triggered, this, [this] { nodeAction(QStringLiteral("kill")); });
    QAction* pause =
        addAction(QStringLiteral("actionPauseNode"), tr("&Pause / resume node"),
                  tr("Pause the selected node, or resume it when paused"), {Qt::Key_P});
    connect(pause, &QAction::triggered, this, [this] { nodeAction(QStringLiteral("pause")); });
    QAction* restart = addAction(QStringLiteral("actionRestartNode"), tr("&Restart node"),
                                 tr("Restart the selected node"), {Qt::Key_R});
    connect(restart, &QAction::triggered, this, [this] { nodeAction(QStringLiteral("restart")); });
    QAction* resume = addAction(QStringLiteral("actionResumeNode"), tr("Res&ume node"),
                                tr("Resume the selected node"), {Qt::Key_U});
    connect(resume, &QAction::triggered, this, [this] { nodeAction(QStringLiteral("resume")); });
    QAction* partition =
        addAction(QStringLiteral("actionPartitionNode"), tr("Partitio&n node"),
                  tr("Partition the selected node from every client"), {Qt::Key_X});
    connect(partition, &QAction::triggered, this,
            [this] { nodeAction(QStringLiteral("partition")); });
    QAction* heal = addAction(QStringLiteral("actionHealNode"), tr("&Heal node"),
                              tr("Heal the selected node (partition, latency, drops, clock jump)"),
                              {Qt::Key_H});
    connect(heal, &QAction::triggered, this, [this] { nodeAction(QStringLiteral("heal")); });

    QAction* screenshot =
        addAction(QStringLiteral("actionScreenshot"), tr("Save &screenshot…"),
                  tr("Save a PNG of the window"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)});
    connect(screenshot, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save screenshot"),
                                                          QStringLiteral("redlock-scope.png"),
                                                          tr("PNG images (*.png)"));
        if (!path.isEmpty() && !saveScreenshot(path))
            m_answer->setText(tr("Could not write %1").arg(path));
    });
    QAction* shortcuts = addAction(QStringLiteral("actionShortcuts"), tr("&Keyboard shortcuts"),
                                   tr("This list"), {Qt::Key_F1, QKeySequence(Qt::Key_Question)});
    connect(shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    QAction* quit = addAction(QStringLiteral("actionQuit"), tr("&Quit"), tr("Quit"),
                              {QKeySequence(Qt::CTRL | Qt::Key_Q)});
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* file = menuBar()->addMenu(tr("&File"));
    buildScenarioActions(file);
    buildRunActions(file);
    buildRecentMenu(file);
    file->addActions({screenshot, quit});
    m_commandActions = {add,  stopAll, startAll, toggleAll, allSettings, settings,
                        kill, pause,   restart,  resume,    partition,   heal};
    QMenu* clients = menuBar()->addMenu(tr("&Clients"));
    clients->addActions({add, stopAll, startAll, toggleAll, pauseHolderAction, allSettings});
    QMenu* nodes = menuBar()->addMenu(tr("&Nodes"));
    nodes->addAction(nodesDialog);
    nodes->addSeparator();
    nodes->addActions({kill, pause, resume, restart, partition, heal});
    nodes->addSeparator();
    nodes->addAction(topologyAction());
    nodes->addSeparator();
    nodes->addActions(selectActions);
    nodes->addAction(deselect);
    updateNodeMenu();
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addActions({m_largeType, bigger, smaller, resetType, m_darkTheme, m_fullScreen, logToggle,
                      consoleToggle, m_chartsDock->toggleViewAction()});
    buildLanguageMenu(view);
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addActions({nodesDialog, settings, search});
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(shortcuts);

    QToolBar* bar = addToolBar(tr("Main"));
    m_mainBar = bar;
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addActions({add, stopAll, startAll, pauseHolderAction});
    bar->addSeparator();
    bar->addActions({nodesDialog, settings});
    bar->addSeparator();
    bar->addActions({m_largeType, m_darkTheme, logToggle, consoleToggle});
    auto* spacer = new QWidget(bar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spacer);
    bar->addAction(shortcuts);
    shortcuts->setIconText(tr("Shortcuts (F1)"));
    addToolBarBreak();
    addToolBar(m_scenarioBar);
}

// ---- data in ---------------------------------------------------------------------------

void MainWindow::applySnapshot(const EngineSnapshot& snapshot)
{
    // Store and mark dirty; the next frame draws it. Events are kept across snapshots that
    // arrive between two frames, bounded by what the log can hold.
    m_snapshot = snapshot;
    m_haveSnapshot = true;
    if (!m_replayer)
        m_charts->appendEvents(snapshot.newEvents); // the data only: drawn in the frame
    m_pendingEvents += snapshot.newEvents;
    const qsizetype excess = m_pendingEvents.size() - 20'000;
    if (excess > 0)
        m_pendingEvents.remove(0, excess);
    m_dirty = true;
    scheduleFrame();
}

bool MainWindow::canDraw() const
{
    return isVisible() && !isMinimized();
}

// The views' clock: the engine's, or a recorded run's scrubbed instant (reached over
// ReplaySettleUs after a jump, see seekReplay).
qint64 MainWindow::viewNowUs() const
{
    if (!m_replayer)
        return engineNow();
    const qint64 settling =
        m_replaySettle.isValid() ? ReplaySettleUs - m_replaySettle.nsecsElapsed() / 1000 : 0;
    return m_replayNowUs - std::clamp<qint64>(settling, 0, ReplaySettleUs);
}

void MainWindow::scheduleFrame()
{
    if (canDraw() && !m_frameTimer.isActive())
        m_frameTimer.start();
}

void MainWindow::onFrame()
{
    if (!canDraw()) {
        m_frameTimer.stop(); // showEvent / changeEvent start it again
        return;
    }
    const qint64 now = viewNowUs();
    const bool synced = m_dirty;
    if (m_dirty)
        syncViews(now);
    const bool moving = advanceViews(now);
    if (synced || moving)
        emit frameDrawn(synced ? m_snapshot.lastDecisionUs : 0);
    if (!moving && !m_dirty)
        m_frameTimer.stop(); // nothing moves: no frames until the next snapshot
}

void MainWindow::updateNow()
{
    const qint64 now = viewNowUs();
    if (m_dirty)
        syncViews(now);
    if (advanceViews(now))
        scheduleFrame();
}

void MainWindow::syncViews(qint64 nowUs)
{
    m_dirty = false;
    if (!m_haveSnapshot)
        return;
    m_legend.update(m_snapshot.clients);
    syncCards(nowUs);
    m_storageCard->setStorage(m_snapshot.storage, m_snapshot.counters);
    syncLanes(nowUs);
    m_quorum->setResources(m_snapshot.resources, m_snapshot.clients, m_legend, nowUs);
    m_sentinels->setSentinels(m_snapshot.sentinels);
    m_log->setClients(m_legend);
    QList<QPair<int, int>> numbers;
    for (int i = 0; i < m_snapshot.nodes.size(); ++i)
        numbers.append({m_snapshot.nodes[i].index, i + 1});
    m_log->setNodes(numbers);
    if (!m_pendingEvents.isEmpty()) {
        m_log->appendEvents(m_pendingEvents); // one batch: one beginInsertRows
        m_pendingEvents.clear();
    }
    syncStatus();
}

bool MainWindow::advanceViews(qint64 nowUs)
{
    bool moving = false;
    for (NodeCard* card : std::as_const(m_cards))
        moving = card->advance(nowUs) || moving;
    const QRect shown = lanesShown();
    for (ClientLane* lane : std::as_const(m_lanes))
        if (lane->geometry().intersects(shown))
            moving = lane->advance(nowUs) || moving;
    moving = m_quorum->advance(nowUs) || moving;
    moving = m_charts->refresh(nowUs) || moving;
    return moving;
}

void MainWindow::syncCards(qint64 nowUs)
{
    QHash<int, int> ttlByClient;
    for (const ClientSnapshot& c : m_snapshot.clients)
        ttlByClient.insert(c.id, c.settings.lock.ttlMs);

    const int n = int(m_snapshot.nodes.size());
    bool changed = false;
    // Nodes are numbered by their place in the snapshot (commands use 1..N).
    for (auto it = m_cards.begin(); it != m_cards.end();) {
        if (it.key() > n) {
            delete it.value();
            it = m_cards.erase(it);
            changed = true;
        } else {
            ++it;
        }
    }
    for (int i = 0; i < n; ++i) {
        NodeCard*& card = m_cards[i + 1];
        if (!card) {
            card = new NodeCard(i + 1, m_cardsArea);
            connect(card, &NodeCard::commandRequested, this, &MainWindow::send);
            card->setSelected(m_selectedNode == i + 1);
            changed = true;
        }
        card->setNode(m_snapshot.nodes[i], m_legend, ttlByClient, nowUs);
    }
    if (changed) {
        relayoutCards();
        updateNodeMenu();
    }
    if (m_selectedNode > n)
        selectNode(0);
}

void MainWindow::relayoutCards()
{
    while (m_cardsLayout->count() > 0)
        delete m_cardsLayout->takeAt(0);
    // The node cards, then the storage card (one more, never a lock node). Up to six in a
    // row (six fit a 1280 x 720 screen); more make two rows.
    const int n = int(m_cards.size()) + 1;
    const int columns = n <= 6 ? n : (n + 1) / 2;
    for (int c = 0; c < 10; ++c)
        m_cardsLayout->setColumnStretch(c, c < columns ? 1 : 0);
    int i = 0;
    for (NodeCard* card : std::as_const(m_cards)) {
        m_cardsLayout->addWidget(card, i / columns, i % columns);
        card->show();
        ++i;
    }
    m_cardsLayout->addWidget(m_storageCard, i / columns, i % columns);
}

void MainWindow::syncLanes(qint64 nowUs)
{
    QList<int> order;
    for (const ClientSnapshot& c : m_snapshot.clients)
        order.append(c.id);
    for (auto it = m_lanes.begin(); it != m_lanes.end();) {
        if (!order.contains(it.key())) {
            delete it.value();
            it = m_lanes.erase(it);
        } else {
            ++it;
        }
    }
    const QRect shown = lanesShown();
    m_staleLanes.clear();
    for (const ClientSnapshot& c : m_snapshot.clients) {
        ClientLane*& lane = m_lanes[c.id];
        const bool created = !lane;
        if (created) {
            lane = new ClientLane(c.id, m_lanesArea);
            connect(lane, &ClientLane::commandRequested, this, &MainWindow::send);
            connect(lane, &ClientLane::settingsRequested, this, &MainWindow::openClientSettings);
        }
        // Lanes scrolled out of view wait until they are shown (scrolling syncs them): with
        // 200 clients about two of them are on screen, and updating the rest every frame
        // was most of the window's work.
        if (created || lane->geometry().intersects(shown))
            syncLane(lane, c, nowUs);
        else
            m_staleLanes.insert(c.id);
    }
    if (order != m_laneOrder) {
        m_laneOrder = order;
        // Re-insert in snapshot order (no widget is created here).
        for (ClientLane* lane : std::as_const(m_lanes))
            m_lanesLayout->removeWidget(lane);
        for (int i = 0; i < order.size(); ++i) {
            ClientLane* lane = m_lanes.value(order[i]);
            m_lanesLayout->insertWidget(i, lane);
            lane->show();
        }
        m_noClients->setVisible(order.isEmpty());
        keepLanesInView();
    }
}

// Docks and large type take height from the middle; the lanes give way by scrolling, but
// never below one whole lane: they must not vanish from a slide. (Two would push the
// window past 720 lines with the log and the scenario bar open in large type.)
void MainWindow::keepLanesInView()
{
    const int height = m_laneOrder.isEmpty()
                           ? m_noClients->sizeHint().height()
                           : m_lanes.value(m_laneOrder.first())->sizeHint().height();
    m_lanesScroll->setMinimumHeight(height + 2 * m_lanesScroll->frameWidth());
}

void MainWindow::syncLane(ClientLane* lane, const ClientSnapshot& client, qint64 nowUs) const
{
    lane->setClient(client, nowUs);
    syncLaneWithNodes(lane, client);
}

// The part of the lanes area the scroll area shows, in the area's coordinates.
QRect MainWindow::lanesShown() const
{
    const QWidget* viewport = m_lanesScroll->viewport();
    return QRect(m_lanesArea->mapFrom(viewport, QPoint(0, 0)), viewport->size());
}

// What the nodes say about one client: which of them cut it off by name (a partition
// from every client is on its node's card, not repeated on every lane), and the keys it
// left on them (for a crashed client).
void MainWindow::syncLaneWithNodes(ClientLane* lane, const ClientSnapshot& client) const
{
    QList<int> cutOff;
    int keyNodes = 0;
    qint64 keysUntilUs = 0;
    for (int i = 0; i < m_snapshot.nodes.size(); ++i) {
        const NodeSnapshot& node = m_snapshot.nodes[i];
        if (FaultText::namesClient(node, client.name))
            cutOff << i + 1;
        for (const KeySnapshot& k : node.keys) {
            if (k.ownerClient != client.id || k.pttlMs <= 0)
                continue;
            ++keyNodes;
            keysUntilUs = qMax(keysUntilUs, k.readUs + k.pttlMs * 1000);
        }
    }
    lane->setNodeCount(int(m_snapshot.nodes.size()));
    lane->setSentinelReady(m_snapshot.sentinels.ready);
    lane->setCutOffFrom(cutOff);
    lane->setLeftoverKeys(keyNodes, keysUntilUs);
}

void MainWindow::syncStatus()
{
    if (!m_haveSnapshot) {
        m_runTime->setText(tr("Starting…"));
        m_rate->clear();
        m_nodesUp->clear();
        m_checker->clear();
        return;
    }
    m_runTime->setText(tr("Run %1").arg(TextFormat::runTime(m_snapshot.tUs)));
    m_rate->setText(tr("%L1 events/s").arg(qRound(m_snapshot.eventsPerSecond)));
    int up = 0;
    for (const NodeSnapshot& node : m_snapshot.nodes)
        up += node.state == NodeSnapshot::State::Up ? 1 : 0;
    m_nodesUp->setText(tr("Nodes %1/%2 up").arg(up).arg(m_snapshot.nodes.size()));
    const CheckCounters& counters = m_snapshot.counters;
    const QString verdict = tr("Checker: %1").arg(Verdict::headline(counters));
    if (m_checker->text() != verdict) {
        m_checker->setText(verdict);
        QPalette p = m_checker->palette();
        const Verdict::Level level = Verdict::level(counters);
        p.setColor(QPalette::WindowText, level == Verdict::Level::Safe     ? UiTheme::good(m_dark)
                                         : level == Verdict::Level::Fenced ? UiTheme::warn(m_dark)
                                                                           : UiTheme::bad(m_dark));
        m_checker->setPalette(p);
    }
    if (m_snapshot.violations.isEmpty()) {
        m_checker->setToolTip(tr("The safety checker found no violation in the history so far."));
    } else {
        EventText text;
        for (int id : m_legend.ids())
            text.setClientName(id, m_legend.name(id));
        const Violation& v = m_snapshot.violations.last();
        m_checker->setToolTip(text.describe(v.toEvent(HistoryEvent::Kind::Violation, v.startUs)));
    }
}

// ---- commands out ----------------------------------------------------------------------

void MainWindow::send(const QString& line)
{
    if (m_replayer) {
        m_answer->setText(tr("A recorded run: nothing to command (File → Live run goes back)."));
        return;
    }
    m_answer->setText(tr("→ %1").arg(line));
    emit commandRequested(line);
}

quint64 MainWindow::executeCommand(const QString& line)
{
    if (!m_controller)
        return 0;
    m_answer->setText(tr("→ %1").arg(line));
    const quint64 id = m_controller->execute(line);
    m_commandLines.insert(id, line);
    return id;
}

void MainWindow::onCommandFinished(quint64 id, bool ok, const QString& message)
{
    const QString line = m_commandLines.take(id);
    const QString text = line.isEmpty() ? message : QStringLiteral("%1  →  %2").arg(line, message);
    m_answer->setText((ok ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + text);
    QPalette p = m_answer->palette();
    p.setColor(QPalette::WindowText,
               ok ? palette().color(QPalette::WindowText) : UiTheme::bad(m_dark));
    m_answer->setPalette(p);
}

QString MainWindow::lastCommandAnswer() const
{
    return m_answer->text();
}

void MainWindow::startEngine()
{
    m_engineStartedByUs = true;
    EngineConfig config = m_config;
    if (config.recordPath.isEmpty() && config.recordToRunFolder) {
        QString error;
        config.recordPath = RunFolder().newRun(&error);
        if (!error.isEmpty())
            m_answer->setText(tr("This run is not recorded: %1").arg(error));
    }
    m_runPath = config.recordPath;
    m_charts->startLive(RunHeader::forConfig(config, engineNow()));
    m_controller = std::make_unique<EngineController>(config);
    EngineController* c = m_controller.get();
    connect(c, &EngineController::snapshotReady, this, &MainWindow::applySnapshot);
    connect(c, &EngineController::commandFinished, this, &MainWindow::onCommandFinished);
    connect(c, &EngineController::startFailed, this, [this](const QString& error) {
        onCommandFinished(0, false, tr("the engine did not start: %1").arg(error));
    });
    connect(this, &MainWindow::commandRequested, c,
            [this, c](const QString& line) { m_commandLines.insert(c->execute(line), line); });
    connect(c, &EngineController::narration, m_caption, &CaptionBar::showCaption);
    connect(c, &EngineController::stepStarted, this,
            [this](const QString& origin, int line, const QString& text) {
                if (origin != QLatin1String("console"))
                    m_console->showStep(origin, line, text);
            });
    connect(c, &EngineController::stepFinished, this,
            [this](const QString& origin, int line, bool ok, const QString& message) {
                if (origin == QLatin1String("console") || !ok)
                    m_console->showAnswer(origin == QLatin1String("console") ? line : 0, ok,
                                          message);
            });
    connect(c, &EngineController::scenarioStateChanged, this, &MainWindow::onScenarioState);
    connect(c, &EngineController::scenarioFinished, this, &MainWindow::onScenarioFinished);
    // The narration speaks the window's language (say.zh / say.ja lines).
    c->setLanguage(Languages::engineLanguage(m_language));
    if (m_settings)
        m_settings->setLastFleet(m_config);
    c->start();
}

// Independent masters (Redlock) or a master, its replica and Sentinel (the failover
// rung): a new engine with new local nodes, as the command line's --topology.
QAction* MainWindow::topologyAction()
{
    QAction* a = addAction(
        QStringLiteral("actionReplicatedTopology"), tr("Master, replica and &Sentinel (restarts)"),
        tr("Restart with one master, its replica and three Sentinels (the failover "
           "strategy), or back to independent masters"),
        {});
    a->setCheckable(true);
    a->setChecked(m_config.replicated());
    m_topologyAction = a;
    a->setEnabled(m_config.usesLocalFleet());
    if (!m_config.usesLocalFleet())
        a->setToolTip(tr("Only with local nodes: your own nodes are what they are"));
    connect(a, &QAction::toggled, this, [this](bool replicated) {
        EngineConfig config = m_config;
        config.topology =
            replicated ? EngineConfig::Topology::Replicated : EngineConfig::Topology::Independent;
        if (!replicated && config.clientDefaults.strategy == Strategy::Kind::Failover)
            config.clientDefaults.strategy = Strategy::Kind::Redlock;
        restartEngine(config);
    });
    return a;
}

void MainWindow::restartEngine(const EngineConfig& config)
{
    m_config = config;
    if (!m_config.recordPath.isEmpty()) { // the file holds the first run: the next one goes
        m_config.recordPath.clear();      // next to the others, not over it
        m_config.recordToRunFolder = true;
    }
    if (!m_engineStartedByUs)
        return;
    if (m_controller) {
        m_controller->shutdown();
        m_controller.reset(); // its connections go with it
    }
    m_commandLines.clear();
    startEngine();
}

// ---- scenarios ----------------------------------------------------------------------------

void MainWindow::buildScenarioActions(QMenu* file)
{
    QAction* open = addAction(QStringLiteral("actionOpenScenario"), tr("&Open scenario…"),
                              tr("Play a scenario file (.rls) with its narration"),
                              {QKeySequence(Qt::CTRL | Qt::Key_O)});
    connect(open, &QAction::triggered, this, &MainWindow::openScenarioFile);
    file->addAction(open);
    QMenu* builtins = file->addMenu(tr("Built-in &scenarios"));
    builtins->setObjectName(QStringLiteral("builtinScenarios"));
    builtins->setToolTipsVisible(true);
    for (const QString& name : ScenarioLibrary::names()) {
        QAction* a = builtins->addAction(ScenarioLibrary::title(name));
        a->setObjectName(QStringLiteral("scenario_%1").arg(name));
        a->setToolTip(QStringLiteral("builtin:%1").arg(name));
        connect(a, &QAction::triggered, this, [this, name] {
            // The failover stories need Sentinel: fresh nodes of that kind first.
            if (name.startsWith(QLatin1String("failover")) && !m_config.replicated() &&
                m_config.usesLocalFleet()) {
                EngineConfig config = m_config;
                config.topology = EngineConfig::Topology::Replicated;
                config.initialClients = 0;
                const QSignalBlocker quiet(m_topologyAction);
                m_topologyAction->setChecked(true);
                restartEngine(config);
            }
            runScenario(QStringLiteral("builtin:") + name);
        });
    }
    QAction* save =
        addAction(QStringLiteral("actionSaveLines"), tr("Save typed lines as scenario…"),
                  tr("Save what was typed in the console as a scenario file"));
    connect(save, &QAction::triggered, this, &MainWindow::saveTypedLines);
    file->addAction(save);
    file->addSeparator();

    m_scenarioBar = new QToolBar(tr("Scenario"), this);
    m_scenarioBar->setObjectName(QStringLiteral("scenarioBar"));
    m_scenarioBar->setMovable(false);
    m_scenarioBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_playPause = addAction(QStringLiteral("actionScenarioPlayPause"), tr("Pause"),
                            tr("Pause the scenario after its current step, or play on"),
                            {QKeySequence(Qt::CTRL | Qt::Key_P)});
    connect(m_playPause, &QAction::triggered, this, [this] {
        if (!m_controller)
            return;
        if (m_scenarioState == int(ScenarioRunner::State::Paused))
            m_controller->resumeScenario();
        else
            m_controller->pauseScenario();
    });
    m_stepNarration = addAction(QStringLiteral("actionScenarioStep"), tr("Next caption"),
                                tr("Play until the next narration, then pause"),
                                {QKeySequence(Qt::CTRL | Qt::Key_Right)});
    connect(m_stepNarration, &QAction::triggered, this, [this] {
        if (m_controller)
            m_controller->stepScenario();
    });
    QAction* restart = addAction(QStringLiteral("actionScenarioRestart"), tr("Restart"),
                                 tr("Play the scenario again from the start, on fresh nodes"));
    connect(restart, &QAction::triggered, this, &MainWindow::restartScenario);
    QAction* stop = addAction(QStringLiteral("actionScenarioStop"), tr("Stop"),
                              tr("Stop the scenario here; the clients go on"));
    connect(stop, &QAction::triggered, this, [this] {
        if (m_controller)
            m_controller->stopScenario();
    });
    m_scenarioStatus = new QLabel(m_scenarioBar);
    m_scenarioStatus->setObjectName(QStringLiteral("scenarioStatus"));
    m_scenarioStatus->setContentsMargins(8, 0, 8, 0);
    m_scenarioBar->addActions({m_playPause, m_stepNarration, restart, stop});
    m_scenarioBar->addWidget(m_scenarioStatus);
    m_scenarioBar->hide(); // shown under the main toolbar once a scenario plays
}

void MainWindow::runScenario(const QString& source, const QString& text,
                             std::optional<quint64> seed)
{
    m_scenarioSource = source;
    m_scenarioText = text;
    m_scenarioSeed = seed;
    m_caption->clear();
    m_scenarioStatus->setText(source);
    m_scenarioBar->show();
    backToLive(); // a scenario plays on live nodes, not over a recorded run
    if (m_settings && source != QLatin1String("--exec")) {
        m_settings->addRecentScenario(source);
        refreshRecentMenu();
    }
    if (m_controller)
        m_controller->runScenario(source, text, seed);
}

void MainWindow::playOnFreshNodes(const QString& path, EngineConfig::Topology topology)
{
    EngineConfig fresh = m_config;
    fresh.initialClients = 0;
    if (fresh.usesLocalFleet())
        fresh.topology = topology;
    restartEngine(fresh);
    runScenario(path);
}

// The dialog lives as long as the window (a search may run while the class watches).
void MainWindow::showSearch()
{
    auto* dialog = findChild<SearchDialog*>(QStringLiteral("searchDialog"));
    if (!dialog) {
        dialog = new SearchDialog(this);
        connect(dialog, &SearchDialog::playRequested, this, &MainWindow::playOnFreshNodes);
    }
    dialog->show();
    dialog->raise();
}

void MainWindow::openScenarioFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(),
                                                      tr("Scenarios (*.rls);;All files (*)"));
    if (!path.isEmpty())
        runScenario(path);
}

// Fresh nodes, no clients, then the scenario again: it plays the same way twice.
void MainWindow::restartScenario()
{
    if (m_scenarioSource.isEmpty())
        return;
    EngineConfig fresh = m_config;
    fresh.initialClients = 0;
    restartEngine(fresh);
    runScenario(m_scenarioSource, m_scenarioText, m_scenarioSeed);
}

void MainWindow::onScenarioState(int state)
{
    m_scenarioState = state;
    using S = ScenarioRunner::State;
    const bool paused = state == int(S::Paused);
    const bool running = state == int(S::Running);
    m_playPause->setText(paused ? tr("Play") : tr("Pause"));
    m_playPause->setEnabled(running || paused);
    m_stepNarration->setEnabled(paused);
    if (paused)
        m_scenarioStatus->setText(tr("%1 · paused").arg(m_scenarioSource));
    else if (running)
        m_scenarioStatus->setText(tr("%1 · playing").arg(m_scenarioSource));
}

void MainWindow::onScenarioFinished(const ScenarioResult& result)
{
    const bool passed = result.outcome == ScenarioResult::Outcome::Passed;
    m_scenarioStatus->setText(tr("%1 · %2").arg(m_scenarioSource, result.verdictLine()));
    QPalette p = m_scenarioStatus->palette();
    p.setColor(QPalette::WindowText, passed ? UiTheme::good(m_dark) : UiTheme::bad(m_dark));
    m_scenarioStatus->setPalette(p);
    m_console->showAnswer(0, passed, result.verdictLine());
}

void MainWindow::saveTypedLines()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save as scenario"), QStringLiteral("typed.rls"), tr("Scenarios (*.rls)"));
    if (path.isEmpty())
        return;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        m_answer->setText(tr("Could not write %1: %2").arg(path, file.errorString()));
        return;
    }
    file.write("# Typed in the console\n");
    for (const QString& line : m_console->typedLines())
        file.write(line.toUtf8() + '\n');
    m_answer->setText(
        tr("Saved %n line(s) to %1", nullptr, int(m_console->typedLines().size())).arg(path));
}

void MainWindow::toggleAllClients()
{
    bool anyRunning = false;
    for (const ClientSnapshot& c : m_snapshot.clients) {
        if (c.state != ClientSnapshot::State::Stopped && c.state != ClientSnapshot::State::Crashed)
            anyRunning = true;
    }
    send(anyRunning ? QStringLiteral("client stop all") : QStringLiteral("client start all"));
}

void MainWindow::nodeAction(const QString& verb)
{
    NodeCard* card = nodeCard(m_selectedNode);
    if (!card) {
        m_answer->setText(tr("Select a node first (keys 1 to 9)."));
        return;
    }
    QString v = verb;
    if (verb == QLatin1String("pause") && card->canDo(QStringLiteral("resume")))
        v = QStringLiteral("resume"); // P toggles
    // The keys offer what the card offers: nothing the engine would refuse.
    QString why = card->whyNot(v);
    if (why.isEmpty() && v == QLatin1String("heal") && !card->hasHealableFault())
        why = tr("Node %1 has nothing to heal.").arg(m_selectedNode);
    if (!why.isEmpty()) {
        m_answer->setText(why);
        return;
    }
    send(QStringLiteral("node %1 %2").arg(v).arg(m_selectedNode));
}

void MainWindow::selectNode(int number)
{
    if (number > 0 && !m_cards.contains(number))
        return;
    m_selectedNode = number;
    for (NodeCard* card : std::as_const(m_cards))
        card->setSelected(card->number() == number);
}

// ---- dialogs ----------------------------------------------------------------------------

void MainWindow::openClientSettings(int clientId)
{
    ClientSettings settings = m_defaults;
    QString target = QStringLiteral("all");
    if (ClientLane* lane = m_lanes.value(clientId)) {
        settings = lane->client().settings;
        target = lane->clientName();
    } else if (!m_snapshot.clients.isEmpty()) {
        settings = m_snapshot.clients.first().settings;
    }
    auto* dialog = new ClientSettingsDialog(target, settings, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (!dialog->command().isEmpty())
            send(dialog->command());
    });
    dialog->open();
}

void MainWindow::showSettings()
{
    auto* dialog = new SettingsDialog(m_config, m_defaults, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        m_defaults = dialog->defaults();
        m_config = dialog->config();
        if (!dialog->defaultsCommand().isEmpty())
            send(dialog->defaultsCommand());
    });
    dialog->open();
}

void MainWindow::showShortcuts()
{
    QList<ShortcutsDialog::Row> rows = ShortcutsDialog::rowsFor(m_shortcutActions);
    rows.insert(0, {tr("1 … 9"), tr("Select a node (then K, P, U, R, X or H act on it)")});
    auto* dialog = new ShortcutsDialog(rows, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

// ---- looks ------------------------------------------------------------------------------

void MainWindow::setDarkTheme(bool dark)
{
    m_dark = dark;
    setPalette(UiTheme::palette(dark ? UiTheme::Mode::Dark : UiTheme::Mode::Light));
    if (m_darkTheme)
        m_darkTheme->setChecked(dark);
    m_checker->clear(); // its colour is the theme's
    syncStatus();
    update();
}

void MainWindow::setTypeScale(double scale)
{
    m_typeScale = qBound(MinTypeScale, scale, MaxTypeScale);
    QFont f = font();
    f.setPointSizeF(m_basePointSize * m_typeScale);
    setFont(f);
    if (m_largeType)
        m_largeType->setChecked(m_typeScale >= LargeTypeScale - 0.05);
    compactDocks(m_typeScale >= LargeTypeScale - 0.05);
}

// In large type the docks lose their title bars (the tabs and the toolbar's toggles name
// them): on 720 lines those are lines for the lock. In normal type they keep them, and with
// them floating and closing by mouse.
void MainWindow::compactDocks(bool compact)
{
    for (QDockWidget* dock : {m_logDock, m_consoleDock}) {
        if (!dock)
            continue;
        const bool isCompact = dock->titleBarWidget() != nullptr;
        if (compact == isCompact)
            continue;
        QWidget* old = dock->titleBarWidget();
        dock->setTitleBarWidget(compact ? new QWidget(dock) : nullptr);
        delete old;
    }
}

// ---- visibility: no work while hidden -----------------------------------------------------

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    m_dirty = m_dirty || m_haveSnapshot;
    scheduleFrame();
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
    if (event->type() == QEvent::FontChange && m_lanesScroll)
        QTimer::singleShot(0, this, &MainWindow::keepLanesInView); // once the lanes have it
    if (event->type() == QEvent::WindowStateChange) {
        if (m_fullScreen)
            m_fullScreen->setChecked(isFullScreen());
        scheduleFrame();
    }
    QMainWindow::changeEvent(event);
}

// ---- accessors --------------------------------------------------------------------------

NodeCard* MainWindow::nodeCard(int number) const
{
    return m_cards.value(number, nullptr);
}

// Synced first if it is out of view (as scrolling to it would): callers read what it shows.
ClientLane* MainWindow::clientLane(const QString& name) const
{
    for (const ClientSnapshot& c : m_snapshot.clients) {
        if (c.name != name)
            continue;
        ClientLane* lane = m_lanes.value(c.id);
        if (lane && m_staleLanes.remove(c.id))
            syncLane(lane, c, viewNowUs());
        return lane;
    }
    return nullptr;
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

bool MainWindow::saveScreenshot(const QString& pngPath)
{
    // Pending relayouts (new cards or lanes, a language's longer words) first.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    updateNow();
    // A picture shows a settled state: no key half grown in or half faded out, and every
    // counting view (validity bars, fault timings, the quorum's countdown) at one instant.
    for (NodeCard* card : std::as_const(m_cards))
        card->keyView()->settle();
    advanceViews(engineNow());
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QPixmap picture = grab();
    if (picture.isNull())
        return false;
    return picture.save(pngPath, "PNG");
}

// ---- charts and recorded runs -----------------------------------------------------------

void MainWindow::buildCharts()
{
    m_charts = new ChartsPanel(this);
    m_chartsDock = new QDockWidget(tr("Charts"), this);
    m_chartsDock->setObjectName(QStringLiteral("chartsDock"));
    m_chartsDock->setWidget(m_charts);
    m_chartsDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                              QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::BottomDockWidgetArea, m_chartsDock);
    tabifyDockWidget(m_logDock, m_chartsDock);
    m_chartsDock->setVisible(false); // G, View → Charts, or a recorded run shows them
    connect(m_charts, &ChartsPanel::timeClicked, this, [this](qint64 tUs) {
        if (m_replayer)
            m_replayBar->seek(tUs);
    });

    m_replayBar = new ReplayBar(centralWidget());
    m_replayBar->setVisible(false);
    // Above the cards: the instant everything below shows.
    static_cast<QVBoxLayout*>(centralWidget()->layout())->insertWidget(0, m_replayBar);
    connect(m_replayBar, &ReplayBar::timeChanged, this, &MainWindow::seekReplay);
}

void MainWindow::buildRunActions(QMenu* file)
{
    QAction* open =
        addAction(QStringLiteral("actionOpenRun"), tr("&Open run…"),
                  tr("Show a recorded run: scrub it in time, play it again"), {QKeySequence::Open});
    connect(open, &QAction::triggered, this, &MainWindow::openRunDialog);
    QAction* exportAction =
        addAction(QStringLiteral("actionExport"), tr("&Export…"),
                  tr("The run as an HTML report, a chart (PNG, SVG, PDF), CSV, EDN or JSONL"),
                  {QKeySequence(Qt::CTRL | Qt::Key_E)});
    connect(exportAction, &QAction::triggered, this, &MainWindow::exportRun);
    m_liveRun = addAction(QStringLiteral("actionLiveRun"), tr("&Live run"),
                          tr("Leave the recorded run: start the nodes and clients again"));
    m_liveRun->setEnabled(false);
    connect(m_liveRun, &QAction::triggered, this, &MainWindow::backToLive);
    QAction* charts = m_chartsDock->toggleViewAction();
    charts->setObjectName(QStringLiteral("actionCharts"));
    charts->setText(tr("&Charts"));
    charts->setToolTip(tr("Show or hide the charts: the lock timeline and the others"));
    charts->setShortcut(Qt::Key_G);
    charts->setShortcutContext(Qt::WindowShortcut);
    QWidget::addAction(charts);
    m_shortcutActions.append(charts);
    // Space: stop / start all clients live, play / pause a recorded run (one is disabled).
    m_replayPlay =
        addAction(QStringLiteral("actionReplayPlay"), tr("Play / pause the run"),
                  tr("Play the recorded run from the slider, or pause it"), {Qt::Key_Space});
    m_replayPlay->setEnabled(false);
    connect(m_replayPlay, &QAction::triggered, m_replayBar, &ReplayBar::togglePlay);
    file->addActions({open, exportAction, m_liveRun});
    file->addSeparator();
}

void MainWindow::setChartsVisible(bool visible)
{
    m_chartsDock->setVisible(visible);
    if (!visible)
        return;
    m_chartsDock->raise();
    // Room for the lanes: the timeline is the reason to show the charts.
    resizeDocks({m_chartsDock}, {height() * 2 / 5}, Qt::Vertical);
}

bool MainWindow::openRun(const QString& path, QString* error)
{
    QElapsedTimer took;
    took.start();
    std::shared_ptr<RecordedRun> run = RunReader::read(path, error);
    if (!run)
        return false;
    if (m_controller) {
        m_controller->shutdown(); // the nodes stop: a recording needs none
        m_controller.reset();
    }
    m_commandLines.clear();
    m_openedRun = run;
    m_runPath = path;
    m_replayer = std::make_unique<RunReplayer>(m_openedRun);
    m_charts->showRun(m_openedRun);
    m_replayLogged = 0;
    m_log->model()->clear();
    m_pendingEvents.clear();
    setReplayMode(true);
    m_replayBar->setRange(run->startUs(), run->endUs());
    m_replayBar->seek(run->endUs()); // how it ended: the verdict, the last picture
    rememberRun(path);
    const QString summary = tr("Opened %1: %2 (in %3 s)")
                                .arg(QFileInfo(path).fileName(), run->summary())
                                .arg(took.elapsed() / 1000.0, 0, 'f', 2);
    m_answer->setText(summary);
    m_answer->setToolTip(summary);
    return true;
}

void MainWindow::setReplayMode(bool on)
{
    m_replayBar->setVisible(on);
    for (QAction* action : std::as_const(m_commandActions))
        action->setEnabled(!on);
    m_liveRun->setEnabled(on);
    m_replayPlay->setEnabled(on);
    if (on)
        setChartsVisible(true);
    setWindowTitle(on ? tr("Redlock Scope — %1 (recorded)").arg(QFileInfo(m_runPath).fileName())
                      : tr("Redlock Scope"));
}

// The whole picture at `tUs`: cards, quorum, lanes and log from the replay, the charts'
// cursor; the log gets the events since the last instant shown (or, after a jump back or
// far ahead, the last few before this one).
void MainWindow::seekReplay(qint64 tUs)
{
    if (!m_replayer)
        return;
    EngineSnapshot s = m_replayer->snapshotAt(tUs);
    const size_t count = m_replayer->countAt(tUs);
    if (count < m_replayLogged || count - m_replayLogged > ReplayLogBatch) {
        m_log->model()->clear();
        m_pendingEvents.clear();
        m_replayLogged = count > ReplayLogBatch ? count - ReplayLogBatch : 0;
    }
    s.newEvents = m_replayer->eventsBetween(m_replayLogged, count, ReplayLogBatch);
    m_replayLogged = count;
    m_replayNowUs = tUs;
    if (m_replayBar->isPlaying())
        m_replaySettle.invalidate(); // time moves on its own
    else
        m_replaySettle.start();
    m_charts->setCursorUs(tUs);
    applySnapshot(s);
}

void MainWindow::openRunDialog()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open a recorded run"), RunFolder::defaultPath(),
                                     tr("Redlock Scope runs (*.jsonl);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openRun(path, &error))
        m_answer->setText(tr("Could not open the run: %1").arg(error));
}

void MainWindow::exportRun()
{
    std::shared_ptr<const RecordedRun> run = m_openedRun;
    QString error;
    if (!run) { // live: the run file so far
        if (m_runPath.isEmpty()) {
            m_answer->setText(tr("This run is not recorded, so there is nothing to export."));
            return;
        }
        run = RunReader::read(m_runPath, &error);
        if (!run) {
            m_answer->setText(tr("Could not read the run: %1").arg(error));
            return;
        }
    }
    const QStringList filters{tr("HTML report (*.html)"),
                              tr("The chart shown, as PNG (*.png)"),
                              tr("The chart shown, as SVG (*.svg)"),
                              tr("The chart shown, as PDF (*.pdf)"),
                              tr("Operations as CSV (*.csv)"),
                              tr("Jepsen history (*.edn)"),
                              tr("Run file (*.jsonl)")};
    QString filter = filters.first();
    const QString stem = QFileInfo(m_runPath).completeBaseName();
    QString path = QFileDialog::getSaveFileName(this, tr("Export the run"), stem + ".html",
                                                filters.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty()) // the filter's extension, when none was typed
        path += QLatin1Char('.') + filter.section(QStringLiteral("*."), 1).chopped(1);
    if (!RunExporter::write(run, path, m_charts->currentChart(), &error)) {
        m_answer->setText(error);
        return;
    }
    m_answer->setText(tr("Exported %1").arg(path));
}

void MainWindow::backToLive()
{
    if (!m_replayer)
        return;
    m_replayBar->pause();
    m_replayer.reset();
    m_openedRun.reset();
    m_log->model()->clear();
    m_pendingEvents.clear();
    m_charts->setCursorUs(-1);
    m_runPath.clear();
    setReplayMode(false);
    startEngine();
}

// ---- presenter: remembered settings, language, recent files, nodes ---------------------------
// Kept together, apart from the window's data path, so that other File-menu work merges.

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

void MainWindow::rememberWindow()
{
    if (!m_settings)
        return;
    m_settings->setDarkTheme(m_dark);
    m_settings->setTypeScale(m_typeScale);
    m_settings->setWindow(saveGeometry(), saveState());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    rememberWindow();
    QMainWindow::closeEvent(event);
}

void MainWindow::buildLanguageMenu(QMenu* view)
{
    m_languageMenu = view->addMenu(tr("&Language"));
    m_languageMenu->setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(m_languageMenu);
    const auto add = [this, group](const QString& code, const QString& text) {
        QAction* a = m_languageMenu->addAction(text);
        a->setObjectName(
            QStringLiteral("language_%1").arg(code.isEmpty() ? QStringLiteral("system") : code));
        a->setCheckable(true);
        a->setActionGroup(group);
        const QString chosen = m_settings ? m_settings->language() : m_language;
        a->setChecked(code.isEmpty() ? chosen.isEmpty() : chosen == code);
        // Later: the menu that holds this action is rebuilt by the language change.
        connect(a, &QAction::triggered, this,
                [this, code] { QTimer::singleShot(0, this, [this, code] { setLanguage(code); }); });
    };
    add(QString(), tr("As the system (%1)").arg(Languages::resolve(QString())));
    m_languageMenu->addSeparator();
    for (const Languages::Language& l : Languages::available())
        add(l.code, l.nativeName);
}

void MainWindow::setLanguage(const QString& code)
{
    if (m_settings)
        m_settings->setLanguage(code);
    m_language = Languages::install(code);
    retranslate(); // now, not when the posted LanguageChange arrives: callers read the result
}

void MainWindow::retranslate()
{
    m_language = Languages::current();
    setWindowTitle(tr("Redlock Scope"));
    // Menus and toolbars are made again from buildActions(), in the new language; the
    // scenario bar keeps what it showed.
    const bool scenarioShown = m_scenarioBar && !m_scenarioBar->isHidden();
    const QString scenarioStatus = m_scenarioStatus ? m_scenarioStatus->text() : QString();
    qDeleteAll(menuBar()->findChildren<QMenu*>(Qt::FindDirectChildrenOnly));
    menuBar()->clear();
    qDeleteAll(std::exchange(m_ownActions, {}));
    m_shortcutActions.clear();
    m_selectNodeActions.clear();
    m_recentMenu = nullptr;
    m_languageMenu = nullptr;
    if (m_scenarioBar)
        removeToolBarBreak(m_scenarioBar);
    delete m_mainBar;
    delete m_scenarioBar;
    buildActions();
    m_scenarioBar->setVisible(scenarioShown);
    m_scenarioStatus->setText(scenarioStatus);
    if (scenarioShown)
        onScenarioState(m_scenarioState);
    m_darkTheme->setChecked(m_dark);
    m_largeType->setChecked(m_typeScale >= LargeTypeScale - 0.05);
    m_fullScreen->setChecked(isFullScreen());
    refreshRecentMenu();
    retranslateDocksAndStatus();
    rebuildViewsFromSnapshot();
    if (m_controller)
        m_controller->setLanguage(Languages::engineLanguage(m_language));
}

void MainWindow::retranslateDocksAndStatus()
{
    m_logDock->setWindowTitle(tr("Event log"));
    m_consoleDock->setWindowTitle(tr("Console"));
    m_noClients->setText(tr("No clients yet: press A to add one."));
    m_runTime->setToolTip(tr("How long the engine has been running."));
    m_rate->setToolTip(tr("History events per second, over the last second."));
    m_nodesUp->setToolTip(tr("Nodes up out of all nodes."));
    m_checker->setToolTip(tr("The safety checker's verdict on the history so far."));
    m_answer->setToolTip(tr("The engine's answer to the last command."));
    m_checker->clear(); // syncStatus() says it again
    syncStatus();
}

// Cards and lanes say most of their words once, when made: they are made again from the
// latest snapshot, which is all they ever show.
void MainWindow::rebuildViewsFromSnapshot()
{
    qDeleteAll(m_cards);
    m_cards.clear();
    qDeleteAll(m_lanes);
    m_lanes.clear();
    m_laneOrder.clear();
    auto* storage = new StorageCard(m_cardsArea);
    delete std::exchange(m_storageCard, storage);
    relayoutCards();
    m_dirty = m_haveSnapshot;
    updateNow();
    m_quorum->update();
}

void MainWindow::buildRecentMenu(QMenu* file)
{
    m_recentMenu = file->addMenu(tr("&Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_recentMenu->setToolTipsVisible(true);
    file->addSeparator();
    refreshRecentMenu();
}

void MainWindow::refreshRecentMenu()
{
    if (!m_recentMenu)
        return;
    m_recentMenu->clear();
    const QStringList scenarios = m_settings ? m_settings->recentScenarios() : QStringList();
    const QStringList runs = m_settings && m_runOpener ? m_settings->recentRuns() : QStringList();
    for (const QString& source : scenarios) {
        const QString name = source.startsWith(QLatin1String("builtin:"))
                                 ? ScenarioLibrary::title(source.mid(8))
                                 : QFileInfo(source).fileName();
        QAction* a = m_recentMenu->addAction(name);
        a->setToolTip(source);
        connect(a, &QAction::triggered, this, [this, source] { runScenario(source); });
    }
    if (!runs.isEmpty()) {
        m_recentMenu->addSection(tr("Runs"));
        for (const QString& path : runs) {
            QAction* a = m_recentMenu->addAction(QFileInfo(path).fileName());
            a->setToolTip(path);
            connect(a, &QAction::triggered, this, [this, path] {
                if (m_runOpener)
                    m_runOpener(path);
            });
        }
    }
    // A menu lists only what exists: an empty one says so and offers nothing.
    m_recentMenu->setEnabled(!scenarios.isEmpty() || !runs.isEmpty());
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

// The Nodes menu offers the nodes there are: with five, "Select node 6" does not exist.
void MainWindow::updateNodeMenu()
{
    const int n = m_cards.isEmpty() ? m_config.nodeCount() : int(m_cards.size());
    for (int i = 0; i < m_selectNodeActions.size(); ++i)
        m_selectNodeActions[i]->setVisible(i < n);
}

QString MainWindow::holderName() const
{
    for (const ClientSnapshot& c : m_snapshot.clients) {
        if (c.inSection && c.state == ClientSnapshot::State::Holding)
            return c.name;
    }
    return {};
}

void MainWindow::pauseHolder()
{
    const QString name = holderName();
    if (name.isEmpty()) {
        m_answer->setText(tr("Nobody holds the lock now: nothing to pause."));
        return;
    }
    // Past its TTL, as Kleppmann's GC pause: it wakes up believing it still holds.
    qint64 ttlMs = m_defaults.lock.ttlMs;
    for (const ClientSnapshot& c : m_snapshot.clients)
        if (c.name == name)
            ttlMs = c.settings.lock.ttlMs;
    send(QStringLiteral("client pause %1 %2").arg(name).arg(ttlMs + 2000));
}

void MainWindow::showNodes()
{
    auto* dialog = new NodesDialog(m_config, m_settings, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (dialog->nodesChanged())
            restartWithNodes(dialog->config());
    });
    dialog->open();
}

// Another fleet without restarting the program: a new engine on it, the same window.
void MainWindow::restartWithNodes(const EngineConfig& config)
{
    EngineConfig next = config;
    next.clientDefaults = m_defaults;
    restartEngine(next);
    m_answer->setText(next.usesLocalFleet()
                          ? tr("Now on %n local node(s).", nullptr, next.localNodeCount)
                          : tr("Now on %n node(s) of your own.", nullptr, int(next.nodes.size())));
}
