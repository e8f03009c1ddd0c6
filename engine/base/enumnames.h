// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMetaEnum>
#include <QString>
#include <optional>

// One name table per enum, both directions, from the enum's own Q_ENUM registration:
// the key "WaitingRetry" is written and read as "waiting-retry". The names are the ones the
// command language, the history files and the exports use; the window shows its own
// translated words.
namespace EnumNames {

QString toKebab(const char* key);
QByteArray fromKebab(QStringView name);

template <typename E> QString name(E value)
{
    const char* key = QMetaEnum::fromType<E>().valueToKey(int(value));
    return key ? toKebab(key) : QString();
}

template <typename E> std::optional<E> parse(QStringView name)
{
    bool ok = false;
    const int value = QMetaEnum::fromType<E>().keyToValue(fromKebab(name).constData(), &ok);
    return ok ? std::optional<E>(E(value)) : std::nullopt;
}

// Every name, in declaration order (for help texts and completion).
template <typename E> QStringList all()
{
    const QMetaEnum meta = QMetaEnum::fromType<E>();
    QStringList names;
    for (int i = 0; i < meta.keyCount(); ++i)
        names << toKebab(meta.key(i));
    return names;
}

} // namespace EnumNames
