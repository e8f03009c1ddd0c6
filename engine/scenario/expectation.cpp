// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/expectation.h"

#include "model/verdict.h"

#include <QRegularExpression>

std::optional<Expectation> Expectation::from(const ParsedCommand& command, QString* error)
{
    Expectation e;
    e.m_text = command.line.mid(command.line.indexOf(QLatin1Char(' ')) + 1).trimmed();
    const QString name = command.word(QStringLiteral("NAME"));
    const bool hasOp = command.has(QStringLiteral("OP"));
    const bool hasNumber = command.has(QStringLiteral("NUMBER"));
    if (name.compare(QLatin1String("safe"), Qt::CaseInsensitive) == 0) {
        if (hasOp || hasNumber) {
            *error = QStringLiteral("`expect safe` takes nothing more");
            return std::nullopt;
        }
        e.m_safe = true;
        return e;
    }
    static const QRegularExpression form(QStringLiteral("^([a-z_]+)(?:\\(([^)]+)\\))?$"));
    const QRegularExpressionMatch m = form.match(name);
    const auto counter = m.hasMatch() ? CheckCounters::parse(m.captured(1)) : std::nullopt;
    if (!counter) {
        *error = QStringLiteral("unknown expectation '%1' (known: safe, %2; NAME(CLIENT) for one "
                                "client)")
                     .arg(name, CheckCounters::names().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    if (!hasOp || !hasNumber) {
        *error = QStringLiteral("expect NAME OP NUMBER, e.g. `expect %1 == 0`").arg(name);
        return std::nullopt;
    }
    e.m_name = *counter;
    e.m_client = m.captured(2);
    e.m_op = command.word(QStringLiteral("OP"));
    e.m_number = command.number(QStringLiteral("NUMBER"));
    return e;
}

qint64 Expectation::measured(const CheckCounters& counters) const
{
    return m_safe ? (counters.safe() ? 1 : 0) : counters.value(m_name);
}

bool Expectation::holds(const CheckCounters& counters) const
{
    if (m_safe)
        return counters.safe();
    const qint64 v = counters.value(m_name);
    if (m_op == QLatin1String("=="))
        return v == m_number;
    if (m_op == QLatin1String("!="))
        return v != m_number;
    if (m_op == QLatin1String("<"))
        return v < m_number;
    if (m_op == QLatin1String("<="))
        return v <= m_number;
    if (m_op == QLatin1String(">"))
        return v > m_number;
    return v >= m_number;
}

QString Expectation::report(const CheckCounters& counters) const
{
    const QString mark = holds(counters) ? QStringLiteral("✓") : QStringLiteral("✗");
    if (m_safe)
        return QStringLiteral("safe: %1 %2").arg(Verdict::headline(counters), mark);
    return QStringLiteral("%1: %2 %3").arg(m_text).arg(measured(counters)).arg(mark);
}
