// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/searchoptions.h"

#include "base/enumnames.h"
#include "commands/commandparser.h"
#include "lock/strategyfactory.h"
#include "model/clientsettings.h"
#include "scenario/eventpattern.h"
#include "scenario/expectation.h"
#include "scenario/scenarioparser.h"

QString SearchOptions::faultName(FaultKind kind)
{
    return EnumNames::name(kind);
}

QList<SearchOptions::FaultKind> SearchOptions::allFaults()
{
    QList<FaultKind> kinds;
    for (const QString& name : EnumNames::all<FaultKind>())
        kinds << *EnumNames::parse<FaultKind>(name);
    return kinds;
}

std::optional<QList<SearchOptions::FaultKind>> SearchOptions::parseFaults(const QString& text,
                                                                          QString* error)
{
    QList<FaultKind> kinds;
    for (const QString& word : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto kind = EnumNames::parse<FaultKind>(word.trimmed());
        if (!kind) {
            *error =
                tr("unknown fault '%1' (known: %2)")
                    .arg(word.trimmed(), EnumNames::all<FaultKind>().join(QStringLiteral(",")));
            return std::nullopt;
        }
        if (!kinds.contains(*kind))
            kinds << *kind;
    }
    return kinds;
}

std::optional<SearchOptions::Persistence> SearchOptions::parsePersistence(const QString& text)
{
    return EnumNames::parse<Persistence>(text);
}

int SearchOptions::nodeCount() const
{
    return topology == EngineConfig::Topology::Replicated ? 2 : localNodes;
}

int SearchOptions::faultyBound() const
{
    if (maxFaulty >= 0)
        return maxFaulty;
    // A minority: a majority of the nodes stays healthy, as Redlock assumes. The replicated
    // topology has one master and one replica: one of them at a time.
    return std::max(1, (nodeCount() - 1) / 2);
}

EngineConfig SearchOptions::trialConfig() const
{
    EngineConfig config;
    config.topology = topology;
    config.localNodeCount = localNodes;
    config.redisServer = redisServer;
    config.redisSentinel = redisSentinel;
    config.initialClients = 0; // the schedule adds its own
    config.clientDefaults.strategy = strategy;
    return config;
}

QString SearchOptions::validate() const
{
    QString why;
    if (!StrategyFactory::canRun(strategy, topology == EngineConfig::Topology::Replicated, &why))
        return why;
    if (clients < 1 || clients > 20)
        return tr("--clients: a schedule runs 1 to 20 clients, not %1").arg(clients);
    if (jobs < 1 || jobs > 16)
        return tr("--jobs: 1 to 16 trials at once, not %1").arg(jobs);
    if (maxFaulty > nodeCount())
        return tr("--max-faulty: at most the %1 nodes there are, not %2")
            .arg(nodeCount())
            .arg(maxFaulty);
    if (needed < 1 || needed > replays)
        return tr("a schedule must fail in 1 to %1 of its replays, not %2")
            .arg(replays)
            .arg(needed);
    ClientSettings settings;
    settings.strategy = strategy;
    QString error;
    if (!settings.withAssignments(pinned, &error))
        return tr("--set: %1").arg(error);
    if (hasProperty()) {
        ScenarioParser::Error parseError;
        const auto lines = ScenarioParser::parse(property, propertyOrigin,
                                                 CommandParser::Context{nodeCount()}, &parseError);
        if (!lines)
            return parseError.message;
        // What the runner checks only when it gets there: every trial would fail on it.
        for (const Scenario::Line& line : lines->lines) {
            QString lineError;
            const QString verb = line.command.verb();
            if (verb == QLatin1String("expect") && !Expectation::from(line.command, &lineError))
                return QStringLiteral("%1:%2: %3")
                    .arg(propertyOrigin)
                    .arg(line.number)
                    .arg(lineError);
            if (verb == QLatin1String("wait until") &&
                !EventPattern::parse(line.command.word(QStringLiteral("EVENT")), &lineError))
                return QStringLiteral("%1:%2: %3")
                    .arg(propertyOrigin)
                    .arg(line.number)
                    .arg(lineError);
        }
    }
    EngineConfig config = trialConfig();
    return config.validate();
}
