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
    // The engine has closed everything: its thread ends (quit() is safe from any thread), and
    // its end is seen here, in this object's thread.
    QThread* thread = &m_thread;
    connect(
        m_engine, &Engine::stopped, m_engine, [thread] { thread->quit(); }, Qt::DirectConnection);
    connect(&m_thread, &QThread::finished, this, &EngineController::onThreadFinished,
            Qt::QueuedConnection);
    m_thread.start();
}

EngineController::~EngineController()
{
    shutdown();
}

template <typename Call> void EngineController::post(Call call)
{
    Q_ASSERT_X(QThread::currentThread() == thread(), "EngineController",
               "called from the thread that made it only");
    if (m_engine && !m_stopRequested)
        QMetaObject::invokeMethod(m_engine, std::move(call), Qt::QueuedConnection);
}

void EngineController::start()
{
    post([engine = m_engine] { engine->start(); });
}

quint64 EngineController::execute(const QString& line)
{
    const quint64 id = m_nextCommandId++;
    post([engine = m_engine, id, line] { engine->execute(id, line); });
    return id;
}

void EngineController::runScenario(const QString& source, const QString& text,
                                   std::optional<quint64> seed)
{
    post([engine = m_engine, source, text, seed] { engine->runScenario(source, text, seed); });
}

void EngineController::pauseScenario()
{
    post([engine = m_engine] { engine->pauseScenario(); });
}

void EngineController::resumeScenario()
{
    post([engine = m_engine] { engine->resumeScenario(); });
}

void EngineController::stepScenario()
{
    post([engine = m_engine] { engine->stepScenario(); });
}

void EngineController::stopScenario()
{
    post([engine = m_engine] { engine->stopScenario(); });
}

void EngineController::holdAtSlides(bool hold)
{
    post([engine = m_engine, hold] { engine->holdAtSlides(hold); });
}

void EngineController::slideTaken()
{
    post([engine = m_engine] { engine->slideTaken(); });
}

void EngineController::interruptScenario(const QString& why)
{
    post([engine = m_engine, why] { engine->interruptScenario(why); });
}

void EngineController::runConsole(const QString& text, int number)
{
    post([engine = m_engine, text, number] { engine->runConsole(text, number); });
}

void EngineController::setLanguage(const QString& language)
{
    post([engine = m_engine, language] { engine->setLanguage(language); });
}

void EngineController::stop()
{
    post([engine = m_engine] { engine->stop(); });
    m_stopRequested = true;
}

// A wait for a thread's end, not a blocking call into it: the engine stops in its own loop.
void EngineController::shutdown()
{
    Q_ASSERT_X(QThread::currentThread() == thread(), "EngineController",
               "called from the thread that made it only");
    stop();
    if (!m_engine)
        return;
    m_thread.wait();
    onThreadFinished();
}

void EngineController::onThreadFinished()
{
    if (!m_engine)
        return; // shutdown() got here first
    // Its thread has ended and stop() stopped its timers: safe to read and delete here.
    m_recordingError = m_engine->recordingError();
    m_finalCounters = m_engine->counters();
    delete m_engine;
    m_engine = nullptr;
    emit stopped();
}
