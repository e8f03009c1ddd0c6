#pragma once

#include <QByteArray>
#include <QString>

// Two clients that both believed they held one resource at the same time.
struct Violation
{
    QByteArray resource;
    int firstClient = -1;  // held first
    int secondClient = -1; // acquired while the first still believed it held
    QByteArray firstToken;
    QByteArray secondToken;
    qint64 startUs = 0;
    qint64 endUs = -1; // -1: both still believe it

    QString describe(const QString& firstName, const QString& secondName) const;
};
