// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <optional>
#include <type_traits>

// One client setting, described once: its key in the command language (`ttl=...`), its
// name(s) in the config file's "client" object, its type and limits, a label and a
// one-line help text for the settings dialog, and where it lives in ClientSettings.
// Everything that reads or writes client settings goes through the table all(). How to add
// a setting, with an example row: docs/architecture.md, "Adding a client setting".
class ClientSettingField
{
public:
    enum class Type
    {
        Milliseconds, // a whole number of milliseconds, minimum to maximum
        Count,        // a whole number, minimum to maximum
        Factor,       // a (finite) real number, minimum to maximum
        Switch,       // on|off (in the config file: true|false)
        MsRange,      // MS or MIN-MAX, each minimum to maximum ms (config file: two names)
        Choice,       // one of choices() (held as its index: an enum's value)
    };

    // A value of any type, the way the table moves it between text, JSON and the settings:
    // a number in `low` (a range: low to high), a switch as 0 or 1, a choice as its index.
    // A double holds every whole number of these limits exactly.
    struct Value
    {
        double low = 0;
        double high = 0;
    };

    // How a row reads and writes its member(s) of ClientSettings; made by member() or range().
    struct Access
    {
        std::function<Value(const ClientSettings&)> get;
        std::function<void(ClientSettings&, const Value&)> set;
    };

    struct Spec
    {
        QString key;             // command language: lower case
        QStringList configNames; // config file; a range names its MIN, then its MAX
        Type type = Type::Count;
        double minimum = 0;
        double maximum = 0;
        QStringList choices = {};
        const char* label = ""; // the dialog's caption (translatable)
        const char* help = "";  // one line; the allowed values are appended by help()
    };

    explicit ClientSettingField(Spec spec, Access access);

    // The table, in the order the dialog and toAssignments() show it.
    static const QList<ClientSettingField>& all();
    static const ClientSettingField* find(const QString& key);
    static QStringList keys();
    static QStringList allConfigNames();

    // One member (int, double, bool or an enum) as a generic lambda returning a reference:
    //     member([](auto& s) -> auto& { return s.lock.ttlMs; })
    template <typename Member> static Access member(Member access);
    // A range's two members, MIN's and MAX's, given the same way.
    template <typename Low, typename High> static Access range(Low low, High high);

    const QString& key() const { return m_spec.key; }
    const QStringList& configNames() const { return m_spec.configNames; }
    Type type() const { return m_spec.type; }
    double minimum() const { return m_spec.minimum; }
    double maximum() const { return m_spec.maximum; }
    const QStringList& choices() const { return m_spec.choices; }
    QString label() const;
    QString help() const; // the help line, then what is allowed
    // What is allowed, as a phrase: "a whole number of ms from 10 to 3600000 (1 h)".
    QString allowed() const;

    // The value held in `settings`, as assign() reads it back.
    QString format(const ClientSettings& settings) const;
    // Sets this row from command-language text. Empty when done; otherwise why not
    // (naming the key and the text) and `settings` untouched.
    QString assign(ClientSettings* settings, const QString& text) const;
    // Empty when the value held in `settings` is inside this row's limits.
    QString check(const ClientSettings& settings) const;

    // Reads this row's names from a config file's object at `parent` (e.g. "client"); names
    // that are absent leave the setting as it is. Empty when done; otherwise why not,
    // naming the path ("client.ttlMs: expected a number, got \"abc\"").
    QString readJson(ClientSettings* settings, const QJsonObject& object,
                     const QString& parent) const;
    void writeJson(const ClientSettings& settings, QJsonObject* object) const;

private:
    bool isWhole() const { return m_spec.type != Type::Factor; }
    bool inLimits(double number) const;
    QString allowedNumber() const; // the phrase for one number of this row
    std::optional<Value> parse(const QString& text) const;
    std::optional<double> parseNumber(const QString& text) const;
    QString formatNumber(double number) const;
    QString refusal(const QString& name, const QString& found) const;

    template <typename T> static double toNumber(const T& value);
    template <typename T> static void fromNumber(double number, T* out);

    Spec m_spec;
    Access m_access;
};

template <typename T> double ClientSettingField::toNumber(const T& value)
{
    if constexpr (std::is_enum_v<T>)
        return double(std::underlying_type_t<T>(value));
    else
        return double(value);
}

// Only called with numbers already checked against the row's limits: the casts fit.
template <typename T> void ClientSettingField::fromNumber(double number, T* out)
{
    if constexpr (std::is_same_v<T, bool>)
        *out = number != 0;
    else if constexpr (std::is_enum_v<T>)
        *out = T(std::underlying_type_t<T>(number));
    else
        *out = T(number);
}

template <typename Member> ClientSettingField::Access ClientSettingField::member(Member access)
{
    return {[access](const ClientSettings& s) {
                const double number = toNumber(access(s));
                return Value{number, number};
            },
            [access](ClientSettings& s, const Value& value) { fromNumber(value.low, &access(s)); }};
}

template <typename Low, typename High>
ClientSettingField::Access ClientSettingField::range(Low low, High high)
{
    return {[low, high](const ClientSettings& s) {
                return Value{toNumber(low(s)), toNumber(high(s))};
            },
            [low, high](ClientSettings& s, const Value& value) {
                fromNumber(value.low, &low(s));
                fromNumber(value.high, &high(s));
            }};
}
