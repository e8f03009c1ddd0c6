// SPDX-License-Identifier: GPL-3.0-or-later
#include "slides/cmapfixdevice.h"

#include <QList>
#include <QString>

namespace {

constexpr QByteArrayView Begin("begincmap");
constexpr QByteArrayView End("endcmap");

bool isRadicalOrCompatibility(uint u)
{
    return (u >= 0x2E80 && u <= 0x2FDF) || (u >= 0xF900 && u <= 0xFAFF);
}

// "<2F2F>" → "<5DE5>"; anything else as it is.
QByteArray unified(const QByteArray& token)
{
    bool ok = false;
    const uint u = token.mid(1, 4).toUInt(&ok, 16);
    if (token.size() != 6 || !ok || !isRadicalOrCompatibility(u))
        return token;
    const QString nfkc = QString(QChar(char16_t(u))).normalized(QString::NormalizationForm_KC);
    if (nfkc.size() != 1 || nfkc.at(0).unicode() < 0x3400)
        return token;
    return "<" + QByteArray::number(nfkc.at(0).unicode(), 16).toUpper().rightJustified(4, '0') +
           ">";
}

// The destinations of one line: "<src> <dst>" (bfchar), "<lo> <hi> <dst>" for one code, and
// every token in "<lo> <hi> [<d1> <d2> ...]". The source codes are glyph ids: never touched.
QByteArray fixLine(const QByteArray& line)
{
    QList<QByteArray> parts = line.split(' ');
    const qsizetype bracket = line.indexOf('[');
    bool inArray = false;
    int token = 0;
    for (QByteArray& part : parts) {
        const QByteArray bare = part.trimmed();
        if (bare.startsWith('['))
            inArray = true;
        const QByteArray core = QByteArray(bare).replace('[', "").replace(']', "");
        if (!core.startsWith('<') || core.size() != 6)
            continue;
        ++token;
        const bool destination = inArray || (bracket < 0 && (token == 2 && parts.size() == 2)) ||
                                 (bracket < 0 && token == 3 && parts.value(0) == parts.value(1));
        if (destination)
            part.replace(core, unified(core));
    }
    return parts.join(' ');
}

} // namespace

CMapFixDevice::CMapFixDevice(QIODevice* target) : m_target(target)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

QByteArray CMapFixDevice::fixCMap(const QByteArray& cmap)
{
    QList<QByteArray> lines = cmap.split('\n');
    for (QByteArray& line : lines)
        if (line.startsWith('<'))
            line = fixLine(line);
    return lines.join('\n');
}

void CMapFixDevice::fixPdf(QByteArray& pdf)
{
    for (qsizetype at = pdf.indexOf(Begin); at >= 0; at = pdf.indexOf(Begin, at + 1)) {
        const qsizetype end = pdf.indexOf(End, at);
        if (end < 0)
            return;
        const QByteArray fixed = fixCMap(pdf.mid(at, end - at));
        pdf.replace(at, fixed.size(), fixed); // the same length
    }
}

qint64 CMapFixDevice::writeData(const char* data, qint64 length)
{
    if (m_failed)
        return -1;
    m_pending.append(data, length);
    return pass(false) ? length : -1;
}

// Everything outside a CMap goes on at once; a CMap is held until its end, then fixed.
bool CMapFixDevice::pass(bool all)
{
    const auto forward = [this](const QByteArray& bytes) {
        if (!bytes.isEmpty() && m_target->write(bytes) != bytes.size())
            m_failed = true;
    };
    while (!m_failed) {
        if (!m_inCMap) {
            const qsizetype at = m_pending.indexOf(Begin);
            if (at < 0) {
                // A "begincmap" may be cut between two writes: its start is kept back.
                const qsizetype keep = all ? 0 : std::min<qsizetype>(m_pending.size(), 8);
                forward(m_pending.left(m_pending.size() - keep));
                m_pending.remove(0, m_pending.size() - keep);
                break;
            }
            forward(m_pending.left(at));
            m_pending.remove(0, at);
            m_inCMap = true;
        }
        const qsizetype end = m_pending.indexOf(End);
        if (end < 0) {
            if (all)
                forward(fixCMap(std::exchange(m_pending, {})));
            break;
        }
        forward(fixCMap(m_pending.left(end)));
        m_pending.remove(0, end);
        m_inCMap = false;
    }
    return !m_failed;
}

bool CMapFixDevice::finish()
{
    return pass(true) && !m_failed;
}
