// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/recentmenu.h"

#include "scenario/scenariolibrary.h"
#include "settings/appsettings.h"
#include "settings/languages.h"

#include <QFileInfo>

RecentMenu::RecentMenu(QWidget* parent) : QMenu(tr("&Recent"), parent)
{
    setObjectName(QStringLiteral("recentMenu"));
    setToolTipsVisible(true);
}

void RecentMenu::fill(const AppSettings* settings, bool listRuns)
{
    clear();
    const QStringList scenarios = settings ? settings->recentScenarios() : QStringList();
    const QStringList runs = settings && listRuns ? settings->recentRuns() : QStringList();
    const QString language = Languages::engineLanguage(Languages::current());
    for (const QString& source : scenarios) {
        const QString name = source.startsWith(QLatin1String("builtin:"))
                                 ? ScenarioLibrary::title(source.mid(8), language)
                                 : QFileInfo(source).fileName();
        QAction* a = addAction(name);
        a->setToolTip(source);
        connect(a, &QAction::triggered, this, [this, source] { emit scenarioChosen(source); });
    }
    if (!runs.isEmpty()) {
        addSection(tr("Runs"));
        for (const QString& path : runs) {
            QAction* a = addAction(QFileInfo(path).fileName());
            a->setToolTip(path);
            connect(a, &QAction::triggered, this, [this, path] { emit runChosen(path); });
        }
    }
    setEnabled(!scenarios.isEmpty() || !runs.isEmpty());
}
