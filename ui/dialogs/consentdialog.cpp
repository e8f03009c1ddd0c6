// SPDX-License-Identifier: GPL-3.0-or-later
#include "dialogs/consentdialog.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

ConsentDialog::ConsentDialog(const QString& source, const QStringList& lines, QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("consentDialog"));
    setWindowTitle(tr("Run %1?").arg(QFileInfo(source).fileName()));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("<b>%1</b> would start programs or change servers the app did not start. Run it "
           "only if you trust where it came from:")
            .arg(source.toHtmlEscaped()),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_lines = new QPlainTextEdit(lines.join(QLatin1Char('\n')), this);
    m_lines->setObjectName(QStringLiteral("consentLines"));
    m_lines->setReadOnly(true);
    m_lines->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    layout->addWidget(m_lines);
    auto* note = new QLabel(tr("Your answer is remembered for this file as it is now; if it "
                               "changes, you are asked again."),
                            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto* buttons = new QDialogButtonBox(this);
    m_run = buttons->addButton(tr("Run it"), QDialogButtonBox::AcceptRole);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    m_run->setAutoDefault(false);
    m_cancel->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(640, 360);
}

QString ConsentDialog::listedText() const
{
    return m_lines->toPlainText();
}

bool ConsentDialog::ask(QWidget* parent, const QString& source, const QStringList& lines)
{
    ConsentDialog dialog(source, lines, parent);
    return dialog.exec() == QDialog::Accepted;
}
