#include "loopback_web_servers.h"

#include <QFile>
#include <QJsonDocument>
#include <QStandardPaths>

namespace test_support {

namespace {

bool runTool(const QString& program, const QStringList& arguments, const QString& folder, QString& error) {
    QProcess tool;
    tool.setWorkingDirectory(folder);
    tool.start(program, arguments);
    if (!tool.waitForFinished(60000) || tool.exitStatus() != QProcess::NormalExit || tool.exitCode() != 0) {
        error = program + " " + arguments.join(' ') +
                " failed: " + QString::fromUtf8(tool.readAllStandardError());
        return false;
    }
    return true;
}

} // namespace

bool LoopbackWebServers::start(const QStringList& names, QString& error) {
    const QString openssl = QStandardPaths::findExecutable("openssl");
    if (openssl.isEmpty() || !QFile::exists("/usr/bin/python3")) {
        error = "openssl and /usr/bin/python3 are needed for the loopback web servers";
        return false;
    }
    const QString folder = m_folder.path();
    QFile extensions(m_folder.filePath("server.ext"));
    QStringList alternatives;
    for (const QString& name : names)
        alternatives << "DNS:" + name;
    if (!extensions.open(QIODevice::WriteOnly) ||
        extensions.write(("subjectAltName=" + alternatives.join(',') + "\n").toUtf8()) < 0)
        return false;
    extensions.close();
    if (!runTool(openssl,
                 {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem",
                  "-days", "2", "-subj", "/CN=Sandbench test CA"},
                 folder, error) ||
        !runTool(openssl,
                 {"req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
                  "-subj", "/CN=" + names.value(0)},
                 folder, error) ||
        !runTool(openssl,
                 {"x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                  "-out", "server.pem", "-days", "2", "-extfile", "server.ext"},
                 folder, error))
        return false;
    // Tied to the test's life: a test that crashes leaves no server listening behind it.
    m_server.setProgram(QStandardPaths::findExecutable("setpriv"));
    m_server.setArguments({"--pdeathsig", "KILL", "--", "/usr/bin/python3", "-I",
                           QStringLiteral(SANDBENCH_LOOPBACK_WEB_SERVER), m_folder.filePath("server.pem"),
                           m_folder.filePath("server.key"), m_folder.filePath("received.jsonl")});
    m_server.start();
    if (!m_server.waitForStarted(10000) || !m_server.waitForReadyRead(20000)) {
        error =
            "the loopback web server did not start: " + QString::fromUtf8(m_server.readAllStandardError());
        return false;
    }
    const QList<QByteArray> words = m_server.readLine().trimmed().split(' ');
    if (words.size() != 3 || words[0] != "PORTS") {
        error = "the loopback web server said something else than its ports";
        return false;
    }
    m_httpsPort = words[1].toInt();
    m_httpPort = words[2].toInt();
    return m_httpsPort > 0 && m_httpPort > 0;
}

LoopbackWebServers::~LoopbackWebServers() {
    if (m_server.state() != QProcess::NotRunning) {
        m_server.kill();
        m_server.waitForFinished(5000);
    }
}

QList<QJsonObject> LoopbackWebServers::received() const {
    QList<QJsonObject> requests;
    QFile log(m_folder.filePath("received.jsonl"));
    if (!log.open(QIODevice::ReadOnly))
        return requests;
    for (const QByteArray& line : log.readAll().split('\n'))
        if (!line.trimmed().isEmpty())
            requests << QJsonDocument::fromJson(line).object();
    return requests;
}

} // namespace test_support
