// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

// A small dialog for a fault's numbers ("latency: delay 40 ms, jitter 20 ms", "clock:
// +4000 ms"). Every field is a whole number in a range; OK with a bad value keeps the
// dialog open and says what is wrong next to the field, so nothing half-checked ever
// becomes a command.
class NumberFieldsDialog : public QDialog
{
    Q_OBJECT

public:
    struct Field
    {
        QString key;   // the line edit's objectName
        QString label; // "Delay (ms)"
        int minimum = 0;
        int maximum = 0;
        int initial = 0;
        QString tip;
    };

    NumberFieldsDialog(const QString& title, const QString& explanation, const QList<Field>& fields,
                       QWidget* parent = nullptr);

    // The values, in field order; meaningful once accepted.
    QList<int> values() const { return m_values; }
    QLineEdit* lineEdit(const QString& key) const;
    QString error() const; // what is wrong, as shown; empty when all is well
    QDialogButtonBox* buttons() const { return m_buttons; }

    void accept() override;

private:
    QList<Field> m_fields;
    QList<QLineEdit*> m_edits;
    QList<int> m_values;
    QLabel* m_error;
    QDialogButtonBox* m_buttons;
};
