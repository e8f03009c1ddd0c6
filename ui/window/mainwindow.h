// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"
#include "model/engineconfig.h"
#include "model/enginesnapshot.h"
#include "scenario/scenariorunner.h"
#include "widgets/clientlegend.h"

#include <QElapsedTimer>
#include <QFont>
#include <QHash>
#include <QMainWindow>
#include <QMap>
#include <QSet>
#include <QTimer>
#include <functional>
#include <memory>

class AppSettings;
class CaptionBar;
class ChartsPanel;
class ClientLane;
class ConsoleView;
class EngineController;
class EventLogView;
class NodeCard;
class QAction;
class QDockWidget;
class QGridLayout;
class QLabel;
class QMenu;
class QScrollArea;
class QToolBar;
class QVBoxLayout;
class QuorumView;
class SentinelPanel;
class StorageCard;
class ReplayBar;
class RunReplayer;
struct RecordedRun;

// The Redlock Scope window: a card per node, the quorum view, a lane per client, the
// event log, the charts and the status bar; live, or a recorded run scrubbed in time.
//
// Data comes in only through applySnapshot(), which stores the snapshot and marks the
// views dirty (kcachegrind's protocol): one frame timer (<= 60 Hz) then pushes the latest
// snapshot into every view at once, so the quorum headline, the cards and the lanes
// always change in the same frame, and drives the local animations (TTL bars counting
// down). The timer runs only while something changed or moves, and never while the
// window is hidden. Every user action becomes a command line (commandRequested), the
// only thing that goes out.
//
// A recorded run (openRun) is shown by the same views: the engine stops, a RunReplayer
// rebuilds the snapshot at the replay bar's time, and the views' clock is that time.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const EngineConfig& config, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Creates and starts an EngineController(config) owned by the window, wired both ways.
    void startEngine();
    // Renders the window (grab()) to a PNG file; false when it cannot be written.
    bool saveScreenshot(const QString& pngPath);

    EngineController* controller() const { return m_controller.get(); }
    const EngineConfig& config() const { return m_config; }

    // For tests and scripts (views are also reachable by objectName).
    int nodeCardCount() const { return int(m_cards.size()); }
    int clientLaneCount() const { return int(m_lanes.size()); }
    NodeCard* nodeCard(int number) const; // 1..N
    ClientLane* clientLane(const QString& name) const;
    // The TTL drawn for the resource's key on a node (ms), -1 when it shows none.
    qint64 displayedTtlMs(int nodeNumber, const QByteArray& resource) const;
    QString quorumHeadline() const;
    SentinelPanel* sentinelPanel() const { return m_sentinels; }
    EventLogView* eventLog() const { return m_log; }
    QString lastCommandAnswer() const;
    int selectedNode() const { return m_selectedNode; }
    bool isDarkTheme() const { return m_dark; }
    double typeScale() const { return m_typeScale; }
    // True while frames are being drawn (something changed or moves).
    bool isFrameTimerActive() const { return m_frameTimer.isActive(); }
    // The forced synchronous path (tests, screenshots): pending data into the views now.
    void updateNow();
    // Runs one command line as if typed; shown in the status bar with its answer. Returns
    // the engine's id for it (commandFinished), 0 when no engine runs.
    quint64 executeCommand(const QString& line);
    // Plays a scenario (a file, builtin:NAME, or `text` from `source` like "--exec") with its
    // narration as captions; Restart plays it again on fresh nodes.
    void runScenario(const QString& source, const QString& text = {},
                     std::optional<quint64> seed = {});
    // Plays a scenario file on fresh local nodes of that topology, with no clients but its own
    // (a counterexample the search found).
    void playOnFreshNodes(const QString& path, EngineConfig::Topology topology);
    ConsoleView* console() const { return m_console; }
    CaptionBar* caption() const { return m_caption; }

    // Shows a recorded run instead of the live one (the engine and its nodes stop). False,
    // with *error, when the file cannot be opened as a run (nothing changes then).
    bool openRun(const QString& path, QString* error);
    bool isReplaying() const { return m_replayer != nullptr; }
    ReplayBar* replayBar() const { return m_replayBar; }
    ChartsPanel* charts() const { return m_charts; }
    void setChartsVisible(bool visible);
    // The run shown: the live run's file (while it is recorded) or the opened one.
    QString runPath() const { return m_runPath; }
    // ---- presenter: remembered settings, language, recent files --------------------------
    // Restores theme, type scale, window geometry and docks from `settings` (may be null:
    // nothing is remembered), lists its recent scenarios, and from now on remembers them.
    void setAppSettings(AppSettings* settings);
    // Installs the language (a code of Languages::available(), "" for the system's), the
    // window and the engine's narration follow live; remembered.
    void setLanguage(const QString& code);
    QString language() const { return m_language; }
    // The hook for run files: remembers `path` in File → Recent and offers it again through
    // `opener` (set by whoever can open runs; without one runs are remembered, not listed).
    void rememberRun(const QString& path);
    void setRunOpener(std::function<void(const QString&)> opener);
    // "Pause the holder": the client in its critical section now, from the latest snapshot
    // (the GC-pause demo without racing the hand-over). Empty when nobody holds.
    QString holderName() const;
    void pauseHolder();
    void showNodes();

public slots:
    void applySnapshot(const EngineSnapshot& snapshot);
    void setDarkTheme(bool dark);
    void setTypeScale(double scale);
    void selectNode(int number); // 0: none
    void showShortcuts();
    void showSettings();
    void showSearch(); // Tools → Search for a counterexample…

signals:
    void commandRequested(const QString& line);
    // One frame pushed into the views (their repaint follows in the same event loop
    // pass); shownDecisionUs: the engine's last decision time in the snapshot now shown,
    // 0 when the frame only animated. For the UI benchmark.
    void frameDrawn(qint64 shownDecisionUs);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildActions();
    void buildLayout();
    void send(const QString& line);
    void scheduleFrame();
    void onFrame();
    void syncViews(qint64 nowUs);
    bool advanceViews(qint64 nowUs);
    void syncCards(qint64 nowUs);
    void syncLanes(qint64 nowUs);
    void syncLane(ClientLane* lane, const ClientSnapshot& client, qint64 nowUs) const;
    void syncLaneWithNodes(ClientLane* lane, const ClientSnapshot& client) const;
    QRect lanesShown() const;
    void syncStatus();
    void relayoutCards();
    void openClientSettings(int clientId);
    void onCommandFinished(quint64 id, bool ok, const QString& message);
    void restartEngine(const EngineConfig& config);
    QAction* topologyAction();
    void buildScenarioActions(QMenu* file);
    void openScenarioFile();
    void restartScenario();
    void onScenarioState(int state);
    void onScenarioFinished(const ScenarioResult& result);
    void saveTypedLines();
    void toggleAllClients();
    void nodeAction(const QString& verb);
    bool canDraw() const;
    qint64 viewNowUs() const;
    void buildCharts();
    void buildRunActions(QMenu* file);
    void seekReplay(qint64 tUs);
    void setReplayMode(bool on);
    void openRunDialog();
    void exportRun();
    void backToLive();
    // presenter (kept apart from the rest so that File-menu changes merge cleanly)
    void buildLanguageMenu(QMenu* view);
    void buildRecentMenu(QMenu* file);
    void refreshRecentMenu();
    void rememberWindow();
    void retranslate();
    void retranslateDocksAndStatus();
    void rebuildViewsFromSnapshot();
    void updateNodeMenu();
    void restartWithNodes(const EngineConfig& config);
    void keepLanesInView();
    void compactDocks(bool compact);
    QAction* addAction(const QString& objectName, const QString& text, const QString& tip,
                       const QList<QKeySequence>& keys = {});

    EngineConfig m_config;
    ClientSettings m_defaults;
    std::unique_ptr<EngineController> m_controller;
    bool m_engineStartedByUs = false;

    EngineSnapshot m_snapshot;
    QList<HistoryEvent> m_pendingEvents;
    bool m_dirty = false;
    bool m_haveSnapshot = false;
    QTimer m_frameTimer;
    ClientLegend m_legend;

    QMap<int, NodeCard*> m_cards;   // by number (1..N)
    QMap<int, ClientLane*> m_lanes; // by client id
    QList<int> m_laneOrder;
    mutable QSet<int> m_staleLanes; // out of view at the last sync: behind the snapshot
    QWidget* m_cardsArea = nullptr;
    QGridLayout* m_cardsLayout = nullptr;
    StorageCard* m_storageCard = nullptr;
    QuorumView* m_quorum = nullptr;
    SentinelPanel* m_sentinels = nullptr; // the replicated topology's Sentinels
    QAction* m_topologyAction = nullptr;
    QWidget* m_lanesArea = nullptr;
    QVBoxLayout* m_lanesLayout = nullptr;
    QScrollArea* m_lanesScroll = nullptr;
    QLabel* m_noClients = nullptr;
    EventLogView* m_log = nullptr;
    QDockWidget* m_logDock = nullptr;
    CaptionBar* m_caption = nullptr;
    ConsoleView* m_console = nullptr;
    QDockWidget* m_consoleDock = nullptr;
    QToolBar* m_scenarioBar = nullptr;
    QAction* m_playPause = nullptr;
    QAction* m_stepNarration = nullptr;
    QLabel* m_scenarioStatus = nullptr;
    QString m_scenarioSource; // what Restart plays again
    QString m_scenarioText;
    std::optional<quint64> m_scenarioSeed;
    int m_scenarioState = 0; // ScenarioRunner::State

    QLabel* m_runTime = nullptr;
    QLabel* m_rate = nullptr;
    QLabel* m_nodesUp = nullptr;
    QLabel* m_checker = nullptr;
    QLabel* m_answer = nullptr;
    QHash<quint64, QString> m_commandLines; // id -> line, until answered

    ChartsPanel* m_charts = nullptr;
    QDockWidget* m_chartsDock = nullptr;
    ReplayBar* m_replayBar = nullptr;
    std::unique_ptr<RunReplayer> m_replayer;
    std::shared_ptr<const RecordedRun> m_openedRun;
    QString m_runPath;
    qint64 m_replayNowUs = 0;
    QElapsedTimer m_replaySettle;     // after a jump, the views ease into the instant
    size_t m_replayLogged = 0;        // events of the replay given to the log so far
    QList<QAction*> m_commandActions; // disabled while a recorded run is shown
    QAction* m_liveRun = nullptr;
    QAction* m_replayPlay = nullptr;

    QAction* m_largeType = nullptr;
    QAction* m_darkTheme = nullptr;
    QAction* m_fullScreen = nullptr;
    QList<QAction*> m_shortcutActions; // in the order the shortcuts dialog lists them
    QList<QAction*> m_ownActions;      // made by buildActions(): rebuilt on a language change
    QList<QAction*> m_selectNodeActions;
    QToolBar* m_mainBar = nullptr;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_languageMenu = nullptr;
    AppSettings* m_settings = nullptr;
    QString m_language = QStringLiteral("en");
    std::function<void(const QString&)> m_runOpener;
    int m_selectedNode = 0;
    bool m_dark = false;
    double m_typeScale = 1.0;
    double m_basePointSize = 10.0;
    bool m_retranslateQueued = false;
};
