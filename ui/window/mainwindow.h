#pragma once

#include "clients/clientsettings.h"
#include "core/engineconfig.h"
#include "scenario/scenariorunner.h"
#include "snapshot/enginesnapshot.h"
#include "widgets/clientlegend.h"

#include <QFont>
#include <QHash>
#include <QMainWindow>
#include <QMap>
#include <QTimer>
#include <memory>

class CaptionBar;
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

// The Redlock Scope window: a card per node, the quorum view, a lane per client, the
// event log and the status bar.
//
// Data comes in only through applySnapshot(), which stores the snapshot and marks the
// views dirty (kcachegrind's protocol): one frame timer (<= 60 Hz) then pushes the latest
// snapshot into every view at once, so the quorum headline, the cards and the lanes
// always change in the same frame, and drives the local animations (TTL bars counting
// down). The timer runs only while something changed or moves, and never while the
// window is hidden. Every user action becomes a command line (commandRequested), the
// only thing that goes out.
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
    StorageCard* storageCard() const { return m_storageCard; }
    ClientLane* clientLane(const QString& name) const;
    // The TTL drawn for the resource's key on a node (ms), -1 when it shows none.
    qint64 displayedTtlMs(int nodeNumber, const QByteArray& resource) const;
    QString quorumHeadline() const;
    QuorumView* quorumView() const { return m_quorum; }
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
    ConsoleView* console() const { return m_console; }
    CaptionBar* caption() const { return m_caption; }

public slots:
    void applySnapshot(const EngineSnapshot& snapshot);
    void setDarkTheme(bool dark);
    void setTypeScale(double scale);
    void selectNode(int number); // 0: none
    void showShortcuts();
    void showSettings();

signals:
    void commandRequested(const QString& line);
    // One frame pushed into the views (their repaint follows in the same event loop
    // pass); shownDecisionUs: the engine's last decision time in the snapshot now shown,
    // 0 when the frame only animated. For the UI benchmark.
    void frameDrawn(qint64 shownDecisionUs);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

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
    void syncLaneWithNodes(ClientLane* lane, const ClientSnapshot& client);
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

    QAction* m_largeType = nullptr;
    QAction* m_darkTheme = nullptr;
    QAction* m_fullScreen = nullptr;
    QList<QAction*> m_shortcutActions; // in the order the shortcuts dialog lists them
    int m_selectedNode = 0;
    bool m_dark = false;
    double m_typeScale = 1.0;
    double m_basePointSize = 10.0;
};
