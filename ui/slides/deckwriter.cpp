// SPDX-License-Identifier: GPL-3.0-or-later
#include "slides/deckwriter.h"

#include "slides/cmapfixdevice.h"

#include "model/verdict.h"
#include "settings/languages.h"
#include "widgets/uitheme.h"

#include <QBuffer>
#include <QFileInfo>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QTextLayout>
#include <QWidget>

namespace {

constexpr int PdfDpi = 96; // a page of W × H points at 3/4: the stage's pixels, one for one

const char* Style = R"(
body { font-family: "DejaVu Sans", sans-serif; margin: 0; padding: 16px; }
:lang(zh-CN) { font-family: "DejaVu Sans", "Noto Sans CJK SC", sans-serif; }
:lang(ja) { font-family: "DejaVu Sans", "Noto Sans CJK JP", sans-serif; }
section { margin: 0 auto 24px; padding: 12px 16px; box-shadow: 0 1px 4px rgba(0,0,0,.25);
          break-after: page; page-break-after: always; }
section img { width: 100%; height: auto; display: block; }
section.title, section.summary { min-height: 50vh; padding: 48px 56px; }
section.title h1 { font-size: 2.6em; margin: 0 0 16px; }
section.title p, section.summary p { font-size: 1.5em; }
section.summary .verdict { font-size: 1.8em; font-weight: bold; padding: 12px 20px;
                           border-radius: 8px; color: white; }
section.summary td { font-size: 1.5em; padding: 4px 24px 4px 0; }
section.summary td.n { text-align: right; font-weight: bold; }
.meta { font-size: 0.9em; margin: 0 0 8px; opacity: .7; }
h2 { margin: 0 0 8px; font-size: 1.6em; }
.narration { font-size: 1.6em; margin: 12px 0 4px; line-height: 1.4; }
@media print { body { padding: 0; } section { box-shadow: none; margin: 0; } }
)";

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

QString cssColor(const QColor& c)
{
    return c.name(QColor::HexRgb);
}

QColor levelColor(int level, bool dark)
{
    switch (Verdict::Level(level)) {
    case Verdict::Level::Safe:
        return UiTheme::good(dark);
    case Verdict::Level::Fenced:
        return UiTheme::warn(dark);
    case Verdict::Level::Broken:
    case Verdict::Level::Damaged:
        break;
    }
    return UiTheme::bad(dark);
}

// The deck's type: the language's own face, `px` pixels high (a page is sized in pixels).
QFont deckFont(const SlideDeck& deck, double px, bool bold = false)
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font = Languages::face(font, deck.language);
    font.setPixelSize(qMax(1, qRound(px)));
    font.setBold(bold);
    return font;
}

// `text` in `box`, wrapped; its height.
double drawWrapped(QPainter& painter, const QString& text, const QRectF& box, const QFont& font)
{
    QTextLayout layout(text, font, painter.device());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    double height = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(box.width());
        line.setPosition(QPointF(0, height));
        height += line.height();
    }
    layout.endLayout();
    layout.draw(&painter, box.topLeft());
    return height;
}

} // namespace

QStringList DeckWriter::extensions()
{
    return {QStringLiteral("pdf"), QStringLiteral("html")};
}

QString DeckWriter::checkExtension(const QString& path)
{
    if (extensions().contains(QFileInfo(path).suffix().toLower()))
        return {};
    return tr("cannot write slides to %1: the file name must end in .pdf or .html").arg(path);
}

DeckWriter::DeckWriter(const QString& path, const SlideDeck& deck)
    : m_path(path), m_deck(deck),
      m_pdf(QFileInfo(path).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0),
      m_file(path), m_pngDir(qEnvironmentVariable("REDLOCK_DECK_PAGES"))
{}

DeckWriter::~DeckWriter()
{
    if (m_painter && m_painter->isActive())
        m_painter->end();
}

bool DeckWriter::open(QString* error)
{
    if (*error = checkExtension(m_path); !error->isEmpty())
        return false;
    if (!m_file.open(error))
        return false;
    if (m_pdf) {
        // Through the fixer: Chinese and Japanese copy out of the deck as themselves.
        m_fix = std::make_unique<CMapFixDevice>(m_file.device());
        m_writer = std::make_unique<QPdfWriter>(m_fix.get());
        m_writer->setTitle(m_deck.title);
        m_writer->setCreator(
            QStringLiteral("Redlock Scope %1").arg(QCoreApplication::applicationVersion()));
        m_writer->setResolution(PdfDpi);
        m_writer->setPageLayout(
            QPageLayout(QPageSize(QSizeF(m_deck.size) * 72.0 / PdfDpi, QPageSize::Point),
                        QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        m_painter = std::make_unique<QPainter>(m_writer.get());
        m_painter->setRenderHint(QPainter::Antialiasing);
        m_painter->setRenderHint(QPainter::TextAntialiasing);
        paintTitle(*m_painter, QRectF(QPointF(0, 0), QSizeF(m_deck.size)), m_deck);
    } else {
        const QPalette palette =
            UiTheme::palette(m_deck.dark ? UiTheme::Mode::Dark : UiTheme::Mode::Light);
        // One arg() with every value: a title holding "%1" stays as it is.
        writeHtml(QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\"><head><meta charset=\"utf-8\">"
                                 "<title>%2</title><style>%3</style>"
                                 "<style>body { background: %4; color: %5; } section { background: "
                                 "%6; max-width: %7px; }</style></head><body>\n")
                      .arg(QString(m_deck.language).replace(QLatin1Char('_'), QLatin1Char('-')),
                           esc(m_deck.title), QLatin1String(Style),
                           cssColor(palette.color(QPalette::Mid)),
                           cssColor(palette.color(QPalette::WindowText)),
                           cssColor(palette.color(QPalette::Window)),
                           QString::number(m_deck.size.width())));
        writeHtml(QStringLiteral("<section class=\"title\" id=\"title\">\n<h1>%1</h1>\n<p>%2</p>\n"
                                 "</section>\n")
                      .arg(esc(m_deck.title), esc(m_deck.subtitle)));
    }
    ++m_pages;
    if (!m_pngDir.isEmpty()) {
        QImage png(m_deck.size, QImage::Format_RGB32);
        QPainter p(&png);
        paintTitle(p, QRectF(png.rect()), m_deck);
        p.end();
        savePng(png);
    }
    return true;
}

void DeckWriter::beginPage()
{
    if (m_pdf)
        m_writer->newPage();
    ++m_pages;
}

void DeckWriter::writeHtml(const QString& text)
{
    const QByteArray bytes = text.toUtf8();
    if (m_file.device()->write(bytes) != bytes.size())
        m_writeFailed = true;
}

void DeckWriter::savePng(const QImage& image)
{
    image.save(QStringLiteral("%1/page-%2.png").arg(m_pngDir).arg(m_pages));
}

// "GC pause … · slide 2 · 3.2 s": above each picture of an HTML deck.
QString DeckWriter::pageLine(const Slide& slide) const
{
    return tr("%1 · slide %2 · %3 s")
        .arg(m_deck.title)
        .arg(m_pages - 1) // the title page is not counted
        .arg(slide.atS, 0, 'f', 1);
}

void DeckWriter::addStage(QWidget* stage, const Slide& slide)
{
    beginPage();
    const QWidget::RenderFlags flags = QWidget::DrawWindowBackground | QWidget::DrawChildren;
    if (m_pdf) {
        // The stage's own size on a page of that size: one pixel, one unit.
        const double scale = std::min(m_deck.size.width() / double(stage->width()),
                                      m_deck.size.height() / double(stage->height()));
        m_painter->save();
        m_painter->scale(scale, scale);
        stage->render(m_painter.get(), QPoint(), QRegion(), flags);
        m_painter->restore();
    }
    QImage picture;
    if (!m_pdf || !m_pngDir.isEmpty())
        picture = stage->grab().toImage();
    if (!m_pngDir.isEmpty())
        savePng(picture);
    if (m_pdf)
        return;
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    picture.save(&buffer, "PNG");
    QString html = QStringLiteral("<section class=\"slide\" id=\"slide-%1\">\n<p class=\"meta\">"
                                  "%2</p>\n")
                       .arg(m_pages - 1)
                       .arg(esc(pageLine(slide)));
    if (!slide.title.isEmpty())
        html += QStringLiteral("<h2>%1</h2>\n").arg(esc(slide.title));
    html += QStringLiteral("<img width=\"%1\" height=\"%2\" alt=\"%3\" "
                           "src=\"data:image/png;base64,%4\">\n")
                .arg(picture.width())
                .arg(picture.height())
                .arg(esc(slide.caption), QString::fromLatin1(png.toBase64()));
    if (!slide.caption.isEmpty())
        html += QStringLiteral("<p class=\"narration\">%1</p>\n").arg(esc(slide.caption));
    writeHtml(html + QStringLiteral("</section>\n"));
}

bool DeckWriter::finish(const DeckSummary& summary, QString* error)
{
    beginPage();
    bool ok = true;
    if (m_pdf) {
        paintSummary(*m_painter, QRectF(QPointF(0, 0), QSizeF(m_deck.size)), m_deck, summary);
        ok = m_painter->end() && m_fix->finish();
    } else {
        QString html =
            QStringLiteral("<section class=\"summary\" id=\"summary\">\n<h2>%1</h2>\n"
                           "<p class=\"verdict\" style=\"background: %2\">%3</p>\n"
                           "<table>\n")
                .arg(esc(tr("What the checker found")),
                     cssColor(levelColor(summary.level, m_deck.dark)), esc(summary.verdict));
        for (const auto& [name, value] : summary.counts)
            html += QStringLiteral("<tr><td>%1</td><td class=\"n\">%2</td></tr>\n")
                        .arg(esc(name))
                        .arg(value);
        html += QStringLiteral("</table>\n<p>%1</p>\n</section>\n</body></html>\n")
                    .arg(esc(summary.outcome));
        writeHtml(html);
    }
    if (!m_pngDir.isEmpty()) {
        QImage png(m_deck.size, QImage::Format_RGB32);
        QPainter p(&png);
        paintSummary(p, QRectF(png.rect()), m_deck, summary);
        p.end();
        savePng(png);
    }
    return m_file.commit(ok && !m_writeFailed, {}, error);
}

// The first page: the story's title, large, and what it runs on.
void DeckWriter::paintTitle(QPainter& painter, const QRectF& page, const SlideDeck& deck)
{
    const bool dark = deck.dark;
    const QPalette palette = UiTheme::palette(dark ? UiTheme::Mode::Dark : UiTheme::Mode::Light);
    painter.fillRect(page, palette.color(QPalette::Window));
    const double h = page.height();
    const QRectF inside = page.adjusted(h * 0.1, h * 0.2, -h * 0.1, -h * 0.1);
    painter.fillRect(QRectF(inside.left(), inside.top(), h * 0.012, h * 0.3), UiTheme::info(dark));
    const QRectF text = inside.adjusted(h * 0.05, 0, 0, 0);
    painter.setPen(palette.color(QPalette::WindowText));
    const double title = drawWrapped(painter, deck.title, text, deckFont(deck, h / 13, true));
    painter.setPen(UiTheme::muted(dark));
    drawWrapped(painter, deck.subtitle, text.adjusted(0, title + h * 0.04, 0, 0),
                deckFont(deck, h / 26));
}

// The last page: the verdict in its colour, the counts under it, and whether the story went
// as its scenario expected.
void DeckWriter::paintSummary(QPainter& painter, const QRectF& page, const SlideDeck& deck,
                              const DeckSummary& summary)
{
    const bool dark = deck.dark;
    const QPalette palette = UiTheme::palette(dark ? UiTheme::Mode::Dark : UiTheme::Mode::Light);
    painter.fillRect(page, palette.color(QPalette::Window));
    const double h = page.height();
    const QRectF inside = page.adjusted(h * 0.08, h * 0.08, -h * 0.08, -h * 0.06);
    const QColor ink = palette.color(QPalette::WindowText);
    painter.setPen(ink);
    double y = inside.top();
    y += drawWrapped(painter, tr("What the checker found"),
                     QRectF(inside.left(), y, inside.width(), h), deckFont(deck, h / 18, true));
    y += h * 0.03;
    const QFont verdictFont = deckFont(deck, h / 22, true);
    const double pad = h * 0.025;
    QTextLayout probe(summary.verdict, verdictFont, painter.device());
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    probe.setTextOption(option);
    probe.beginLayout();
    double verdictH = 0;
    for (QTextLine line = probe.createLine(); line.isValid(); line = probe.createLine()) {
        line.setLineWidth(inside.width() - 2 * pad);
        line.setPosition(QPointF(0, verdictH));
        verdictH += line.height();
    }
    probe.endLayout();
    const QRectF banner(inside.left(), y, inside.width(), verdictH + 2 * pad);
    painter.setBrush(levelColor(summary.level, dark));
    painter.setPen(Qt::NoPen);
    painter.drawRoundedRect(banner, h * 0.012, h * 0.012);
    painter.setPen(Qt::white);
    probe.draw(&painter, banner.topLeft() + QPointF(pad, pad));
    y = banner.bottom() + h * 0.05;
    const QFont countFont = deckFont(deck, h / 26);
    const QFont countBold = deckFont(deck, h / 26, true);
    const double line = QFontMetricsF(countFont, painter.device()).height() * 1.25;
    // Two columns when the counts do not fit one under the other.
    const double room = inside.bottom() - y - line * 1.6;
    const int perColumn = std::max(1, int(room / line));
    const double columnW = inside.width() / (summary.counts.size() > perColumn ? 2 : 1);
    for (qsizetype i = 0; i < summary.counts.size(); ++i) {
        const qsizetype column = i / perColumn; // whole columns: the first, or the second
        const double x = inside.left() + double(column) * columnW;
        const double top = y + (i % perColumn) * line;
        painter.setPen(ink);
        painter.setFont(countBold);
        const QString value = QString::number(summary.counts[i].second);
        const double valueW =
            QFontMetricsF(countBold, painter.device()).horizontalAdvance(QStringLiteral("0000"));
        painter.drawText(QRectF(x, top, valueW, line), Qt::AlignRight | Qt::AlignVCenter, value);
        painter.setFont(countFont);
        painter.drawText(QRectF(x + valueW + h * 0.02, top, columnW - valueW, line),
                         Qt::AlignLeft | Qt::AlignVCenter, summary.counts[i].first);
    }
    painter.setPen(UiTheme::muted(dark));
    drawWrapped(painter, summary.outcome,
                QRectF(inside.left(), inside.bottom() - line * 1.4, inside.width(), line * 1.4),
                countFont);
}
