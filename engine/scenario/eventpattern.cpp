// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario/eventpattern.h"

#include "scenario/scenarioprocesses.h"

#include <QRegularExpression>
#include <functional>

namespace {

using K = HistoryEvent::Kind;
using Op = HistoryEvent::Operation;
using V = HistoryEvent::ViolationKind;

bool isViolation(const HistoryEvent& e, V kind)
{
    return e.kind == K::Violation && V(e.code) == kind;
}

constexpr const char* ExitName = "exited"; // `exited(LINE)`: a line, not a client

struct Entry
{
    const char* name;
    std::function<bool(const HistoryEvent&)> matches;
};

// The one table of event names: docs/commands.md's list ("Scenarios and the console") is this
// list (tests/unit/tst_commanddocs.cpp).
const QList<Entry>& table()
{
    static const QList<Entry> entries{
        {"acquired", [](const HistoryEvent& e) { return e.is(K::Ok, Op::Acquire); }},
        {"acquire-failed", [](const HistoryEvent& e) { return e.is(K::Fail, Op::Acquire); }},
        {"released", [](const HistoryEvent& e) { return e.is(K::Ok, Op::Release); }},
        {"extended", [](const HistoryEvent& e) { return e.is(K::Ok, Op::Extend); }},
        {"lock-lost", [](const HistoryEvent& e) { return e.kind == K::LockLost; }},
        {"gave-up",
         [](const HistoryEvent& e) {
             return e.kind == K::SectionEnd && HistoryEvent::SectionEndReason(e.code) ==
                                                   HistoryEvent::SectionEndReason::GaveUp;
         }},
        {"section-end", [](const HistoryEvent& e) { return e.kind == K::SectionEnd; }},
        {"sale", [](const HistoryEvent& e) { return e.is(K::Ok, Op::Write); }},
        {"write", [](const HistoryEvent& e) { return e.is(K::Invoke, Op::Write); }},
        {"stale-write-rejected",
         [](const HistoryEvent& e) {
             return e.is(K::Fail, Op::Write) &&
                    e.failReason() == HistoryEvent::FailReason::Rejected;
         }},
        {"valid-write-rejected",
         [](const HistoryEvent& e) { return isViolation(e, V::ValidWriteRejected); }},
        // Judged once the round is complete: the RoundJudged event says it.
        {"held-by-another",
         [](const HistoryEvent& e) {
             return e.kind == K::RoundJudged &&
                    e.failReason() == HistoryEvent::FailReason::HeldByAnother;
         }},
        {"held-by-expired",
         [](const HistoryEvent& e) {
             return e.kind == K::RoundJudged &&
                    e.failReason() == HistoryEvent::FailReason::HeldByExpired;
         }},
        {"split-vote",
         [](const HistoryEvent& e) {
             return e.kind == K::RoundJudged &&
                    e.failReason() == HistoryEvent::FailReason::SplitVote;
         }},
        {"overlap",
         [](const HistoryEvent& e) {
             return isViolation(e, V::Overlap) || isViolation(e, V::LeaseOverlap);
         }},
        {"stale-write", [](const HistoryEvent& e) { return isViolation(e, V::StaleWrite); }},
        {"lost-update", [](const HistoryEvent& e) { return isViolation(e, V::LostUpdate); }},
        {"oversold", [](const HistoryEvent& e) { return isViolation(e, V::Oversold); }},
        {"reset-overwritten",
         [](const HistoryEvent& e) { return isViolation(e, V::ResetOverwritten); }},
        // Mutual exclusion broken or data damaged (a refused valid write is neither).
        {"violation",
         [](const HistoryEvent& e) {
             return e.kind == K::Violation &&
                    HistoryEvent::ViolationKind(e.code) != V::ValidWriteRejected;
         }},
        {"wrong-release", [](const HistoryEvent& e) { return e.kind == K::DeletedOthersKey; }},
        {"reentered", [](const HistoryEvent& e) { return e.kind == K::Reentered; }},
        {"woken", [](const HistoryEvent& e) { return e.kind == K::WokenUp; }},
        {"node-down", [](const HistoryEvent& e) { return e.kind == K::NodeDown; }},
        {"node-up", [](const HistoryEvent& e) { return e.kind == K::NodeUp; }},
        {"fault-start", [](const HistoryEvent& e) { return e.kind == K::FaultStart; }},
        {"fault-end", [](const HistoryEvent& e) { return e.kind == K::FaultEnd; }},
        // Its argument is a line of the scenario, not a client (EventPattern::parse).
        {ExitName, [](const HistoryEvent& e) { return ScenarioProcesses::isEnd(e); }},
    };
    return entries;
}

} // namespace

QStringList EventPattern::names()
{
    QStringList out;
    for (const Entry& e : table())
        out << QLatin1String(e.name);
    return out;
}

std::optional<EventPattern> EventPattern::parse(const QString& text, QString* error)
{
    static const QRegularExpression form(QStringLiteral("^([a-z-]+)(?:\\(([^)]+)\\))?$"));
    const QRegularExpressionMatch m = form.match(text);
    const QList<Entry>& entries = table();
    for (int i = 0; m.hasMatch() && i < entries.size(); ++i) {
        if (m.captured(1) == QLatin1String(entries[i].name)) {
            EventPattern p;
            p.m_index = i;
            if (!p.isExit()) {
                p.m_client = m.captured(2);
                return p;
            }
            if (m.captured(2).isEmpty())
                return p; // any program's end
            bool number = false;
            p.m_line = m.captured(2).toInt(&number);
            if (number && p.m_line > 0)
                return p;
            *error = QStringLiteral("exited(LINE) takes the number of a line that starts a "
                                    "program (exec), not '%1'")
                         .arg(m.captured(2));
            return std::nullopt;
        }
    }
    *error = QStringLiteral("unknown event '%1' (known: %2; EVENT(CLIENT) for one client's)")
                 .arg(text, names().join(QStringLiteral(", ")));
    return std::nullopt;
}

bool EventPattern::isExit() const
{
    return QLatin1String(table()[m_index].name) == QLatin1String(ExitName);
}

bool EventPattern::matches(const HistoryEvent& event, int clientId) const
{
    if (!m_client.isEmpty() && event.client != clientId)
        return false;
    if (m_line > 0 && event.line != m_line)
        return false;
    return table()[m_index].matches(event);
}
