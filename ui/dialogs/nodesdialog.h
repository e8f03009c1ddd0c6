// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"

#include <QDialog>
#include <optional>

class AppSettings;
class ConnectionTest;
class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTableWidget;
class TlsBox;

// The nodes, as Redis desktop clients edit connections: local nodes started here, or the
// user's own masters one per row (host, port, user, password, db, TLS) with one set of TLS
// settings for the TLS rows (TlsBox), each testable on its own
// with the words the engine uses for its errors; named fleets saved and loaded (AppSettings),
// their passwords in the system keychain when asked (where none answers, in a file only when
// the user chooses one).
// Accepting is refused while a row is invalid or the count is not odd; after accept(),
// nodesChanged() and config() restart the engine on the chosen fleet.
class NodesDialog : public QDialog
{
    Q_OBJECT

public:
    // settings may be null (nothing saved, no fleets offered).
    NodesDialog(const EngineConfig& config, AppSettings* settings, QWidget* parent = nullptr);

    bool nodesChanged() const { return m_nodesChanged; }
    EngineConfig config() const { return m_result; }
    QString error() const;

    // The rows as they stand; std::nullopt with *error set when one is invalid.
    std::optional<QList<NodeAddress>> parseNodes(QString* error) const;
    void setNodes(const QList<NodeAddress>& nodes);
    int rowCount() const;
    void addRow(const NodeAddress& address = {});
    // Tests every row at once; each row's last column says how it went.
    void testAll();
    void testRow(int row);
    QString testText(int row) const;
    bool isTesting() const;

    // Saves the rows as a named fleet; loads one (switches to "my own masters").
    bool saveFleet(const QString& name);
    bool loadFleet(const QString& name);

    QRadioButton* localRadio() const { return m_local; }
    QRadioButton* externalRadio() const { return m_external; }
    QSpinBox* localCount() const { return m_localCount; }
    QTableWidget* table() const { return m_table; }
    QComboBox* fleets() const { return m_fleets; }
    QCheckBox* rememberPasswords() const { return m_remember; }
    // Shown only where no system keychain answers: why, and the file instead.
    QLabel* keychainNote() const { return m_keychainNote; }
    QCheckBox* passwordsInFile() const { return m_inFile; }
    TlsBox* tlsBox() const { return m_tlsBox; }
    // The row's "TLS" box: the node is rediss://, with the TLS box's settings.
    QCheckBox* tlsCheck(int row) const;

public slots:
    void accept() override;

private:
    void makePasswordChoice();
    void savePasswordChoice();
    QWidget* makeFleetRow();
    QWidget* makeButtonsRow();
    void fillFleets(const QString& select = {});
    void onFleetChosen(int index);
    void saveFleetAs();
    void deleteFleet();
    void removeSelectedRow();
    void updateEnabled();
    void showError(const QString& text);
    std::optional<NodeAddress> rowAddress(int row, QString* error) const;
    QString tlsFilesProblem(int row, const NodeAddress& address) const;
    void setTestText(int row, const QString& text, int tone); // tone: 0 neutral, 1 ok, -1 bad

    EngineConfig m_original;
    EngineConfig m_result;
    AppSettings* m_settings;
    bool m_nodesChanged = false;
    QComboBox* m_fleets = nullptr;
    QPushButton* m_saveFleet = nullptr;
    QPushButton* m_deleteFleet = nullptr;
    QRadioButton* m_local = nullptr;
    QRadioButton* m_external = nullptr;
    QSpinBox* m_localCount = nullptr;
    QTableWidget* m_table = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_test = nullptr;
    QCheckBox* m_remember = nullptr;
    QLabel* m_keychainNote = nullptr;
    QCheckBox* m_inFile = nullptr;
    QLabel* m_error = nullptr;
    TlsBox* m_tlsBox = nullptr;
    QList<ConnectionTest*> m_tests; // running, by row (null when none)
};
