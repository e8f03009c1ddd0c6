// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QStringList>

class QPlainTextEdit;
class QPushButton;

// Before a scenario or a config from a file starts a program or changes servers the app did
// not start (ScenarioConsent): what it would do, line by line, and a choice. "Run it" is not
// the default button: Enter does not agree to anything.
class ConsentDialog : public QDialog
{
    Q_OBJECT

public:
    // `source`: the file (or builtin:NAME); `lines`: ScenarioConsent::lines().
    ConsentDialog(const QString& source, const QStringList& lines, QWidget* parent = nullptr);

    QString listedText() const; // the lines as shown
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }

    // Shows the dialog modally; true when the user chose to run it.
    static bool ask(QWidget* parent, const QString& source, const QStringList& lines);

private:
    QPlainTextEdit* m_lines;
    QPushButton* m_run;
    QPushButton* m_cancel;
};
