#include "clients/clientsettings.h"

namespace {

bool parseInt(const QString& text, int* out)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (ok)
        *out = value;
    return ok;
}

bool parseSwitch(const QString& text, bool* out)
{
    const QString t = text.toLower();
    if (t == QLatin1String("on") || t == QLatin1String("true") || t == QLatin1String("1"))
        *out = true;
    else if (t == QLatin1String("off") || t == QLatin1String("false") || t == QLatin1String("0"))
        *out = false;
    else
        return false;
    return true;
}

// "1500" or "1000-3000"
bool parseRange(const QString& text, int* low, int* high)
{
    const QStringList parts = text.split(QLatin1Char('-'));
    if (parts.size() == 1)
        return parseInt(parts[0], low) && parseInt(parts[0], high);
    return parts.size() == 2 && parseInt(parts[0], low) && parseInt(parts[1], high);
}

// Sets one key on s; false when the key is unknown or the value is not of its form.
bool assign(ClientSettings& s, const QString& key, const QString& value)
{
    LockSettings& l = s.lock;
    if (key == QLatin1String("ttl"))
        return parseInt(value, &l.ttlMs);
    if (key == QLatin1String("timeout"))
        return parseInt(value, &l.nodeTimeoutMs);
    if (key == QLatin1String("drift")) {
        bool ok = false;
        l.driftFactor = value.toDouble(&ok);
        return ok;
    }
    if (key == QLatin1String("driftms"))
        return parseInt(value, &l.driftConstantMs);
    if (key == QLatin1String("retries"))
        return parseInt(value, &l.retryCount);
    if (key == QLatin1String("retrydelay"))
        return parseInt(value, &l.retryDelayMs);
    if (key == QLatin1String("retryjitter"))
        return parseInt(value, &l.retryJitterMs);
    if (key == QLatin1String("jitter"))
        return parseSwitch(value, &l.jitter);
    if (key == QLatin1String("maxext"))
        return parseInt(value, &l.maxExtensions);
    if (key == QLatin1String("work"))
        return parseRange(value, &s.workMinMs, &s.workMaxMs);
    if (key == QLatin1String("think"))
        return parseInt(value, &s.thinkMs);
    if (key == QLatin1String("autoextend"))
        return parseSwitch(value, &s.autoExtend);
    if (key == QLatin1String("extendbelow"))
        return parseInt(value, &s.extendBelowMs);
    if (key == QLatin1String("careful"))
        return parseSwitch(value, &s.careful);
    if (key == QLatin1String("fencing"))
        return parseSwitch(value, &l.fencing);
    return false;
}

const QStringList& knownKeys()
{
    static const QStringList keys{
        QStringLiteral("ttl"),         QStringLiteral("timeout"), QStringLiteral("drift"),
        QStringLiteral("driftms"),     QStringLiteral("retries"), QStringLiteral("retrydelay"),
        QStringLiteral("retryjitter"), QStringLiteral("jitter"),  QStringLiteral("maxext"),
        QStringLiteral("work"),        QStringLiteral("think"),   QStringLiteral("autoextend"),
        QStringLiteral("extendbelow"), QStringLiteral("careful"), QStringLiteral("fencing")};
    return keys;
}

} // namespace

QString ClientSettings::validate() const
{
    if (const QString error = lock.validate(); !error.isEmpty())
        return error;
    if (workMinMs < 0 || workMaxMs < workMinMs)
        return QStringLiteral("work must be MS or MIN-MAX with 0 <= MIN <= MAX");
    if (thinkMs < 0)
        return QStringLiteral("think must not be negative (is %1 ms)").arg(thinkMs);
    if (extendBelowMs < 0 || extendBelowMs >= lock.ttlMs)
        return QStringLiteral("extendbelow must be 0 or more and below the ttl (is %1 ms)")
            .arg(extendBelowMs);
    return {};
}

std::optional<ClientSettings> ClientSettings::withAssignments(const QStringList& assignments,
                                                              QString* error) const
{
    ClientSettings result = *this;
    for (const QString& assignment : assignments) {
        const qsizetype eq = assignment.indexOf(QLatin1Char('='));
        const QString key = assignment.left(eq).trimmed().toLower();
        const QString value = eq < 0 ? QString() : assignment.mid(eq + 1).trimmed();
        if (eq < 0 || !knownKeys().contains(key)) {
            *error = QStringLiteral("unknown setting '%1' (known: %2)")
                         .arg(assignment, knownKeys().join(QLatin1Char(' ')));
            return std::nullopt;
        }
        if (!assign(result, key, value)) {
            *error = QStringLiteral("bad value for %1: '%2'").arg(key, value);
            return std::nullopt;
        }
    }
    if (const QString problem = result.validate(); !problem.isEmpty()) {
        *error = problem;
        return std::nullopt;
    }
    return result;
}

QStringList ClientSettings::toAssignments() const
{
    const auto on = [](bool b) { return b ? QStringLiteral("on") : QStringLiteral("off"); };
    const QString work = workMinMs == workMaxMs
                             ? QString::number(workMinMs)
                             : QStringLiteral("%1-%2").arg(workMinMs).arg(workMaxMs);
    return {QStringLiteral("ttl=%1").arg(lock.ttlMs),
            QStringLiteral("timeout=%1").arg(lock.nodeTimeoutMs),
            QStringLiteral("drift=%1").arg(lock.driftFactor),
            QStringLiteral("driftms=%1").arg(lock.driftConstantMs),
            QStringLiteral("retries=%1").arg(lock.retryCount),
            QStringLiteral("retrydelay=%1").arg(lock.retryDelayMs),
            QStringLiteral("retryjitter=%1").arg(lock.retryJitterMs),
            QStringLiteral("jitter=%1").arg(on(lock.jitter)),
            QStringLiteral("maxext=%1").arg(lock.maxExtensions),
            QStringLiteral("work=%1").arg(work),
            QStringLiteral("think=%1").arg(thinkMs),
            QStringLiteral("autoextend=%1").arg(on(autoExtend)),
            QStringLiteral("extendbelow=%1").arg(extendBelowMs),
            QStringLiteral("careful=%1").arg(on(careful)),
            QStringLiteral("fencing=%1").arg(on(lock.fencing))};
}
