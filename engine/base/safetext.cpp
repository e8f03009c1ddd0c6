// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/safetext.h"

#include <QCoreApplication>
#include <QLocale>

bool SafeText::isControl(char32_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
           (c >= 0x2066 && c <= 0x2069) || c == 0x2028 || c == 0x2029;
}

qsizetype SafeText::firstControl(QStringView text)
{
    for (qsizetype i = 0; i < text.size(); ++i)
        if (isControl(text[i].unicode()))
            return i;
    return -1;
}

QString SafeText::printable(QStringView text)
{
    if (firstControl(text) < 0)
        return text.toString();
    QString out;
    out.reserve(text.size() + 16);
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        // Every character that acts is a single UTF-16 unit; a pair is passed on whole.
        if (!isControl(c.unicode())) {
            out += c;
            continue;
        }
        switch (c.unicode()) {
        case 0x1b:
            out += QStringLiteral("\\e");
            break;
        case '\n':
            out += QStringLiteral("\\n");
            break;
        case '\r':
            out += QStringLiteral("\\r");
            break;
        case '\t':
            out += QStringLiteral("\\t");
            break;
        default:
            out += c.unicode() <= 0xff
                       ? QStringLiteral("\\x%1").arg(uint(c.unicode()), 2, 16, QLatin1Char('0'))
                       : QStringLiteral("\\u%1").arg(uint(c.unicode()), 4, 16, QLatin1Char('0'));
        }
    }
    return out;
}

QString SafeText::echo(QStringView text, qsizetype max)
{
    if (text.size() <= max)
        return printable(text);
    return printable(text.first(max)) +
           QCoreApplication::translate("SafeText", "… (%1 characters)")
               .arg(QLocale(QLocale::English).toString(qlonglong(text.size())));
}

QString SafeText::capped(const QString& text, qsizetype max)
{
    if (text.size() <= max)
        return text;
    qsizetype keep = std::max<qsizetype>(0, max - 1);
    if (keep > 0 && text[keep - 1].isHighSurrogate())
        --keep; // never half a character
    return text.left(keep) + QChar(0x2026);
}
