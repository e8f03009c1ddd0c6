// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/jsoncheck.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <cmath>

namespace {

template <typename T> std::optional<T> fail(QString* error, const QString& text)
{
    *error = text;
    return std::nullopt;
}

} // namespace

QString JsonCheck::path(const QString& parent, const QString& key)
{
    return parent.isEmpty() ? key : parent + QLatin1Char('.') + key;
}

QString JsonCheck::describe(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::String: {
        // Quoted and escaped as JSON writes it, so "" and " 5" are told apart from 5.
        const QByteArray json = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        return QString::fromUtf8(json.mid(1, json.size() - 2));
    }
    case QJsonValue::Double: {
        // Whole numbers as written (3000000000, not 3e+09); others as short as exact.
        const double number = value.toDouble();
        if (number == std::floor(number) && std::abs(number) < 1e15)
            return QString::number(qint64(number));
        return QString::number(number, 'g', QLocale::FloatingPointShortest);
    }
    case QJsonValue::Bool:
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("nothing");
}

QString JsonCheck::unknownKey(const QJsonObject& object, const QStringList& known,
                              const QString& parent)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (!known.contains(it.key()))
            return QStringLiteral("%1: unknown key (known: %2)")
                .arg(path(parent, it.key()), known.join(QStringLiteral(", ")));
    }
    return {};
}

std::optional<double> JsonCheck::number(const QJsonValue& value, const QString& path,
                                        QString* error)
{
    if (!value.isDouble())
        return fail<double>(
            error, QStringLiteral("%1: expected a number, got %2").arg(path, describe(value)));
    return value.toDouble();
}

std::optional<qint64> JsonCheck::wholeNumber(const QJsonValue& value, const QString& path,
                                             qint64 min, qint64 max, QString* error)
{
    const double number = value.toDouble();
    if (!value.isDouble() || number != std::floor(number))
        return fail<qint64>(
            error,
            QStringLiteral("%1: expected a whole number, got %2").arg(path, describe(value)));
    // Compared as doubles: 1e300 must be refused, not converted.
    if (number < double(min) || number > double(max))
        return fail<qint64>(error, QStringLiteral("%1 must be %2 to %3, not %4")
                                       .arg(path)
                                       .arg(min)
                                       .arg(max)
                                       .arg(describe(value)));
    return qint64(number);
}

std::optional<bool> JsonCheck::boolean(const QJsonValue& value, const QString& path, QString* error)
{
    if (!value.isBool())
        return fail<bool>(
            error, QStringLiteral("%1: expected true or false, got %2").arg(path, describe(value)));
    return value.toBool();
}

std::optional<QString> JsonCheck::string(const QJsonValue& value, const QString& path,
                                         QString* error)
{
    if (!value.isString())
        return fail<QString>(
            error, QStringLiteral("%1: expected a string, got %2").arg(path, describe(value)));
    return value.toString();
}
