// SPDX-License-Identifier: GPL-3.0-or-later
#include "net/gatedlink.h"

#include "base/steadyclock.h"
#include "net/faultgate.h"

#include <QTimer>
#include <algorithm>

namespace {

qint64 nowUs()
{
    return SteadyClock::instance().nowUs();
}

} // namespace

GatedLink::GatedLink(FaultGate* gate, int clientId, Ends* ends)
    : m_gate(gate), m_clientId(clientId), m_ends(ends)
{
    if (gate)
        gate->attach(this);
}

GatedLink::~GatedLink()
{
    if (m_gate)
        m_gate->detach(this);
}

bool GatedLink::isCut() const
{
    return m_gate && m_gate->policy().isCut(m_clientId);
}

bool GatedLink::isHeld() const
{
    return m_gate && m_gate->policy().isHeld(m_clientId);
}

// The proxy's order of choices for a chunk read from a client: a drop draw per command, then,
// if something is left and the client is not cut off, the chunk's delay.
void GatedLink::send(std::vector<GatedCommand> chunk)
{
    if (!m_gate) {
        m_ends->toNode(chunk);
        return;
    }
    FaultPolicy& policy = m_gate->policy();
    if (policy.dropRate() > 0.0) {
        std::vector<GatedCommand> kept;
        for (GatedCommand& command : chunk) // one draw per command, in order
            if (!policy.drawDrop())
                kept.push_back(std::move(command));
        chunk = std::move(kept);
    }
    if (chunk.empty() || policy.isCut(m_clientId))
        return; // lost before the node
    const qint64 delayUs = policy.drawDelayUs(m_clientId);
    // The usual case, no fault in force: no queue, no timer.
    if (delayUs == 0 && m_up.empty() && !isHeld()) {
        m_ends->toNode(chunk);
        return;
    }
    // Never overtake an earlier chunk, even one that drew a longer jitter.
    const qint64 sendAtUs = std::max(m_lastUpUs, nowUs() + delayUs);
    m_lastUpUs = sendAtUs;
    m_up.push_back({sendAtUs, std::move(chunk)});
    dispatchUp();
}

void GatedLink::dispatchUp()
{
    if (isHeld())
        return; // resume() calls again
    const qint64 now = nowUs();
    while (!m_up.empty() && m_up.front().sendAtUs <= now) {
        // Checked at delivery: a partition also loses what was still in flight.
        const Chunk chunk = std::move(m_up.front());
        m_up.pop_front();
        if (!isCut())
            m_ends->toNode(chunk.commands);
    }
    if (!m_up.empty())
        armTimer(m_up.front().sendAtUs - now);
}

void GatedLink::armTimer(qint64 inUs)
{
    if (!m_timer) {
        m_timer = std::make_unique<QTimer>();
        m_timer->setSingleShot(true);
        m_timer->setTimerType(Qt::PreciseTimer);
        QObject::connect(m_timer.get(), &QTimer::timeout, this, &GatedLink::dispatchUp);
    }
    // Rounded up: a chunk may leave up to 1 ms late, never early.
    m_timer->start(int((inUs + 999) / 1000));
}

void GatedLink::receive(quint64 id, const RedisReply& reply)
{
    if (isCut())
        return; // lost after the node: the client waits for it in vain
    if (isHeld() || !m_down.empty()) {
        m_down.push_back({id, reply});
        return;
    }
    m_ends->toClient(id, reply);
}

void GatedLink::resume()
{
    QPointer<GatedLink> alive(this);
    dispatchUp();
    if (alive)
        dispatchDown();
}

void GatedLink::dispatchDown()
{
    QPointer<GatedLink> alive(this);
    while (alive && !m_down.empty() && !isHeld()) {
        const Reply next = std::move(m_down.front());
        m_down.pop_front();
        if (!isCut())
            m_ends->toClient(next.id, next.reply); // may delete us
    }
}
