// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QSize>
#include <QString>

// One page of a deck (--slides) as it is taken: the scenario's line that asked for it and the
// words that go with it. The picture is the stage itself, drawn into the deck the moment the
// slide is taken (DeckWriter::addStage), never kept: a deck of 500 pages costs the file, not
// the memory.
struct Slide
{
    int line = 0;    // the scenario's line that asked for it
    QString caption; // the narration on screen then (a `snapshot` may come before any)
    QString title;   // a `snapshot "title"`'s title; empty for a caption's page
    double atS = 0;  // seconds since the scenario began
};

// What a deck says about itself, on its first page and in its file.
struct SlideDeck
{
    QString title;    // the scenario's first comment line, else its name
    QString subtitle; // what the story runs on, for the class: "5 Redis nodes · ..."
    QString source;   // builtin:NAME or the file (the file's metadata, never a page)
    QString language; // the narration's: en, zh_CN, ja
    QSize size{1280, 720};
    bool dark = false;
};

// The last page: the checker's verdict and the counts behind it.
struct DeckSummary
{
    QString verdict;                      // the checker's headline
    int level = 0;                        // Verdict::Level
    QString outcome;                      // the scenario's: "as expected" / "not as expected: ..."
    QList<QPair<QString, qint64>> counts; // the counters a class asks about, in its words
};
