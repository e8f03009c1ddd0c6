// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lock/lockstrategy.h"

class Clock;

// The `none` rung, the oversell ladder's starting code (docs/sources.md, "The oversell ladder"):
// no lock at all. Every client goes straight into its purchase: read, work, write. Under
// contention the stock is oversold and sales are lost.
class NoLock : public LockStrategy
{
    Q_OBJECT

public:
    explicit NoLock(const Clock& clock, QObject* parent = nullptr);

    void setSettings(const LockSettings& settings) override { Q_UNUSED(settings) }
    int nodeCount() const override { return 0; }
    int quorum() const override { return 0; }
    Exclusion exclusion() const override { return Exclusion::None; }
    bool canFence() const override { return false; }

    void acquire(const QByteArray& resource, AcquireCallback callback, quint64 op = 0) override;
    void release(const Lock& lock, ReleaseCallback callback = {}, quint64 op = 0) override;
    void extend(const Lock& lock, ExtendCallback callback, quint64 op = 0) override;

protected:
    // Answers on the next turn of the event loop (never inside the call), unless cancelled.
    void later(std::function<void()> answer);

    const Clock& m_clock;
};
