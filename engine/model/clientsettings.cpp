// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/clientsettings.h"

#include "model/clientsettingfield.h"
#include "model/jsoncheck.h"

QString ClientSettings::validate() const
{
    // Each setting within its limits first, so a message names the setting at fault...
    for (const ClientSettingField& field : ClientSettingField::all()) {
        if (QString error = field.check(*this); !error.isEmpty())
            return error;
    }
    // ... then the rules that relate settings.
    if (QString error = lock.validate(); !error.isEmpty())
        return error;
    if (lock.wait == LockSettings::Wait::PubSub && !Strategy::canWaitForRelease(strategy))
        return QStringLiteral("wait=pubsub needs strategy reentrant or watchdog, whose release "
                              "publishes an unlock message; %1 has no such message, its waiters "
                              "can only poll (wait=poll)")
            .arg(Strategy::name(strategy));
    // Only an auto-extending client uses it; a short TTL without extensions is fine.
    if (autoExtend && extendBelowMs >= lock.ttlMs)
        return QStringLiteral("extendbelow must be below the ttl (is %1 ms, the ttl %2 ms)")
            .arg(extendBelowMs)
            .arg(lock.ttlMs);
    return {};
}

namespace {

std::optional<ClientSettings> refuse(QString* error, const QString& why)
{
    if (error)
        *error = why;
    return std::nullopt;
}

} // namespace

std::optional<ClientSettings> ClientSettings::withAssignments(const QStringList& assignments,
                                                              QString* error) const
{
    ClientSettings result = *this;
    for (const QString& assignment : assignments) {
        const qsizetype eq = assignment.indexOf(QLatin1Char('='));
        const QString key = assignment.left(eq).trimmed().toLower();
        const ClientSettingField* field = eq < 0 ? nullptr : ClientSettingField::find(key);
        if (!field)
            return refuse(error,
                          QStringLiteral("unknown setting '%1' (known: %2)")
                              .arg(assignment, ClientSettingField::keys().join(QLatin1Char(' '))));
        if (const QString why = field->assign(&result, assignment.mid(eq + 1)); !why.isEmpty())
            return refuse(error, why);
    }
    if (const QString problem = result.validate(); !problem.isEmpty())
        return refuse(error, problem);
    return result;
}

QStringList ClientSettings::toAssignments() const
{
    QStringList result;
    for (const ClientSettingField& field : ClientSettingField::all())
        result << field.key() + QLatin1Char('=') + field.format(*this);
    return result;
}

std::optional<ClientSettings> ClientSettings::withJson(const QJsonObject& object,
                                                       const QString& path, QString* error) const
{
    if (const QString unknown =
            JsonCheck::unknownKey(object, ClientSettingField::allConfigNames(), path);
        !unknown.isEmpty())
        return refuse(error, unknown);
    ClientSettings result = *this;
    for (const ClientSettingField& field : ClientSettingField::all()) {
        if (const QString why = field.readJson(&result, object, path); !why.isEmpty())
            return refuse(error, why);
    }
    if (const QString problem = result.validate(); !problem.isEmpty())
        return refuse(error, QStringLiteral("%1: %2").arg(path, problem));
    return result;
}

QJsonObject ClientSettings::toJson() const
{
    QJsonObject object;
    for (const ClientSettingField& field : ClientSettingField::all())
        field.writeJson(*this, &object);
    return object;
}
