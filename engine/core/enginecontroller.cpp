#include "core/enginecontroller.h"

#include "core/engine.h"

EngineController::EngineController(const EngineConfig& config, QObject* parent)
    : QObject(parent), m_config(config), m_engine(new Engine(config))
{
    qRegisterMetaType<EngineSnapshot>();
    m_thread.setObjectName(QStringLiteral("engine"));
    m_engine->moveToThread(&m_thread);
    connect(m_engine, &Engine::started, this, &EngineController::started);
    connect(m_engine, &Engine::startFailed, this, &EngineController::startFailed);
    connect(m_engine, &Engine::snapshotReady, this, &EngineController::snapshotReady);
    connect(m_engine, &Engine::commandFinished, this, &EngineController::commandFinished);
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

void EngineController::shutdown()
{
    if (m_shutDown)
        return;
    m_shutDown = true;
    // Blocking on purpose: the local nodes must be stopped before the app goes away.
    QMetaObject::invokeMethod(m_engine, &Engine::shutdown, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    // Its thread has ended and shutdown() stopped its timers: safe to delete from here.
    delete m_engine;
    m_engine = nullptr;
}
