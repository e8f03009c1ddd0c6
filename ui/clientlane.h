#pragma once

#include "clientsnapshot.h"

#include <QFrame>

class ElidedLabel;
class PillLabel;
class QToolButton;
class ValidityBar;

// One simulated client: name in its colour, state, the validity it believes it has
// (counting down), counters, and buttons that become command lines ("client stop C1").
class ClientLane : public QFrame
{
    Q_OBJECT

public:
    explicit ClientLane(int clientId, QWidget* parent = nullptr);

    int clientId() const { return m_id; }
    QString clientName() const { return m_client.name; }
    const ClientSnapshot& client() const { return m_client; }
    void setClient(const ClientSnapshot& client, qint64 nowUs);
    bool advance(qint64 nowUs);

    QString stateText() const;
    QString countersText() const;
    qint64 displayedValidityMs() const;

    // "acquiring (try 2)", "holding", ...
    static QString describeState(const ClientSnapshot& client);

signals:
    void commandRequested(const QString& line);
    void settingsRequested(int clientId);

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QToolButton* addButton(const QString& text, const QString& objectName, const QString& tip);
    void send(const QString& verb);
    void updateButtons();
    void equalizeButtonWidths();
    void applyFonts();
    void refreshColors();

    int m_id;
    bool m_hasClient = false;
    bool m_applyingFonts = false;
    ClientSnapshot m_client;
    PillLabel* m_name;
    PillLabel* m_state;
    ValidityBar* m_validity;
    ElidedLabel* m_counters;
    QToolButton* m_startStop;
    QToolButton* m_pause;
    QToolButton* m_resume;
    QToolButton* m_crash;
    QToolButton* m_restart;
    QToolButton* m_settings;
    QToolButton* m_remove;
};
