// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>
#include <optional>

// Strict reading of a config file's JSON. Every complaint names the value's path
// ("client.ttlMs", "nodes[2].port") and what was found there, so a typo in a file of
// fifty lines is found without a JSON debugger. Nothing is converted silently: a string
// where a number belongs is an error, not zero.
class JsonCheck
{
public:
    // "client" + "ttlMs" -> "client.ttlMs"; "" + "clients" -> "clients".
    static QString path(const QString& parent, const QString& key);
    // How a found value reads in a message: "abc" (quoted), 2.5, true, null, an array, ...
    static QString describe(const QJsonValue& value);

    // "PATH.KEY: unknown key (known: a, b)" for the first key of `object` that is not in
    // `known`; empty when every key is known.
    static QString unknownKey(const QJsonObject& object, const QStringList& known,
                              const QString& parent);

    // The value as the type asked for, or nothing with *error set ("PATH: expected ...,
    // got ..."). wholeNumber() also keeps to [min, max], so the result fits the caller's
    // int without a cast that could overflow.
    static std::optional<double> number(const QJsonValue& value, const QString& path,
                                        QString* error);
    static std::optional<qint64> wholeNumber(const QJsonValue& value, const QString& path,
                                             qint64 min, qint64 max, QString* error);
    static std::optional<bool> boolean(const QJsonValue& value, const QString& path,
                                       QString* error);
    static std::optional<QString> string(const QJsonValue& value, const QString& path,
                                         QString* error);
};
