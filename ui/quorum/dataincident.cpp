// SPDX-License-Identifier: GPL-3.0-or-later
#include "quorum/dataincident.h"

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
    for (const ClientSnapshot& c : s.clients)
        if (c.inSection && c.sectionSinceUs > incident.tUs &&
            (incident.movedOnUs < 0 || c.sectionSinceUs < incident.movedOnUs))
            incident.movedOnUs = c.sectionSinceUs; // the story moved on
    return incident;
}

QString DataIncident::headline(const ClientLegend& legend) const
{
    const QString who = legend.name(writer);
    QString text;
    if (resetTo >= 0)
        text = tr("DATA DAMAGED: %1 wrote stock %2 over the stock the operator set (%3)")
                   .arg(who)
                   .arg(written)
                   .arg(resetTo);
    else if (superseder >= 0)
        text = tr("DATA DAMAGED: %1 wrote stock %2 after its lock expired").arg(who).arg(written);
    else
        text = tr("DATA DAMAGED: %1 wrote stock %2").arg(who).arg(written);
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

QString DataIncident::evidence(const ClientLegend& legend) const
{
    if (superseder >= 0)
        return tr("%1 acquired (nodes %2) while %3 was still in its section")
            .arg(legend.name(superseder), EventText::nodeList(supersederNodes),
                 legend.name(writer));
    if (lost > 0)
        return tr("%1 wrote what it had read: the sales made since are gone")
            .arg(legend.name(writer));
    return tr("the storage accepted the write");
}

QList<int> DataIncident::clients() const
{
    QList<int> ids{writer};
    if (superseder >= 0)
        ids << superseder;
    return ids;
}
