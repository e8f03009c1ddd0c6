#pragma once

#include "clientlegend.h"
#include "nodesnapshot.h"

#include <QFrame>
#include <QHash>
#include <functional>

class ElidedLabel;
class KeyListView;
class OutcomeGrid;
class PillLabel;
class QAction;
class QLabel;
class QToolButton;

// One Redis node: address, state, its lock keys with their TTLs, each client's latest
// answer, and fault buttons. Fed by MainWindow once per frame (setNode) and animated by
// advance(); asks for faults by emitting command lines ("node kill 3").
class NodeCard : public QFrame
{
    Q_OBJECT

public:
    explicit NodeCard(int number, QWidget* parent = nullptr);

    // number: the node's number in commands (1..N).
    int number() const { return m_number; }
    void setNode(const NodeSnapshot& node, const ClientLegend& legend,
                 const QHash<int, int>& ttlByClient, qint64 nowUs);
    bool advance(qint64 nowUs);

    void setSelected(bool selected);
    bool isSelected() const { return m_selected; }
    NodeSnapshot::State state() const { return m_state; }
    QString stateText() const;

    KeyListView* keyView() const { return m_keys; }
    OutcomeGrid* outcomeGrid() const { return m_outcomes; }
    qint64 displayedTtlMs(const QByteArray& resource) const;

signals:
    void commandRequested(const QString& line);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QToolButton* addButton(const QString& text, const QString& verb, const QString& tip);
    QAction* addMenuAction(const QString& name, const QString& text, const QString& tip,
                           std::function<QString()> command);
    void updateButtons();
    void applyFonts();

    int m_number;
    NodeSnapshot::State m_state = NodeSnapshot::State::Starting;
    bool m_hasState = false;
    bool m_selected = false;
    bool m_applyingFonts = false;
    QLabel* m_title;
    PillLabel* m_statePill;
    ElidedLabel* m_address;
    QLabel* m_keysHeading;
    QLabel* m_outcomesHeading;
    KeyListView* m_keys;
    OutcomeGrid* m_outcomes;
    QToolButton* m_kill;
    QToolButton* m_pause;
    QToolButton* m_resume;
    QToolButton* m_restart;
    QToolButton* m_more; // the rarer faults, in a menu: the card is narrow
    QAction* m_shutdown;
    QAction* m_pauseFor;
    QAction* m_restartDelayed;
    int m_maxTtlMs = 10000;
};
