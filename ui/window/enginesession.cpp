// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/enginesession.h"

#include "control/enginecontroller.h"
#include "record/runfolder.h"

EngineSession::EngineSession(const EngineConfig& config, QObject* parent)
    : QObject(parent), m_config(config)
{}

// The window is going: what still runs is stopped and waited for here (a thread's end, no
// event loop), so the local nodes are gone and the locks released before the views go.
EngineSession::~EngineSession()
{
    stop();
    for (EngineController* retiring : std::as_const(m_retiring)) {
        retiring->disconnect(this);
        delete retiring;
    }
}

void EngineSession::setConfig(const EngineConfig& config)
{
    m_config = config;
    if (!m_config.recordPath.isEmpty()) { // the file holds the first run: the next one goes
        m_config.recordPath.clear();      // next to the others, not over it
        m_config.recordToRunFolder = true;
    }
}

EngineConfig EngineSession::start(const QString& language)
{
    m_started = true;
    EngineConfig config = m_config;
    if (config.recordPath.isEmpty() && config.recordToRunFolder) {
        QString error;
        config.recordPath = RunFolder().newRun(&error);
        if (!error.isEmpty())
            emit notRecorded(error);
    }
    m_controller = std::make_unique<EngineController>(config);
    connectController();
    // The narration speaks the window's language (say.zh / say.ja lines).
    m_controller->setLanguage(language);
    m_controller->start();
    return config;
}

void EngineSession::connectController()
{
    EngineController* c = m_controller.get();
    connect(c, &EngineController::snapshotReady, this, &EngineSession::snapshotReady);
    connect(c, &EngineController::commandFinished, this, &EngineSession::commandFinished);
    connect(c, &EngineController::startFailed, this, [this](const QString& error) {
        emit commandFinished(0, false, tr("the engine did not start: %1").arg(error));
    });
    connect(c, &EngineController::narration, this, &EngineSession::narration);
    connect(c, &EngineController::snapshotRequested, this, &EngineSession::snapshotRequested);
    connect(c, &EngineController::stepStarted, this, &EngineSession::stepStarted);
    connect(c, &EngineController::stepFinished, this, &EngineSession::stepFinished);
    connect(c, &EngineController::scenarioStateChanged, this, &EngineSession::scenarioStateChanged);
    connect(c, &EngineController::scenarioFinished, this, &EngineSession::scenarioFinished);
}

// The engine stops in its own thread while the window goes on: it is kept until it says
// stopped() (its locks released, its local nodes gone), then deleted. Its signals no longer
// reach the window, which may already show the next engine.
void EngineSession::stop()
{
    if (!m_controller)
        return;
    EngineController* retiring = m_controller.release();
    retiring->disconnect(this);
    m_retiring << retiring;
    connect(retiring, &EngineController::stopped, this, [this, retiring] {
        m_retiring.removeOne(retiring);
        retiring->deleteLater();
        if (m_retiring.isEmpty())
            emit allStopped();
    });
    retiring->stop();
}

quint64 EngineSession::execute(const QString& line)
{
    return m_controller ? m_controller->execute(line) : 0;
}

void EngineSession::pauseScenario()
{
    if (m_controller)
        m_controller->pauseScenario();
}

void EngineSession::resumeScenario()
{
    if (m_controller)
        m_controller->resumeScenario();
}

void EngineSession::stepScenario()
{
    if (m_controller)
        m_controller->stepScenario();
}

void EngineSession::stopScenario()
{
    if (m_controller)
        m_controller->stopScenario();
}
