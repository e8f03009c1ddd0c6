// SPDX-License-Identifier: GPL-3.0-or-later
#include "console/consoleview.h"

#include "commands/commandcatalogue.h"
#include "widgets/uitheme.h"

#include <QCompleter>
#include <QEvent>
#include <QFile>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QStringListModel>
#include <QVBoxLayout>

namespace {

// Every verb with its usage, for completion: "node pause N [MS]".
QStringList completions()
{
    QStringList out;
    for (const CommandSpec& spec : CommandCatalogue::instance().commands())
        out << spec.verb;
    return out;
}

QString escaped(const QString& text)
{
    return text.toHtmlEscaped();
}

} // namespace

ConsoleView::ConsoleView(QWidget* parent)
    : QWidget(parent), m_output(new QPlainTextEdit(this)), m_input(new QLineEdit(this)),
      m_completer(new QCompleter(completions(), this))
{
    setObjectName(QStringLiteral("console"));
    m_output->setObjectName(QStringLiteral("consoleOutput"));
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(5000);
    m_output->setFocusPolicy(Qt::NoFocus);
    m_input->setObjectName(QStringLiteral("consoleInput"));
    retranslate();
    keepSmall();
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setCompletionMode(QCompleter::InlineCompletion);
    m_input->setCompleter(m_completer);
    m_input->installEventFilter(this);
    QFont mono = font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_output->setFont(mono);
    m_input->setFont(mono);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(m_output, 1);
    layout->addWidget(m_input);
    connect(m_input, &QLineEdit::returnPressed, this, &ConsoleView::submit);
    QScrollBar* bar = m_output->verticalScrollBar();
    connect(bar, &QScrollBar::valueChanged, this, [this, bar](int value) {
        if (!m_appending)
            m_following = value >= bar->maximum() - 2;
    });
    // Shown or resized (a dock opened, the type grew): the end stays in view.
    connect(bar, &QScrollBar::rangeChanged, this, [this] {
        if (m_following)
            followEnd();
    });
}

void ConsoleView::submit()
{
    const QString line = m_input->text().trimmed();
    if (line.isEmpty())
        return;
    m_typed << line;
    m_historyIndex = int(m_typed.size());
    append(QStringLiteral("<b>%1 &gt;</b> %2").arg(m_typed.size()).arg(escaped(line)));
    m_input->clear();
    emit lineEntered(line);
}

void ConsoleView::showAnswer(int line, bool ok, const QString& message)
{
    const bool dark = UiTheme::isDark(palette());
    const QColor color = ok ? UiTheme::muted(dark) : UiTheme::bad(dark);
    const QString prefix = line > 0 ? QStringLiteral("%1: ").arg(line) : QString();
    QString body = escaped(message);
    body.replace(QLatin1Char('\n'), QStringLiteral("<br>&nbsp;&nbsp;"));
    append(QStringLiteral("<span style=\"color:%1\">&nbsp;&nbsp;%2%3%4</span>")
               .arg(color.name(), prefix, ok ? QString() : tr("refused: "), body));
}

void ConsoleView::showStep(const QString& origin, int line, const QString& text)
{
    const bool dark = UiTheme::isDark(palette());
    append(QStringLiteral("<span style=\"color:%1\">%2:%3 &gt; %4</span>")
               .arg(UiTheme::info(dark).name(), escaped(origin))
               .arg(line)
               .arg(escaped(text)));
}

void ConsoleView::showStepStarted(const QString& origin, int line, const QString& text)
{
    if (origin != QLatin1String("console"))
        showStep(origin, line, text);
}

void ConsoleView::showStepFinished(const QString& origin, int line, bool ok, const QString& message)
{
    const bool typed = origin == QLatin1String("console");
    if (typed || !ok)
        showAnswer(typed ? line : 0, ok, message);
}

// The newest lines stay in view while a scenario plays, unless the reader scrolled up to read
// older ones (then they stay where they are, until scrolled back to the end).
void ConsoleView::append(const QString& html)
{
    m_appending = true;
    m_output->appendHtml(html);
    if (m_following)
        followEnd();
    m_appending = false;
}

void ConsoleView::followEnd()
{
    QScrollBar* bar = m_output->verticalScrollBar();
    bar->setValue(bar->maximum());
}

QString ConsoleView::transcript() const
{
    return m_output->toPlainText();
}

void ConsoleView::walkHistory(int step)
{
    if (m_typed.isEmpty())
        return;
    m_historyIndex = qBound(0, m_historyIndex + step, int(m_typed.size()));
    m_input->setText(m_historyIndex < m_typed.size() ? m_typed[m_historyIndex] : QString());
}

bool ConsoleView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_input && event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Up) {
            walkHistory(-1);
            return true;
        }
        if (key->key() == Qt::Key_Down) {
            walkHistory(+1);
            return true;
        }
        if (key->key() == Qt::Key_Tab) {
            // Accept the inline completion and go on typing its arguments.
            m_input->setText(m_input->text() + QLatin1Char(' '));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ConsoleView::retranslate()
{
    m_input->setPlaceholderText(
        tr("A command or directive, e.g. node kill 3 · client pause C1 3000 · help"));
    m_input->setToolTip(tr("Enter runs the line; Up and Down walk the lines typed before; Tab "
                           "completes a verb."));
}

void ConsoleView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange)
        keepSmall();
    QWidget::changeEvent(event);
}

// Like the event log: a line of output at least, so that the window fits 720 lines.
void ConsoleView::keepSmall()
{
    m_output->setMinimumHeight(fontMetrics().lineSpacing() + 2 * m_output->frameWidth() + 8);
}

bool ConsoleView::saveTypedLines(const QString& path, QString* error) const
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = file.errorString();
        return false;
    }
    file.write("# Typed in the console\n");
    for (const QString& line : m_typed)
        file.write(line.toUtf8() + '\n');
    if (!file.flush()) {
        *error = file.errorString();
        return false;
    }
    return true;
}
