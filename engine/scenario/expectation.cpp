// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/expectation.h"

#include "base/safetext.h"
#include "model/verdict.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("Expectation", text);
}
} // namespace

std::optional<Expectation> Expectation::from(const ParsedCommand& command, QString* error)
{
    Expectation e;
    e.m_text = command.line.mid(command.line.indexOf(QLatin1Char(' ')) + 1).trimmed();
    const QString name = command.word(QStringLiteral("NAME"));
    const bool hasOp = command.has(QStringLiteral("OP"));
    const bool hasNumber = command.has(QStringLiteral("NUMBER"));
    if (name.compare(QLatin1String("safe"), Qt::CaseInsensitive) == 0) {
        if (hasOp || hasNumber) {
            *error = tr("`expect safe` takes nothing more");
            return std::nullopt;
        }
        e.m_safe = true;
        return e;
    }
    static const QRegularExpression form(QStringLiteral("^([a-z_]+)(?:\\(([^)]+)\\))?$"));
    const QRegularExpressionMatch m = form.match(name);
    const auto counter = m.hasMatch() ? CheckCounters::parse(m.captured(1)) : std::nullopt;
    if (!counter) {
        *error = tr("unknown expectation '%1' (known: safe, %2; NAME(CLIENT) for one client)")
                     .arg(SafeText::echo(name), CheckCounters::names().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    e.m_name = *counter;
    e.m_client = m.captured(2);
    e.m_op = command.word(QStringLiteral("OP"));
    if (e.m_op == QLatin1String("any")) {
        if (hasNumber) {
            *error = tr("`expect %1 any` takes no number").arg(name);
            return std::nullopt;
        }
        e.m_any = true;
        return e;
    }
    if (!hasOp || !hasNumber) {
        *error = tr("expect NAME OP NUMBER, e.g. `expect %1 == 0`").arg(name);
        return std::nullopt;
    }
    e.m_number = command.number(QStringLiteral("NUMBER"));
    // A count is never negative: these say nothing, or fail every run.
    if (e.m_number == 0 && e.m_op == QLatin1String(">=")) {
        *error = tr("`expect %1 >= 0` always holds (a count is never negative), so it checks "
                    "nothing; to let %1 be anything, write `expect %1 any`")
                     .arg(name);
        return std::nullopt;
    }
    if (e.m_number == 0 && e.m_op == QLatin1String("<")) {
        *error = tr("`expect %1 < 0` can never hold: a count is never negative").arg(name);
        return std::nullopt;
    }
    return e;
}

QString Expectation::noSuchClient(const QString& client)
{
    return tr("no client named '%1' ran: nothing to count ✗").arg(SafeText::echo(client));
}

qint64 Expectation::measured(const CheckCounters& counters) const
{
    return m_safe ? (counters.safe() ? 1 : 0) : counters.value(m_name);
}

bool Expectation::holds(const CheckCounters& counters) const
{
    if (m_safe)
        return counters.safe();
    if (m_any)
        return true;
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
    if (m_any)
        return QStringLiteral("%1: %2 (may be anything)").arg(m_text).arg(measured(counters));
    return QStringLiteral("%1: %2 %3").arg(m_text).arg(measured(counters)).arg(mark);
}
