// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// How the app speaks TLS to the nodes and the storage given as rediss:// (--tls-ca,
// --tls-cert, --tls-key, --tls-server-name, --tls-insecure; the config file's "tls" object).
// One set for the whole run: a fleet is usually one service with one CA. Only the file names
// are kept here; TlsStream (engine/net) reads the files at each connect, so a certificate
// renewed on disk is used by the next reconnect.
struct TlsSettings
{
    QString caFile;        // PEM bundle of trusted CAs; empty: the system's trust store
    QString certFile;      // client certificate (mutual TLS); with keyFile or not at all
    QString keyFile;       // its private key (PEM, unencrypted)
    QString serverName;    // the name sent (SNI) and checked; empty: the node's host
    bool insecure = false; // no verification at all: the connection is private, not trusted

    // Empty when usable: a certificate comes with its key, and every file named can be read
    // now (a missing or unreadable file is said with its name, before anything connects).
    QString check() const;
    // "TLS (CA ca.pem, client certificate client.pem, ...)": what a run's history says.
    QString describe() const;

    friend bool operator==(const TlsSettings&, const TlsSettings&) = default;
};
