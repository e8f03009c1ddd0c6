// SPDX-License-Identifier: GPL-3.0-or-later
#include "testcertificates.h"

#include <QDir>
#include <QFile>
#include <QProcess>

namespace {

// `openssl ca` wants a database and a config of its own for each CA; the leaf certificates
// keep the subjectAltName of their request (copy_extensions).
const char kCaConfig[] = "[ca]\n"
                         "default_ca = test\n"
                         "[test]\n"
                         "database = %1.index\n"
                         "new_certs_dir = %1.issued\n"
                         "serial = %1.serial\n"
                         "default_md = sha256\n"
                         "policy = anything\n"
                         "copy_extensions = copy\n"
                         "unique_subject = no\n"
                         "[anything]\n"
                         "commonName = supplied\n";

const QString kThisHost = QStringLiteral("IP:127.0.0.1,DNS:localhost");
const QStringList kYear{QStringLiteral("-days"), QStringLiteral("365")};

} // namespace

TestCertificates::TestCertificates()
{
    if (!m_dir.isValid()) {
        m_error = QStringLiteral("no temporary folder: %1").arg(m_dir.errorString());
        return;
    }
    const QStringList expired{QStringLiteral("-startdate"), QStringLiteral("20200101000000Z"),
                              QStringLiteral("-enddate"), QStringLiteral("20200102000000Z")};
    const bool made =
        makeCa(QStringLiteral("ca")) && makeCa(QStringLiteral("other-ca")) &&
        sign(QStringLiteral("node"), QStringLiteral("ca"), QStringLiteral("localhost"), kThisHost,
             kYear) &&
        sign(QStringLiteral("expired"), QStringLiteral("ca"), QStringLiteral("localhost"),
             kThisHost, expired) &&
        sign(QStringLiteral("wrongname"), QStringLiteral("ca"), QStringLiteral("wrong.example"),
             QStringLiteral("DNS:wrong.example"), kYear) &&
        sign(QStringLiteral("client"), QStringLiteral("ca"), QStringLiteral("redlock client"), {},
             kYear) &&
        sign(QStringLiteral("unknown"), QStringLiteral("other-ca"), QStringLiteral("localhost"),
             kThisHost, kYear) &&
        sign(QStringLiteral("rogue-client"), QStringLiteral("other-ca"),
             QStringLiteral("rogue client"), {}, kYear);
    Q_UNUSED(made); // m_error says what failed
}

bool TestCertificates::openssl(const QStringList& args)
{
    QProcess process;
    process.setWorkingDirectory(m_dir.path());
    process.start(QStringLiteral("openssl"), args);
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit ||
        process.exitCode() != 0) {
        m_error = QStringLiteral("openssl %1 failed (%2): %3")
                      .arg(args.join(QLatin1Char(' ')), process.errorString(),
                           QString::fromLocal8Bit(process.readAllStandardError()));
        return false;
    }
    return true;
}

bool TestCertificates::makeCa(const QString& name)
{
    QFile config(path(name + QStringLiteral(".cnf")));
    QFile index(path(name + QStringLiteral(".index")));
    QFile serial(path(name + QStringLiteral(".serial")));
    if (!config.open(QIODevice::WriteOnly) || !index.open(QIODevice::WriteOnly) ||
        !serial.open(QIODevice::WriteOnly) ||
        !QDir(m_dir.path()).mkpath(name + QStringLiteral(".issued"))) {
        m_error = QStringLiteral("cannot write the files of CA %1").arg(name);
        return false;
    }
    config.write(QString::fromLatin1(kCaConfig).arg(name).toUtf8());
    serial.write(name == QLatin1String("ca") ? "1000\n" : "2000\n");
    config.close();
    serial.close();
    return openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                    QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                    QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                    QStringLiteral("-keyout"), name + QStringLiteral(".key"),
                    QStringLiteral("-out"), name + QStringLiteral(".pem"), QStringLiteral("-days"),
                    QStringLiteral("365"), QStringLiteral("-subj"),
                    QStringLiteral("/CN=Redlock Scope test %1").arg(name)});
}

bool TestCertificates::sign(const QString& name, const QString& ca, const QString& commonName,
                            const QString& altNames, const QStringList& validity)
{
    QStringList request{QStringLiteral("req"),
                        QStringLiteral("-newkey"),
                        QStringLiteral("ec"),
                        QStringLiteral("-pkeyopt"),
                        QStringLiteral("ec_paramgen_curve:prime256v1"),
                        QStringLiteral("-nodes"),
                        QStringLiteral("-keyout"),
                        name + QStringLiteral(".key"),
                        QStringLiteral("-out"),
                        name + QStringLiteral(".csr"),
                        QStringLiteral("-subj"),
                        QStringLiteral("/CN=%1").arg(commonName)};
    if (!altNames.isEmpty())
        request << QStringLiteral("-addext") << QStringLiteral("subjectAltName=%1").arg(altNames);
    return openssl(request) &&
           openssl(QStringList{QStringLiteral("ca"), QStringLiteral("-batch"),
                               QStringLiteral("-config"), ca + QStringLiteral(".cnf"),
                               QStringLiteral("-cert"), ca + QStringLiteral(".pem"),
                               QStringLiteral("-keyfile"), ca + QStringLiteral(".key"),
                               QStringLiteral("-in"), name + QStringLiteral(".csr"),
                               QStringLiteral("-out"), name + QStringLiteral(".pem")}
                   << validity);
}
