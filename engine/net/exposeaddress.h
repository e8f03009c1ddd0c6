// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QHostAddress>
#include <QString>
#include <optional>

// Where `expose [HOST:]PORT` / `--expose` opens its ports: one address, exactly (a host name is
// resolved first, to one address: the IPv4 one where it has both), and the first of a run of
// ports (PORT for node 1, PORT+1 for node 2, ..., then the storage and any Sentinels). The
// ports carry unauthenticated Redis, so the default is loopback, and any other address is
// said to be reachable from its network (warning()).
class ExposeAddress
{
    Q_DECLARE_TR_FUNCTIONS(ExposeAddress)

public:
    QString given;        // the host as written ("localhost", "10.0.0.5")
    QHostAddress address; // what it is bound to
    quint16 port = 0;     // the first port

    // Parses "[HOST:]PORT" or "[IPv6]:PORT" for `count` ports and resolves the host (a name
    // lookup may take a moment). Nothing, and *error in words, for a port out of range, a
    // run of ports past 65535, or a host that does not resolve.
    static std::optional<ExposeAddress> parse(const QString& spec, int count, QString* error);

    bool isLoopback() const { return address.isLoopback(); }
    // "127.0.0.1", or "localhost (127.0.0.1)" for a name.
    QString display() const;
    // For an address that is not loopback: that the nodes are reachable from its network
    // without a password. Empty for loopback.
    QString warning(int count) const;
    // Whether `count` ports from `port` can be listened on at the address now (checked
    // before anything starts; the run binds them later). Empty when they can, else which is
    // taken or refused and why.
    QString checkFree(int count) const;
};
