// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/numberfieldsdialog.h"

#include "widgets/uitheme.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

NumberFieldsDialog::NumberFieldsDialog(const QString& title, const QString& explanation,
                                       const QList<Field>& fields, QWidget* parent)
    : QDialog(parent), m_fields(fields), m_error(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("numberFieldsDialog"));
    setWindowTitle(title);
    auto* layout = new QVBoxLayout(this);
    auto* text = new QLabel(explanation, this);
    text->setWordWrap(true);
    layout->addWidget(text);
    auto* form = new QFormLayout;
    for (const Field& f : fields) {
        auto* edit = new QLineEdit(QString::number(f.initial), this);
        edit->setObjectName(f.key);
        edit->setToolTip(f.tip.isEmpty()
                             ? tr("A whole number from %1 to %2.").arg(f.minimum).arg(f.maximum)
                             : f.tip);
        form->addRow(f.label, edit);
        m_edits << edit;
    }
    layout->addLayout(form);
    m_error->setObjectName(QStringLiteral("error"));
    m_error->setWordWrap(true);
    m_error->hide();
    QPalette p = m_error->palette();
    p.setColor(QPalette::WindowText, UiTheme::bad(UiTheme::isDark(palette())));
    m_error->setPalette(p);
    layout->addWidget(m_error);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &NumberFieldsDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    if (!m_edits.isEmpty())
        m_edits.first()->selectAll();
    setMinimumWidth(360);
}

QLineEdit* NumberFieldsDialog::lineEdit(const QString& key) const
{
    for (QLineEdit* e : m_edits)
        if (e->objectName() == key)
            return e;
    return nullptr;
}

QString NumberFieldsDialog::error() const
{
    return m_error->isHidden() ? QString() : m_error->text();
}

void NumberFieldsDialog::accept()
{
    QList<int> values;
    for (int i = 0; i < m_fields.size(); ++i) {
        const Field& f = m_fields[i];
        QString text = m_edits[i]->text().trimmed();
        // Forgiving about what people type after a number: "+4000", "40 ms".
        if (text.startsWith(QLatin1Char('+')))
            text.remove(0, 1);
        if (text.endsWith(QLatin1String("ms")))
            text.chop(2);
        bool ok = false;
        const int value = text.trimmed().toInt(&ok);
        if (!ok || value < f.minimum || value > f.maximum) {
            QString label = f.label;
            label.remove(QLatin1Char('&'));
            m_error->setText(tr("%1: \"%2\" is not a whole number from %3 to %4.")
                                 .arg(label, m_edits[i]->text())
                                 .arg(f.minimum)
                                 .arg(f.maximum));
            m_error->show();
            m_edits[i]->setFocus();
            m_edits[i]->selectAll();
            return; // stays open: nothing is sent
        }
        values << value;
    }
    m_values = values;
    m_error->hide();
    m_error->clear();
    QDialog::accept();
}
