// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/clientsnapshot.h"
#include "model/historyevent.h"
#include "model/latencywindow.h"

#include <deque>

// One client's lane rebuilt from the history (for RunReplayer): its state, its critical
// section (from Ok(Acquire) to SectionEnd), its phase, its counts and its acquire latency.
// Everything here is in the events; the settings are the run's defaults changed by the
// recorded `defaults`, `client add` and `client set` commands.
class ReplayClient
{
public:
    ReplayClient(int id, const QString& name, const QByteArray& resource,
                 const ClientSettings& settings, qint64 tUs, int fleetSize);

    void apply(const HistoryEvent& e);
    void setSettings(const ClientSettings& settings) { m_s.settings = settings; }
    void armPause() { m_s.pauseArmed = true; }

    const ClientSettings& settings() const { return m_s.settings; }
    const QString& name() const { return m_s.name; }
    ClientSnapshot snapshot() const;

private:
    void onOk(const HistoryEvent& e);
    void onFail(const HistoryEvent& e);
    void onInvoke(const HistoryEvent& e);
    void onSectionEnd(const HistoryEvent& e);

    ClientSnapshot m_s;
    int m_fleetSize = 0;       // the lock nodes, for the strategy's quorum
    LatencyWindow m_latencies; // the newest ones, as the live client keeps them
};
