// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/tlssettings.h"

#include <QGroupBox>

class QCheckBox;
class QLineEdit;

// The Nodes dialog's TLS settings, for every row marked TLS (rediss://), as the command
// line's --tls-ca, --tls-cert, --tls-key, --tls-server-name and --tls-insecure give them to
// every TLS node: the CA that signed the nodes' certificates (empty: the system's), a client
// certificate and its key for mutual TLS, the name to check, or no check at all.
class TlsBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit TlsBox(const TlsSettings& settings, QWidget* parent = nullptr);

    TlsSettings settings() const;
    void setSettings(const TlsSettings& settings);

    QLineEdit* caFile() const { return m_ca; }
    QLineEdit* certFile() const { return m_cert; }
    QLineEdit* keyFile() const { return m_key; }
    QLineEdit* serverName() const { return m_serverName; }
    QCheckBox* insecure() const { return m_insecure; }

private:
    QLineEdit* fileField(const QString& objectName, const QString& placeholder,
                         const QString& toolTip);
    QWidget* withBrowse(QLineEdit* field, const QString& caption);

    QLineEdit* m_ca = nullptr;
    QLineEdit* m_cert = nullptr;
    QLineEdit* m_key = nullptr;
    QLineEdit* m_serverName = nullptr;
    QCheckBox* m_insecure = nullptr;
};
