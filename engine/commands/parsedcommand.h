// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "commands/commandspec.h"

#include <QHash>
#include <QString>
#include <QStringList>

// A command line the parser accepted: its verb and its checked values, by argument name.
class ParsedCommand
{
public:
    const CommandSpec* spec = nullptr;
    QString line;       // as typed, trimmed
    int lineNumber = 0; // in a scenario file; 0 for the console and the buttons

    QString verb() const { return spec ? spec->verb : QString(); }
    bool has(const QString& arg) const { return find(arg) != nullptr; }
    QString word(const QString& arg) const;
    QStringList words(const QString& arg) const;
    qint64 number(const QString& arg, qint64 fallback = 0) const;
    int node(const QString& arg = QStringLiteral("N")) const; // 0-based
    QList<int> nodes(const QString& arg = QStringLiteral("N")) const;

    void add(const QString& arg, const QString& value);

private:
    struct Value
    {
        QString arg;
        QStringList words;
    };
    const Value* find(const QString& arg) const;

    QList<Value> m_values; // a handful per command: a list beats a hash
};
