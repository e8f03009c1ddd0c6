// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

class QCompleter;
class QLineEdit;
class QPlainTextEdit;

// The console: type a line of the command language (commands and scenario directives: say,
// sleep, wait, expect ...), its answer appears under it, in words. Up and Down walk the
// lines typed before; Tab completes from the catalogue; `help` lists it. What was typed can
// be saved as a scenario. It drives the engine through the same entry point as the buttons.
class ConsoleView : public QWidget
{
    Q_OBJECT

public:
    explicit ConsoleView(QWidget* parent = nullptr);

    // The engine's answer to a line (its 1-based number in this console).
    void showAnswer(int line, bool ok, const QString& message);
    // A line run by someone else (a scenario's step): shown too, marked with its origin.
    void showStep(const QString& origin, int line, const QString& text);
    // The engine's steps as they run (EngineController::stepStarted, stepFinished): this
    // console's own lines are here as typed, with their answers; another origin's (a
    // scenario's) steps are shown marked with it, and their answers only when refused.
    void showStepStarted(const QString& origin, int line, const QString& text);
    void showStepFinished(const QString& origin, int line, bool ok, const QString& message);
    QStringList typedLines() const { return m_typed; }
    // The typed lines as a scenario file (they are its language); false, with *error, when
    // it cannot be written.
    bool saveTypedLines(const QString& path, QString* error) const;
    QLineEdit* input() const { return m_input; }
    QString transcript() const;

signals:
    void lineEntered(const QString& line);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void keepSmall();
    void submit();
    void walkHistory(int step);
    void append(const QString& html);
    void followEnd();

    QPlainTextEdit* m_output;
    bool m_following = true; // the newest line in view: the reader has not scrolled up
    bool m_appending = false;
    QLineEdit* m_input;
    QCompleter* m_completer;
    QStringList m_typed;
    int m_historyIndex = 0;
};
