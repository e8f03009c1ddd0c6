// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QString>
#include <QStringList>
#include <optional>

// What `wait until EVENT` waits for: a name ("lock-lost"), optionally one client's
// ("lock-lost(C1)"), matched against history events as they are recorded, so a state that
// lasts a millisecond is caught. `exited(LINE)` is the end of the program the scenario's
// `exec` on line LINE started (ScenarioProcesses::isEnd), `exited` any program's.
class EventPattern
{
public:
    // nullopt with *error for an unknown name.
    static std::optional<EventPattern> parse(const QString& text, QString* error);
    static QStringList names();

    const QString& client() const { return m_client; }
    // `exited(LINE)`: LINE; 0 for every other pattern (and for `exited` alone).
    int line() const { return m_line; }
    bool isExit() const;
    // `clientId`: the named client's id (-1 when none is named).
    bool matches(const HistoryEvent& event, int clientId) const;

private:
    int m_index = 0;
    QString m_client;
    int m_line = 0;
};
