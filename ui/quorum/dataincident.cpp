// SPDX-License-Identifier: GPL-3.0-or-later
#include "quorum/dataincident.h"

#include "charts/rundata.h"
#include "record/eventtext.h"
#include "widgets/clientlegend.h"

namespace {

using V = HistoryEvent::ViolationKind;

bool damagesData(V kind)
{
    return kind == V::StaleWrite || kind == V::LostUpdate || kind == V::Oversold ||
           kind == V::ResetOverwritten;
}

} // namespace

DataIncident DataIncident::current(const EngineSnapshot& s)
{
    // The violations of one write share its start (the write's invoke) and its writer.
    const Violation* newest = nullptr;
    for (const Violation& v : s.violations)
        if (damagesData(v.kind) && (!newest || v.startUs >= newest->startUs))
            newest = &v;
    if (!newest)
        return {};
    DataIncident incident;
    incident.writer = newest->secondClient;
    incident.tUs = newest->endUs >= 0 ? newest->endUs : newest->startUs;
    for (const Violation& v : s.violations) {
        if (!damagesData(v.kind) || v.startUs != newest->startUs ||
            v.secondClient != newest->secondClient)
            continue;
        incident.written = v.written;
        switch (v.kind) {
        case V::StaleWrite:
            incident.superseder = v.firstClient;
            incident.supersederNodes = v.firstNodes;
            break;
        case V::LostUpdate:
            incident.lost += v.amount;
            break;
        case V::Oversold:
            incident.oversold += v.amount;
            break;
        case V::ResetOverwritten:
            incident.resetTo = v.amount;
            break;
        default:
            break;
        }
    }
    for (const ClientSnapshot& c : s.clients) {
        if (c.inSection && c.sectionSinceUs > incident.tUs &&
            (incident.movedOnUs < 0 || c.sectionSinceUs < incident.movedOnUs))
            incident.movedOnUs = c.sectionSinceUs; // the story moved on
        if (c.id == incident.writer)
            incident.failover = c.strategy == Strategy::Kind::Failover;
    }
    return incident;
}

void DataIncident::judgeCause(const RunData& history)
{
    if (superseder >= 0)
        cause = IncidentCause::judge(history, writer, superseder, tUs, failover);
}

QString DataIncident::headline(const ClientLegend& legend) const
{
    const QString who = legend.name(writer);
    using C = IncidentCause::Kind;
    QString text;
    if (resetTo >= 0)
        text = tr("DATA DAMAGED: %1 wrote stock %2 over the stock the operator set (%3)")
                   .arg(who)
                   .arg(written)
                   .arg(resetTo);
    else if (superseder < 0 && cause.kind == C::Unknown)
        text = tr("DATA DAMAGED: %1 wrote stock %2").arg(who).arg(written);
    else
        text = tr("DATA DAMAGED: %1 wrote stock %2 %3").arg(who).arg(written).arg(how(legend));
    // Spelled out, not "update(s)": this is the line a class reads from the back of the room.
    if (lost == 1)
        text += tr("; 1 update lost");
    else if (lost > 1)
        text += tr("; %1 updates lost").arg(lost);
    if (oversold == 1)
        text += tr("; 1 item oversold");
    else if (oversold > 1)
        text += tr("; %1 items oversold").arg(oversold);
    return text;
}

// The cause as the end of the headline's sentence: "after its lock expired", ...
QString DataIncident::how(const ClientLegend& legend) const
{
    switch (cause.kind) {
    case IncidentCause::Kind::NoLock:
        return tr("with no lock at all");
    case IncidentCause::Kind::Expired:
        return cause.paused ? tr("after its lock expired in a pause")
                            : tr("after its lock expired");
    case IncidentCause::Kind::Failover:
        return tr("after a failover lost its lock");
    case IncidentCause::Kind::ClockJump:
        return tr("after a clock jump ended its lock early");
    case IncidentCause::Kind::Restart:
        return tr("after a restart lost its lock");
    case IncidentCause::Kind::KeyDeleted:
        return tr("after %1 deleted its lock").arg(legend.name(cause.deleter));
    case IncidentCause::Kind::Unknown:
        break;
    }
    return tr("while %1 held the lock too").arg(legend.name(superseder));
}

// "C2 acquired (nodes 2, 4, 5)", or "C2 went in" when no node granted it (no lock).
QString DataIncident::supersederAcquired(const ClientLegend& legend) const
{
    const quint16 nodes = cause.supersederNodes != 0 ? cause.supersederNodes : supersederNodes;
    if (nodes == 0)
        return tr("%1 went in").arg(legend.name(superseder));
    if (qPopulationCount(nodes) == 1)
        return tr("%1 acquired (node %2)").arg(legend.name(superseder), EventText::nodeList(nodes));
    return tr("%1 acquired (nodes %2)").arg(legend.name(superseder), EventText::nodeList(nodes));
}

QString DataIncident::evidence(const ClientLegend& legend) const
{
    const QString w = legend.name(writer);
    if (superseder >= 0) {
        const QString s = supersederAcquired(legend);
        switch (cause.kind) {
        case IncidentCause::Kind::NoLock:
            return tr("%1 too: with no lock, nothing kept them apart").arg(s);
        case IncidentCause::Kind::Expired:
            return tr("%1 after %2's validity had ended").arg(s, w);
        case IncidentCause::Kind::Failover:
            return tr("the master died before the key reached the replica; %1 on the new "
                      "master while %2's validity still ran")
                .arg(s, w);
        case IncidentCause::Kind::ClockJump:
            return tr("node %1's clock jumped and its key expired; %2 while %3's validity "
                      "still ran")
                .arg(cause.node + 1)
                .arg(s, w);
        case IncidentCause::Kind::Restart:
            return tr("node %1 came back without the key; %2 while %3's validity still ran")
                .arg(cause.node + 1)
                .arg(s, w);
        case IncidentCause::Kind::KeyDeleted:
            return tr("%1's release deleted %2's key on node %3; %4")
                .arg(legend.name(cause.deleter), w)
                .arg(cause.node + 1)
                .arg(s);
        case IncidentCause::Kind::Unknown:
            break;
        }
        return tr("%1 while %2 was still in its section").arg(s, w);
    }
    if (lost > 0)
        return tr("%1 wrote what it had read: the sales made since are gone").arg(w);
    return tr("the storage accepted the write");
}

QList<int> DataIncident::clients() const
{
    QList<int> ids{writer};
    if (superseder >= 0)
        ids << superseder;
    return ids;
}
