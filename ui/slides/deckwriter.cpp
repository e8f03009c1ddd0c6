// SPDX-License-Identifier: GPL-3.0-or-later
#include "slides/deckwriter.h"

#include "base/outputfile.h"

#include <QBuffer>
#include <QFileInfo>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QTextLayout>

namespace {

constexpr int PdfDpi = 200; // the window's 1280 pixels over 277 mm: about 117 dpi
constexpr double MarginMm = 10;
constexpr double NarrationPt = 15;        // read from a printed page or a projector
constexpr double SmallestNarrationPt = 8; // a long narration shrinks to fit its page, to here
constexpr double PageLinePt = 9;
constexpr int PagePngDpi = 110; // REDLOCK_DECK_PAGES: an A4 page about as wide as the window

const char* Style = R"(
body { font-family: "DejaVu Sans", "Noto Sans CJK SC", "Noto Sans CJK JP", sans-serif;
       color: #1d2127; background: #e4e6ea; margin: 0; padding: 16px; }
section.slide { max-width: 1280px; margin: 0 auto 24px; background: white; padding: 12px 16px;
                box-shadow: 0 1px 4px rgba(0,0,0,.2); break-after: page; page-break-after: always; }
section.slide img { width: 100%; height: auto; display: block; border: 1px solid #c8ccd2; }
.meta { color: #6b727c; font-size: 0.85em; margin: 0 0 8px; }
h2 { margin: 0 0 8px; font-size: 1.3em; }
.narration { font-size: 1.4em; margin: 12px 0 4px; line-height: 1.4; }
@page { size: A4 landscape; margin: 10mm; }
@media print { body { background: white; padding: 0; }
               section.slide { box-shadow: none; margin: 0; padding: 0; max-width: none; } }
)";

QString esc(const QString& text)
{
    return text.toHtmlEscaped();
}

// Lays `text` out in `width` at `font`; its height in the painter's units.
double layOut(QTextLayout& layout, double width)
{
    layout.beginLayout();
    double height = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, height));
        height += line.height();
    }
    layout.endLayout();
    return height;
}

// The narration under the picture: as large as NarrationPt, smaller when it would not fit.
void drawNarration(QPainter& painter, const QString& text, const QRectF& box)
{
    QFont font = painter.font();
    for (double pt = NarrationPt;; pt -= 1) {
        font.setPointSizeF(pt);
        QTextLayout layout(text, font, painter.device());
        QTextOption option;
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        if (layOut(layout, box.width()) <= box.height() || pt <= SmallestNarrationPt) {
            painter.save();
            painter.setClipRect(box);
            layout.draw(&painter, box.topLeft());
            painter.restore();
            return;
        }
    }
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

bool DeckWriter::write(const SlideDeck& deck, const QString& path, QString* error)
{
    if (*error = checkExtension(path); !error->isEmpty())
        return false;
    const bool pdfFile =
        QFileInfo(path).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) == 0;
    return OutputFile::save(path, pdfFile ? pdf(deck) : html(deck), error);
}

QString DeckWriter::pageLine(const SlideDeck& deck, qsizetype index)
{
    const Slide& slide = deck.slides[index];
    return tr("%1 · slide %2 of %3 · line %4 · %5 s")
        .arg(deck.title)
        .arg(index + 1)
        .arg(deck.slides.size())
        .arg(slide.line)
        .arg(slide.atS, 0, 'f', 1);
}

// One page: the line naming it, a snapshot's title, the picture as wide as the page (its own
// proportions kept, room left for three lines of narration), the narration under it.
void DeckWriter::paintPage(QPainter& painter, const QRectF& page, const SlideDeck& deck,
                           qsizetype index)
{
    const Slide& slide = deck.slides[index];
    QPaintDevice* device = painter.device();
    QFont small = painter.font();
    small.setPointSizeF(PageLinePt);
    small.setBold(false);
    painter.setFont(small);
    painter.setPen(QColor(0x6b, 0x72, 0x7c));
    const double lineHeight = QFontMetricsF(small, device).height();
    painter.drawText(QRectF(page.left(), page.top(), page.width(), lineHeight),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine, pageLine(deck, index));
    double y = page.top() + lineHeight * 1.5;
    QFont large = small;
    large.setPointSizeF(NarrationPt);
    if (!slide.title.isEmpty()) {
        QFont bold = large;
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(Qt::black);
        const double h = QFontMetricsF(bold, device).height();
        painter.drawText(QRectF(page.left(), y, page.width(), h),
                         Qt::AlignLeft | Qt::TextSingleLine, slide.title);
        y += h * 1.3;
    }
    const double narrationRoom = 3.3 * QFontMetricsF(large, device).height();
    const QSizeF size = QSizeF(slide.picture.size())
                            .scaled(page.width(), page.bottom() - y - narrationRoom - lineHeight,
                                    Qt::KeepAspectRatio);
    const QRectF picture(page.left() + (page.width() - size.width()) / 2, y, size.width(),
                         size.height());
    painter.drawImage(picture, slide.picture);
    painter.setPen(QColor(0xc8, 0xcc, 0xd2));
    painter.drawRect(picture);
    y = picture.bottom() + lineHeight;
    painter.setPen(Qt::black);
    painter.setFont(large);
    drawNarration(painter, slide.caption, QRectF(page.left(), y, page.width(), page.bottom() - y));
}

QByteArray DeckWriter::pdf(const SlideDeck& deck)
{
    QBuffer bytes;
    bytes.open(QIODevice::WriteOnly);
    QPdfWriter writer(&bytes);
    writer.setTitle(deck.title);
    writer.setCreator(
        QStringLiteral("Redlock Scope %1").arg(QCoreApplication::applicationVersion()));
    writer.setResolution(PdfDpi);
    const QPageLayout layout(QPageSize(QPageSize::A4), QPageLayout::Landscape,
                             QMarginsF(MarginMm, MarginMm, MarginMm, MarginMm),
                             QPageLayout::Millimeter);
    writer.setPageLayout(layout);
    QPainter painter(&writer);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    const QRectF page(QPointF(0, 0), QSizeF(writer.width(), writer.height()));
    for (qsizetype i = 0; i < deck.slides.size(); ++i) {
        if (i > 0)
            writer.newPage();
        paintPage(painter, page, deck, i);
    }
    painter.end();
    // A debug aid: the same pages as PNG files to look at, where no PDF viewer is at hand.
    if (const QString dir = qEnvironmentVariable("REDLOCK_DECK_PAGES"); !dir.isEmpty()) {
        const QRect inside = layout.paintRectPixels(PagePngDpi);
        for (qsizetype i = 0; i < deck.slides.size(); ++i) {
            QImage png(layout.fullRectPixels(PagePngDpi).size(), QImage::Format_RGB32);
            png.setDotsPerMeterX(qRound(PagePngDpi / 0.0254));
            png.setDotsPerMeterY(qRound(PagePngDpi / 0.0254));
            png.fill(Qt::white);
            QPainter p(&png);
            p.setRenderHint(QPainter::SmoothPixmapTransform);
            paintPage(p, QRectF(inside), deck, i);
            p.end();
            png.save(QStringLiteral("%1/page-%2.png").arg(dir).arg(i + 1));
        }
    }
    return bytes.data();
}

QByteArray DeckWriter::html(const SlideDeck& deck)
{
    QString html =
        QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\"><head><meta charset=\"utf-8\">"
                       "<title>%2</title><style>%3</style></head><body>\n")
            .arg(QString(deck.language).replace(QLatin1Char('_'), QLatin1Char('-')),
                 esc(deck.title), QLatin1String(Style));
    for (qsizetype i = 0; i < deck.slides.size(); ++i) {
        const Slide& slide = deck.slides[i];
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        slide.picture.save(&buffer, "PNG");
        html +=
            QStringLiteral("<section class=\"slide\" id=\"slide-%1\">\n<p class=\"meta\">%2</p>\n")
                .arg(i + 1)
                .arg(esc(pageLine(deck, i)));
        if (!slide.title.isEmpty())
            html += QStringLiteral("<h2>%1</h2>\n").arg(esc(slide.title));
        html += QStringLiteral("<img width=\"%1\" height=\"%2\" alt=\"%3\" "
                               "src=\"data:image/png;base64,%4\">\n")
                    .arg(slide.picture.width())
                    .arg(slide.picture.height())
                    .arg(esc(slide.caption), QString::fromLatin1(png.toBase64()));
        if (!slide.caption.isEmpty())
            html += QStringLiteral("<p class=\"narration\">%1</p>\n").arg(esc(slide.caption));
        html += QStringLiteral("</section>\n");
    }
    html += QStringLiteral("</body></html>\n");
    return html.toUtf8();
}
