// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIODevice>
#include <QString>

struct RecordedRun;

// A run as CSV (RFC 4180), one row per operation: the invoke paired with its completion
// (PairedOperations), for a spreadsheet or pandas.
//
//   index,client,name,operation,invoke_us,complete_us,latency_us,outcome,reason,value,
//   nodes,token,fence,resource
//
// `outcome` is ok, fail or info (indeterminate: the client crashed, stopped or moved on
// before the answer); `value` the operation's number (Acquire, Extend: validity µs;
// Release: nodes released; Read: the stock read; Write: the value written); `nodes` the
// granting nodes ("1 2 4"). Times are the run's clock in µs, as in the run file.
class CsvExporter
{
public:
    static const QStringList& columns();
    // False, with *error, when the device refuses the bytes.
    static bool write(const RecordedRun& run, QIODevice* out, QString* error);
};
