// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"
#include "model/engineconfig.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class AppSettings;
class QAction;
class SearchDialog;
class QWidget;

// The window's dialogs and file choosers. Each dialog opens on the window (window-modal) and
// deletes itself when closed; what the user chose comes back as a signal. The choosers ask
// and return the file (empty when cancelled). None of them keeps anything of the engine: they
// are given what to show.
class WindowDialogs : public QObject
{
    Q_OBJECT

public:
    explicit WindowDialogs(QWidget* window);

    // `target` is a client's name or "all"; its settings are what the form starts from.
    void clientSettings(const QString& target, const ClientSettings& settings);
    // The defaults of clients added from now on (config.clientDefaults).
    void defaults(const EngineConfig& config);
    // settings may be null (no saved fleets, nothing remembered).
    void nodes(const EngineConfig& config, AppSettings* settings);
    void shortcuts(const QList<QAction*>& actions);
    // Tools → Search for a counterexample…: not modal, and kept while the window lives (a
    // search may run while the class watches the window).
    void search();

    QString scenarioToOpen();
    QString scenarioToSave();
    QString runToOpen();
    // Where to export `runPath`'s run, with the chosen format's extension when none was typed
    // (the exporter goes by it).
    QString exportPath(const QString& runPath);
    QString screenshotPath();

signals:
    void commandChosen(const QString& line);
    void defaultsChosen(const EngineConfig& config, const QString& defaultsCommand);
    // Only when the nodes changed: a new engine is due on them.
    void nodesChosen(const EngineConfig& config);
    // A counterexample to play: its scenario file, on fresh nodes of that topology.
    void counterexampleChosen(const QString& path, EngineConfig::Topology topology);

private:
    QWidget* m_window;
    QPointer<SearchDialog> m_search;
};
