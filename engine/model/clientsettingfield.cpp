// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/clientsettingfield.h"

#include "model/jsoncheck.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <cmath>
#include <limits>

namespace {

using Type = ClientSettingField::Type;

constexpr double kHourMs = 3600.0 * 1000;
constexpr double kDayMs = 24 * kHourMs;

// Every time is a QTimer's int milliseconds somewhere. The largest sums started as a timer
// or drawn at random are a retry's delay + jitter (+ 1 for the draw) and a work time's
// MIN + (MAX - MIN + 1): with each part at most a day, none can overflow an int.
static_assert(2 * kDayMs + 1 < double(std::numeric_limits<int>::max()));

// "1 h", "24 h", "5 min", "2 s"; empty when the value is no round unit.
QString roundDuration(double ms)
{
    const qint64 value = qint64(ms);
    if (value >= 3'600'000 && value % 3'600'000 == 0)
        return QStringLiteral("%1 h").arg(value / 3'600'000);
    if (value >= 60'000 && value % 60'000 == 0)
        return QStringLiteral("%1 min").arg(value / 60'000);
    if (value >= 1000 && value % 1000 == 0)
        return QStringLiteral("%1 s").arg(value / 1000);
    return {};
}

QString quoted(const QString& text)
{
    return QLatin1Char('\'') + text + QLatin1Char('\'');
}

} // namespace

ClientSettingField::ClientSettingField(Spec spec, Access access)
    : m_spec(std::move(spec)), m_access(std::move(access))
{}

const QList<ClientSettingField>& ClientSettingField::all()
{
    // The one table of client settings. Limits: a TTL of at most an hour (as LockSettings
    // demands), every other time at most a day, counts at most 1000.
    static const QList<ClientSettingField> table{
        ClientSettingField(
            {.key = "ttl",
             .configNames = {"ttlMs"},
             .type = Type::Milliseconds,
             .minimum = 10,
             .maximum = kHourMs,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "TTL (ms)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "How long a lock key lives on a node before it expires.")},
            member([](auto& s) -> auto& { return s.lock.ttlMs; })),
        ClientSettingField(
            {.key = "timeout",
             .configNames = {"nodeTimeoutMs"},
             .type = Type::Milliseconds,
             .minimum = 1,
             .maximum = kHourMs,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Per-node timeout (ms)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "How long to wait for one node's answer; below the TTL, "
                                       "best far below it.")},
            member([](auto& s) -> auto& { return s.lock.nodeTimeoutMs; })),
        ClientSettingField({.key = "drift",
                            .configNames = {"driftFactor"},
                            .type = Type::Factor,
                            .minimum = 0,
                            .maximum = LockSettings::MaxDriftFactor,
                            .label = QT_TRANSLATE_NOOP("ClientSettingField", "Drift factor"),
                            .help = QT_TRANSLATE_NOOP(
                                "ClientSettingField",
                                "Clock drift allowance as a share of the TTL (0.01 = 1 %).")},
                           member([](auto& s) -> auto& { return s.lock.driftFactor; })),
        ClientSettingField(
            {.key = "driftms",
             .configNames = {"driftConstantMs"},
             .type = Type::Milliseconds,
             .minimum = 0,
             .maximum = kDayMs,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Drift constant (ms)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "Clock drift allowance added to the share above.")},
            member([](auto& s) -> auto& { return s.lock.driftConstantMs; })),
        ClientSettingField(
            {.key = "retries",
             .configNames = {"retryCount"},
             .type = Type::Count,
             .minimum = 0,
             .maximum = 1000,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Retries"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "Further attempts after a failed first try.")},
            member([](auto& s) -> auto& { return s.lock.retryCount; })),
        ClientSettingField(
            {.key = "retrydelay",
             .configNames = {"retryDelayMs"},
             .type = Type::Milliseconds,
             .minimum = 0,
             .maximum = kDayMs,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Retry delay (ms)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "The fixed part of the wait before a retry.")},
            member([](auto& s) -> auto& { return s.lock.retryDelayMs; })),
        ClientSettingField(
            {.key = "retryjitter",
             .configNames = {"retryJitterMs"},
             .type = Type::Milliseconds,
             .minimum = 0,
             .maximum = kDayMs,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Retry jitter (ms)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "The largest random part added to the retry delay.")},
            member([](auto& s) -> auto& { return s.lock.retryJitterMs; })),
        ClientSettingField(
            {.key = "jitter",
             .configNames = {"jitter"},
             .type = Type::Switch,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Random jitter"),
             .help = QT_TRANSLATE_NOOP(
                 "ClientSettingField",
                 "Off: every client retries in lock step, which shows split votes.")},
            member([](auto& s) -> auto& { return s.lock.jitter; })),
        ClientSettingField(
            {.key = "maxext",
             .configNames = {"maxExtensions"},
             .type = Type::Count,
             .minimum = 0,
             .maximum = 1000,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Max extensions"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "How many times a held lock may be extended.")},
            member([](auto& s) -> auto& { return s.lock.maxExtensions; })),
        ClientSettingField(
            {.key = "work",
             .configNames = {"workMinMs", "workMaxMs"},
             .type = Type::MsRange,
             .minimum = 0,
             .maximum = kDayMs,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Work time (ms or MIN-MAX)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "How long the client works under the lock, e.g. "
                                       "1500-2500.")},
            range(
                [](auto& s) -> auto& { return s.workMinMs; },
                [](auto& s) -> auto& { return s.workMaxMs; })),
        ClientSettingField(
            {.key = "think",
             .configNames = {"thinkMs"},
             .type = Type::Milliseconds,
             .minimum = 0,
             .maximum = kDayMs,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Think time (ms)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "The pause between a release and the next acquire.")},
            member([](auto& s) -> auto& { return s.thinkMs; })),
        ClientSettingField(
            {.key = "autoextend",
             .configNames = {"autoExtend"},
             .type = Type::Switch,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Auto-extend"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "Extend the lock when its validity runs low.")},
            member([](auto& s) -> auto& { return s.autoExtend; })),
        ClientSettingField(
            {.key = "extendbelow",
             .configNames = {"extendBelowMs"},
             .type = Type::Milliseconds,
             .minimum = 0,
             .maximum = kHourMs,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Extend below (ms)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "Auto-extend when the believed validity falls below "
                                       "this; below the TTL.")},
            member([](auto& s) -> auto& { return s.extendBelowMs; })),
        ClientSettingField(
            {.key = "strategy",
             .configNames = {"strategy"},
             .type = Type::Choice,
             .choices = Strategy::names(),
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Lock strategy"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "The rung of the seeds' ladder the client locks with, from "
                                       "no lock to Redlock.")},
            member([](auto& s) -> auto& { return s.strategy; })),
        ClientSettingField(
            {.key = "careful",
             .configNames = {"careful"},
             .type = Type::Switch,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Careful"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "On: gives up when its validity ends inside the critical "
                                       "section and checks it right before writing. Off: the "
                                       "seed's naive code, it writes anyway.")},
            member([](auto& s) -> auto& { return s.careful; })),
        ClientSettingField(
            {.key = "netdelay",
             .configNames = {"netDelayMs"},
             .type = Type::Milliseconds,
             .minimum = 0,
             .maximum = 1000,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Network delay (ms)"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "The client's own distance to the nodes: each node's "
                                       "delay drawn once from 0 to this, as for a client on "
                                       "another host (split votes need it).")},
            member([](auto& s) -> auto& { return s.netDelayMs; })),
        ClientSettingField(
            {.key = "fencing",
             .configNames = {"fencing"},
             .type = Type::Switch,
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Fencing tokens"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "Take a fencing token with the lock; the storage refuses "
                                       "a write whose token is not newer than the last it took.")},
            member([](auto& s) -> auto& { return s.lock.fencing; })),
        ClientSettingField(
            {.key = "wait",
             .configNames = {"wait"},
             .type = Type::Choice,
             .choices = {"poll", "pubsub"},
             .label = QT_TRANSLATE_NOOP("ClientSettingField", "Waiting"),
             .help = QT_TRANSLATE_NOOP("ClientSettingField",
                                       "poll: a refused client sleeps its retry delay. pubsub "
                                       "(reentrant, watchdog): it also wakes at once when the "
                                       "holder's release publishes an unlock message.")},
            member([](auto& s) -> auto& { return s.lock.wait; })),
    };
    return table;
}

const ClientSettingField* ClientSettingField::find(const QString& key)
{
    for (const ClientSettingField& field : all()) {
        if (field.key() == key)
            return &field;
    }
    return nullptr;
}

QStringList ClientSettingField::keys()
{
    QStringList result;
    for (const ClientSettingField& field : all())
        result << field.key();
    return result;
}

QStringList ClientSettingField::allConfigNames()
{
    QStringList result;
    for (const ClientSettingField& field : all())
        result << field.configNames();
    return result;
}

QString ClientSettingField::label() const
{
    return QCoreApplication::translate("ClientSettingField", m_spec.label);
}

QString ClientSettingField::help() const
{
    return QCoreApplication::translate("ClientSettingField", m_spec.help) +
           QStringLiteral(" Allowed: %1.").arg(allowed());
}

QString ClientSettingField::allowedNumber() const
{
    const QString from = formatNumber(m_spec.minimum);
    const QString to = formatNumber(m_spec.maximum);
    switch (m_spec.type) {
    case Type::Milliseconds:
    case Type::MsRange: {
        const QString round = roundDuration(m_spec.maximum);
        return QStringLiteral("a whole number of ms from %1 to %2%3")
            .arg(from, to, round.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(round));
    }
    case Type::Count:
        return QStringLiteral("a whole number from %1 to %2").arg(from, to);
    case Type::Factor:
        return QStringLiteral("a number from %1 to %2").arg(from, to);
    case Type::Switch:
    case Type::Choice:
        break;
    }
    return {};
}

QString ClientSettingField::allowed() const
{
    switch (m_spec.type) {
    case Type::Switch:
        return QStringLiteral("on or off");
    case Type::Choice:
        return QStringLiteral("one of %1").arg(m_spec.choices.join(QStringLiteral(", ")));
    case Type::MsRange:
        return QStringLiteral("MS or MIN-MAX with MIN <= MAX, each %1").arg(allowedNumber());
    default:
        return allowedNumber();
    }
}

bool ClientSettingField::inLimits(double number) const
{
    return std::isfinite(number) && number >= m_spec.minimum && number <= m_spec.maximum &&
           (!isWhole() || number == std::floor(number));
}

QString ClientSettingField::formatNumber(double number) const
{
    if (isWhole() && std::isfinite(number) && std::abs(number) < 1e15)
        return QString::number(qint64(number));
    return QString::number(number, 'g', QLocale::FloatingPointShortest);
}

QString ClientSettingField::refusal(const QString& name, const QString& found) const
{
    return QStringLiteral("%1 must be %2, not %3").arg(name, allowed(), found);
}

std::optional<double> ClientSettingField::parseNumber(const QString& text) const
{
    // Whole numbers are digits with an optional sign: "1e3" or "0x10" are typos here, not
    // numbers to be guessed at. toDouble() then reads them exactly (to 2^53), and anything
    // too large for an int is still a large number when the limits look at it.
    static const QRegularExpression digits(QStringLiteral("^[+-]?[0-9]+$"));
    if (isWhole() && !digits.match(text).hasMatch())
        return std::nullopt;
    bool ok = false;
    const double number = text.toDouble(&ok);
    if (!ok || !std::isfinite(number)) // "nan", "inf": not a number anything could use
        return std::nullopt;
    return number;
}

std::optional<ClientSettingField::Value> ClientSettingField::parse(const QString& text) const
{
    switch (m_spec.type) {
    case Type::Switch: {
        const QString t = text.toLower();
        if (t == QLatin1String("on") || t == QLatin1String("true") || t == QLatin1String("1"))
            return Value{1, 1};
        if (t == QLatin1String("off") || t == QLatin1String("false") || t == QLatin1String("0"))
            return Value{0, 0};
        return std::nullopt;
    }
    case Type::Choice: {
        for (qsizetype i = 0; i < m_spec.choices.size(); ++i) {
            if (m_spec.choices.at(i).compare(text, Qt::CaseInsensitive) == 0)
                return Value{double(i), double(i)};
        }
        return std::nullopt;
    }
    case Type::MsRange: {
        // "1500" or "1000-3000": the '-' that splits is never the first character, so a
        // negative number is read as one (and refused by the limits), not as a range.
        const qsizetype dash = text.indexOf(QLatin1Char('-'), 1);
        const auto low = parseNumber(dash < 0 ? text : text.left(dash).trimmed());
        const auto high = parseNumber(dash < 0 ? text : text.mid(dash + 1).trimmed());
        if (!low || !high || !inLimits(*low) || !inLimits(*high) || *low > *high)
            return std::nullopt;
        return Value{*low, *high};
    }
    default: {
        const auto number = parseNumber(text);
        if (!number || !inLimits(*number))
            return std::nullopt;
        return Value{*number, *number};
    }
    }
}

QString ClientSettingField::format(const ClientSettings& settings) const
{
    const Value value = m_access.get(settings);
    switch (m_spec.type) {
    case Type::Switch:
        return value.low != 0 ? QStringLiteral("on") : QStringLiteral("off");
    case Type::Choice:
        return m_spec.choices.value(qsizetype(value.low), formatNumber(value.low));
    case Type::MsRange:
        if (value.low != value.high)
            return formatNumber(value.low) + QLatin1Char('-') + formatNumber(value.high);
        return formatNumber(value.low);
    default:
        return formatNumber(value.low);
    }
}

QString ClientSettingField::assign(ClientSettings* settings, const QString& text) const
{
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return QStringLiteral("%1 needs a value: %2").arg(key(), allowed());
    const std::optional<Value> value = parse(trimmed);
    if (!value)
        return refusal(key(), quoted(trimmed));
    m_access.set(*settings, *value);
    return {};
}

QString ClientSettingField::check(const ClientSettings& settings) const
{
    const Value value = m_access.get(settings);
    bool ok = true;
    switch (m_spec.type) {
    case Type::Switch:
        break;
    case Type::Choice:
        ok = value.low >= 0 && value.low < double(m_spec.choices.size());
        break;
    case Type::MsRange:
        ok = inLimits(value.low) && inLimits(value.high) && value.low <= value.high;
        break;
    default:
        ok = inLimits(value.low);
        break;
    }
    return ok ? QString() : refusal(key(), quoted(format(settings)));
}

QString ClientSettingField::readJson(ClientSettings* settings, const QJsonObject& object,
                                     const QString& parent) const
{
    Value value = m_access.get(*settings);
    for (qsizetype i = 0; i < m_spec.configNames.size(); ++i) {
        const QString& name = m_spec.configNames.at(i);
        if (!object.contains(name))
            continue;
        const QJsonValue json = object.value(name);
        const QString path = JsonCheck::path(parent, name);
        QString error;
        double number = 0;
        if (m_spec.type == Type::Switch) {
            const auto on = JsonCheck::boolean(json, path, &error);
            if (!on)
                return error;
            number = *on ? 1 : 0;
        } else if (m_spec.type == Type::Choice) {
            const auto text = JsonCheck::string(json, path, &error);
            if (!text)
                return error;
            const auto choice = parse(*text);
            if (!choice)
                return refusal(path, JsonCheck::describe(json));
            number = choice->low;
        } else {
            const auto read = JsonCheck::number(json, path, &error);
            if (!read)
                return error;
            if (isWhole() && *read != std::floor(*read))
                return QStringLiteral("%1: expected a whole number, got %2")
                    .arg(path, JsonCheck::describe(json));
            if (!inLimits(*read))
                return QStringLiteral("%1 must be %2, not %3")
                    .arg(path, allowedNumber(), JsonCheck::describe(json));
            number = *read;
        }
        if (m_spec.type == Type::MsRange && i == 1)
            value.high = number;
        else if (m_spec.type == Type::MsRange)
            value.low = number;
        else
            value = Value{number, number};
    }
    if (m_spec.type == Type::MsRange && value.low > value.high)
        return QStringLiteral("%1 (%2) must not be above %3 (%4)")
            .arg(JsonCheck::path(parent, m_spec.configNames.value(0)), formatNumber(value.low),
                 JsonCheck::path(parent, m_spec.configNames.value(1)), formatNumber(value.high));
    m_access.set(*settings, value);
    return {};
}

void ClientSettingField::writeJson(const ClientSettings& settings, QJsonObject* object) const
{
    const Value value = m_access.get(settings);
    const QString& name = m_spec.configNames.value(0);
    switch (m_spec.type) {
    case Type::Switch:
        object->insert(name, value.low != 0);
        break;
    case Type::Choice:
        object->insert(name, m_spec.choices.value(qsizetype(value.low)));
        break;
    case Type::MsRange:
        object->insert(name, value.low);
        object->insert(m_spec.configNames.value(1), value.high);
        break;
    default:
        object->insert(name, value.low);
        break;
    }
}
