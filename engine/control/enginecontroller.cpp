// SPDX-License-Identifier: GPL-3.0-or-later
#include "control/enginecontroller.h"

#include "base/epolleventdispatcher.h"
#include "control/engine.h"

EngineController::EngineController(const EngineConfig& config, QObject* parent)
    : QObject(parent), m_config(config), m_engine(new Engine(config))
{
    qRegisterMetaType<EngineSnapshot>();
    m_thread.setObjectName(QStringLiteral("engine"));
    // Its loop carries a socket per client and node: epoll, not glib's linear poll.
    m_thread.setEventDispatcher(new EpollEventDispatcher);
    m_engine->moveToThread(&m_thread);
    connect(m_engine, &Engine::started, this, &EngineController::started);
    connect(m_engine, &Engine::startFailed, this, &EngineController::startFailed);
    connect(m_engine, &Engine::snapshotReady, this, &EngineController::snapshotReady);
    connect(m_engine, &Engine::commandFinished, this, &EngineController::commandFinished);
    connect(m_engine, &Engine::stepStarted, this, &EngineController::stepStarted);
    connect(m_engine, &Engine::stepFinished, this, &EngineController::stepFinished);
    connect(m_engine, &Engine::narration, this, &EngineController::narration);
    connect(m_engine, &Engine::snapshotRequested, this, &EngineController::snapshotRequested);
    connect(m_engine, &Engine::scenarioStateChanged, this, &EngineController::scenarioStateChanged);
    connect(m_engine, &Engine::scenarioFinished, this, &EngineController::scenarioFinished);
    m_thread.start();
}

EngineController::~EngineController()
{
    shutdown();
}

void EngineController::start()
{
    QMetaObject::invokeMethod(m_engine, &Engine::start, Qt::QueuedConnection);
}

quint64 EngineController::execute(const QString& line)
{
    const quint64 id = m_nextCommandId++;
    QMetaObject::invokeMethod(
        m_engine, [engine = m_engine, id, line] { engine->execute(id, line); },
        Qt::QueuedConnection);
    return id;
}

void EngineController::runScenario(const QString& source, const QString& text,
                                   std::optional<quint64> seed)
{
    QMetaObject::invokeMethod(
        m_engine,
        [engine = m_engine, source, text, seed] { engine->runScenario(source, text, seed); },
        Qt::QueuedConnection);
}

void EngineController::pauseScenario()
{
    QMetaObject::invokeMethod(m_engine, &Engine::pauseScenario, Qt::QueuedConnection);
}

void EngineController::resumeScenario()
{
    QMetaObject::invokeMethod(m_engine, &Engine::resumeScenario, Qt::QueuedConnection);
}

void EngineController::stepScenario()
{
    QMetaObject::invokeMethod(m_engine, &Engine::stepScenario, Qt::QueuedConnection);
}

void EngineController::stopScenario()
{
    QMetaObject::invokeMethod(m_engine, &Engine::stopScenario, Qt::QueuedConnection);
}

void EngineController::holdAtSlides(bool hold)
{
    QMetaObject::invokeMethod(
        m_engine, [engine = m_engine, hold] { engine->holdAtSlides(hold); }, Qt::QueuedConnection);
}

void EngineController::slideTaken()
{
    QMetaObject::invokeMethod(m_engine, &Engine::slideTaken, Qt::QueuedConnection);
}

void EngineController::interruptScenario(const QString& why)
{
    QMetaObject::invokeMethod(
        m_engine, [engine = m_engine, why] { engine->interruptScenario(why); },
        Qt::QueuedConnection);
}

void EngineController::runConsole(const QString& text, int number)
{
    QMetaObject::invokeMethod(
        m_engine, [engine = m_engine, text, number] { engine->runConsole(text, number); },
        Qt::QueuedConnection);
}

void EngineController::setLanguage(const QString& language)
{
    QMetaObject::invokeMethod(
        m_engine, [engine = m_engine, language] { engine->setLanguage(language); },
        Qt::QueuedConnection);
}

void EngineController::shutdown()
{
    if (m_shutDown)
        return;
    m_shutDown = true;
    // Blocking on purpose: the local nodes must be stopped before the app goes away.
    QMetaObject::invokeMethod(m_engine, &Engine::shutdown, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    // Its thread has ended and shutdown() stopped its timers: safe to read and delete here.
    m_recordingError = m_engine->recordingError();
    m_finalCounters = m_engine->counters();
    delete m_engine;
    m_engine = nullptr;
}
