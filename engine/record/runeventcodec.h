// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/historyevent.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

// One history event as one line of a run file (JSON Lines), and back.
//
//     {"t":5120334,"kind":"ok","f":"acquire","client":2,"id":8589934593,"number":9896000,
//      "latency":1840,"nodes":[1,2,4],"token":"3fa9c2e1...","fence":"1:14,2:14,4:13"}
//
// Typed fields only, named after HistoryEvent's members; enums by their EnumNames
// (kebab-case) names: `kind`, `f` (the operation, Jepsen's name for it) and `code`, whose
// enum depends on the kind (see HistoryEvent's table; a Command's code is "ok": true|false).
// A field holding its default value is left out: `resource` is the run's own (the header's)
// for a client's event and none for the others. That keeps a line near 100 bytes. Node numbers in
// `nodes` count from 1 as everywhere the user reads them; `node` is the engine's index (0-based, -2
// the storage). A byte field that is not UTF-8 (a foreign holder's token may be anything) is
// written as
// `<name>64` in base64.
class RunEventCodec
{
public:
    explicit RunEventCodec(const QByteArray& runResource) : m_resource(runResource) {}

    // Appends the event's line, newline included.
    void encode(const HistoryEvent& event, QByteArray* out) const;
    // False, with *error naming the field at fault, when the line is not an event this
    // version understands; `event` is then unspecified.
    bool decode(QByteArrayView line, HistoryEvent* event, QString* error) const;

private:
    bool decodeField(QByteArrayView key, const class JsonLineScanner& s, HistoryEvent* e) const;
    static bool decodeCode(HistoryEvent* e, QByteArrayView name);

    QByteArray m_resource;
};
