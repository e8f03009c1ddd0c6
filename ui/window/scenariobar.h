// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"

#include <QString>
#include <QToolBar>
#include <optional>

class QAction;
class QLabel;
struct ScenarioResult;

// The bar under the main toolbar while a scenario plays: pause or play on, step to the next
// caption, restart on fresh nodes, stop; and where the scenario stands ("gc-pause · paused",
// then its verdict in the verdict's colour). It asks for these through its signals: the
// window owns the engine that plays the scenario.
class ScenarioBar : public QToolBar
{
    Q_OBJECT

public:
    // What a scenario is, for Restart to play it again the same way.
    struct Play
    {
        QString source; // a file, builtin:NAME, or where `text` came from ("--exec")
        QString text;
        std::optional<quint64> seed;
        ClientSettings defaults; // the client defaults it started with, for Restart's nodes
    };

    explicit ScenarioBar(QWidget* parent = nullptr);

    QAction* playPauseAction() const { return m_playPause; }
    QAction* stepAction() const { return m_step; }
    QAction* restartAction() const { return m_restart; }
    QAction* stopAction() const { return m_stop; }
    const Play& play() const { return m_play; }
    QString statusText() const;

    // A scenario starts: the bar shows, naming it.
    void start(const Play& play);
    void setState(int state); // ScenarioRunner::State
    void showResult(const ScenarioResult& result);
    void retranslate();

signals:
    void pauseRequested();
    void resumeRequested();
    void stepRequested();
    void restartRequested();
    void stopRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    QAction* addButton(const char* objectName);
    // The status keeps to the room the buttons leave: cut ("…"), never moved into the »
    // overflow menu, where large type put the verdict out of sight.
    void fitStatus();

    QAction* m_playPause;
    QAction* m_step;
    QAction* m_restart;
    QAction* m_stop;
    QLabel* m_status;
    QStringList m_statusForms; // the status whole, then shorter forms of it
    Play m_play;
    int m_state = 0; // ScenarioRunner::State
};
