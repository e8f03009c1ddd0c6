// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "slides/slide.h"

#include <QCoreApplication>
#include <QPainter>
#include <QStringList>

// A deck of slides to a file, the format from its extension: .pdf (QPdfWriter, A4 landscape,
// a page per slide: the window's picture and the narration under it) or .html (one file that
// stands alone: the pictures inlined as data: URIs, the narration as text, a printed page per
// slide). Written whole or not at all.
class DeckWriter
{
    Q_DECLARE_TR_FUNCTIONS(DeckWriter)

public:
    static QStringList extensions(); // "pdf", "html"
    // Why `path` cannot take a deck (its extension), empty when it can.
    static QString checkExtension(const QString& path);
    // False, with *error saying why, when the file cannot be written; nothing is left half
    // written.
    static bool write(const SlideDeck& deck, const QString& path, QString* error);

    static QByteArray pdf(const SlideDeck& deck);
    static QByteArray html(const SlideDeck& deck);

private:
    static void paintPage(QPainter& painter, const QRectF& page, const SlideDeck& deck,
                          qsizetype index);
    // "GC pause … · slide 2 of 5 · line 14 · 3.2 s": the small line above each picture.
    static QString pageLine(const SlideDeck& deck, qsizetype index);
};
