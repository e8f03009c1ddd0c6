// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/tlsbox.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

TlsBox::TlsBox(const TlsSettings& settings, QWidget* parent)
    : QGroupBox(tr("TLS, for the rows marked TLS"), parent)
{
    setObjectName(QStringLiteral("tlsBox"));
    m_ca = fileField(QStringLiteral("tlsCa"), tr("the system's trusted CAs"),
                     tr("The CA that signed the nodes' certificates (PEM), as --tls-ca."));
    m_cert = fileField(QStringLiteral("tlsCert"), tr("none"),
                       tr("A client certificate (PEM), for nodes that ask for one "
                          "(tls-auth-clients), as --tls-cert."));
    m_key = fileField(QStringLiteral("tlsKey"), tr("none"),
                      tr("The client certificate's private key (PEM, unencrypted), as "
                         "--tls-key."));
    m_serverName = new QLineEdit(this);
    m_serverName->setObjectName(QStringLiteral("tlsServerName"));
    m_serverName->setPlaceholderText(tr("the node's host"));
    m_serverName->setToolTip(tr("The name the nodes' certificates must carry, when it is not "
                                "the host you connect to, as --tls-server-name."));
    m_insecure = new QCheckBox(tr("Do not check the nodes' certificates (insecure)"), this);
    m_insecure->setObjectName(QStringLiteral("tlsInsecure"));
    m_insecure->setToolTip(tr("The connection is encrypted but nobody vouches for the node: "
                              "anyone on the way can pretend to be it. As --tls-insecure; the "
                              "history says so and the node cards show TLS NOT VERIFIED."));

    auto* form = new QFormLayout(this);
    form->addRow(tr("CA file:"), withBrowse(m_ca, tr("CA certificates")));
    form->addRow(tr("Client certificate:"), withBrowse(m_cert, tr("Client certificate")));
    form->addRow(tr("Client key:"), withBrowse(m_key, tr("Client key")));
    form->addRow(tr("Server name:"), m_serverName);
    form->addRow(m_insecure);
    setSettings(settings);
}

TlsSettings TlsBox::settings() const
{
    TlsSettings s;
    s.caFile = m_ca->text().trimmed();
    s.certFile = m_cert->text().trimmed();
    s.keyFile = m_key->text().trimmed();
    s.serverName = m_serverName->text().trimmed();
    s.insecure = m_insecure->isChecked();
    return s;
}

void TlsBox::setSettings(const TlsSettings& settings)
{
    m_ca->setText(settings.caFile);
    m_cert->setText(settings.certFile);
    m_key->setText(settings.keyFile);
    m_serverName->setText(settings.serverName);
    m_insecure->setChecked(settings.insecure);
}

QLineEdit* TlsBox::fileField(const QString& objectName, const QString& placeholder,
                             const QString& toolTip)
{
    auto* field = new QLineEdit(this);
    field->setObjectName(objectName);
    field->setPlaceholderText(placeholder);
    field->setToolTip(toolTip);
    field->setClearButtonEnabled(true);
    return field;
}

QWidget* TlsBox::withBrowse(QLineEdit* field, const QString& caption)
{
    auto* row = new QWidget(this);
    auto* browse = new QPushButton(tr("Browse…"), row);
    browse->setObjectName(field->objectName() + QStringLiteral("Browse"));
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(field, 1);
    layout->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this, field, caption] {
        const QString file = QFileDialog::getOpenFileName(
            this, caption, field->text(), tr("PEM files (*.pem *.crt *.key);;All files (*)"));
        if (!file.isEmpty())
            field->setText(file);
    });
    return row;
}
