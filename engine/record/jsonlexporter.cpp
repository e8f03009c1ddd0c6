// SPDX-License-Identifier: GPL-3.0-or-later
#include "record/jsonlexporter.h"

#include "record/recordedrun.h"
#include "record/runeventcodec.h"

namespace {
constexpr qsizetype ChunkBytes = 1 << 20;
} // namespace

bool JsonlExporter::write(const RecordedRun& run, QIODevice* out, QString* error)
{
    const RunEventCodec codec(run.header.resource);
    QByteArray chunk = run.header.toJsonLine() + '\n';
    const auto flush = [&] {
        const bool ok = out->write(chunk) == chunk.size();
        chunk.clear();
        return ok;
    };
    for (const HistoryEvent& e : run.events) {
        codec.encode(e, &chunk);
        if (chunk.size() >= ChunkBytes && !flush()) {
            *error = out->errorString();
            return false;
        }
    }
    if (!flush()) {
        *error = out->errorString();
        return false;
    }
    return true;
}
