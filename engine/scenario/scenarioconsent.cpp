// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/scenarioconsent.h"

#include "base/safetext.h"

#include <QCryptographicHash>
#include <algorithm>

namespace {
// A line's text, cut and printable (SafeText::echo), for a dialog or a terminal.
QString shown(const QString& text)
{
    return SafeText::echo(text, 300);
}
} // namespace

QList<ScenarioConsent::Item> ScenarioConsent::of(const Scenario& scenario, bool nodesAreOurs)
{
    QList<Item> items;
    for (const Scenario::Line& line : scenario.lines) {
        const QString verb = line.command.verb();
        const QString where = QStringLiteral("%1:%2").arg(scenario.origin).arg(line.number);
        if (verb == QLatin1String("exec")) {
            items.append({Kind::Exec, where, line.text, tr("starts a program")});
            continue;
        }
        if (nodesAreOurs)
            continue;
        const int node = line.command.has(QStringLiteral("N")) ? line.command.node() + 1 : 0;
        if (verb == QLatin1String("node kill"))
            items.append({Kind::Destructive, where, line.text,
                          tr("sends SHUTDOWN NOSAVE to node %1, one of your servers").arg(node)});
        else if (verb == QLatin1String("node shutdown"))
            items.append({Kind::Destructive, where, line.text,
                          tr("sends SHUTDOWN SAVE to node %1, one of your servers").arg(node)});
        else if (verb == QLatin1String("node persistence"))
            items.append(
                {Kind::Destructive, where, line.text,
                 tr("changes the configuration of node %1 (CONFIG SET), one of your servers")
                     .arg(node)});
    }
    return items;
}

ScenarioConsent::Item ScenarioConsent::program(const QString& where, const QString& program)
{
    return {Kind::Exec, where, program, tr("a program the app would start")};
}

QList<ScenarioConsent::Item> ScenarioConsent::unallowed(const QList<Item>& items, bool allowExec,
                                                        bool allowDestructive)
{
    QList<Item> left;
    std::copy_if(items.cbegin(), items.cend(), std::back_inserter(left), [&](const Item& i) {
        return i.kind == Kind::Exec ? !allowExec : !allowDestructive;
    });
    return left;
}

QStringList ScenarioConsent::lines(const QList<Item>& items)
{
    QStringList out;
    for (const Item& i : items)
        out << QStringLiteral("%1: %2 (%3)").arg(shown(i.where), shown(i.text), i.what);
    return out;
}

QString ScenarioConsent::refusal(const QList<Item>& items)
{
    const bool exec = std::any_of(items.cbegin(), items.cend(),
                                  [](const Item& i) { return i.kind == Kind::Exec; });
    const bool destructive = std::any_of(items.cbegin(), items.cend(),
                                         [](const Item& i) { return i.kind == Kind::Destructive; });
    QStringList flags;
    if (exec)
        flags << QStringLiteral("--allow-exec");
    if (destructive)
        flags << QStringLiteral("--allow-destructive");
    return tr("not run: this would start programs or change servers the app did not start, and "
              "nobody agreed to it (%1 does):\n  %2")
        .arg(flags.join(QStringLiteral(" ")), lines(items).join(QStringLiteral("\n  ")));
}

QString ScenarioConsent::contentKey(const QString& source, const QString& text)
{
    const QByteArray hash =
        QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex();
    return source + QLatin1Char('#') + QString::fromLatin1(hash);
}
