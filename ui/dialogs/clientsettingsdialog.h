// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"

#include <QDialog>

class ClientSettingsForm;
class QDialogButtonBox;

// Edits one client's settings (or every client's: target "all"). OK is refused while a
// value is bad; when accepted, command() is the one `client set` line to send, or empty
// when nothing changed.
class ClientSettingsDialog : public QDialog
{
    Q_OBJECT

public:
    ClientSettingsDialog(const QString& target, const ClientSettings& settings,
                         QWidget* parent = nullptr);

    QString target() const { return m_target; }
    QString command() const { return m_command; }
    ClientSettingsForm* form() const { return m_form; }
    QDialogButtonBox* buttons() const { return m_buttons; }

public slots:
    void accept() override;

private:
    QString m_target;
    QString m_command;
    ClientSettingsForm* m_form;
    QDialogButtonBox* m_buttons;
};
