// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/secretstore.h"

#include "settings/keychain.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace {

// A key nothing is stored under: reading it tells whether a keychain answers at all.
const QString ProbeKey = QStringLiteral("redlockscope-probe");

QByteArray encode(const QStringList& passwords)
{
    return QJsonDocument(QJsonArray::fromStringList(passwords)).toJson(QJsonDocument::Compact);
}

QStringList decode(const QByteArray& data)
{
    QStringList passwords;
    const QJsonArray values = QJsonDocument::fromJson(data).array();
    for (const QJsonValue& v : values)
        passwords << v.toString();
    return passwords;
}

} // namespace

SecretStore::SecretStore(std::unique_ptr<Keychain> keychain, const QString& filePath,
                         bool fileChosen, bool mayMove)
    : m_keychain(std::move(keychain)), m_file(filePath), m_fileChosen(fileChosen),
      m_mayMove(mayMove)
{}

SecretStore::~SecretStore() = default;

bool SecretStore::keychainAnswers() const
{
    if (m_keychainAnswers)
        return *m_keychainAnswers;
    QByteArray unused;
    const Keychain::Result probe = m_keychain
                                       ? m_keychain->read(ProbeKey, &unused, &m_keychainProblem)
                                       : Keychain::Result::Failed;
    if (!m_keychain)
        m_keychainProblem = tr("no keychain to ask");
    m_keychainAnswers = probe != Keychain::Result::Failed;
    if (*m_keychainAnswers) {
        m_keychainProblem.clear();
        moveFileIntoKeychain();
    }
    return *m_keychainAnswers;
}

// An older version kept passwords in the file: they move into the keychain, and the file
// goes, once every list is there (a list that could not move keeps the file for another try).
void SecretStore::moveFileIntoKeychain() const
{
    if (!m_mayMove || !m_file.exists())
        return;
    bool allMoved = true;
    for (const QString& key : m_file.keys()) {
        QString error;
        allMoved = m_keychain->write(key, encode(m_file.passwords(key)), &error) ==
                       Keychain::Result::Done &&
                   allMoved;
    }
    if (allMoved)
        m_file.clear();
}

SecretStore::Place SecretStore::place() const
{
    if (keychainAnswers())
        return Place::Keychain;
    return m_fileChosen ? Place::File : Place::Nowhere;
}

QString SecretStore::keychainProblem() const
{
    keychainAnswers();
    return m_keychainProblem;
}

void SecretStore::setFileChosen(bool chosen)
{
    m_fileChosen = chosen;
    if (!chosen)
        m_file.clear();
}

QStringList SecretStore::passwords(const QString& key) const
{
    switch (place()) {
    case Place::Keychain: {
        QByteArray data;
        QString error;
        return m_keychain->read(key, &data, &error) == Keychain::Result::Done ? decode(data)
                                                                              : QStringList();
    }
    case Place::File:
        return m_file.passwords(key);
    case Place::Nowhere:
        break;
    }
    return {};
}

bool SecretStore::setPasswords(const QString& key, const QStringList& passwords, QString* error)
{
    switch (place()) {
    case Place::Keychain:
        return m_keychain->write(key, encode(passwords), error) == Keychain::Result::Done;
    case Place::File:
        return m_file.setPasswords(key, passwords, error);
    case Place::Nowhere:
        break;
    }
    if (error)
        *error = tr("no keychain answers (%1), and no file was chosen").arg(m_keychainProblem);
    return false;
}

bool SecretStore::remove(const QString& key, QString* error)
{
    bool ok = m_file.remove(key, error);
    if (keychainAnswers())
        ok = m_keychain->remove(key, error) != Keychain::Result::Failed && ok;
    return ok;
}

bool SecretStore::clear(const QStringList& keys, QString* error)
{
    bool ok = m_file.clear(error);
    if (keychainAnswers())
        for (const QString& key : keys)
            ok = m_keychain->remove(key, error) != Keychain::Result::Failed && ok;
    return ok;
}
