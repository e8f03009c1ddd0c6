// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsettings.h"

#include <QMap>
#include <QWidget>
#include <optional>

class ClientSettingField;
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

// Edits a ClientSettings in the words of the command language (ttl, timeout, drift, ...).
// One field per row of ClientSettingField::all(), in its order, with its label and help:
// a check box for a switch, a combo box for a choice, a line edit for the rest (numbers and
// ranges are typed as the command language writes them). Every field is checked with
// ClientSettings::withAssignments, the same code the engine runs, so the form refuses exactly what
// `client set` would refuse; a bad value is shown next to its field.
class ClientSettingsForm : public QWidget
{
    Q_OBJECT

public:
    explicit ClientSettingsForm(QWidget* parent = nullptr);

    void setSettings(const ClientSettings& settings);
    const ClientSettings& original() const { return m_original; }

    // "key=value" for every field whose value differs from the original, in form order.
    QStringList changedAssignments() const;
    // Checks the changed fields, shows what is wrong; the new settings when all is well.
    std::optional<ClientSettings> validate();

    QLineEdit* lineEdit(const QString& key) const;
    QCheckBox* checkBox(const QString& key) const;
    QComboBox* comboBox(const QString& key) const;
    QLabel* caption(const QString& key) const;
    QString fieldError(const QString& key) const;
    QString generalError() const;

private:
    struct Field
    {
        QString key;
        QLineEdit* edit = nullptr;
        QCheckBox* check = nullptr;
        QComboBox* combo = nullptr;
        QLabel* caption = nullptr;
        QLabel* error = nullptr;
    };

    void addField(const ClientSettingField& setting);
    QWidget* makeEditor(const ClientSettingField& setting, Field* field);
    const Field* field(const QString& key) const;
    QString valueOf(const Field& field) const;
    void setValue(Field& field, const QString& value);
    void showError(Field& field, const QString& message);

    ClientSettings m_original;
    QMap<QString, QString> m_originalValues;
    QList<Field> m_fields;
    QLabel* m_general;
    QFormLayout* m_layout;
};
