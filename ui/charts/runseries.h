// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>
#include <deque>

// What the charts other than the timeline plot, gathered from the events as they come.
struct RunSeries
{
    struct Attempt
    {
        qint64 tUs = 0;       // when it was decided
        qint64 latencyUs = 0; // from its start to its decision
        int votes = 0;
        quint8 reason = 0; // HistoryEvent::FailReason; None: acquired
        int client = -1;
    };
    struct Second
    {
        qint64 second = 0; // tUs / 1e6
        int acquired = 0;
        int failed = 0;
    };
    struct StockPoint
    {
        qint64 tUs = 0;
        qint64 value = 0;
        bool damaged = false; // a lost update or an oversell happened here
    };
    struct Say
    {
        qint64 tUs = 0;
        QString text;
    };
    struct ViolationMark
    {
        qint64 startUs = 0;
        qint64 endUs = -1; // -1: still going on
        quint8 kind = 0;   // HistoryEvent::ViolationKind
        int first = -1;
        int second = -1;
        quint64 event = 0;
    };

    std::deque<Attempt> attempts;
    std::deque<Second> seconds;
    std::deque<StockPoint> stock;
    std::deque<Say> says;
    std::deque<ViolationMark> violations;
};
