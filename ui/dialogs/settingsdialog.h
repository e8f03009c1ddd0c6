// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"
#include "model/engineconfig.h"

#include <QDialog>

class ClientSettingsForm;
class QDialogButtonBox;

// The defaults for clients added later (the nodes have their own dialog, NodesDialog).
// Accepting is refused while anything is invalid. After accept(): config() with the new
// defaults, defaultsCommand() for the `defaults` line.
class SettingsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SettingsDialog(const EngineConfig& config, const ClientSettings& defaults,
                            QWidget* parent = nullptr);

    EngineConfig config() const { return m_result; }
    QString defaultsCommand() const { return m_defaultsCommand; }
    ClientSettings defaults() const { return m_defaults; }
    ClientSettingsForm* defaultsForm() const { return m_form; }

public slots:
    void accept() override;

private:
    EngineConfig m_result;
    ClientSettings m_defaults;
    QString m_defaultsCommand;
    ClientSettingsForm* m_form;
    QDialogButtonBox* m_buttons;
};
