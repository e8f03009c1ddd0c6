// SPDX-License-Identifier: GPL-3.0-or-later
#include "settings/systemkeychain.h"

#include <QEventLoop>
#include <QTimer>
#include <qt6keychain/keychain.h>

namespace {

// Long enough for a user to type the keychain's password when it asks for it.
constexpr int AnswerWithinMs = 60'000;

} // namespace

SystemKeychain::SystemKeychain(const QString& service) : m_service(service) {}

Keychain::Result SystemKeychain::read(const QString& key, QByteArray* data, QString* error)
{
    auto* job = new QKeychain::ReadPasswordJob(m_service);
    job->setKey(key);
    return run(job, data, error);
}

Keychain::Result SystemKeychain::write(const QString& key, const QByteArray& data, QString* error)
{
    auto* job = new QKeychain::WritePasswordJob(m_service);
    job->setKey(key);
    job->setBinaryData(data);
    return run(job, nullptr, error);
}

Keychain::Result SystemKeychain::remove(const QString& key, QString* error)
{
    auto* job = new QKeychain::DeletePasswordJob(m_service);
    job->setKey(key);
    return run(job, nullptr, error);
}

// QtKeychain says only "Unknown error" when neither a Secret Service nor KWallet is on the bus.
QString SystemKeychain::words(int error, const QString& theirs)
{
    switch (error) {
    case QKeychain::AccessDeniedByUser:
        return tr("the keychain was not unlocked");
    case QKeychain::AccessDenied:
        return tr("the keychain refused: %1").arg(theirs);
    case QKeychain::NoBackendAvailable:
        return tr("no keychain service runs here");
    default:
        break;
    }
    if (theirs.isEmpty() || theirs == QLatin1String("Unknown error"))
        return tr("no Secret Service or KWallet answered on the session bus");
    return theirs;
}

Keychain::Result SystemKeychain::run(QKeychain::Job* job, QByteArray* data, QString* error)
{
    // Never QtKeychain's "insecure fallback": it would keep the secret in plain settings.
    job->setInsecureFallback(false);
    job->setAutoDelete(true); // also when it answers after we stopped waiting
    Result result = Result::Failed;
    QString why = tr("the keychain did not answer within %1 s").arg(AnswerWithinMs / 1000);
    bool answered = false;
    QEventLoop loop;
    // The loop is the context: an answer after the timeout finds no one to tell.
    QObject::connect(job, &QKeychain::Job::finished, &loop, [&](QKeychain::Job* done) {
        why = words(done->error(), done->errorString());
        if (done->error() == QKeychain::NoError)
            result = Result::Done;
        else if (done->error() == QKeychain::EntryNotFound)
            result = Result::NotFound;
        if (data && result == Result::Done)
            *data = static_cast<QKeychain::ReadPasswordJob*>(done)->binaryData();
        answered = true;
        loop.quit();
    });
    QTimer::singleShot(AnswerWithinMs, &loop, &QEventLoop::quit);
    job->start();
    if (!answered) // some refusals come at once, from inside start()
        loop.exec(QEventLoop::ExcludeUserInputEvents);
    if (result == Result::Failed && error)
        *error = why;
    return result;
}
