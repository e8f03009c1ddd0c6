// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/htmlreport.h"

#include "base/enumnames.h"
#include "base/textformat.h"
#include "charts/chart.h"
#include "charts/chartrenderer.h"
#include "charts/rundata.h"
#include "model/verdict.h"
#include "record/eventtext.h"
#include "record/recordedrun.h"
#include "record/replayclient.h"
#include "record/replaystate.h"
#include "settings/languages.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocale>

namespace {

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

const char* Style = R"(
body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; color: #1d2127;
       max-width: 1440px; margin: 24px auto; padding: 0 16px; background: #f2f3f5; }
:lang(zh-CN) { font-family: "DejaVu Sans", "Noto Sans CJK SC", sans-serif; }
:lang(ja) { font-family: "DejaVu Sans", "Noto Sans CJK JP", sans-serif; }
h1 { margin-bottom: 4px; } h2 { margin-top: 32px; }
.muted { color: #6b727c; }
.verdict { font-size: 1.4em; font-weight: bold; padding: 12px 16px; border-radius: 6px;
           color: white; }
.safe { background: #1f8f4e; } .fenced { background: #b97a00; } .broken { background: #c8232c; }
table { border-collapse: collapse; background: white; margin: 8px 0; }
td, th { border: 1px solid #c8ccd2; padding: 4px 10px; text-align: left; vertical-align: top; }
th { background: #e4e6ea; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
figure { background: white; margin: 16px 0; padding: 8px; border: 1px solid #c8ccd2; }
figure svg { width: 100%; max-width: 1200px; height: auto; display: block; margin: 0 auto; }
figcaption { color: #6b727c; padding: 4px 8px; }
)";

QString row(const QString& name, const QString& value, bool number = false)
{
    return QStringLiteral("<tr><th>%1</th><td%3>%2</td></tr>\n")
        .arg(esc(name), esc(value), number ? QStringLiteral(" class=\"n\"") : QString());
}

QString settingsTable(const RecordedRun& run)
{
    const RunHeader& h = run.header;
    QString html = QStringLiteral("<table>\n");
    html += row(HtmlReport::tr("nodes"), h.nodes.join(QStringLiteral(", ")));
    html += row(HtmlReport::tr("storage"), h.storage);
    html += row(HtmlReport::tr("resource"), QString::fromUtf8(h.resource));
    html += row(HtmlReport::tr("clients at start"), QString::number(h.initialClients));
    if (!h.persistence.isEmpty())
        html += row(HtmlReport::tr("persistence at start"), h.persistence);
    html += row(HtmlReport::tr("client defaults at start"),
                h.clientDefaults.toAssignments().join(QLatin1Char(' ')));
    if (h.seed)
        html += row(HtmlReport::tr("seed"), QString::number(*h.seed));
    html += row(HtmlReport::tr("app version"), h.appVersion);
    return html + QStringLiteral("</table>\n");
}

// Each client's settings as it ran with them: the run's defaults, then `defaults`, `client add`
// and `client set` in the history, as a replay applies them (not the defaults of today's app).
// A client whose settings changed during the run lists each version from when it held.
QString clientSettingsTable(const RecordedRun& run)
{
    struct Used
    {
        QString name;
        QString foreign; // your own client: its process (it has no settings of the app's)
        QList<QPair<qint64, QString>> versions; // from when, the settings
    };
    ReplayState state(run.header);
    QMap<int, Used> used; // by id: the order clients were added in
    for (const HistoryEvent& e : run.events) {
        state.apply(e);
        if (e.kind == HistoryEvent::Kind::ClientAdded) {
            used[e.client].name = e.text;
            if (e.addsForeignClient())
                used[e.client].foreign = e.note.isEmpty() ? e.text : e.note;
        } else if (e.kind != HistoryEvent::Kind::Command) {
            continue;
        }
        for (auto it = used.begin(); it != used.end(); ++it) {
            const ReplayClient* c = state.client(it.key());
            if (!c || !it->foreign.isEmpty())
                continue;
            const QString settings = c->settings().toAssignments().join(QLatin1Char(' '));
            if (it->versions.isEmpty() || it->versions.last().second != settings)
                it->versions.append({e.tUs, settings});
        }
    }
    if (used.isEmpty())
        return QStringLiteral("<p>%1</p>\n").arg(esc(HtmlReport::tr("No client ran.")));
    QString html = QStringLiteral("<table>\n<tr><th>%1</th><th>%2</th></tr>\n")
                       .arg(esc(HtmlReport::tr("client")), esc(HtmlReport::tr("settings as used")));
    for (const Used& u : std::as_const(used)) {
        if (!u.foreign.isEmpty()) {
            html += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>\n")
                        .arg(esc(u.name),
                             esc(HtmlReport::tr("your own client (%1): its settings are its own; "
                                                "the run has what it sent to the nodes and "
                                                "what they answered")
                                     .arg(u.foreign)));
            continue;
        }
        QStringList lines;
        for (qsizetype i = 0; i < u.versions.size(); ++i)
            lines << (i == 0 ? esc(u.versions[i].second)
                             : esc(HtmlReport::tr("from %1 s: %2")
                                       .arg(u.versions[i].first / 1e6, 0, 'f', 1)
                                       .arg(u.versions[i].second)));
        html += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>\n")
                    .arg(esc(u.name), lines.join(QStringLiteral("<br>")));
    }
    return html + QStringLiteral("</table>\n");
}

QString countersTable(const CheckCounters& c)
{
    QString html = QStringLiteral("<table>\n");
    const QMetaEnum meta = QMetaEnum::fromType<CheckCounters::Name>();
    for (int i = 0; i < meta.keyCount(); ++i) {
        const auto name = CheckCounters::Name(meta.value(i));
        html += row(CheckCounters::nameOf(name), QLocale().toString(c.value(name)), true);
    }
    return html + QStringLiteral("</table>\n");
}

QString violationsTable(const RecordedRun& run)
{
    if (run.violations.isEmpty())
        return QStringLiteral("<p>%1</p>\n")
            .arg(esc(HtmlReport::tr("None: the checker found nothing.")));
    EventText text;
    for (const HistoryEvent& e : run.events)
        text.learn(e);
    QString html = QStringLiteral("<table>\n<tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th>"
                                  "<th>%5</th></tr>\n")
                       .arg(esc(HtmlReport::tr("kind")), esc(HtmlReport::tr("from (s)")),
                            esc(HtmlReport::tr("to (s)")), esc(HtmlReport::tr("lasted")),
                            esc(HtmlReport::tr("evidence")));
    int shown = 0;
    for (const Violation& v : run.violations) {
        if (++shown > HtmlReport::MaxViolationRows)
            break;
        const HistoryEvent e = v.toEvent(HistoryEvent::Kind::Violation, v.startUs);
        const qint64 end = v.isOpen() ? run.endUs() : v.endUs;
        html += QStringLiteral("<tr><td>%1</td><td class=\"n\">%2</td><td class=\"n\">%3</td>"
                               "<td class=\"n\">%4</td><td>%5</td></tr>\n")
                    .arg(esc(EnumNames::name(v.kind)))
                    .arg(v.startUs / 1e6, 0, 'f', 3)
                    .arg(v.isOpen() ? HtmlReport::tr("(still going at the end)")
                                    : QString::number(end / 1e6, 'f', 3),
                         esc(TextFormat::latency(end - v.startUs)), esc(text.describe(e)));
    }
    html += QStringLiteral("</table>\n");
    if (run.violations.size() > HtmlReport::MaxViolationRows)
        html +=
            QStringLiteral("<p class=\"muted\">%1</p>\n")
                .arg(esc(HtmlReport::tr("The first %1 of %2 are listed; the run file has them all.")
                             .arg(HtmlReport::MaxViolationRows)
                             .arg(run.violations.size())));
    return html;
}

// QSvgGenerator writes a whole document; inline, only its <svg> element belongs.
QString inlineSvg(const QByteArray& svg)
{
    const qsizetype start = svg.indexOf("<svg");
    return QString::fromUtf8(start >= 0 ? svg.mid(start) : svg);
}

QString verdictClass(const CheckCounters& c)
{
    switch (Verdict::level(c)) {
    case Verdict::Level::Safe:
        return QStringLiteral("safe");
    case Verdict::Level::Fenced:
        return QStringLiteral("fenced");
    default:
        return QStringLiteral("broken");
    }
}

} // namespace

QByteArray HtmlReport::build(const RecordedRun& run, const RunData& data, const ExportLook& look)
{
    // The page's charts: 16:9 at its width, their smallest text MinTextPx (times --large).
    ExportLook charts = look;
    charts.size = QSize(ChartWidth, ChartHeight);
    charts.typeScale =
        look.typeScale * MinTextPx / double(ChartStyle::minTextPxFor(ExportLook{}, ChartHeight));
    const QString name = QFileInfo(run.path).fileName();
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"%3\"><head><meta charset=\"utf-8\">"
                       "<title>%1</title><style>%2</style></head><body>\n")
            .arg(esc(tr("Redlock Scope run %1").arg(name)), QLatin1String(Style),
                 Languages::current().replace(QLatin1Char('_'), QLatin1Char('-')));
    html += QStringLiteral("<h1>%1</h1>\n<p class=\"muted\">%2</p>\n")
                .arg(esc(tr("Redlock Scope run")),
                     esc(tr("%1 · recorded %2 · %3")
                             .arg(name, run.header.started.toLocalTime().toString(Qt::ISODate),
                                  run.summary())));
    html += QStringLiteral("<p class=\"verdict %1\">%2</p>\n")
                .arg(verdictClass(run.counters), esc(Verdict::headline(run.counters)));
    html += QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Settings"))) + settingsTable(run);
    html +=
        QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Clients, with the settings they ran with"))) +
        clientSettingsTable(run);
    html += QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Checker counters"))) +
            countersTable(run.counters);
    html += QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Violations, with their evidence"))) +
            violationsTable(run);
    html += QStringLiteral("<h2>%1</h2>\n").arg(esc(tr("Charts")));
    for (Chart::Kind kind : Chart::all())
        html += QStringLiteral("<figure id=\"chart-%1\">\n%2\n<figcaption>%3</figcaption>"
                               "</figure>\n")
                    .arg(EnumNames::name(kind), inlineSvg(ChartRenderer::svg(kind, data, charts)),
                         esc(Chart::caption(kind)));
    html += QStringLiteral("<p class=\"muted\">%1</p>\n</body></html>\n")
                .arg(esc(tr("Made by Redlock Scope %1 from the run file; the verdict is the "
                            "checker's, judged again from the recorded events.")
                             .arg(QCoreApplication::applicationVersion())));
    return html.toUtf8();
}
