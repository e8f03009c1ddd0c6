// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cards/nodecardgrid.h"
#include "lanes/clientlanelist.h"
#include "model/engineconfig.h"
#include "model/enginesnapshot.h"
#include "window/enginesession.h"
#include "window/frameloop.h"
#include "window/runreplay.h"
#include "window/windowdocks.h"
#include "window/windowstatus.h"

#include <QImage>
#include <QMainWindow>
#include <QSet>
#include <functional>
#include <optional>

class AppSettings;
class CaptionBar;
class ChartsPanel;
class ClientLane;
class ConsoleView;
class EngineController;
class EventLogView;
class NodeCard;
class QuorumView;
class ReplayBar;
class ScenarioBar;
class SentinelPanel;
class StageTimeline;
class WindowActions;
class WindowDialogs;
struct ScenarioResult;

// The Redlock Scope window: a card per node, the quorum view, a lane per client, the
// event log, the charts and the status bar; live, or a recorded run scrubbed in time.
//
// Data comes in only through applySnapshot(); the frame loop (FrameLoop) draws the latest
// snapshot into every view at once, at most once per frame. Every user action becomes a
// command line (commandRequested), the only thing that goes out. What the engine holds (its
// clients' defaults among it) is read from the latest snapshot, never kept here.
//
// The window wires its parts, each a class of its own: the menus, toolbar and keys from one
// table (WindowActions), the engine it drives (EngineSession), the docks (WindowDocks), the
// status bar (WindowStatus), the dialogs (WindowDialogs), the scenario bar (ScenarioBar), a
// recorded run (RunReplay), the frames (FrameLoop), the cards (NodeCardGrid) and the lanes
// (ClientLaneList).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(const EngineConfig& config, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Starts an engine on config(), owned by the window, wired both ways.
    void startEngine();
    // Renders the window (grab()) to a PNG file; false when it cannot be written.
    bool saveScreenshot(const QString& pngPath);
    // The window as it is now, settled (every pending snapshot and layout in, no animation
    // half way): what a screenshot and a slide show.
    QImage settledPicture();
    // Every pending snapshot and layout in, no animation half way: the window as a picture
    // of it would show it (a slide draws it right after).
    void settle();

    EngineController* controller() const { return m_engine->controller(); }
    // The newest snapshot the window holds: all it knows of the engine.
    const EngineSnapshot& latestSnapshot() const { return m_frames->snapshot(); }
    // What a new engine would start from now: the nodes and topology chosen here, and the
    // client defaults the running engine has (they change with `defaults ...`).
    EngineConfig config() const;

    // For tests and scripts (views are also reachable by objectName).
    int nodeCardCount() const { return m_cards->count(); }
    int clientLaneCount() const { return m_lanes->count(); }
    NodeCard* nodeCard(int number) const { return m_cards->card(number); } // 1..N
    ClientLane* clientLane(const QString& name) const;
    // The TTL drawn for the resource's key on a node (ms), -1 when it shows none.
    qint64 displayedTtlMs(int nodeNumber, const QByteArray& resource) const;
    QString quorumHeadline() const;
    SentinelPanel* sentinelPanel() const { return m_sentinels; }
    EventLogView* eventLog() const { return m_docks->log(); }
    QString lastCommandAnswer() const { return m_status->answer(); }
    int selectedNode() const { return m_cards->selected(); }
    bool isDarkTheme() const { return m_dark; }
    double typeScale() const { return m_typeScale; }
    // True while frames are being drawn (something changed or moves).
    bool isFrameTimerActive() const { return m_frames->isRunning(); }
    // The forced synchronous path (tests, screenshots): pending data into the views now.
    void updateNow() { m_frames->updateNow(); }
    // Runs one command line as if typed; shown in the status bar with its answer. Returns
    // the engine's id for it (commandFinished), 0 when no engine runs.
    quint64 executeCommand(const QString& line);
    // Plays a scenario (a file, builtin:NAME, or `text` from `source` like "--exec") with its
    // narration as captions; Restart plays it again on fresh nodes. A file whose lines would
    // start programs or change servers the app did not start (ScenarioConsent) is shown to
    // the user first and runs only if they agree (asked once per file content); the text they
    // agreed to is the text that runs. False when it was not run.
    bool runScenario(const QString& source, const QString& text = {},
                     std::optional<quint64> seed = {});
    // Who is asked (the source and ScenarioConsent::lines); ConsentDialog unless set.
    using ConsentAsker = std::function<bool(const QString& source, const QStringList& lines)>;
    void setConsentAsker(ConsentAsker asker) { m_consentAsker = std::move(asker); }
    // --allow-exec / --allow-destructive: what they allow is not asked about in this window.
    void allowWithoutAsking(bool exec, bool destructive);
    // Plays a scenario file on fresh local nodes of that topology, with no clients but its own
    // (a counterexample the search found).
    void playOnFreshNodes(const QString& path, EngineConfig::Topology topology);
    ConsoleView* console() const { return m_docks->console(); }
    CaptionBar* caption() const { return m_caption; }

    // Shows a recorded run instead of the live one (the engine and its nodes stop). False,
    // with *error, when the file cannot be opened as a run (nothing changes then).
    bool openRun(const QString& path, QString* error);
    bool isReplaying() const { return m_replay->isOpen(); }
    ReplayBar* replayBar() const { return m_replayBar; }
    ChartsPanel* charts() const { return m_docks->charts(); }
    void setChartsVisible(bool visible) { m_docks->setChartsVisible(visible); }
    // ---- the stage: what a class sees (View → Present, F11; what --slides draws) ----------
    // The nodes, the headline, the caption, the lanes and the timeline up to this moment;
    // no menus, toolbars, status bar, docks or buttons, no operator's hints, in type a back
    // row reads (large type at least, grown with the height beyond 720 lines). Off, the
    // window is as it was.
    void setPresenting(bool on);
    bool isPresenting() const { return m_presenting; }
    // View → Present: the stage, full screen (and back to the window as it was).
    void present(bool on);
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
    void exposeForYourClients();

public slots:
    void applySnapshot(const EngineSnapshot& snapshot)
    {
        m_frames->apply(snapshot, !isReplaying());
    }
    void setDarkTheme(bool dark);
    void setTypeScale(double scale);
    void selectNode(int number) { m_cards->select(number); } // 0: none
    void showShortcuts();
    void showSettings();
    void showSearch(); // Tools → Search for a counterexample…
    // ---- what the menus and keys do (WindowActions), also for scripts -----------------------
    void toggleAllClients();               // stop all, or start all when all are stopped
    void showClientSettings(int clientId); // -1: every client at once
    // A fault on the selected node (K, P, U, R, X, H), only when its card offers it.
    void actOnSelectedNode(const QString& verb);
    void setReplicatedTopology(bool replicated); // restarts on fresh local nodes
    void playBuiltinScenario(const QString& name);
    void openScenarioFile();
    void saveTypedLines();
    void openRunDialog();
    void exportRun();
    void backToLive();
    void saveScreenshotAs();

signals:
    void commandRequested(const QString& line);
    // One frame pushed into the views; shownDecisionUs: the engine's last decision time in
    // the snapshot now shown, 0 when the frame only animated. For the UI benchmark.
    void frameDrawn(qint64 shownDecisionUs);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildLayout();
    void connectParts();
    void connectEngine();
    qint64 viewNowUs() const;
    void send(const QString& line);
    const ClientSnapshot* holder() const;
    void restartEngine(const EngineConfig& config);
    void restartScenario();
    bool consentTo(const QString& source, const QString& text);
    void onScenarioFinished(const ScenarioResult& result);
    void setReplayMode(bool on);
    void updateTitle();
    void showCaptionAt(qint64 tUs);
    void clearLog();
    void restartWithNodes(const EngineConfig& config);
    void refreshRecentMenu();
    void retranslate();
    QString chosenLanguage() const;
    // The window's type: the chosen scale, on the stage at least large and grown with the
    // height; in the language's own face.
    void applyType();
    double stageScale() const;

    EngineSession* m_engine = nullptr;
    NodeCardGrid* m_cards = nullptr;
    QuorumView* m_quorum = nullptr;
    SentinelPanel* m_sentinels = nullptr; // the replicated topology's Sentinels
    CaptionBar* m_caption = nullptr;
    StageTimeline* m_stageTimeline = nullptr;
    ClientLaneList* m_lanes = nullptr;
    ReplayBar* m_replayBar = nullptr;
    WindowDocks* m_docks = nullptr;
    WindowStatus* m_status = nullptr;
    ScenarioBar* m_scenarioBar = nullptr;
    RunReplay* m_replay = nullptr;
    FrameLoop* m_frames = nullptr;
    WindowActions* m_menus = nullptr;
    WindowDialogs* m_dialogs = nullptr;
    QString m_runPath;

    AppSettings* m_settings = nullptr;
    QString m_language = QStringLiteral("en");
    std::function<void(const QString&)> m_runOpener;
    ConsentAsker m_consentAsker;
    QSet<QString> m_consented; // without settings: agreed to in this window
    bool m_allowExec = false;
    bool m_allowDestructive = false;
    bool m_dark = false;
    double m_typeScale = 1.0;
    double m_basePointSize = 10.0;
    bool m_retranslateQueued = false;
    bool m_presenting = false;
    bool m_fullScreenBeforeStage = false;
    QByteArray m_stateBeforeStage; // toolbars and docks, as they were before the stage
    double m_appliedStageScale = 1.0;
};
