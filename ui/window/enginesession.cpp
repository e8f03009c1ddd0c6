// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/enginesession.h"

#include "control/enginecontroller.h"
#include "record/runfolder.h"

EngineSession::EngineSession(const EngineConfig& config, QObject* parent)
    : QObject(parent), m_config(config)
{}

EngineSession::~EngineSession()
{
    stop(); // the local nodes stop before the window's views go
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

void EngineSession::stop()
{
    if (!m_controller)
        return;
    m_controller->shutdown(); // blocks until its nodes are stopped
    m_controller.reset();     // its connections go with it
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
