// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/enumnames.h"

#include <QByteArray>
#include <QList>
#include <QMetaEnum>
#include <optional>

// An enum's kebab-case names (EnumNames) as UTF-8 bytes, computed once: the run file writes
// and reads them for every event, where building a QString per name would cost more than
// the rest of the line. The names are EnumNames' own, never a second table.
template <typename E> class EnumTable
{
public:
    static const EnumTable& instance()
    {
        static const EnumTable table;
        return table;
    }

    // The name of `value`; empty for a value the enum does not have.
    QByteArray name(int value) const { return m_names.value(value); }
    // A linear scan: these enums have at most a few dozen names, and a scan allocates nothing.
    std::optional<E> parse(QByteArrayView name) const
    {
        for (qsizetype value = 0; value < m_names.size(); ++value)
            if (!m_names[value].isEmpty() && QByteArrayView(m_names[value]) == name)
                return E(value);
        return std::nullopt;
    }

private:
    EnumTable()
    {
        const QMetaEnum meta = QMetaEnum::fromType<E>();
        for (int i = 0; i < meta.keyCount(); ++i) {
            const int value = meta.value(i);
            const QByteArray name = EnumNames::toKebab(meta.key(i)).toUtf8();
            if (value >= m_names.size())
                m_names.resize(value + 1);
            m_names[value] = name;
        }
    }

    QList<QByteArray> m_names; // by value (the enums here are small and start at 0)
};
