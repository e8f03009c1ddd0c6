#include "window/execqueue.h"

#include "core/enumnames.h"
#include "snapshot/clientsnapshot.h"

namespace {

constexpr int DefaultWaitMs = 30'000;
constexpr int AnswerTimeoutMs = 15'000; // an answer never comes: go on, and say so

bool isClientState(const QString& name)
{
    return EnumNames::parse<ClientSnapshot::State>(name).has_value();
}

} // namespace

std::optional<QList<ExecQueue::Step>> ExecQueue::parse(const QString& text, QString* error)
{
    QList<Step> steps;
    const QStringList parts = text.split(QLatin1Char(';'));
    for (const QString& part : parts) {
        const QString line = part.simplified();
        if (line.isEmpty())
            continue;
        const QStringList words = line.split(QLatin1Char(' '));
        const QString head = words.first().toLower();
        Step step;
        if (head == QLatin1String("sleep")) {
            bool ok = false;
            step.kind = Step::Kind::Sleep;
            step.ms = words.value(1).toInt(&ok);
            if (words.size() != 2 || !ok || step.ms < 0) {
                *error = QStringLiteral("--exec: '%1': use sleep MS (milliseconds, 0 or more)")
                             .arg(line);
                return std::nullopt;
            }
        } else if (head == QLatin1String("wait")) {
            step.kind = Step::Kind::Wait;
            step.line = words.value(1);
            step.ms = DefaultWaitMs;
            QStringList state = words.mid(2);
            bool ok = true;
            if (state.size() > 1) {
                bool number = false;
                const int ms = state.last().toInt(&number);
                if (number) {
                    step.ms = ms;
                    ok = ms > 0;
                    state.removeLast();
                }
            }
            step.state = state.join(QLatin1Char(' ')).toLower();
            if (step.line.isEmpty() || !isClientState(step.state) || !ok) {
                *error = QStringLiteral("--exec: '%1': use wait CLIENT STATE [MS], STATE one of %2")
                             .arg(line, EnumNames::all<ClientSnapshot::State>().join(", "));
                return std::nullopt;
            }
        } else {
            step.line = line; // the engine judges its own commands
        }
        steps << step;
    }
    if (steps.isEmpty()) {
        *error = QStringLiteral("--exec: no command in '%1'").arg(text);
        return std::nullopt;
    }
    return steps;
}

ExecQueue::ExecQueue(const QList<Step>& steps, Sender sender, QObject* parent)
    : QObject(parent), m_steps(steps), m_sender(std::move(sender))
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_settling) {
            m_settling = false;
            runNext();
            return;
        }
        const Step& step = m_steps[m_next - 1];
        switch (step.kind) {
        case Step::Kind::Sleep:
            stepDone(true, {});
            break;
        case Step::Kind::Wait:
            stepDone(false, QStringLiteral("wait %1 %2: not within %3 ms")
                                .arg(step.line, step.state)
                                .arg(step.ms));
            break;
        case Step::Kind::Command:
            m_waitingId = 0;
            stepDone(
                false,
                QStringLiteral("%1: no answer within %2 ms").arg(step.line).arg(AnswerTimeoutMs));
            break;
        }
    });
}

void ExecQueue::start()
{
    if (m_next > 0 || m_busy || m_settling)
        return;
    m_settling = true;
    m_timer.start(SettleTimeoutMs); // nodes that never come up: go on, their commands will say
}

void ExecQueue::runNext()
{
    if (m_next >= m_steps.size()) {
        emit finished(m_failures);
        return;
    }
    const Step& step = m_steps[m_next++];
    m_busy = true;
    switch (step.kind) {
    case Step::Kind::Sleep:
        m_timer.start(step.ms);
        break;
    case Step::Kind::Wait:
        m_timer.start(step.ms); // the deadline; a snapshot ends it sooner
        break;
    case Step::Kind::Command:
        m_waitingId = m_sender(step.line);
        if (m_waitingId == 0) {
            stepDone(false, QStringLiteral("%1: no engine to send it to").arg(step.line));
            return;
        }
        m_timer.start(AnswerTimeoutMs);
        break;
    }
}

void ExecQueue::stepDone(bool ok, const QString& what)
{
    m_timer.stop();
    m_busy = false;
    if (!ok)
        ++m_failures;
    if (!what.isEmpty())
        emit report(what, ok);
    // Queued: an answer may arrive inside the sender's call; never recurse into it.
    QMetaObject::invokeMethod(this, &ExecQueue::runNext, Qt::QueuedConnection);
}

void ExecQueue::onCommandFinished(quint64 id, bool ok, const QString& message)
{
    if (!m_busy || id == 0 || id != m_waitingId)
        return;
    m_waitingId = 0;
    stepDone(ok, QStringLiteral("%1 -> %2").arg(m_steps[m_next - 1].line, message));
}

void ExecQueue::onSnapshot(const EngineSnapshot& snapshot)
{
    if (m_settling) {
        bool starting = snapshot.nodes.isEmpty();
        for (const NodeSnapshot& n : snapshot.nodes)
            starting = starting || n.state == NodeSnapshot::State::Starting;
        if (!starting) {
            m_settling = false;
            m_timer.stop();
            runNext();
        }
        return;
    }
    if (!m_busy || m_next == 0)
        return;
    const Step& step = m_steps[m_next - 1];
    if (step.kind != Step::Kind::Wait)
        return;
    for (const ClientSnapshot& c : snapshot.clients) {
        if (c.name.compare(step.line, Qt::CaseInsensitive) == 0 &&
            ClientSnapshot::stateName(c.state) == step.state) {
            stepDone(true, QStringLiteral("wait %1 %2: done").arg(step.line, step.state));
            return;
        }
    }
}
