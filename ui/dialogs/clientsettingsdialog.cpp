// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/clientsettingsdialog.h"

#include "dialogs/clientsettingsform.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

ClientSettingsDialog::ClientSettingsDialog(const QString& target, const ClientSettings& settings,
                                           QWidget* parent)
    : QDialog(parent), m_target(target), m_form(new ClientSettingsForm(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("clientSettingsDialog"));
    setAttribute(Qt::WA_WindowPropagation); // the window's theme and type size
    setWindowTitle(target == QLatin1String("all") ? tr("Settings of all clients")
                                                  : tr("Settings of %1").arg(target));
    m_form->setSettings(settings);
    setMinimumWidth(fontMetrics().averageCharWidth() * 64);
    auto* intro = new QLabel(tr("Changes apply to the client's next acquisition."), this);
    intro->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_form);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ClientSettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ClientSettingsDialog::reject);
}

void ClientSettingsDialog::accept()
{
    if (!m_form->validate()) {
        adjustSize(); // room for the messages under the fields
        return;       // stay open: the form shows what is wrong, nothing is sent
    }
    const QStringList changes = m_form->changedAssignments();
    m_command =
        changes.isEmpty()
            ? QString()
            : QStringLiteral("client set %1 %2").arg(m_target, changes.join(QLatin1Char(' ')));
    QDialog::accept();
}
