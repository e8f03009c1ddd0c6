// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>

// The words for history events: the event log, the headless terminal and the reports all
// say the same thing, and each sentence names the client, the node and the holder.
//
// Client names are learnt from the history itself (ClientAdded carries the name), so a
// recorded run read back later is described exactly as it was live.
class EventText
{
    Q_DECLARE_TR_FUNCTIONS(EventText)

public:
    // Call for every event, in order, before describing it.
    void learn(const HistoryEvent& event);
    void setClientName(int client, const QString& name) { m_names.insert(client, name); }
    QString clientName(int client) const;
    // Resolves a lock token back to its client ("C3"), or "" when not one of ours.
    QString ownerOf(const QByteArray& token) const;

    // The event's kind as a short tag: "acquire ok", "node answer", "fault start".
    static QString tag(const HistoryEvent& event);
    // One sentence: "C2 acquired stock-lock on nodes 1, 2, 4; valid 9.9 s; token 3fa9c2e1".
    QString describe(const HistoryEvent& event) const;
    // "    12.345  acquire ok      C2 acquired ..." : the headless terminal's line.
    // `originUs`: the time zero it is printed against (a story's: when the nodes were up).
    QString line(const HistoryEvent& event, qint64 originUs = 0) const;

    static QString nodeName(int node);
    static QString nodeList(quint16 mask);

private:
    // An engine name (an operation, an answer, a client state, a failure reason) in the
    // reader's language; the name itself when there is no translation.
    static QString word(const QString& engineName);
    QString who(const HistoryEvent& event) const;
    QString operationText(const HistoryEvent& event) const;
    QString okText(const HistoryEvent& event) const;
    QString failText(const HistoryEvent& event) const;
    QString attemptText(const HistoryEvent& event) const;
    QString judgedText(const HistoryEvent& event) const;
    QString answerText(const HistoryEvent& event) const;
    QString faultText(const HistoryEvent& event) const;
    QString violationText(const HistoryEvent& event) const;

    QHash<int, QString> m_names;
    QHash<QByteArray, int> m_tokens; // acquired tokens -> client (bounded, see learn())
};
