// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/tlssettings.h"

#include <QString>
#include <optional>

// Where one Redis master lives and how to log in to it.
struct NodeAddress
{
    QString host = QStringLiteral("127.0.0.1");
    quint16 port = 6379;
    QString user;     // empty: the default user (AUTH with the password only)
    QString password; // empty: no AUTH
    int db = 0;
    // rediss://: the connection speaks TLS, with the run's settings (stamped in by
    // EngineConfig::setTls once the command line and the config file are read).
    bool tls = false;
    TlsSettings tlsSettings;

    // A host that is an absolute path names a Unix-domain socket (the port is then unused):
    // how the app's own clients reach a node's proxy (NodeProxy::listenLocal). Never parsed
    // from what a user types.
    bool isLocalSocket() const { return host.startsWith(QLatin1Char('/')); }

    // "host:port" (a local socket: its path); credentials are never part of the display form.
    QString display() const;

    // Accepts "[user[:password]@]host:port[/db]" (IPv6 hosts in brackets) and the URL forms
    // redis://... and rediss://... (TLS).
    static std::optional<NodeAddress> parse(const QString& text, QString* error);
    // The same checks for a node given in parts (a config file's object form): a host name
    // or IP address (IPv6 with or without brackets), port 1-65535, db 0 or more, and a user
    // only with a password.
    static std::optional<NodeAddress> fromParts(const QString& host, qint64 port,
                                                const QString& user, const QString& password,
                                                qint64 db, QString* error);
    // A comma separated list of the above; the node count must be odd, 1 to 9.
    static std::optional<QList<NodeAddress>> parseList(const QString& text, QString* error);

    friend bool operator==(const NodeAddress&, const NodeAddress&) = default;
};
