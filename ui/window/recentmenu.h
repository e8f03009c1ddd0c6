// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMenu>

class AppSettings;

// File → Recent: the scenarios played and the runs opened lately, newest first. A menu lists
// only what exists: an empty one says so by being disabled.
class RecentMenu : public QMenu
{
    Q_OBJECT

public:
    explicit RecentMenu(QWidget* parent = nullptr);

    // settings may be null (nothing remembered); runs are listed only when they can be opened.
    void fill(const AppSettings* settings, bool listRuns);

signals:
    void scenarioChosen(const QString& source);
    void runChosen(const QString& path);
};
