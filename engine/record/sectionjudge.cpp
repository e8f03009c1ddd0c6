// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/sectionjudge.h"

namespace {
using End = HistoryEvent::SectionEndReason;
// Holds are pruned at most this often (a pass over the list).
constexpr qint64 PruneEveryUs = 1'000'000;
} // namespace

QList<SectionJudge::Section> SectionJudge::acquired(const HistoryEvent& e)
{
    QList<Section>& sections = m_open[e.resource];
    QList<Section> others;
    for (const Section& s : std::as_const(sections))
        if (s.client != e.client)
            others << s;
    sections.removeIf([&](const Section& s) { return s.client == e.client; });
    Section section{e.client, e.op, e.tUs, e.nodeMask, e.tUs + e.number, false};
    sections << section;
    m_latest.insert(e.resource, section);
    m_ownLatestUs.insert(e.client, e.tUs);
    m_holds << Hold{e.client, e.tUs, section.validityEndUs, e.nodeMask};
    return others;
}

SectionJudge::Section* SectionJudge::sectionOf(const HistoryEvent& e)
{
    const auto it = m_open.find(e.resource);
    if (it == m_open.end())
        return nullptr;
    for (Section& s : *it)
        if (s.client == e.client)
            return &s;
    return nullptr;
}

void SectionJudge::extended(const HistoryEvent& e)
{
    Section* s = sectionOf(e);
    if (!s || e.number <= 0)
        return;
    s->validityEndUs = e.tUs + e.number;
    for (qsizetype i = m_holds.size() - 1; i >= 0; --i) {
        if (m_holds[i].client == e.client) {
            m_holds[i].endUs = s->validityEndUs;
            break;
        }
    }
}

bool SectionJudge::lockLost(const HistoryEvent& e)
{
    Section* s = sectionOf(e);
    if (!s || s->lost)
        return false;
    s->lost = true;
    return true;
}

std::optional<bool> SectionJudge::ended(const HistoryEvent& e)
{
    Section* s = sectionOf(e);
    if (!s)
        return std::nullopt;
    const auto reason = End(e.code);
    const bool late = reason != End::Expired && !s->lost && e.tUs > s->validityEndUs;
    if (reason != End::Crashed) { // a crashed client releases nothing: its keys hold on
        for (qsizetype i = m_holds.size() - 1; i >= 0; --i) {
            if (m_holds[i].client == e.client) {
                m_holds[i].endUs = std::min(m_holds[i].endUs, e.tUs);
                break;
            }
        }
    }
    m_open[e.resource].removeIf([&](const Section& x) { return x.client == e.client; });
    return late;
}

QList<int> SectionJudge::finish(qint64 lastUs, const QSet<int>& foreign)
{
    QList<int> lost;
    for (QList<Section>& sections : m_open) {
        for (Section& s : sections) {
            if (!foreign.contains(s.client) && !s.lost && lastUs > s.validityEndUs) {
                s.lost = true;
                lost << s.client;
            }
        }
    }
    return lost;
}

const QList<SectionJudge::Section>& SectionJudge::open(const QByteArray& resource) const
{
    static const QList<Section> none;
    const auto it = m_open.constFind(resource);
    return it == m_open.cend() ? none : *it;
}

QList<SectionJudge::Hold> SectionJudge::holdsDuring(qint64 fromUs, qint64 toUs, int except) const
{
    QList<Hold> found;
    for (const Hold& h : m_holds)
        if (h.client != except && h.startUs <= toUs && h.endUs > fromUs)
            found << h;
    return found;
}

std::optional<SectionJudge::Section> SectionJudge::supersederOf(const HistoryEvent& w) const
{
    const auto latest = m_latest.constFind(w.resource);
    const auto own = m_ownLatestUs.constFind(w.client);
    if (latest == m_latest.cend() || own == m_ownLatestUs.cend() || latest->client == w.client ||
        latest->startUs <= *own)
        return std::nullopt;
    return *latest;
}

void SectionJudge::prune(qint64 nowUs, qint64 beforeUs)
{
    if (nowUs - m_prunedUs < PruneEveryUs)
        return;
    m_prunedUs = nowUs;
    m_holds.removeIf([&](const Hold& h) { return h.endUs < beforeUs; });
}
