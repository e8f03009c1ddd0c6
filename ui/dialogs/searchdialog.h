// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/engineconfig.h"
#include "search/counterexample.h"
#include "search/counterexamplesearch.h"
#include "search/searchoptions.h"
#include "search/searchprogress.h"

#include <QDialog>
#include <QMap>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

// Tools → Search for a counterexample…: the search of `--search` in the window (docs/guide.md,
// "Searching for a counterexample"). The rung (or a preset: a rung under its own hazard), settings
// to pin, the fault kinds, the budget; a progress bar with the trials, their rate and the time
// left; every counterexample found in a list, with its scenario. Opening one asks the window to
// play it on fresh nodes with its captions (playRequested). The search runs its own engines and
// nodes, beside the window's.
class SearchDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SearchDialog(QWidget* parent = nullptr);
    ~SearchDialog() override;

    // What the form asks for; nothing, with *error, while something in it is wrong.
    std::optional<SearchOptions> options(QString* error) const;
    void choosePreset(const QString& name);
    bool isSearching() const { return m_search != nullptr; }
    const QList<Counterexample>& found() const { return m_found; }
    // Where found counterexamples are saved: the data folder's counterexamples/.
    static QString folder();

public slots:
    void start();
    void stop();
    void playSelected();

signals:
    // Play this scenario file on fresh nodes of this topology.
    void playRequested(const QString& path, EngineConfig::Topology topology);

private:
    void buildForm();
    void onProgress(const SearchProgress& progress);
    void onFound(const Counterexample& c);
    void onFinished(const SearchProgress& progress);
    void showSelected();
    void setRunning(bool running);
    QString phaseText(const SearchProgress& p) const;

    QComboBox* m_preset;
    QComboBox* m_strategy;
    QLineEdit* m_pinned;
    QMap<SearchOptions::FaultKind, QCheckBox*> m_faults;
    QComboBox* m_persistence;
    QSpinBox* m_clients;
    QSpinBox* m_maxFaulty;
    QSpinBox* m_budget;
    QLineEdit* m_seed;
    QSpinBox* m_jobs;
    QPlainTextEdit* m_property;
    QPushButton* m_start;
    QPushButton* m_stop;
    QProgressBar* m_bar;
    QLabel* m_status;
    QLabel* m_error;
    QListWidget* m_list;
    QPlainTextEdit* m_scenario;
    QPushButton* m_play;
    QPlainTextEdit* m_log;
    QPointer<CounterexampleSearch> m_search;
    QList<Counterexample> m_found;
};
