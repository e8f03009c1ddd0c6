// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/settingsdialog.h"

#include "dialogs/clientsettingsform.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

SettingsDialog::SettingsDialog(const EngineConfig& config, const ClientSettings& defaults,
                               QWidget* parent)
    : QDialog(parent), m_result(config), m_defaults(defaults), m_form(new ClientSettingsForm(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setAttribute(Qt::WA_WindowPropagation);
    setWindowTitle(tr("Client defaults"));
    setMinimumWidth(fontMetrics().averageCharWidth() * 70);
    m_form->setSettings(defaults);
    auto* intro = new QLabel(tr("Settings for clients added from now on."), this);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_form);
    layout->addStretch(1);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
}

void SettingsDialog::accept()
{
    const auto defaults = m_form->validate();
    if (!defaults) {
        adjustSize(); // room for the messages
        return;
    }
    m_defaults = *defaults;
    m_result.clientDefaults = m_defaults;
    const QStringList changes = m_form->changedAssignments();
    m_defaultsCommand = changes.isEmpty()
                            ? QString()
                            : QStringLiteral("defaults ") + changes.join(QLatin1Char(' '));
    QDialog::accept();
}
