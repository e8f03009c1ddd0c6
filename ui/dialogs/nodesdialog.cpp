// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/nodesdialog.h"

#include "dialogs/tlsbox.h"
#include "model/nodecount.h"
#include "net/connectiontest.h"
#include "settings/appsettings.h"
#include "widgets/uitheme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace {

enum Column
{
    Host,
    Port,
    User,
    Password,
    Db,
    Tls,
    Test,
    ColumnCount
};

constexpr int TestTimeoutMs = 2000;

// A saved fleet's TLS settings: its first rediss:// node's (one set for the run), else `otherwise`.
TlsSettings tlsOf(const QList<NodeAddress>& nodes, const TlsSettings& otherwise)
{
    for (const NodeAddress& node : nodes) {
        if (node.tls)
            return node.tlsSettings;
    }
    return otherwise;
}

} // namespace

NodesDialog::NodesDialog(const EngineConfig& config, AppSettings* settings, QWidget* parent)
    : QDialog(parent), m_original(config), m_result(config), m_settings(settings)
{
    setObjectName(QStringLiteral("nodesDialog"));
    setAttribute(Qt::WA_WindowPropagation);
    setWindowTitle(tr("Nodes"));

    m_local = new QRadioButton(tr("Start local nodes on this machine:"), this);
    m_local->setObjectName(QStringLiteral("localNodes"));
    m_localCount = new QSpinBox(this);
    m_localCount->setObjectName(QStringLiteral("localCount"));
    m_localCount->setRange(NodeCount::Min, NodeCount::Max);
    m_localCount->setSingleStep(2); // odd counts only: 1, 3, 5, 7, 9
    m_localCount->setValue(config.localNodeCount);
    m_localCount->setToolTip(tr("How many redis-server processes to start (odd, %1 to %2).")
                                 .arg(NodeCount::Min)
                                 .arg(NodeCount::Max));
    m_external = new QRadioButton(tr("Use my own Redis masters (an odd number, %1 to %2):")
                                      .arg(NodeCount::Min)
                                      .arg(NodeCount::Max),
                                  this);
    m_external->setObjectName(QStringLiteral("externalNodes"));

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("nodesTable"));
    m_table->setHorizontalHeaderLabels({tr("Host"), tr("Port"), tr("User"), tr("Password"),
                                        tr("DB"), tr("TLS"), tr("Connection")});
    m_table->horizontalHeaderItem(Tls)->setToolTip(
        tr("Connect over TLS (rediss://), with the settings below."));
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Host, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(Test, QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMinimumHeight(fontMetrics().height() * 12);

    makePasswordChoice();
    m_tlsBox = new TlsBox(config.tls, this); // stamped into its rediss:// nodes (setTls)

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("nodesError"));
    m_error->setWordWrap(true);
    m_error->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Use these nodes"));
    connect(buttons, &QDialogButtonBox::accepted, this, &NodesDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &NodesDialog::reject);

    auto* localRow = new QHBoxLayout;
    localRow->addWidget(m_local);
    localRow->addWidget(m_localCount);
    localRow->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makeFleetRow());
    layout->addLayout(localRow);
    layout->addWidget(m_external);
    layout->addWidget(m_table, 1);
    layout->addWidget(makeButtonsRow());
    layout->addWidget(m_tlsBox);
    layout->addWidget(m_remember);
    layout->addWidget(m_keychainNote);
    layout->addWidget(m_inFile);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    setNodes(config.nodes);
    if (config.nodes.isEmpty())
        addRow(); // a row to start from
    (config.usesLocalFleet() ? m_local : m_external)->setChecked(true);
    connect(m_local, &QRadioButton::toggled, this, &NodesDialog::updateEnabled);
    updateEnabled();
    resize(fontMetrics().averageCharWidth() * 110, sizeHint().height());
}

// Remember passwords: in the system keychain; where none answers, the dialog says so and keeps
// them nowhere, unless the user chooses a file of their own instead, said plainly to be one.
void NodesDialog::makePasswordChoice()
{
    m_remember = new QCheckBox(tr("Remember passwords"), this);
    m_remember->setObjectName(QStringLiteral("rememberPasswords"));
    m_keychainNote = new QLabel(this);
    m_keychainNote->setObjectName(QStringLiteral("keychainNote"));
    m_keychainNote->setWordWrap(true);
    m_inFile = new QCheckBox(this);
    m_inFile->setObjectName(QStringLiteral("passwordsInFile"));
    const bool writable = m_settings && m_settings->isWritable();
    m_remember->setChecked(m_settings && m_settings->rememberPasswords());
    m_remember->setEnabled(writable);
    const bool keychain = m_settings && m_settings->passwordPlace() == SecretStore::Place::Keychain;
    m_keychainNote->setVisible(m_settings && !keychain);
    m_inFile->setVisible(m_settings && !keychain);
    if (!m_settings) {
        m_remember->setToolTip(tr("Nothing is remembered in this run."));
        return;
    }
    if (keychain) {
        m_remember->setToolTip(tr("Keep the passwords in the system keychain, locked with your "
                                  "login. Off: they are forgotten when the program ends."));
        return;
    }
    m_remember->setToolTip(tr("Keep the passwords: only in the file below if you choose it, "
                              "as there is no system keychain here."));
    m_keychainNote->setText(tr("No system keychain answers here (%1), so passwords are kept "
                               "only if you choose the file below.")
                                .arg(m_settings->keychainProblem()));
    m_inFile->setText(tr("Keep them in a plain file that only I can read: %1")
                          .arg(m_settings->passwordsFileName()));
    m_inFile->setToolTip(tr("A JSON file of mode 0600, not encrypted: anyone who can read your "
                            "files (or your backups) can read these passwords."));
    m_inFile->setChecked(m_settings->passwordsInFile());
    m_inFile->setEnabled(writable && m_remember->isChecked());
    connect(m_remember, &QCheckBox::toggled, m_inFile,
            [this, writable](bool on) { m_inFile->setEnabled(writable && on); });
}

// The choice about passwords applies to what is saved from now on.
void NodesDialog::savePasswordChoice()
{
    if (!m_settings || !m_settings->isWritable())
        return;
    if (!m_inFile->isHidden()) // offered: no keychain here
        m_settings->setPasswordsInFile(m_remember->isChecked() && m_inFile->isChecked());
    m_settings->setRememberPasswords(m_remember->isChecked());
}

QWidget* NodesDialog::makeFleetRow()
{
    auto* row = new QWidget(this);
    m_fleets = new QComboBox(row);
    m_fleets->setObjectName(QStringLiteral("fleets"));
    m_fleets->setToolTip(tr("Saved fleets: choose one to load its nodes."));
    m_fleets->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_saveFleet = new QPushButton(tr("Save as…"), row);
    m_saveFleet->setObjectName(QStringLiteral("saveFleet"));
    m_saveFleet->setToolTip(tr("Save these nodes under a name, to switch back to them later."));
    m_deleteFleet = new QPushButton(tr("Delete"), row);
    m_deleteFleet->setObjectName(QStringLiteral("deleteFleet"));
    m_deleteFleet->setToolTip(tr("Forget the chosen saved fleet."));
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Saved fleet:"), row));
    layout->addWidget(m_fleets, 1);
    layout->addWidget(m_saveFleet);
    layout->addWidget(m_deleteFleet);
    fillFleets();
    connect(m_fleets, &QComboBox::activated, this, &NodesDialog::onFleetChosen);
    connect(m_saveFleet, &QPushButton::clicked, this, &NodesDialog::saveFleetAs);
    connect(m_deleteFleet, &QPushButton::clicked, this, &NodesDialog::deleteFleet);
    row->setVisible(m_settings != nullptr);
    return row;
}

QWidget* NodesDialog::makeButtonsRow()
{
    auto* row = new QWidget(this);
    m_add = new QPushButton(tr("Add node"), row);
    m_add->setObjectName(QStringLiteral("addNode"));
    m_remove = new QPushButton(tr("Remove node"), row);
    m_remove->setObjectName(QStringLiteral("removeNode"));
    m_remove->setToolTip(tr("Remove the selected row."));
    m_test = new QPushButton(tr("Test connections"), row);
    m_test->setObjectName(QStringLiteral("testConnections"));
    m_test->setToolTip(tr("Connect to every node once (address, password, database) and say "
                          "how it went, in the words the engine would use."));
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_add);
    layout->addWidget(m_remove);
    layout->addStretch(1);
    layout->addWidget(m_test);
    connect(m_add, &QPushButton::clicked, this, [this] {
        // A new row starts as a copy of the last one, one port up: fleets are often
        // neighbours (7001, 7002, ...).
        NodeAddress next;
        QString ignored;
        if (m_table->rowCount() > 0) {
            if (auto last = rowAddress(m_table->rowCount() - 1, &ignored)) {
                next = *last;
                next.port = quint16(qMin(65535, next.port + 1));
            }
        }
        addRow(next);
    });
    connect(m_remove, &QPushButton::clicked, this, &NodesDialog::removeSelectedRow);
    connect(m_test, &QPushButton::clicked, this, &NodesDialog::testAll);
    return row;
}

void NodesDialog::fillFleets(const QString& select)
{
    m_fleets->clear();
    m_fleets->addItem(tr("(none)"));
    if (m_settings)
        m_fleets->addItems(m_settings->fleetNames());
    const int index = select.isEmpty() ? 0 : m_fleets->findText(select);
    m_fleets->setCurrentIndex(qMax(0, index));
    m_deleteFleet->setEnabled(m_fleets->currentIndex() > 0);
}

void NodesDialog::onFleetChosen(int index)
{
    m_deleteFleet->setEnabled(index > 0);
    if (index > 0)
        loadFleet(m_fleets->itemText(index));
}

bool NodesDialog::loadFleet(const QString& name)
{
    const auto nodes = m_settings ? m_settings->fleet(name) : std::nullopt;
    if (!nodes) {
        showError(tr("There is no saved fleet named \"%1\".").arg(name));
        return false;
    }
    setNodes(*nodes);
    m_tlsBox->setSettings(tlsOf(*nodes, m_tlsBox->settings()));
    m_external->setChecked(true);
    fillFleets(name);
    showError({});
    return true;
}

bool NodesDialog::saveFleet(const QString& name)
{
    QString error;
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty()) {
        showError(tr("A fleet needs a name."));
        return false;
    }
    const auto nodes = parseNodes(&error);
    if (!nodes || nodes->isEmpty()) {
        showError(nodes ? tr("There are no nodes to save.") : error);
        return false;
    }
    if (!m_settings || !m_settings->isWritable()) {
        showError(tr("Settings are not saved in this run."));
        return false;
    }
    savePasswordChoice();
    m_settings->saveFleet(trimmed, *nodes);
    fillFleets(trimmed);
    showError({});
    return true;
}

void NodesDialog::saveFleetAs()
{
    bool ok = false;
    const QString name = QInputDialog::getText(
        this, tr("Save fleet"), tr("Name of this fleet:"), QLineEdit::Normal,
        m_fleets->currentIndex() > 0 ? m_fleets->currentText() : QString(), &ok);
    if (ok)
        saveFleet(name);
}

void NodesDialog::deleteFleet()
{
    if (!m_settings || m_fleets->currentIndex() <= 0)
        return;
    m_settings->removeFleet(m_fleets->currentText());
    fillFleets();
}

void NodesDialog::setNodes(const QList<NodeAddress>& nodes)
{
    m_table->setRowCount(0);
    qDeleteAll(m_tests);
    m_tests.clear();
    for (const NodeAddress& n : nodes)
        addRow(n);
}

int NodesDialog::rowCount() const
{
    return m_table->rowCount();
}

void NodesDialog::addRow(const NodeAddress& a)
{
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto* host = new QLineEdit(a.host, m_table);
    host->setPlaceholderText(QStringLiteral("10.0.0.1"));
    auto* port = new QSpinBox(m_table);
    port->setRange(1, 65535);
    port->setValue(a.port);
    auto* user = new QLineEdit(a.user, m_table);
    user->setPlaceholderText(tr("default"));
    auto* password = new QLineEdit(a.password, m_table);
    password->setEchoMode(QLineEdit::PasswordEchoOnEdit);
    password->setPlaceholderText(tr("none"));
    auto* db = new QSpinBox(m_table);
    db->setRange(0, 9999);
    db->setValue(a.db);
    auto* tls = new QCheckBox(m_table);
    tls->setChecked(a.tls);
    tls->setToolTip(m_table->horizontalHeaderItem(Tls)->toolTip());
    auto* result = new QLabel(m_table);
    result->setContentsMargins(6, 0, 6, 0);
    m_table->setCellWidget(row, Host, host);
    m_table->setCellWidget(row, Port, port);
    m_table->setCellWidget(row, User, user);
    m_table->setCellWidget(row, Password, password);
    m_table->setCellWidget(row, Db, db);
    m_table->setCellWidget(row, Tls, tls);
    m_table->setCellWidget(row, Test, result);
    m_tests.append(nullptr);
    updateEnabled();
}

void NodesDialog::removeSelectedRow()
{
    int row = m_table->currentRow();
    if (row < 0)
        row = m_table->rowCount() - 1;
    if (row < 0)
        return;
    delete m_tests.takeAt(row);
    m_table->removeRow(row);
    updateEnabled();
}

void NodesDialog::updateEnabled()
{
    const bool external = m_external->isChecked();
    m_localCount->setEnabled(!external);
    for (QWidget* w : std::initializer_list<QWidget*>{m_table, m_add, m_test, m_tlsBox})
        w->setEnabled(external);
    m_remove->setEnabled(external && m_table->rowCount() > 0);
}

std::optional<NodeAddress> NodesDialog::rowAddress(int row, QString* error) const
{
    const auto text = [this, row](int column) {
        return static_cast<QLineEdit*>(m_table->cellWidget(row, column))->text().trimmed();
    };
    const auto number = [this, row](int column) {
        return static_cast<QSpinBox*>(m_table->cellWidget(row, column))->value();
    };
    QString why;
    auto address = NodeAddress::fromParts(
        text(Host), number(Port), text(User),
        static_cast<QLineEdit*>(m_table->cellWidget(row, Password))->text(), number(Db), &why);
    if (address && static_cast<QCheckBox*>(m_table->cellWidget(row, Tls))->isChecked()) {
        address->tls = true;
        address->tlsSettings = m_tlsBox->settings();
    }
    if (!address)
        *error = tr("Node %1: %2").arg(row + 1).arg(why);
    return address;
}

// A TLS row's files (the TLS box's), named against the row when one is missing or unreadable.
QString NodesDialog::tlsFilesProblem(int row, const NodeAddress& address) const
{
    if (!address.tls)
        return {};
    const QString why = address.tlsSettings.check();
    return why.isEmpty() ? QString() : tr("Node %1: %2").arg(row + 1).arg(why);
}

std::optional<QList<NodeAddress>> NodesDialog::parseNodes(QString* error) const
{
    if (m_local->isChecked()) {
        const int n = m_localCount->value();
        if (!NodeCount::isValid(n)) {
            *error = tr("The number of local nodes must be odd, %1 to %2 (is %3).")
                         .arg(NodeCount::Min)
                         .arg(NodeCount::Max)
                         .arg(n);
            return std::nullopt;
        }
        return QList<NodeAddress>{}; // empty: local fleet
    }
    QList<NodeAddress> nodes;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        auto address = rowAddress(row, error);
        if (!address)
            return std::nullopt;
        nodes.append(*address);
    }
    // The TLS box's files serve every TLS row: they are read once, for the first.
    const auto firstTls =
        std::find_if(nodes.cbegin(), nodes.cend(), [](const NodeAddress& a) { return a.tls; });
    if (firstTls != nodes.cend()) {
        *error = tlsFilesProblem(int(firstTls - nodes.cbegin()), *firstTls);
        if (!error->isEmpty())
            return std::nullopt;
    }
    if (!NodeCount::isValid(nodes.size())) {
        *error = tr("Give an odd number of nodes, %1 to %2 (there are %3).")
                     .arg(NodeCount::Min)
                     .arg(NodeCount::Max)
                     .arg(nodes.size());
        return std::nullopt;
    }
    return nodes;
}

void NodesDialog::testAll()
{
    for (int row = 0; row < m_table->rowCount(); ++row)
        testRow(row);
}

void NodesDialog::testRow(int row)
{
    if (row < 0 || row >= m_table->rowCount())
        return;
    QString error;
    const auto address = rowAddress(row, &error);
    if (address)
        error = tlsFilesProblem(row, *address);
    if (!address || !error.isEmpty()) {
        setTestText(row, QStringLiteral("✗ ") + error, -1);
        return;
    }
    delete m_tests[row];
    auto* test = new ConnectionTest(*address, TestTimeoutMs, this);
    m_tests[row] = test;
    setTestText(row, tr("testing…"), 0);
    connect(test, &ConnectionTest::finished, this, [this, test](bool ok, const QString& message) {
        const int at = int(m_tests.indexOf(test));
        if (at < 0)
            return;
        setTestText(at, (ok ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + message, ok ? 1 : -1);
    });
    test->start();
}

bool NodesDialog::isTesting() const
{
    return std::any_of(m_tests.cbegin(), m_tests.cend(),
                       [](const ConnectionTest* t) { return t && t->isRunning(); });
}

QCheckBox* NodesDialog::tlsCheck(int row) const
{
    return qobject_cast<QCheckBox*>(m_table->cellWidget(row, Tls));
}

QString NodesDialog::testText(int row) const
{
    const auto* label = qobject_cast<QLabel*>(m_table->cellWidget(row, Test));
    return label ? label->text() : QString();
}

void NodesDialog::setTestText(int row, const QString& text, int tone)
{
    auto* label = qobject_cast<QLabel*>(m_table->cellWidget(row, Test));
    if (!label)
        return;
    label->setText(text);
    label->setToolTip(text);
    QPalette p = label->palette();
    const bool dark = UiTheme::isDark(palette());
    p.setColor(QPalette::WindowText, tone > 0   ? UiTheme::good(dark)
                                     : tone < 0 ? UiTheme::bad(dark)
                                                : palette().color(QPalette::WindowText));
    label->setPalette(p);
}

QString NodesDialog::error() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void NodesDialog::showError(const QString& text)
{
    m_error->setText(text);
    QPalette p = m_error->palette();
    p.setColor(QPalette::WindowText, UiTheme::bad(UiTheme::isDark(palette())));
    m_error->setPalette(p);
    m_error->setVisible(!text.isEmpty());
}

void NodesDialog::accept()
{
    QString error;
    const auto nodes = parseNodes(&error);
    if (!nodes) {
        showError(error);
        return;
    }
    EngineConfig result = m_original;
    result.nodes = *nodes;
    if (!m_local->isChecked())
        result.setTls(m_tlsBox->settings()); // the storage's too, when it is rediss://
    if (m_local->isChecked())
        result.localNodeCount = m_localCount->value();
    // Two rows that are one server would count one vote twice: the command line's check.
    if (!m_local->isChecked()) {
        if (const QString same = result.checkNodesDistinct(); !same.isEmpty()) {
            showError(same);
            return;
        }
    }
    m_result = result;
    m_nodesChanged =
        m_result.nodes != m_original.nodes || m_result.tls != m_original.tls ||
        (m_result.usesLocalFleet() && m_result.localNodeCount != m_original.localNodeCount);
    savePasswordChoice();
    QDialog::accept();
}
