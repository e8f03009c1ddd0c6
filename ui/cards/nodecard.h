// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/constants.h"
#include "model/nodesnapshot.h"
#include "widgets/clientlegend.h"

#include <QFrame>
#include <QHash>
#include <QStringList>
#include <functional>

class ElidedLabel;
class FaultStrip;
class KeyListView;
class OutcomeGrid;
class PillLabel;
class QAction;
class QActionGroup;
class QLabel;
class QMenu;
class QToolButton;

// One Redis node: address, state, the faults in force, its lock keys with their TTLs,
// each client's latest answer, its persistence, and fault buttons. Fed by MainWindow once
// per frame (setNode) and animated by advance(); asks for faults by emitting command lines
// ("node kill 3").
//
// What it offers follows NodeSnapshot::actions, the verbs the engine accepts right now:
// anything else is disabled, with the reason (actionsNote, or the state) in its tooltip.
class NodeCard : public QFrame
{
    Q_OBJECT

public:
    explicit NodeCard(int number, QWidget* parent = nullptr);

    // number: the node's number in commands (1..N).
    int number() const { return m_number; }
    // ttlByClient: the current clients (their ids) and the TTL each uses.
    void setNode(const NodeSnapshot& node, const ClientLegend& legend,
                 const QHash<int, int>& ttlByClient, qint64 nowUs);
    bool advance(qint64 nowUs);

    void setSelected(bool selected);
    bool isSelected() const { return m_selected; }
    // The stage for a class (View → Present, slides): no buttons, no address, no selection.
    void setStage(bool stage);
    // A recorded run: its nodes are gone, so the fault buttons (which could do nothing) go too,
    // and the card keeps what the recording says in fewer lines.
    void setRecorded(bool recorded);
    NodeSnapshot::State state() const { return m_node.state; }
    // The snapshot the card shows, as the engine sent it.
    const NodeSnapshot& node() const { return m_node; }
    QString stateText() const;

    // The node verbs the engine accepts now, and why one is not (empty when it is).
    const QStringList& actions() const { return m_node.actions; }
    bool canDo(const QString& verb) const { return m_node.actions.contains(verb); }
    QString whyNot(const QString& verb) const;
    bool hasFault(Fault::Kind kind) const;
    // A partition, latency, drop or clock jump: what `node heal` ends.
    bool hasHealableFault() const;
    // The fault lines as drawn ("✂ partitioned from C2 · for 4 s").
    QStringList faultLines() const;
    QString persistenceText() const;
    // "MASTER", "REPLICA · 1.2 kB behind", ... ; empty on independent masters.
    QString roleText() const;
    QMenu* moreMenu() const;

    KeyListView* keyView() const { return m_keys; }
    OutcomeGrid* outcomeGrid() const { return m_outcomes; }
    qint64 displayedTtlMs(const QByteArray& resource) const;

signals:
    void commandRequested(const QString& line);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    // A button or menu entry that needs `verb` in the node's actions to be offered.
    struct Offer
    {
        QWidget* button = nullptr;
        QAction* action = nullptr;
        QMenu* submenu = nullptr; // its menuAction() is `action`
        QString verb;
        QString tip;
        std::function<bool()> extra; // a further condition (e.g. something to heal)
        QString extraWhy;            // shown when `extra` says no
    };

    QToolButton* addButton(const QString& text, const QString& verb, const QString& tip);
    QAction* addEntry(QMenu* menu, const QString& name, const QString& text, const QString& verb,
                      const QString& tip, std::function<QString()> command);
    QMenu* addSubmenu(const QString& name, const QString& text, const QString& verb,
                      const QString& tip);
    void offerOnlyWhile(std::function<bool()> condition, const QString& why);
    void buildMenu();
    void syncClientMenu(const QStringList& names);
    void syncPersistence();
    void syncRole(const NodeSnapshot& node, bool dark);
    void askLatency();
    void askClockJump();
    static QList<Fault> shownFaults(const NodeSnapshot& node, qint64 nowUs);
    QString line(const QString& verb, const QString& args = {}) const;
    void updateOffers();
    void applyFonts();
    void showAnswersHeading();

    int m_number;
    NodeSnapshot m_node; // the latest, whole: what the card offers and draws is read from it
    bool m_hasState = false;
    bool m_selected = false;
    bool m_applyingFonts = false;
    QLabel* m_title;
    PillLabel* m_statePill;
    ElidedLabel* m_address;
    ElidedLabel* m_role; // master or replica, and the replica's lag (replicated topology)
    FaultStrip* m_faults;
    bool m_large = false;    // large type: no address line, no heading over the answers
    bool m_stage = false;    // on the stage: no buttons, no address line
    bool m_recorded = false; // a recorded run: no buttons, no heading over the answers
    QWidget* m_buttonRow = nullptr;
    bool m_addressWanted = false; // the address line says a problem: shown in any type size
    QLabel* m_keysHeading;
    QLabel* m_outcomesHeading;
    KeyListView* m_keys;
    OutcomeGrid* m_outcomes;
    QLabel* m_persistence;
    QToolButton* m_kill;
    QToolButton* m_pause;
    QToolButton* m_resume;
    QToolButton* m_restart;
    QToolButton* m_more; // the rarer faults, in a menu: the card is narrow
    QMenu* m_clientMenu = nullptr;
    QAction* m_restartDelayed = nullptr;
    QAction* m_clockTtl = nullptr;
    QActionGroup* m_persistenceGroup = nullptr;
    QList<Offer> m_offers;
    QStringList m_clientNames;
    int m_maxTtlMs = Constants::DefaultTtlMs;
};
