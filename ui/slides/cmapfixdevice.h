// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QIODevice>

// Passes a PDF on to `target` as QPdfWriter writes it, with its text mapped back to the real
// characters. Noto Sans CJK draws 工 and the Kangxi radical ⼯ with one glyph, and Qt's PDF
// names the first code point of a glyph (the radical, U+2F2F) in the font's ToUnicode map:
// Chinese and Japanese copied out of a deck came as radicals. Each ToUnicode destination in
// the CJK radicals and compatibility ideographs is written as its NFKC form (the unified
// ideograph), four hex digits for four: no byte moves, so the file's offsets stay true.
class CMapFixDevice : public QIODevice
{
public:
    explicit CMapFixDevice(QIODevice* target);

    // The CMap text (begincmap … endcmap) with its destinations mapped back.
    static QByteArray fixCMap(const QByteArray& cmap);
    // Every CMap of a whole PDF in `pdf`, in place.
    static void fixPdf(QByteArray& pdf);
    // Writes what is still held (call once the PDF is complete); false when a write failed.
    bool finish();

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char* data, qint64 length) override;

private:
    bool pass(bool all);

    QIODevice* m_target;
    QByteArray m_pending;
    bool m_inCMap = false;
    bool m_failed = false;
};
