#pragma once

#include "clients/clientsettings.h"
#include "core/engineconfig.h"

#include <QDialog>
#include <optional>

class ClientSettingsForm;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QRadioButton;
class QSpinBox;
class QTabWidget;

// The application settings: which nodes to run against (local ones started here, or the
// user's own masters with credentials) and the defaults for clients added later.
// Accepting is refused while anything is invalid. After accept(): nodesChanged() and
// config() for a restart of the engine, defaultsCommand() for the `defaults` line.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    SettingsDialog(const EngineConfig& config, const ClientSettings& defaults,
                   QWidget* parent = nullptr);

    bool nodesChanged() const { return m_nodesChanged; }
    EngineConfig config() const { return m_result; }
    QString defaultsCommand() const { return m_defaultsCommand; }
    ClientSettings defaults() const { return m_defaults; }
    QString nodesError() const;

    // Parses the node fields as they stand; std::nullopt with *error set when invalid.
    std::optional<QList<NodeAddress>> parseNodes(QString* error) const;

    QRadioButton* localRadio() const { return m_local; }
    QRadioButton* externalRadio() const { return m_external; }
    QSpinBox* localCount() const { return m_localCount; }
    QPlainTextEdit* addresses() const { return m_addresses; }
    QLineEdit* user() const { return m_user; }
    QLineEdit* password() const { return m_password; }
    QSpinBox* db() const { return m_db; }
    ClientSettingsForm* defaultsForm() const { return m_form; }
    QTabWidget* tabs() const { return m_tabs; }

public slots:
    void accept() override;

private:
    QWidget* makeNodesPage(const EngineConfig& config);
    void updateEnabled();

    EngineConfig m_original;
    EngineConfig m_result;
    ClientSettings m_defaults;
    bool m_nodesChanged = false;
    QString m_defaultsCommand;
    QTabWidget* m_tabs;
    QRadioButton* m_local = nullptr;
    QRadioButton* m_external = nullptr;
    QSpinBox* m_localCount = nullptr;
    QPlainTextEdit* m_addresses = nullptr;
    QLineEdit* m_user = nullptr;
    QLineEdit* m_password = nullptr;
    QSpinBox* m_db = nullptr;
    QLabel* m_nodesError = nullptr;
    ClientSettingsForm* m_form;
    QDialogButtonBox* m_buttons;
};
