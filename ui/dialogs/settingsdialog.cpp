#include "dialogs/settingsdialog.h"

#include "dialogs/clientsettingsform.h"
#include "widgets/uitheme.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

SettingsDialog::SettingsDialog(const EngineConfig& config, const ClientSettings& defaults,
                               QWidget* parent)
    : QDialog(parent), m_original(config), m_result(config), m_defaults(defaults),
      m_tabs(new QTabWidget(this)), m_form(new ClientSettingsForm(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("settingsDialog"));
    setAttribute(Qt::WA_WindowPropagation);
    setWindowTitle(tr("Settings"));
    setMinimumWidth(fontMetrics().averageCharWidth() * 70);
    m_tabs->addTab(makeNodesPage(config), tr("Nodes"));
    m_form->setSettings(defaults);
    auto* defaultsPage = new QWidget(this);
    auto* defaultsLayout = new QVBoxLayout(defaultsPage);
    auto* defaultsIntro = new QLabel(tr("Settings for clients added from now on."), defaultsPage);
    defaultsLayout->addWidget(defaultsIntro);
    defaultsLayout->addWidget(m_form);
    defaultsLayout->addStretch(1);
    m_tabs->addTab(defaultsPage, tr("Client defaults"));

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
}

QWidget* SettingsDialog::makeNodesPage(const EngineConfig& config)
{
    auto* page = new QWidget(this);
    m_local = new QRadioButton(tr("Start local nodes on this machine"), page);
    m_local->setObjectName(QStringLiteral("localNodes"));
    m_external = new QRadioButton(tr("Use my own Redis masters"), page);
    m_external->setObjectName(QStringLiteral("externalNodes"));
    m_localCount = new QSpinBox(page);
    m_localCount->setObjectName(QStringLiteral("localCount"));
    m_localCount->setRange(1, 9);
    m_localCount->setSingleStep(2); // odd counts only: 1, 3, 5, 7, 9
    m_localCount->setValue(config.localNodeCount);
    m_localCount->setToolTip(tr("How many redis-server processes to start (odd, 1 to 9)."));
    m_addresses = new QPlainTextEdit(page);
    m_addresses->setObjectName(QStringLiteral("addresses"));
    m_addresses->setPlaceholderText(
        QStringLiteral("10.0.0.1:6379\n10.0.0.2:6379\nuser:secret@10.0.0.3:6379/0"));
    m_addresses->setToolTip(tr("One master per line: [user[:password]@]host:port[/db]; an odd "
                               "number, 1 to 9."));
    m_user = new QLineEdit(page);
    m_user->setObjectName(QStringLiteral("user"));
    m_user->setToolTip(
        tr("The ACL user for every node whose line names none (empty: default user)."));
    m_password = new QLineEdit(page);
    m_password->setObjectName(QStringLiteral("password"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setToolTip(
        tr("The password for every node whose line gives none (empty: no AUTH)."));
    m_db = new QSpinBox(page);
    m_db->setObjectName(QStringLiteral("db"));
    m_db->setRange(0, 15);
    m_db->setToolTip(tr("The database number for every node whose line gives none."));
    m_nodesError = new QLabel(page);
    m_nodesError->setObjectName(QStringLiteral("nodesError"));
    m_nodesError->setWordWrap(true);
    m_nodesError->setVisible(false);
    QPalette errorPalette = m_nodesError->palette();
    errorPalette.setColor(QPalette::WindowText, UiTheme::bad(false));
    m_nodesError->setPalette(errorPalette);

    QStringList lines;
    for (const NodeAddress& a : config.nodes) {
        lines << a.display();
        if (m_user->text().isEmpty())
            m_user->setText(a.user);
        if (m_password->text().isEmpty())
            m_password->setText(a.password);
        m_db->setValue(a.db);
    }
    m_addresses->setPlainText(lines.join(QLatin1Char('\n')));
    (config.usesLocalFleet() ? m_local : m_external)->setChecked(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Addresses"), m_addresses);
    form->addRow(tr("User"), m_user);
    form->addRow(tr("Password"), m_password);
    form->addRow(tr("Database"), m_db);
    auto* layout = new QVBoxLayout(page);
    auto* localRow = new QHBoxLayout;
    localRow->addWidget(m_local);
    localRow->addWidget(m_localCount);
    localRow->addStretch(1);
    layout->addLayout(localRow);
    layout->addWidget(m_external);
    layout->addLayout(form);
    layout->addWidget(m_nodesError);
    layout->addStretch(1);
    connect(m_local, &QRadioButton::toggled, this, &SettingsDialog::updateEnabled);
    updateEnabled();
    return page;
}

void SettingsDialog::updateEnabled()
{
    const bool external = m_external->isChecked();
    m_localCount->setEnabled(!external);
    for (QWidget* w : {static_cast<QWidget*>(m_addresses), static_cast<QWidget*>(m_user),
                       static_cast<QWidget*>(m_password), static_cast<QWidget*>(m_db)})
        w->setEnabled(external);
}

std::optional<QList<NodeAddress>> SettingsDialog::parseNodes(QString* error) const
{
    QList<NodeAddress> nodes;
    if (m_local->isChecked()) {
        const int n = m_localCount->value();
        if (n < 1 || n > 9 || n % 2 == 0) {
            *error = tr("The number of local nodes must be odd, 1 to 9 (is %1).").arg(n);
            return std::nullopt;
        }
        return nodes; // empty: local fleet
    }
    const QStringList lines =
        m_addresses->toPlainText().split(QRegularExpression(QStringLiteral("[\\n,]")));
    int lineNumber = 0;
    for (const QString& raw : lines) {
        ++lineNumber;
        const QString text = raw.trimmed();
        if (text.isEmpty())
            continue;
        QString why;
        auto address = NodeAddress::parse(text, &why);
        if (!address) {
            *error = tr("Line %1, \"%2\": %3").arg(lineNumber).arg(text, why);
            return std::nullopt;
        }
        // The shared fields fill in what a line does not say itself.
        if (address->user.isEmpty())
            address->user = m_user->text();
        if (address->password.isEmpty())
            address->password = m_password->text();
        const qsizetype at = text.lastIndexOf(QLatin1Char('@'));
        if (!text.mid(at + 1).contains(QLatin1Char('/')))
            address->db = m_db->value();
        nodes.append(*address);
    }
    if (nodes.isEmpty() || nodes.size() > 9 || nodes.size() % 2 == 0) {
        *error = tr("Give an odd number of nodes, 1 to 9 (there are %1).").arg(nodes.size());
        return std::nullopt;
    }
    return nodes;
}

QString SettingsDialog::nodesError() const
{
    return m_nodesError->isHidden() ? QString() : m_nodesError->text();
}

void SettingsDialog::accept()
{
    QString error;
    const auto nodes = parseNodes(&error);
    m_nodesError->setText(error);
    m_nodesError->setVisible(!nodes);
    const auto defaults = m_form->validate();
    if (!nodes || !defaults) {
        m_tabs->setCurrentIndex(nodes ? 1 : 0);
        adjustSize(); // room for the messages
        return;
    }
    m_result = m_original;
    m_result.nodes = *nodes;
    if (m_local->isChecked())
        m_result.localNodeCount = m_localCount->value();
    m_nodesChanged =
        m_result.nodes != m_original.nodes || m_result.localNodeCount != m_original.localNodeCount;
    m_defaults = *defaults;
    m_result.clientDefaults = m_defaults;
    const QStringList changes = m_form->changedAssignments();
    m_defaultsCommand = changes.isEmpty()
                            ? QString()
                            : QStringLiteral("defaults ") + changes.join(QLatin1Char(' '));
    QDialog::accept();
}
