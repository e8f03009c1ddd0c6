// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIODevice>
#include <QString>

struct RecordedRun;

// A run as a Jepsen-style history (EDN, one op map per line, as Jepsen's history.edn), so
// existing history tools read it:
//
//   {:index 0, :type :invoke, :f :acquire, :process 1, :client "C1", :time 1200000, :value nil}
//   {:index 1, :type :ok, :f :acquire, :process 1, :client "C1", :time 3100000,
//    :value {:token "3fa9...", :nodes [1 2 4], :validity-us 9896000}}
//   {:index 7, :type :info, :f :start-paused, :process :nemesis, :time ..., :value {:client "C1"}}
//
// :type is :invoke, then :ok, :fail (with :error, the reason) or :info (indeterminate: the
// client crashed, stopped or moved on before the answer; Jepsen's rule that such a process
// never acts again is kept by giving that client a new :process, its id + 1000 per
// generation). Faults are the nemesis's :info ops, :start-KIND and :stop-KIND. :time is in
// nanoseconds since the recording began.
class EdnExporter
{
public:
    static constexpr int ProcessStride = 1000; // more than the most clients a run can have
    static bool write(const RecordedRun& run, QIODevice* out, QString* error);
};
