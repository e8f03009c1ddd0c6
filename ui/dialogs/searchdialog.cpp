// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/searchdialog.h"

#include "base/enumnames.h"
#include "search/counterexamplesearch.h"
#include "search/searchpreset.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QVBoxLayout>
#include <cmath>

namespace {

using F = SearchOptions::FaultKind;

QString faultLabel(F kind)
{
    switch (kind) {
    case F::Kill:
        return SearchDialog::tr("node kill");
    case F::Restart:
        return SearchDialog::tr("node restart");
    case F::Pause:
        return SearchDialog::tr("node pause");
    case F::Partition:
        return SearchDialog::tr("partition");
    case F::Latency:
        return SearchDialog::tr("latency");
    case F::Drop:
        return SearchDialog::tr("dropped requests");
    case F::Clock:
        return SearchDialog::tr("clock jump");
    case F::ClientPause:
        return SearchDialog::tr("client pause");
    case F::ClientCrash:
        return SearchDialog::tr("client crash");
    }
    return {};
}

QString clock(double seconds)
{
    const int s = int(std::lround(seconds));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

SearchDialog::SearchDialog(QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("searchDialog"));
    setWindowTitle(tr("Search for a counterexample"));
    buildForm();
    choosePreset(QStringLiteral("redlock-careless-pause"));
    setRunning(false);
}

SearchDialog::~SearchDialog()
{
    delete m_search; // stops its engines and their nodes
}

QString SearchDialog::folder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/redlockscope/counterexamples");
}

void SearchDialog::buildForm()
{
    m_preset = new QComboBox;
    m_preset->setObjectName(QStringLiteral("searchPreset"));
    m_preset->addItem(tr("(your own)"), QString());
    for (const SearchPreset& p : SearchPreset::all())
        m_preset->addItem(QStringLiteral("%1 — %2").arg(p.name, p.description), p.name);
    connect(m_preset, &QComboBox::activated, this,
            [this] { choosePreset(m_preset->currentData().toString()); });

    m_strategy = new QComboBox;
    m_strategy->setObjectName(QStringLiteral("searchStrategy"));
    for (const QString& name : Strategy::names())
        m_strategy->addItem(name, name);
    m_pinned = new QLineEdit;
    m_pinned->setObjectName(QStringLiteral("searchSettings"));
    m_pinned->setPlaceholderText(tr("key=value …, as in `defaults` (the rest is drawn)"));
    auto* faults = new QGridLayout;
    int i = 0;
    for (F kind : SearchOptions::allFaults()) {
        auto* box = new QCheckBox(faultLabel(kind));
        box->setObjectName(QStringLiteral("searchFault_%1").arg(SearchOptions::faultName(kind)));
        box->setToolTip(SearchOptions::faultName(kind));
        m_faults.insert(kind, box);
        faults->addWidget(box, i / 3, i % 3);
        ++i;
    }
    m_persistence = new QComboBox;
    m_persistence->addItem(tr("none: a restarted node forgets its keys"), QStringLiteral("none"));
    m_persistence->addItem(tr("AOF everysec"), QStringLiteral("everysec"));
    m_persistence->addItem(tr("AOF always"), QStringLiteral("always"));
    m_clients = new QSpinBox;
    m_clients->setRange(1, 20);
    m_maxFaulty = new QSpinBox;
    m_maxFaulty->setRange(-1, 9);
    m_maxFaulty->setSpecialValueText(tr("a minority"));
    m_budget = new QSpinBox;
    m_budget->setObjectName(QStringLiteral("searchBudget"));
    m_budget->setRange(5, 86400);
    m_budget->setSuffix(tr(" s"));
    m_seed = new QLineEdit(QStringLiteral("1"));
    m_seed->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,15}")), m_seed));
    m_jobs = new QSpinBox;
    m_jobs->setRange(1, 16);
    m_jobs->setValue(4);
    m_property = new QPlainTextEdit;
    m_property->setObjectName(QStringLiteral("searchProperty"));
    m_property->setPlaceholderText(
        tr("Empty: the checker's safety verdict. Or lines run after each schedule, which must "
           "hold: expect lines, or a wait until that must come true."));
    m_property->setMaximumHeight(fontMetrics().lineSpacing() * 4);

    auto* form = new QFormLayout;
    form->addRow(tr("Preset:"), m_preset);
    form->addRow(tr("Lock:"), m_strategy);
    form->addRow(tr("Pinned settings:"), m_pinned);
    form->addRow(tr("Faults:"), faults);
    form->addRow(tr("Persistence:"), m_persistence);
    form->addRow(tr("Clients:"), m_clients);
    form->addRow(tr("Nodes faulty at once, at most:"), m_maxFaulty);
    form->addRow(tr("Property:"), m_property);
    auto* limits = new QHBoxLayout;
    limits->addWidget(new QLabel(tr("Budget:")));
    limits->addWidget(m_budget);
    limits->addWidget(new QLabel(tr("Seed:")));
    limits->addWidget(m_seed);
    limits->addWidget(new QLabel(tr("Trials at once:")));
    limits->addWidget(m_jobs);
    limits->addStretch();
    form->addRow(limits);

    m_start = new QPushButton(tr("Start"));
    m_start->setObjectName(QStringLiteral("searchStart"));
    m_stop = new QPushButton(tr("Stop"));
    m_stop->setObjectName(QStringLiteral("searchStop"));
    connect(m_start, &QPushButton::clicked, this, &SearchDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &SearchDialog::stop);
    m_bar = new QProgressBar;
    m_bar->setObjectName(QStringLiteral("searchProgress"));
    m_bar->setRange(0, 1000);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("searchStatus"));
    m_status->setWordWrap(true);
    m_error = new QLabel;
    m_error->setObjectName(QStringLiteral("searchError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #d9534f"));
    auto* run = new QHBoxLayout;
    run->addWidget(m_start);
    run->addWidget(m_stop);
    run->addWidget(m_bar, 1);

    m_list = new QListWidget;
    m_list->setObjectName(QStringLiteral("searchFound"));
    connect(m_list, &QListWidget::currentRowChanged, this, &SearchDialog::showSelected);
    connect(m_list, &QListWidget::itemActivated, this, &SearchDialog::playSelected);
    m_scenario = new QPlainTextEdit;
    m_scenario->setObjectName(QStringLiteral("searchScenario"));
    m_scenario->setReadOnly(true);
    m_scenario->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log = new QPlainTextEdit;
    m_log->setObjectName(QStringLiteral("searchLog"));
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(2000);
    m_play = new QPushButton(tr("Play in the window"));
    m_play->setObjectName(QStringLiteral("searchPlay"));
    connect(m_play, &QPushButton::clicked, this, &SearchDialog::playSelected);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_list);
    split->addWidget(m_scenario);
    split->addWidget(m_log);
    split->setStretchFactor(1, 2);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_play, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(run);
    layout->addWidget(m_status);
    layout->addWidget(m_error);
    layout->addWidget(new QLabel(tr("Counterexamples found (double-click: play):")));
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(760, 820);
}

void SearchDialog::choosePreset(const QString& name)
{
    const auto preset = SearchPreset::find(name);
    m_preset->setCurrentIndex(std::max(0, m_preset->findData(name)));
    if (!preset)
        return;
    const SearchOptions& o = preset->options;
    m_strategy->setCurrentIndex(m_strategy->findData(Strategy::name(o.strategy)));
    m_pinned->setText(o.pinned.join(QLatin1Char(' ')));
    for (auto it = m_faults.cbegin(); it != m_faults.cend(); ++it)
        it.value()->setChecked(o.faults.contains(it.key()));
    m_persistence->setCurrentIndex(m_persistence->findData(EnumNames::name(o.persistence)));
    m_clients->setValue(o.clients);
    m_maxFaulty->setValue(o.maxFaulty);
    m_budget->setValue(int(preset->budgetS));
    m_property->setPlainText(o.property);
}

std::optional<SearchOptions> SearchDialog::options(QString* error) const
{
    SearchOptions o;
    o.strategy = *EnumNames::parse<Strategy::Kind>(m_strategy->currentData().toString());
    if (Strategy::needsSentinel(o.strategy))
        o.topology = EngineConfig::Topology::Replicated;
    o.pinned = m_pinned->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (auto it = m_faults.cbegin(); it != m_faults.cend(); ++it)
        if (it.value()->isChecked())
            o.faults << it.key();
    o.persistence = *SearchOptions::parsePersistence(m_persistence->currentData().toString());
    o.clients = m_clients->value();
    o.maxFaulty = m_maxFaulty->value();
    o.budgetS = m_budget->value();
    o.seed = m_seed->text().toULongLong();
    o.jobs = m_jobs->value();
    o.property = m_property->toPlainText().trimmed();
    o.propertyOrigin = tr("the property");
    o.stopAtFirst = false; // the list fills until the budget is spent
    o.outDir = folder();
    for (const QString& a : std::as_const(o.pinned)) {
        if (a.section(QLatin1Char('='), 0, 0).trimmed() == QLatin1String("strategy")) {
            *error = tr("The lock is chosen above, not among the pinned settings.");
            return std::nullopt;
        }
    }
    if (const QString why = o.validate(); !why.isEmpty()) {
        *error = why;
        return std::nullopt;
    }
    return o;
}

void SearchDialog::start()
{
    if (m_search)
        return;
    QString error;
    const auto o = options(&error);
    m_error->setText(error);
    if (!o)
        return;
    m_search = new CounterexampleSearch(*o, this);
    connect(m_search, &CounterexampleSearch::progressed, this, &SearchDialog::onProgress);
    connect(m_search, &CounterexampleSearch::counterexampleFound, this, &SearchDialog::onFound);
    connect(m_search, &CounterexampleSearch::finished, this, &SearchDialog::onFinished);
    connect(m_search, &CounterexampleSearch::note, this,
            [this](const QString& text) { m_log->appendPlainText(text); });
    m_log->clear();
    setRunning(true);
    m_search->start();
}

void SearchDialog::stop()
{
    if (m_search)
        m_search->stop(); // finished() follows
}

void SearchDialog::setRunning(bool running)
{
    m_start->setEnabled(!running);
    m_stop->setEnabled(running);
    for (QWidget* w :
         std::initializer_list<QWidget*>{m_preset, m_strategy, m_pinned, m_persistence, m_clients,
                                         m_maxFaulty, m_budget, m_seed, m_jobs, m_property})
        w->setEnabled(!running);
    for (QCheckBox* box : std::as_const(m_faults))
        box->setEnabled(!running);
    m_play->setEnabled(m_list->currentRow() >= 0);
}

QString SearchDialog::phaseText(const SearchProgress& p) const
{
    using Phase = SearchProgress::Phase;
    switch (p.phase) {
    case Phase::Searching:
        return tr("Searching");
    case Phase::Confirming:
        return tr("Replaying a schedule that failed");
    case Phase::Shrinking:
        return tr("Shrinking it: %n step(s) so far", nullptr, p.bestSteps);
    case Phase::Telling:
        return tr("Telling its story");
    case Phase::Finished:
        break;
    }
    return tr("Done");
}

void SearchDialog::onProgress(const SearchProgress& p)
{
    m_bar->setValue(p.permille());
    const QString left = p.secondsLeft >= 0 ? clock(p.secondsLeft) : QStringLiteral("–");
    m_status->setText(tr("%1 · %n trial(s), %2/s · %3 left · %4 found", nullptr, p.trials)
                          .arg(phaseText(p))
                          .arg(p.trialsPerSecond, 0, 'f', 2)
                          .arg(left)
                          .arg(p.found));
}

void SearchDialog::onFound(const Counterexample& c)
{
    m_found << c;
    auto* item = new QListWidgetItem(
        tr("%1 · found after %2 s · %3").arg(c.title()).arg(c.foundAfterS, 0, 'f', 1).arg(c.path));
    item->setToolTip(c.story.join(QLatin1Char('\n')));
    m_list->addItem(item);
    if (m_list->currentRow() < 0)
        m_list->setCurrentRow(0);
}

void SearchDialog::onFinished(const SearchProgress& p)
{
    onProgress(p);
    m_bar->setValue(1000);
    if (p.found == 0)
        m_status->setText(
            tr("Nothing found: %n schedule(s) run; continue with seed %1", nullptr, p.trials)
                .arg(p.continueSeed));
    else
        m_status->setText(
            tr("Done: %n counterexample(s) found in %1 schedules", nullptr, p.found).arg(p.trials));
    m_seed->setText(QString::number(p.continueSeed));
    m_search->deleteLater();
    m_search = nullptr;
    setRunning(false);
}

void SearchDialog::showSelected()
{
    const int row = m_list->currentRow();
    m_play->setEnabled(row >= 0);
    m_scenario->setPlainText(row >= 0 ? m_found.value(row).scenario : QString());
}

void SearchDialog::playSelected()
{
    const int row = m_list->currentRow();
    if (row < 0 || row >= m_found.size() || m_found[row].path.isEmpty())
        return;
    emit playRequested(m_found[row].path, m_found[row].topology);
}
