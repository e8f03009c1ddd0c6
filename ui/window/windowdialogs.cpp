// SPDX-License-Identifier: GPL-3.0-or-later
#include "window/windowdialogs.h"

#include "dialogs/clientsettingsdialog.h"
#include "dialogs/nodesdialog.h"
#include "dialogs/searchdialog.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/shortcutsdialog.h"
#include "record/runfolder.h"

#include <QFileDialog>
#include <QFileInfo>

WindowDialogs::WindowDialogs(QWidget* window) : QObject(window), m_window(window) {}

void WindowDialogs::clientSettings(const QString& target, const ClientSettings& settings)
{
    auto* dialog = new ClientSettingsDialog(target, settings, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (!dialog->command().isEmpty())
            emit commandChosen(dialog->command());
    });
    dialog->open();
}

void WindowDialogs::defaults(const EngineConfig& config)
{
    auto* dialog = new SettingsDialog(config, config.clientDefaults, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { emit defaultsChosen(dialog->config(), dialog->defaultsCommand()); });
    dialog->open();
}

void WindowDialogs::nodes(const EngineConfig& config, AppSettings* settings)
{
    auto* dialog = new NodesDialog(config, settings, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (dialog->nodesChanged())
            emit nodesChosen(dialog->config());
    });
    dialog->open();
}

void WindowDialogs::shortcuts(const QList<QAction*>& actions)
{
    QList<ShortcutsDialog::Row> rows = ShortcutsDialog::rowsFor(actions);
    rows.insert(0, {tr("1 … 9"), tr("Select a node (then K, P, U, R, X or H act on it)")});
    auto* dialog = new ShortcutsDialog(rows, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void WindowDialogs::search()
{
    if (!m_search) {
        m_search = new SearchDialog(m_window);
        connect(m_search, &SearchDialog::playRequested, this, &WindowDialogs::counterexampleChosen);
    }
    m_search->show();
    m_search->raise();
    m_search->activateWindow();
}

QString WindowDialogs::scenarioToOpen()
{
    return QFileDialog::getOpenFileName(m_window, tr("Open scenario"), QString(),
                                        tr("Scenarios (*.rls);;All files (*)"));
}

QString WindowDialogs::scenarioToSave()
{
    return QFileDialog::getSaveFileName(m_window, tr("Save as scenario"),
                                        QStringLiteral("typed.rls"), tr("Scenarios (*.rls)"));
}

QString WindowDialogs::runToOpen()
{
    return QFileDialog::getOpenFileName(m_window, tr("Open a recorded run"),
                                        RunFolder::defaultPath(),
                                        tr("Redlock Scope runs (*.jsonl);;All files (*)"));
}

QString WindowDialogs::exportPath(const QString& runPath)
{
    const QStringList filters{tr("HTML report (*.html)"),
                              tr("The chart shown, as PNG (*.png)"),
                              tr("The chart shown, as SVG (*.svg)"),
                              tr("The chart shown, as PDF (*.pdf)"),
                              tr("Operations as CSV (*.csv)"),
                              tr("Jepsen history (*.edn)"),
                              tr("Run file (*.jsonl)")};
    QString filter = filters.first();
    const QString stem = QFileInfo(runPath).completeBaseName();
    QString path = QFileDialog::getSaveFileName(m_window, tr("Export the run"), stem + ".html",
                                                filters.join(QStringLiteral(";;")), &filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + filter.section(QStringLiteral("*."), 1).chopped(1);
    return path;
}

QString WindowDialogs::screenshotPath()
{
    return QFileDialog::getSaveFileName(m_window, tr("Save screenshot"),
                                        QStringLiteral("redlock-scope.png"),
                                        tr("PNG images (*.png)"));
}
