#include "dialogs/clientsettingsform.h"

#include "widgets/uitheme.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>

ClientSettingsForm::ClientSettingsForm(QWidget* parent)
    : QWidget(parent), m_general(new QLabel(this)), m_layout(new QFormLayout)
{
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    addField(QStringLiteral("ttl"), tr("TTL (ms)"),
             tr("How long a lock key lives on a node before it expires."), false);
    addField(QStringLiteral("timeout"), tr("Per-node timeout (ms)"),
             tr("How long to wait for one node's answer; keep it far below the TTL."), false);
    addField(QStringLiteral("drift"), tr("Drift factor"),
             tr("Clock drift allowance as a share of the TTL (0.01 = 1 %)."), false);
    addField(QStringLiteral("driftms"), tr("Drift constant (ms)"),
             tr("Clock drift allowance added to the share above."), false);
    addField(QStringLiteral("retries"), tr("Retries"),
             tr("Further attempts after a failed first try."), false);
    addField(QStringLiteral("retrydelay"), tr("Retry delay (ms)"),
             tr("The fixed part of the wait before a retry."), false);
    addField(QStringLiteral("retryjitter"), tr("Retry jitter (ms)"),
             tr("The largest random part added to the retry delay."), false);
    addField(QStringLiteral("jitter"), tr("Random jitter"),
             tr("Off: every client retries in lock step, which shows split votes."), true);
    addField(QStringLiteral("maxext"), tr("Max extensions"),
             tr("How many times a held lock may be extended."), false);
    addField(QStringLiteral("work"), tr("Work time (ms or MIN-MAX)"),
             tr("How long the client works under the lock, e.g. 1500-2500."), false);
    addField(QStringLiteral("think"), tr("Think time (ms)"),
             tr("The pause between a release and the next acquire."), false);
    addField(QStringLiteral("autoextend"), tr("Auto-extend"),
             tr("Extend the lock when its validity runs low."), true);
    addField(QStringLiteral("extendbelow"), tr("Extend below (ms)"),
             tr("Auto-extend when the believed validity falls below this."), false);

    m_general->setObjectName(QStringLiteral("generalError"));
    m_general->setWordWrap(true);
    m_general->setVisible(false);
    QPalette errorPalette = m_general->palette();
    errorPalette.setColor(QPalette::WindowText, UiTheme::bad(false).lighter(115));
    m_general->setPalette(errorPalette);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_layout);
    layout->addWidget(m_general);
    setSettings(ClientSettings{});
}

void ClientSettingsForm::addField(const QString& key, const QString& label, const QString& tip,
                                  bool isSwitch)
{
    Field field;
    field.key = key;
    // The complaint goes right under its field, where the eye already is.
    auto* row = new QVBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(1);
    if (isSwitch) {
        field.check = new QCheckBox(this);
        field.check->setObjectName(key);
        field.check->setToolTip(tip);
        row->addWidget(field.check);
    } else {
        field.edit = new QLineEdit(this);
        field.edit->setObjectName(key);
        field.edit->setToolTip(tip);
        field.edit->setMinimumWidth(
            field.edit->fontMetrics().horizontalAdvance(QStringLiteral("0000-00000")) + 16);
        row->addWidget(field.edit);
    }
    field.error = new QLabel(this);
    field.error->setObjectName(key + QStringLiteral("Error"));
    QPalette errorPalette = field.error->palette();
    // The light theme's red reads on both backgrounds; the form may be built before it
    // knows which window (and theme) it belongs to.
    errorPalette.setColor(QPalette::WindowText, UiTheme::bad(false).lighter(115));
    field.error->setPalette(errorPalette);
    field.error->setVisible(false);
    row->addWidget(field.error);
    auto* caption = new QLabel(label, this);
    caption->setToolTip(tip);
    m_layout->addRow(caption, row);
    const qsizetype index = m_fields.size();
    m_fields.append(field);
    // Editing a field takes its old complaint away: the user is fixing it.
    if (field.edit)
        connect(field.edit, &QLineEdit::textEdited, this, [this, index] {
            showError(m_fields[index], {});
            m_general->setVisible(false);
        });
}

void ClientSettingsForm::setSettings(const ClientSettings& settings)
{
    m_original = settings;
    m_originalValues.clear();
    for (const QString& assignment : settings.toAssignments()) {
        const qsizetype eq = assignment.indexOf(QLatin1Char('='));
        m_originalValues.insert(assignment.left(eq), assignment.mid(eq + 1));
    }
    for (Field& f : m_fields) {
        const QString value = m_originalValues.value(f.key);
        if (f.edit)
            f.edit->setText(value);
        else
            f.check->setChecked(value == QLatin1String("on"));
        showError(f, {});
    }
    m_general->setVisible(false);
}

QString ClientSettingsForm::valueOf(const Field& field) const
{
    if (field.edit)
        return field.edit->text().trimmed();
    return field.check->isChecked() ? QStringLiteral("on") : QStringLiteral("off");
}

QStringList ClientSettingsForm::changedAssignments() const
{
    QStringList result;
    for (const Field& f : m_fields) {
        const QString value = valueOf(f);
        if (value != m_originalValues.value(f.key))
            result << QStringLiteral("%1=%2").arg(f.key, value);
    }
    return result;
}

void ClientSettingsForm::showError(Field& field, const QString& message)
{
    field.error->setText(message);
    field.error->setVisible(!message.isEmpty());
}

std::optional<ClientSettings> ClientSettingsForm::validate()
{
    bool fieldsOk = true;
    for (Field& f : m_fields) {
        const QString value = valueOf(f);
        if (value == m_originalValues.value(f.key)) {
            showError(f, {});
            continue;
        }
        // Each change on its own first, so the message lands next to the field at fault.
        QString error;
        if (f.edit && value.isEmpty())
            error = tr("a value is needed");
        else
            m_original.withAssignments({QStringLiteral("%1=%2").arg(f.key, value)}, &error);
        showError(f, error);
        fieldsOk = fieldsOk && error.isEmpty();
    }
    if (!fieldsOk) {
        m_general->setText(tr("Nothing was applied: fix the values marked in red."));
        m_general->setVisible(true);
        return std::nullopt;
    }
    // Then all together: some rules relate fields (the timeout must stay below the TTL).
    QString error;
    const auto result = m_original.withAssignments(changedAssignments(), &error);
    if (!result) {
        m_general->setText(tr("Nothing was applied: %1").arg(error));
        m_general->setVisible(true);
        return std::nullopt;
    }
    m_general->setVisible(false);
    return result;
}

QLineEdit* ClientSettingsForm::lineEdit(const QString& key) const
{
    for (const Field& f : m_fields) {
        if (f.key == key)
            return f.edit;
    }
    return nullptr;
}

QCheckBox* ClientSettingsForm::checkBox(const QString& key) const
{
    for (const Field& f : m_fields) {
        if (f.key == key)
            return f.check;
    }
    return nullptr;
}

QString ClientSettingsForm::fieldError(const QString& key) const
{
    for (const Field& f : m_fields) {
        if (f.key == key)
            return f.error->text();
    }
    return {};
}

QString ClientSettingsForm::generalError() const
{
    return m_general->isHidden() ? QString() : m_general->text();
}
