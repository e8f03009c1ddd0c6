// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QVariant>

// Just enough EDN to read Jepsen-style op maps back: maps, vectors, keywords, strings,
// integers and nil. Values come back as QVariant (keywords as ":name").
class EdnReader
{
public:
    explicit EdnReader(const QString& text) : m_text(text) {}

    QVariant read()
    {
        skip();
        if (m_i >= m_text.size())
            return fail("end of input");
        const QChar c = m_text[m_i];
        if (c == '{')
            return readMap();
        if (c == '[')
            return readVector();
        if (c == '"')
            return readString();
        return readAtom();
    }
    bool ok() const { return m_error.isEmpty(); }
    QString error() const { return m_error; }
    bool atEnd()
    {
        skip();
        return m_i >= m_text.size();
    }

private:
    QVariant fail(const QString& why)
    {
        if (m_error.isEmpty())
            m_error = QStringLiteral("%1 at %2").arg(why).arg(m_i);
        m_i = m_text.size();
        return {};
    }
    void skip()
    {
        while (m_i < m_text.size() && (m_text[m_i].isSpace() || m_text[m_i] == ','))
            ++m_i;
    }
    QVariant readMap()
    {
        ++m_i;
        QVariantMap map;
        while (ok()) {
            skip();
            if (m_i < m_text.size() && m_text[m_i] == '}') {
                ++m_i;
                return map;
            }
            const QVariant key = read();
            const QVariant value = read();
            map.insert(key.toString(), value);
        }
        return {};
    }
    QVariant readVector()
    {
        ++m_i;
        QVariantList list;
        while (ok()) {
            skip();
            if (m_i < m_text.size() && m_text[m_i] == ']') {
                ++m_i;
                return list;
            }
            list << read();
        }
        return {};
    }
    QVariant readString()
    {
        QString out;
        for (++m_i; m_i < m_text.size(); ++m_i) {
            if (m_text[m_i] == '"') {
                ++m_i;
                return out;
            }
            if (m_text[m_i] == '\\' && m_i + 1 < m_text.size()) {
                const QChar e = m_text[++m_i];
                out += e == 'n' ? QChar('\n') : e;
                continue;
            }
            out += m_text[m_i];
        }
        return fail(QStringLiteral("open string"));
    }
    QVariant readAtom()
    {
        const qsizetype start = m_i;
        while (m_i < m_text.size() && !m_text[m_i].isSpace() && m_text[m_i] != ',' &&
               m_text[m_i] != '}' && m_text[m_i] != ']')
            ++m_i;
        const QString atom = m_text.mid(start, m_i - start);
        if (atom == QLatin1String("nil"))
            return QVariant(QStringLiteral("nil"));
        if (atom.startsWith(':') && atom.size() > 1)
            return atom;
        bool number = false;
        const qlonglong value = atom.toLongLong(&number);
        if (!number)
            return fail(QStringLiteral("bad atom '%1'").arg(atom));
        return value;
    }

    QString m_text;
    qsizetype m_i = 0;
    QString m_error;
};
