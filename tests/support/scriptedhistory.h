// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A run's history written by hand for tests: typed events on a made-up clock, in the order
// the engine records them, without an engine. Times in milliseconds.
//
//     ScriptedHistory h(5, 2000);          // 5 nodes, TTL 2 s
//     h.client(1, 0);
//     const quint64 op = h.acquire(1, 100, 0b00111);
//     h.pause(1, 200); h.resume(1, 5200);
//     auto run = h.run();                  // judged by a fresh checker

#include "model/clientsnapshot.h"
#include "model/fault.h"
#include "model/nodeoutcome.h"
#include "record/recordedrun.h"
#include "record/runeventcodec.h"
#include "record/runreader.h"

#include <memory>
#include <vector>

class ScriptedHistory
{
public:
    using K = HistoryEvent::Kind;
    using Op = HistoryEvent::Operation;
    using State = ClientSnapshot::State;

    explicit ScriptedHistory(int nodes = 5, int ttlMs = 2000) : m_ttlMs(ttlMs)
    {
        header.appVersion = QStringLiteral("test");
        header.started = QDateTime::fromString(QStringLiteral("2024-05-01T12:00:00Z"), Qt::ISODate);
        header.clockUs = 0;
        for (int i = 0; i < nodes; ++i)
            header.nodes << QStringLiteral("local");
        header.storage = QStringLiteral("local");
        header.persistence = QStringLiteral("none");
        header.clientDefaults.lock.ttlMs = ttlMs;
        header.initialClients = 0;
    }

    HistoryEvent& add(HistoryEvent e, double tMs)
    {
        e.tUs = qint64(tMs * 1000);
        if (e.client >= 0 && e.resource.isEmpty())
            e.resource = header.resource;
        events.push_back(e);
        return events.back();
    }

    void client(int id, double tMs)
    {
        HistoryEvent e = HistoryEvent::forClient(K::ClientAdded, id);
        e.text = QStringLiteral("C%1").arg(id);
        add(e, tMs);
        state(id, State::Idle, tMs);
    }

    void state(int id, State s, double tMs)
    {
        HistoryEvent e = HistoryEvent::forClient(K::ClientState, id);
        e.code = quint8(s);
        add(e, tMs);
    }

    // Invoke, the nodes' answers (`granted` say OK, the others "taken"), the decision and,
    // with a quorum, Ok(Acquire) and Holding. Returns the op id.
    quint64 acquire(int id, double tMs, quint16 granted, double tookMs = 1)
    {
        QList<NodeOutcome::Kind> answers;
        for (int n = 0; n < int(header.nodes.size()); ++n)
            answers << (granted & (1u << n) ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken);
        return acquireAnswered(id, tMs, answers, tookMs);
    }

    // The same with each node's answer given (down, timeout, error, taken, ok).
    quint64 acquireAnswered(int id, double tMs, const QList<NodeOutcome::Kind>& answers,
                            double tookMs = 1)
    {
        const quint64 op = (quint64(id) << 32) | ++m_ops[id];
        add(HistoryEvent::forClient(K::Invoke, id, Op::Acquire, op), tMs);
        state(id, State::Acquiring, tMs);
        const QByteArray token = QByteArray::number(qulonglong(op), 16).rightJustified(40, 'a');
        int votes = 0;
        quint16 granted = 0;
        for (int n = 0; n < int(answers.size()); ++n) {
            HistoryEvent a = HistoryEvent::forClient(K::NodeAnswer, id, Op::Acquire, op);
            a.node = n;
            const bool ok = answers[n] == NodeOutcome::Kind::Ok;
            votes += ok ? 1 : 0;
            granted |= ok ? quint16(1u << n) : 0;
            a.code = quint8(answers[n]);
            a.latencyUs = qint64(tookMs * 1000);
            add(a, tMs + tookMs);
        }
        const bool acquired = votes >= int(header.nodes.size()) / 2 + 1;
        HistoryEvent attempt = HistoryEvent::forClient(K::Attempt, id, Op::Acquire, op);
        attempt.token = token;
        attempt.number = votes;
        attempt.nodeMask = granted;
        attempt.latencyUs = qint64(tookMs * 1000);
        attempt.sinceUs = qint64(tMs * 1000);
        attempt.code =
            quint8(acquired ? HistoryEvent::FailReason::None : HistoryEvent::FailReason::NoQuorum);
        add(attempt, tMs + tookMs);
        if (!acquired) {
            HistoryEvent fail = HistoryEvent::forClient(K::Fail, id, Op::Acquire, op);
            fail.code = quint8(HistoryEvent::FailReason::NoQuorum);
            add(fail, tMs + tookMs);
            state(id, State::Idle, tMs + tookMs);
            return op;
        }
        HistoryEvent ok = HistoryEvent::forClient(K::Ok, id, Op::Acquire, op);
        ok.token = token;
        ok.nodeMask = granted;
        ok.number = qint64((m_ttlMs - tookMs - m_ttlMs * 0.01 - 2) * 1000);
        ok.latencyUs = qint64(tookMs * 1000);
        add(ok, tMs + tookMs);
        state(id, State::Holding, tMs + tookMs);
        return op;
    }

    void lockLost(int id, double tMs, quint64 op, double validityEndMs)
    {
        HistoryEvent e = HistoryEvent::forClient(K::LockLost, id, Op::None, op);
        e.sinceUs = qint64(validityEndMs * 1000);
        add(e, tMs);
    }

    void write(int id, double tMs, qint64 value, qint64 previous)
    {
        const quint64 op = (quint64(id) << 32) | ++m_ops[id];
        HistoryEvent invoke = HistoryEvent::forClient(K::Invoke, id, Op::Write, op);
        invoke.node = HistoryEvent::StorageNode;
        invoke.number = value;
        add(invoke, tMs);
        HistoryEvent ok = HistoryEvent::forClient(K::Ok, id, Op::Write, op);
        ok.node = HistoryEvent::StorageNode;
        ok.number = value;
        ok.previous = previous;
        ok.latencyUs = 300;
        add(ok, tMs + 0.3);
    }

    void
    endSection(int id, double tMs, quint64 op,
               HistoryEvent::SectionEndReason reason = HistoryEvent::SectionEndReason::Released)
    {
        HistoryEvent e = HistoryEvent::forClient(K::SectionEnd, id, Op::None, op);
        e.code = quint8(reason);
        add(e, tMs);
    }

    void release(int id, double tMs, quint16 nodes)
    {
        const quint64 op = (quint64(id) << 32) | ++m_ops[id];
        state(id, State::Releasing, tMs);
        add(HistoryEvent::forClient(K::Invoke, id, Op::Release, op), tMs);
        int released = 0;
        for (int n = 0; n < int(header.nodes.size()); ++n) {
            HistoryEvent a = HistoryEvent::forClient(K::NodeAnswer, id, Op::Release, op);
            a.node = n;
            const bool ok = nodes & (1u << n);
            released += ok ? 1 : 0;
            a.code = quint8(ok ? NodeOutcome::Kind::Ok : NodeOutcome::Kind::Taken);
            a.latencyUs = 500;
            add(a, tMs + 0.5);
        }
        HistoryEvent ok = HistoryEvent::forClient(K::Ok, id, Op::Release, op);
        ok.number = released;
        add(ok, tMs + 0.5);
        state(id, State::Idle, tMs + 0.5);
    }

    void pause(int id, double tMs)
    {
        HistoryEvent e = HistoryEvent::forClient(K::FaultStart, id);
        e.code = quint8(Fault::Kind::Paused);
        add(e, tMs);
        state(id, State::Paused, tMs);
    }

    void resume(int id, double tMs, State back = State::Holding)
    {
        HistoryEvent e = HistoryEvent::forClient(K::FaultEnd, id);
        e.code = quint8(Fault::Kind::Paused);
        add(e, tMs);
        state(id, back, tMs);
    }

    void nodeFault(int node, Fault::Kind kind, double tMs, bool start)
    {
        HistoryEvent e = HistoryEvent::make(start ? K::FaultStart : K::FaultEnd);
        e.node = node;
        e.code = quint8(kind);
        add(e, tMs);
    }

    void nodeUp(int node, double tMs)
    {
        HistoryEvent e = HistoryEvent::make(K::NodeUp, QStringLiteral("7.0.15"));
        e.node = node;
        add(e, tMs);
    }

    void command(const QString& line, double tMs, bool ok = true)
    {
        HistoryEvent e = HistoryEvent::make(K::Command, line);
        e.code = ok ? 1 : 0;
        add(e, tMs);
    }

    void say(const QString& text, double tMs) { add(HistoryEvent::make(K::Say, text), tMs); }

    // `stock N` on the storage.
    void stock(qint64 items, double tMs)
    {
        HistoryEvent e = HistoryEvent::make(K::StockSet);
        e.node = HistoryEvent::StorageNode;
        e.number = items;
        add(e, tMs);
    }

    // The run as read back: judged by a fresh checker.
    std::shared_ptr<RecordedRun> run() const
    {
        auto run = std::make_shared<RecordedRun>();
        run->path = QStringLiteral("scripted.jsonl");
        run->header = header;
        run->events = events;
        RunReader::judge(run.get());
        return run;
    }

    // The run file's bytes.
    QByteArray file() const
    {
        const RunEventCodec codec(header.resource);
        QByteArray bytes = header.toJsonLine() + '\n';
        for (const HistoryEvent& e : events)
            codec.encode(e, &bytes);
        return bytes;
    }

    RunHeader header;
    std::vector<HistoryEvent> events;

private:
    int m_ttlMs;
    QHash<int, quint32> m_ops;
};
