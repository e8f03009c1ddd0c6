// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QImage>
#include <QList>
#include <QString>

// One page of a deck (--slides): the window as it was at a caption or a `snapshot` line, and
// the words that go with it.
struct Slide
{
    QImage picture;  // the whole window, settled at that moment
    int line = 0;    // the scenario's line that asked for it
    QString caption; // the narration on screen then (a `snapshot` may come before any)
    QString title;   // a `snapshot "title"`'s title; empty for a caption's page
    double atS = 0;  // seconds since the scenario began
};

// A scenario told as slides: its pages, and what the deck says about itself.
struct SlideDeck
{
    QString title;    // the scenario's first comment line, else its name
    QString source;   // builtin:NAME or the file
    QString language; // the narration's: en, zh_CN, ja
    QList<Slide> slides;
};
