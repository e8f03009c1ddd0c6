// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginerunner.h"

#include <QTest>
#include <algorithm>

EngineRunner::EngineRunner(const EngineConfig& config)
    : m_controller(std::make_unique<EngineController>(config))
{
    connect(m_controller.get(), &EngineController::snapshotReady, this,
            [this](const EngineSnapshot& s) {
                m_last = s;
                m_events += s.newEvents;
                // Trimmed in one go once twice the limit: no per-event cost.
                if (m_eventLimit >= 0 && m_events.size() > 2 * m_eventLimit)
                    m_events.remove(0, m_events.size() - m_eventLimit);
            });
    connect(m_controller.get(), &EngineController::started, this, [this] { m_started = true; });
    connect(m_controller.get(), &EngineController::startFailed, this,
            [this](const QString& error) { m_startError = error; });
    connect(m_controller.get(), &EngineController::commandFinished, this,
            [this](quint64 id, bool ok, const QString& message) {
                m_answers[id] = {ok, message};
            });
}

EngineRunner::~EngineRunner()
{
    m_controller->shutdown();
}

bool EngineRunner::start(int timeoutMs, QString* error)
{
    m_controller->start();
    (void)QTest::qWaitFor([this] { return m_started || !m_startError.isEmpty(); }, timeoutMs);
    *error = m_started
                 ? QString()
                 : (m_startError.isEmpty() ? QStringLiteral("start timed out") : m_startError);
    return m_started;
}

bool EngineRunner::command(const QString& line, QString* message, int timeoutMs)
{
    const quint64 id = m_controller->execute(line);
    (void)QTest::qWaitFor([&] { return m_answers.contains(id); }, timeoutMs);
    // take(): a soak runs thousands of commands; answers read are not kept.
    const auto answer = m_answers.contains(id)
                            ? m_answers.take(id)
                            : QPair<bool, QString>(false, QStringLiteral("no answer"));
    if (message)
        *message = answer.second;
    return answer.first;
}

bool EngineRunner::waitFor(const std::function<bool(const EngineSnapshot&)>& ready, int timeoutMs)
{
    return QTest::qWaitFor([&] { return ready(m_last); }, timeoutMs);
}

bool EngineRunner::settle(int timeoutMs)
{
    // Any answer will do (an unknown topic is refused): the line is recorded either way.
    const QString marker = QStringLiteral("help settle-%1").arg(++m_settles);
    QString answer;
    command(marker, &answer, timeoutMs);
    if (answer == QLatin1String("no answer"))
        return false;
    const auto arrived = [&] {
        return std::any_of(m_events.crbegin(), m_events.crend(), [&](const HistoryEvent& e) {
            return e.kind == HistoryEvent::Kind::Command && e.text == marker;
        });
    };
    return QTest::qWaitFor(arrived, timeoutMs);
}

const ClientSnapshot* EngineRunner::client(const QString& name) const
{
    for (const ClientSnapshot& c : m_last.clients)
        if (c.name == name)
            return &c;
    return nullptr;
}
