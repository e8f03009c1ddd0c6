// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "base/outputfile.h"
#include "slides/slide.h"

#include <QCoreApplication>
#include <QStringList>
#include <memory>

class CMapFixDevice;
class QPainter;
class QPdfWriter;
class QWidget;

// A deck of slides written page by page as the scenario plays (--slides): a title page, a
// page per caption and `snapshot` line (the stage as it is at that moment), and a last page
// with the checker's verdict and the counts. The format comes from the extension:
//
// - .pdf (QPdfWriter): 16:9 pages of the stage's size (1280 × 720 pixels: 13.3 × 7.5 inches,
//   a widescreen slide), the stage drawn as vector graphics, so that its words are text a
//   reader can copy and a projector shows sharp at any size;
// - .html: one file that stands alone, the stage as PNG pictures of its size inlined as
//   data: URIs, the narration and the title and last pages as text, a printed page per slide.
//
// Each page goes to the file when it is made: nothing of a page stays in memory after it.
// The file appears whole at finish(), or not at all (OutputFile).
class DeckWriter
{
    Q_DECLARE_TR_FUNCTIONS(DeckWriter)

public:
    static QStringList extensions(); // "pdf", "html"
    // Why `path` cannot take a deck (its extension), empty when it can.
    static QString checkExtension(const QString& path);

    DeckWriter(const QString& path, const SlideDeck& deck);
    ~DeckWriter();
    DeckWriter(const DeckWriter&) = delete;
    DeckWriter& operator=(const DeckWriter&) = delete;

    // Opens the file (beside its final path) and writes the title page. False, with *error,
    // when it cannot be written.
    bool open(QString* error);
    // A page of `stage` as it is drawn now, with what the slide says.
    void addStage(QWidget* stage, const Slide& slide);
    // The last page, then the file is complete: false, with *error, when any write failed.
    bool finish(const DeckSummary& summary, QString* error);
    int pages() const { return m_pages; }

    // The pages as painted (for the title and last page, and the PNG debug aid).
    static void paintTitle(QPainter& painter, const QRectF& page, const SlideDeck& deck);
    static void paintSummary(QPainter& painter, const QRectF& page, const SlideDeck& deck,
                             const DeckSummary& summary);

private:
    void beginPage();
    void writeHtml(const QString& text);
    void savePng(const QImage& image);
    QString pageLine(const Slide& slide) const;

    QString m_path;
    SlideDeck m_deck;
    bool m_pdf = true;
    OutputFile m_file;
    std::unique_ptr<CMapFixDevice> m_fix; // the PDF's text as the real characters
    std::unique_ptr<QPdfWriter> m_writer;
    std::unique_ptr<QPainter> m_painter;
    bool m_writeFailed = false;
    int m_pages = 0;
    QString m_pngDir; // REDLOCK_DECK_PAGES: each page also as a PNG there
};
