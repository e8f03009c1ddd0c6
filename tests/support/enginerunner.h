// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "control/enginecontroller.h"

#include <QHash>
#include <QObject>
#include <functional>
#include <memory>
#include <optional>

// Drives an EngineController from a test: keeps the latest snapshot and every event,
// and runs commands synchronously (with a deadline, never a fixed sleep).
class EngineRunner : public QObject
{
    Q_OBJECT

public:
    explicit EngineRunner(const EngineConfig& config);
    ~EngineRunner() override;

    bool start(int timeoutMs, QString* error);
    // Runs one command line; returns the engine's answer ("" and false on timeout).
    bool command(const QString& line, QString* message = nullptr, int timeoutMs = 5000);
    // Waits for a snapshot that satisfies `ready`.
    bool waitFor(const std::function<bool(const EngineSnapshot&)>& ready, int timeoutMs);
    // Waits until every event the engine recorded before the call has arrived here (in
    // events() and the last snapshot): a marker command's own history event comes after them.
    // Instead of a fixed sleep "for the last snapshot", which two busy cores outlast.
    bool settle(int timeoutMs = 10000);
    // Keeps only about the newest `limit` events (between limit and 2 x limit; -1: all, the
    // default). A long run (the soak) must not grow the test's own memory with every event,
    // or it would measure itself instead of the engine.
    void setEventLimit(qsizetype limit) { m_eventLimit = limit; }

    const EngineSnapshot& last() const { return m_last; }
    const QList<HistoryEvent>& events() const { return m_events; }
    EngineController& controller() { return *m_controller; }
    const ClientSnapshot* client(const QString& name) const;

private:
    std::unique_ptr<EngineController> m_controller;
    EngineSnapshot m_last;
    QList<HistoryEvent> m_events;
    qsizetype m_eventLimit = -1;
    bool m_started = false;
    int m_settles = 0;
    QString m_startError;
    QHash<quint64, QPair<bool, QString>> m_answers;
};
