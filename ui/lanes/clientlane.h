// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsnapshot.h"

#include <QFrame>

class ElidedLabel;
class PillLabel;
class QHBoxLayout;
class QLabel;
class QMenu;
class QToolButton;
class ValidityBar;

// One simulated client: name in its colour, state, the validity it believes it has
// (counting down), counters, and buttons that become command lines ("client stop C1").
// A client that believes it holds after its validity ran out (a GC pause) turns the lane
// red with "BELIEVES IT HOLDS — validity expired 3.2 s ago"; a crashed client shows the
// keys it left behind counting down; a client cut off from nodes says from which; a client
// whose stale write was rejected, or whose release deleted another's key (or whose key was
// deleted), says so with who and which token until its next critical section begins.
class ClientLane : public QFrame
{
    Q_OBJECT

public:
    explicit ClientLane(int clientId, QWidget* parent = nullptr);

    int clientId() const { return m_id; }
    QString clientName() const { return m_client.name; }
    const ClientSnapshot& client() const { return m_client; }
    void setClient(const ClientSnapshot& client, qint64 nowUs);
    // What the nodes say about this client, from the same snapshot (MainWindow):
    // how many nodes there are (for "Cut off from node"), which of them it cannot reach
    // (numbers 1..N), and its keys left on them (how many nodes, until when).
    void setNodeCount(int count);
    void setSentinelReady(bool ready);
    void setCutOffFrom(const QList<int>& nodes);
    void setLeftoverKeys(int nodeCount, qint64 untilUs);
    // A moment the checker judged that this client was in (its stale write rejected, a
    // release that deleted another's key, its own key deleted): said where the counters are,
    // longest form first; empty when there is none to tell.
    void setMoment(const QStringList& forms);
    // The stage for a class (View → Present, slides): no buttons.
    void setStage(bool stage);
    // A recorded run: its clients are gone, so their buttons and rung menu (which could do
    // nothing) give way to the rung in words, as on the stage.
    void setRecorded(bool recorded);
    QString momentText() const { return m_moment.value(0); }
    bool advance(qint64 nowUs);

    QString stateText() const;
    QString countersText() const;
    // The counters as painted now: a shorter form in a narrow lane, never a cut number.
    QString countersShown() const;
    bool countersElided() const;
    QString countersToolTip() const; // tries, acquired, failed by reason, explained
    qint64 displayedValidityMs() const;
    // "BELIEVES IT HOLDS — validity expired 3.2 s ago" while that is so; empty otherwise.
    QString alarmText() const;
    QString cutOffText() const; // "✂ node 2, 4"; empty when it reaches every node
    QMenu* moreMenu() const;

    // "acquiring (try 2)", "holding", ...
    static QString describeState(const ClientSnapshot& client);
    static QString holdingText(const ClientSnapshot& client);
    // The GC-pause demo's length: the client's TTL and two seconds more, so that a holder
    // wakes up after its lock expired, still believing it holds.
    static qint64 pastTtlPauseMs(const ClientSnapshot& client);

signals:
    void commandRequested(const QString& line);
    void settingsRequested(int clientId);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QStringList counterForms() const;
    QToolButton* addButton(const QString& text, const QString& objectName, const QString& tip);
    void send(const QString& verb, const QString& args = {});
    void buildMenu();
    void buildStrategyMenu();
    void becomeForeign();
    void updateButtons();
    void showControls(); // the buttons and rung menu, or the rung in words
    void updateAlarm();
    void updateCounters();
    void equalizeButtonWidths();
    void applyFonts();
    void refreshColors();

    int m_id;
    bool m_hasClient = false;
    bool m_applyingFonts = false;
    ClientSnapshot m_client;
    PillLabel* m_name;
    PillLabel* m_state;
    PillLabel* m_cutOff;
    ValidityBar* m_validity;
    ElidedLabel* m_counters;
    QHBoxLayout* m_layout;
    QToolButton* m_startStop;
    QToolButton* m_pause;
    QToolButton* m_resume;
    QToolButton* m_crash;
    QToolButton* m_restart;
    QToolButton* m_settings;
    QToolButton* m_more;
    QToolButton* m_strategy; // the rung of the ladder it locks with, and a menu to change it
    QToolButton* m_remove;
    QMenu* m_nodeMenu = nullptr;
    QAction* m_pauseFor = nullptr;
    QAction* m_pausePastTtl = nullptr;
    QAction* m_heal = nullptr;
    int m_nodeCount = 0;
    QList<int> m_cutOffFrom;
    int m_leftoverNodes = 0;
    qint64 m_leftoverUntilUs = 0;
    QStringList m_moment;
    bool m_alarm = false;
    bool m_stage = false;
    bool m_recorded = false;
    QLabel* m_rung = nullptr; // the rung's name, on the stage instead of its menu button
};
