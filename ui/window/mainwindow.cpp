#include "window/mainwindow.h"

#include "cards/faulttext.h"
#include "cards/keylistview.h"
#include "cards/nodecard.h"
#include "cards/storagecard.h"
#include "console/captionbar.h"
#include "console/consoleview.h"
#include "core/constants.h"
#include "core/enginecontroller.h"
#include "core/steadyclock.h"
#include "core/textformat.h"
#include "dialogs/clientsettingsdialog.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/shortcutsdialog.h"
#include "lanes/clientlane.h"
#include "lock/strategyfactory.h"
#include "log/eventlogview.h"
#include "quorum/quorumview.h"
#include "quorum/sentinelpanel.h"
#include "record/eventtext.h"
#include "record/verdict.h"
#include "scenario/scenariolibrary.h"
#include "widgets/uitheme.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenuBar>
#include <QPixmap>
#include <QScreen>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QToolBar>
#include <QVBoxLayout>

namespace {

constexpr int FrameIntervalMs = Constants::FrameMs; // <= 60 Hz
constexpr double LargeTypeScale = 1.35;
constexpr double MinTypeScale = 0.7;
constexpr double MaxTypeScale = 2.6;

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
    // Never smaller than 10 pt: the window is made to be read from a distance.
    m_basePointSize = qMax(10.0, QApplication::font().pointSizeF());

    m_frameTimer.setInterval(FrameIntervalMs);
    m_frameTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_frameTimer, &QTimer::timeout, this, &MainWindow::onFrame);

    buildLayout();
    buildActions();
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
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(8);

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
    connect(m_console, &ConsoleView::lineEntered, this, [this](const QString& line) {
        if (m_controller)
            m_controller->runConsole(line, int(m_console->typedLines().size()));
    });
    // A projector's 720 lines go to the lock first (E brings the log back); a tall
    // engineer's screen has room for it from the start.
    const QScreen* s = screen();
    m_logDock->setVisible(s && s->availableGeometry().height() >= 1000);

    m_runTime = new QLabel(this);
    m_runTime->setToolTip(tr("How long the engine has been running."));
    m_rate = new QLabel(this);
    m_rate->setToolTip(tr("History events per second, over the last second."));
    m_nodesUp = new QLabel(this);
    m_nodesUp->setToolTip(tr("Nodes up out of all nodes."));
    m_checker = new QLabel(this);
    m_checker->setObjectName(QStringLiteral("checkerVerdict"));
    m_checker->setToolTip(tr("The safety checker's verdict on the history so far."));
    m_answer = new QLabel(this);
    m_answer->setObjectName(QStringLiteral("lastAnswer"));
    m_answer->setToolTip(tr("The engine's answer to the last command."));
    for (QLabel* l : {m_runTime, m_rate, m_nodesUp, m_checker, m_answer})
        l->setContentsMargins(6, 0, 10, 0);
    statusBar()->addWidget(m_runTime);
    statusBar()->addWidget(m_rate);
    statusBar()->addWidget(m_nodesUp);
    statusBar()->addWidget(m_checker);
    statusBar()->addWidget(m_answer, 1);
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
    QAction* settings = addAction(QStringLiteral("actionSettings"), tr("&Settings…"),
                                  tr("Nodes, credentials and client defaults"),
                                  {QKeySequence(Qt::CTRL | Qt::Key_Comma)});
    connect(settings, &QAction::triggered, this, &MainWindow::showSettings);

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
    connect(consoleToggle, &QAction::toggled, this, [this](bool on) {
        if (on)
            m_console->input()->setFocus();
    });
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
    }
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
    file->addActions({screenshot, quit});
    QMenu* clients = menuBar()->addMenu(tr("&Clients"));
    clients->addActions({add, stopAll, startAll, toggleAll, allSettings});
    QMenu* nodes = menuBar()->addMenu(tr("&Nodes"));
    nodes->addActions({kill, pause, resume, restart, partition, heal});
    nodes->addSeparator();
    nodes->addAction(topologyAction());
    nodes->addSeparator();
    nodes->addActions(selectActions);
    nodes->addAction(deselect);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addActions({m_largeType, bigger, smaller, resetType, m_darkTheme, m_fullScreen, logToggle,
                      consoleToggle});
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(settings);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(shortcuts);

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    bar->addActions({add, stopAll, startAll});
    bar->addSeparator();
    bar->addAction(settings);
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
    const qint64 now = engineNow();
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
    const qint64 now = engineNow();
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
    for (ClientLane* lane : std::as_const(m_lanes))
        moving = lane->advance(nowUs) || moving;
    moving = m_quorum->advance(nowUs) || moving;
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
    if (changed)
        relayoutCards();
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
    for (const ClientSnapshot& c : m_snapshot.clients) {
        ClientLane*& lane = m_lanes[c.id];
        if (!lane) {
            lane = new ClientLane(c.id, m_lanesArea);
            connect(lane, &ClientLane::commandRequested, this, &MainWindow::send);
            connect(lane, &ClientLane::settingsRequested, this, &MainWindow::openClientSettings);
        }
        lane->setClient(c, nowUs);
        syncLaneWithNodes(lane, c);
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
    }
}

// What the nodes say about one client: which of them cut it off by name (a partition
// from every client is on its node's card, not repeated on every lane), and the keys it
// left on them (for a crashed client).
void MainWindow::syncLaneWithNodes(ClientLane* lane, const ClientSnapshot& client)
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
    m_controller = std::make_unique<EngineController>(m_config);
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
    c->setLanguage(QLocale().name().left(2));
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
        if (!replicated && config.clientDefaults.strategy == StrategyFactory::Kind::Failover)
            config.clientDefaults.strategy = StrategyFactory::Kind::Redlock;
        restartEngine(config);
    });
    return a;
}

void MainWindow::restartEngine(const EngineConfig& config)
{
    m_config = config;
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
    m_scenarioStatus->setText(tr("%1").arg(source));
    m_scenarioBar->show();
    if (m_controller)
        m_controller->runScenario(source, text, seed);
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
        if (dialog->nodesChanged()) {
            restartEngine(dialog->config()); // the new engine starts with the new defaults
        } else {
            m_config = dialog->config();
            if (!dialog->defaultsCommand().isEmpty())
                send(dialog->defaultsCommand());
        }
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

ClientLane* MainWindow::clientLane(const QString& name) const
{
    for (ClientLane* lane : m_lanes) {
        if (lane->clientName() == name)
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
    updateNow();
    // A picture shows a settled state: no key half grown in or half faded out.
    for (NodeCard* card : std::as_const(m_cards))
        card->keyView()->settle();
    // Let pending relayouts (new cards or lanes) happen before the picture is taken.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QPixmap picture = grab();
    if (picture.isNull())
        return false;
    return picture.save(pngPath, "PNG");
}
