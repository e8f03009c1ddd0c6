// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/clientsettingsform.h"

#include "model/clientsettingfield.h"
#include "widgets/uitheme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>

namespace {

// The light theme's red reads on both backgrounds; the form may be built before it knows
// which window (and theme) it belongs to.
void paintAsError(QLabel* label)
{
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, UiTheme::bad(false).lighter(115));
    label->setPalette(palette);
}

} // namespace

ClientSettingsForm::ClientSettingsForm(QWidget* parent)
    : QWidget(parent), m_general(new QLabel(this)), m_layout(new QFormLayout)
{
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (const ClientSettingField& setting : ClientSettingField::all())
        addField(setting);

    m_general->setObjectName(QStringLiteral("generalError"));
    m_general->setWordWrap(true);
    m_general->setVisible(false);
    paintAsError(m_general);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(m_layout);
    layout->addWidget(m_general);
    setSettings(ClientSettings{});
}

QWidget* ClientSettingsForm::makeEditor(const ClientSettingField& setting, Field* field)
{
    switch (setting.type()) {
    case ClientSettingField::Type::Switch:
        field->check = new QCheckBox(this);
        return field->check;
    case ClientSettingField::Type::Choice:
        field->combo = new QComboBox(this);
        field->combo->addItems(setting.choices());
        return field->combo;
    default:
        field->edit = new QLineEdit(this);
        field->edit->setMinimumWidth(
            field->edit->fontMetrics().horizontalAdvance(QStringLiteral("0000-00000")) + 16);
        return field->edit;
    }
}

void ClientSettingsForm::addField(const ClientSettingField& setting)
{
    Field field;
    field.key = setting.key();
    QWidget* editor = makeEditor(setting, &field);
    editor->setObjectName(setting.key());
    editor->setToolTip(setting.help());
    // The complaint goes right under its field, where the eye already is.
    auto* row = new QVBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(1);
    row->addWidget(editor);
    field.error = new QLabel(this);
    field.error->setObjectName(setting.key() + QStringLiteral("Error"));
    field.error->setWordWrap(true);
    paintAsError(field.error);
    field.error->setVisible(false);
    row->addWidget(field.error);
    field.caption = new QLabel(setting.label(), this);
    field.caption->setObjectName(setting.key() + QStringLiteral("Label"));
    field.caption->setToolTip(setting.help());
    field.caption->setBuddy(editor);
    m_layout->addRow(field.caption, row);
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
    for (const ClientSettingField& setting : ClientSettingField::all())
        m_originalValues.insert(setting.key(), setting.format(settings));
    for (Field& f : m_fields) {
        setValue(f, m_originalValues.value(f.key));
        showError(f, {});
    }
    m_general->setVisible(false);
}

void ClientSettingsForm::setValue(Field& field, const QString& value)
{
    if (field.edit)
        field.edit->setText(value);
    else if (field.check)
        field.check->setChecked(value == QLatin1String("on"));
    else
        field.combo->setCurrentText(value);
}

QString ClientSettingsForm::valueOf(const Field& field) const
{
    if (field.edit)
        return field.edit->text().trimmed();
    if (field.check)
        return field.check->isChecked() ? QStringLiteral("on") : QStringLiteral("off");
    return field.combo->currentText();
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

const ClientSettingsForm::Field* ClientSettingsForm::field(const QString& key) const
{
    for (const Field& f : m_fields) {
        if (f.key == key)
            return &f;
    }
    return nullptr;
}

QLineEdit* ClientSettingsForm::lineEdit(const QString& key) const
{
    const Field* f = field(key);
    return f ? f->edit : nullptr;
}

QCheckBox* ClientSettingsForm::checkBox(const QString& key) const
{
    const Field* f = field(key);
    return f ? f->check : nullptr;
}

QComboBox* ClientSettingsForm::comboBox(const QString& key) const
{
    const Field* f = field(key);
    return f ? f->combo : nullptr;
}

QLabel* ClientSettingsForm::caption(const QString& key) const
{
    const Field* f = field(key);
    return f ? f->caption : nullptr;
}

QString ClientSettingsForm::fieldError(const QString& key) const
{
    const Field* f = field(key);
    return f ? f->error->text() : QString();
}

QString ClientSettingsForm::generalError() const
{
    return m_general->isHidden() ? QString() : m_general->text();
}
