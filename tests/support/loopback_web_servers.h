#pragma once

// Web servers on loopback for the egress tests: a test CA and a server certificate for the names given
// (made with openssl, in a folder of the test's), and one process serving HTTPS and plain HTTP on ports the
// kernel chose, answering each request with what it received and logging it. Real TLS, real certificates,
// nothing off this machine.

#include <QJsonObject>
#include <QList>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

namespace test_support {

class LoopbackWebServers {
public:
    // False with `error` when openssl or python3 is missing or the server did not start.
    bool start(const QStringList& names, QString& error);
    ~LoopbackWebServers();

    int httpsPort() const { return m_httpsPort; }
    int httpPort() const { return m_httpPort; }
    // The CA the servers' certificate chains to: what the egress proxy must trust upstream.
    QString caFile() const { return m_folder.filePath("ca.pem"); }
    // Every request the servers received so far, oldest first (scheme, method, path, headers, body).
    QList<QJsonObject> received() const;

private:
    QTemporaryDir m_folder;
    QProcess m_server;
    int m_httpsPort = 0;
    int m_httpPort = 0;
};

} // namespace test_support
