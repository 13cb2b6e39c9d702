// The egress proxy against real HTTPS on loopback: the allow list, names resolved by the proxy alone, TLS
// terminated with the run's own CA, secrets put in by placeholder for their hosts only, every decision
// written down, and nothing of the proxy left once it stops.
#include "support/container_rows.h"
#include "support/loopback_web_servers.h"
#include "support/source_paths.h"
#include "support/temp_folder_watch.h"
#include "tiers/common/egress_proxy.h"
#include "tiers/container/container_tier.h"
#include "tiers/container/hardened_run_command.h"
#include "tiers/gvisor/gvisor_platform.h"
#include "tiers/gvisor/gvisor_tier.h"
#include "tiers/host/host_tier.h"
#include "tiers/microvm/microvm_tier.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <QtTest>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>

using namespace sandbench;
using test_support::LoopbackWebServers;

namespace {

const QString kApi = "api.example.test";
const QString kOther = "other.example.test";
const std::string kRealKey = "real-key-0f3a9c1e77";

// The tiers that run programs behind the proxy: the subprocess tier, the container tier and the gVisor tier
// on each engine, and the microVM.
const QStringList kEnforcingTiers{"subprocess",    "docker",        "podman",
                                  "gvisor-docker", "gvisor-podman", "microvm"};

// Processes of this test that run the egress proxy (its children; other tests' proxies are theirs).
int ownProxyProcesses() {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream cmdline(entry.path() / "cmdline");
        std::string text((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
        if (text.find("mitmdump") == std::string::npos || text.find("sandbench-egress-") == std::string::npos)
            continue;
        std::ifstream status(entry.path() / "status");
        std::string line;
        while (std::getline(status, line))
            if (line.rfind("PPid:", 0) == 0)
                count += std::stoi(line.substr(5)) == ::getpid();
    }
    return count;
}

} // namespace

class EgressProxyTest : public QObject {
    Q_OBJECT

    LoopbackWebServers m_servers;
    QTemporaryFile m_hostsFile; // the proxy's own names for the loopback servers
    std::map<QString, std::unique_ptr<Tier>> m_tiers;
    QString m_caFileOfProxy;
    // The proxies' folders (the CA's key, the secrets' values) and the gVisor sockets' folders made since
    // the test function began, other processes' aside: other tests on this machine run proxies too.
    std::optional<test_support::TempFolderWatch> m_egressFolders;

    // The proxy for `policy`, its names mapped to the loopback servers (no resolver asked).
    bool startProxy(EgressProxy& proxy, const EgressPolicy& policy, QString upstreamCa = {}) {
        EgressProxy::Settings settings;
        settings.policy = policy;
        settings.hosts = {{kApi.toStdString(), "127.0.0.1"}, {kOther.toStdString(), "127.0.0.1"}};
        settings.upstreamCaFile = (upstreamCa.isEmpty() ? m_servers.caFile() : upstreamCa).toStdString();
        for (const SecretRule& secret : policy.secrets)
            settings.secretValues[secret.name] = kRealKey;
        std::string error;
        if (!proxy.start(settings, error)) {
            qWarning("%s", error.c_str());
            return false;
        }
        return true;
    }

    // A request through `proxy` with its run's credentials, unless `credentials` names others ("" for none).
    QJsonObject request(EgressProxy& proxy, const QString& method, const QString& url,
                        const QStringList& extra = {}, std::optional<QString> credentials = std::nullopt) {
        QTemporaryFile ca;
        ca.open();
        ca.write(QByteArray::fromStdString(proxy.caCertificate()));
        ca.flush();
        QProcess client;
        client.start("/usr/bin/python3",
                     QStringList{"-I", QString::fromUtf8(test_support::egressClientScript()),
                                 QString::number(proxy.port()), ca.fileName(), method, url} +
                         extra +
                         QStringList{"--proxy-auth",
                                     credentials.value_or(QString::fromStdString(proxy.credentials()))});
        client.waitForFinished(30000);
        return QJsonDocument::fromJson(client.readAllStandardOutput()).object();
    }

    static EgressPolicy policyFor(const QStringList& allow) {
        EgressPolicy policy;
        for (const QString& text : allow) {
            AllowedHost host;
            std::string why;
            if (!AllowedHost::parse(text.toStdString(), host, why))
                qFatal("%s", why.c_str());
            policy.allow.push_back(host);
        }
        return policy;
    }

    static QStringList eventTexts(EgressProxy& proxy) {
        QStringList texts;
        for (const EgressEvent& event : proxy.events())
            texts << QString::fromStdString(event.text());
        return texts;
    }

private slots:
    void init() { m_egressFolders.emplace(QStringList{"sandbench-egress-*"}); }

    // Nothing of a row's run is left: no container of this test (its engine removes it within moments),
    // no proxy folder (its CA key and the secrets' values), no proxy process.
    void cleanup() {
        const QString row = QTest::currentDataTag() ? QString(QTest::currentDataTag()) : QString();
        for (const QString& engine : {QString("docker"), QString("podman")}) {
            if (!row.contains(engine) || QStandardPaths::findExecutable(engine).isEmpty())
                continue;
            QTRY_VERIFY_WITH_TIMEOUT(test_support::ownContainers(engine).isEmpty(), 20000);
        }
        QCOMPARE(m_egressFolders->leftSince(), QStringList());
        QCOMPARE(ownProxyProcesses(), 0);
        // No VM of a run left either (QEMU is killed and reaped with its run).
        if (row.startsWith("microvm") && m_tiers.contains("microvm")) {
            QStringList left;
            for (const std::string& leftover : m_tiers["microvm"]->leftovers())
                left << QString::fromStdString(leftover);
            QVERIFY2(left.isEmpty(), qPrintable(left.join('\n')));
        }
    }

    void initTestCase() {
        if (!EgressProxy::unavailableReason().empty())
            QSKIP(EgressProxy::unavailableReason().c_str());
        QString error;
        if (!m_servers.start({kApi, kOther}, error))
            QSKIP(qPrintable(error));
        QVERIFY(m_hostsFile.open());
        m_hostsFile.write(("127.0.0.1 " + kApi + " " + kOther + "\n").toUtf8());
        m_hostsFile.flush();
    }

    void allowedNameIsReachedAndItsSecretPutIn() {
        EgressPolicy policy = policyFor({kApi + ":" + QString::number(m_servers.httpsPort())});
        policy.secrets.push_back({"API_KEY", "", {kApi.toStdString()}, "Authorization"});
        EgressProxy proxy;
        QVERIFY(startProxy(proxy, policy));
        const QString placeholder = QString::fromStdString(proxy.placeholders().at("API_KEY"));
        QVERIFY(!placeholder.contains(QString::fromStdString(kRealKey)));
        const qsizetype before = m_servers.received().size();
        const QJsonObject answer =
            request(proxy, "GET", QString("https://%1:%2/v1/ok").arg(kApi).arg(m_servers.httpsPort()),
                    {"--header", "Authorization: Bearer " + placeholder});
        QCOMPARE(answer.value("connect").toInt(), 200);
        QCOMPARE(answer.value("status").toInt(), 200);
        // The server saw the real key; the client, whose answer echoes it, sees only the placeholder.
        const QList<QJsonObject> seen = m_servers.received();
        QCOMPARE(seen.size(), before + 1);
        QCOMPARE(seen.last().value("headers").toObject().value("Authorization").toString(),
                 "Bearer " + QString::fromStdString(kRealKey));
        QVERIFY(!answer.value("body").toString().contains(QString::fromStdString(kRealKey)));
        QVERIFY(answer.value("body").toString().contains(placeholder));
        const QStringList events = eventTexts(proxy);
        QVERIFY2(events.contains(QString("allowed CONNECT %1:%2").arg(kApi).arg(m_servers.httpsPort())),
                 qPrintable(events.join('\n')));
        QVERIFY2(events.filter("secret API_KEY").size() == 1, qPrintable(events.join('\n')));
    }

    void refusals_data() {
        QTest::addColumn<QString>("method");
        QTest::addColumn<QString>("url");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("event");
        const QString https = QString::number(m_servers.httpsPort());
        const QString http = QString::number(m_servers.httpPort());
        QTest::newRow("name not listed") << "GET"
                                         << "https://" + kOther + ":" + https + "/" << QStringList()
                                         << "denied CONNECT " + kOther + ":" + https + " (not in allow list)";
        QTest::newRow("listed name, other port")
            << "GET"
            << "https://" + kApi + ":" + http + "/" << QStringList()
            << "denied CONNECT " + kApi + ":" + http + " (port not allowed)";
        QTest::newRow("IP literal") << "GET"
                                    << "https://127.0.0.1:" + https + "/" << QStringList()
                                    << "denied CONNECT 127.0.0.1:" + https + " (IP literal)";
        QTest::newRow("plain HTTP, name not listed")
            << "GET"
            << "http://" + kOther + ":" + http + "/x" << QStringList()
            << "denied GET http://" + kOther + ":" + http + "/x (not in allow list)";
        QTest::newRow("SNI differs from the CONNECT")
            << "GET"
            << "https://" + kApi + ":" + https + "/" << QStringList{"--sni", kOther}
            << "denied TLS " + kApi + ":" + https + " (SNI " + kOther + " differs from the CONNECT)";
        QTest::newRow("Host header differs from the CONNECT")
            << "GET"
            << "https://" + kApi + ":" + https + "/" << QStringList{"--host", kOther}
            << "denied GET https://" + kApi + ":" + https + "/ (Host header " + kOther + " differs)";
        QTest::newRow("placeholder to a host not listed for the secret")
            << "POST"
            << "https://" + kOther + ":" + https + "/collect" << QStringList{"--body", "@PLACEHOLDER@"}
            << "refused: secret placeholder API_KEY sent to " + kOther + " (POST https://" + kOther + ":" +
                   https + "/collect)";
    }

    void refusals() {
        QFETCH(QString, method);
        QFETCH(QString, url);
        QFETCH(QStringList, extra);
        QFETCH(QString, event);
        // The API's HTTPS port and the other name's HTTPS port are allowed (so the placeholder's refusal is
        // the secret rule's, not the allow list's); the API's key may go to the API only.
        EgressPolicy policy = policyFor({kApi + ":" + QString::number(m_servers.httpsPort()),
                                         kOther + ":" + QString::number(m_servers.httpsPort())});
        if (QTest::currentDataTag() != QString("placeholder to a host not listed for the secret"))
            policy.allow.pop_back();
        policy.secrets.push_back({"API_KEY", "", {kApi.toStdString()}, "Authorization"});
        EgressProxy proxy;
        QVERIFY(startProxy(proxy, policy));
        extra.replaceInStrings("@PLACEHOLDER@", QString::fromStdString(proxy.placeholders().at("API_KEY")));
        const qsizetype before = m_servers.received().size();
        const QJsonObject answer = request(proxy, method, url, extra);
        QVERIFY2(answer.value("status").toInt() != 200, qPrintable(QJsonDocument(answer).toJson()));
        QCOMPARE(m_servers.received().size(), before); // nothing reached a server
        const QStringList events = eventTexts(proxy);
        QVERIFY2(events.contains(event), qPrintable(events.join('\n')));
        QVERIFY(events.filter("allowed GET").isEmpty());
    }

    void plainHttpToAListedName() {
        EgressProxy proxy;
        QVERIFY(startProxy(proxy, policyFor({kApi + ":" + QString::number(m_servers.httpPort())})));
        const QString url = QString("http://%1:%2/plain").arg(kApi).arg(m_servers.httpPort());
        const QJsonObject answer = request(proxy, "GET", url);
        QCOMPARE(answer.value("status").toInt(), 200);
        QVERIFY(eventTexts(proxy).contains("allowed GET " + url));
    }

    // The proxy listens on the host's loopback, where any local process can connect: it serves only the
    // client with this run's credentials, which only the sandbox's proxy URL holds.
    void otherClientsOfTheHostAreRefused_data() {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("credentials");
        QTest::addColumn<QString>("event");
        const QString https = kApi + ":" + QString::number(m_servers.httpsPort());
        const QString http = kApi + ":" + QString::number(m_servers.httpPort());
        QTest::newRow("CONNECT without credentials")
            << "https://" + https + "/v1" << QString() << "denied CONNECT " + https;
        QTest::newRow("CONNECT with another run's") << "https://" + https + "/v1"
                                                    << "sandbench:0123456789abcdef0123456789abcdef"
                                                    << "denied CONNECT " + https;
        QTest::newRow("plain HTTP without credentials")
            << "http://" + http + "/v1" << QString() << "denied GET http://" + http + "/v1";
    }

    void otherClientsOfTheHostAreRefused() {
        QFETCH(QString, url);
        QFETCH(QString, credentials);
        QFETCH(QString, event);
        EgressPolicy policy = policyFor({kApi + ":" + QString::number(m_servers.httpsPort()),
                                         kApi + ":" + QString::number(m_servers.httpPort())});
        policy.secrets.push_back({"API_KEY", "", {kApi.toStdString()}, "Authorization"});
        EgressProxy proxy;
        QVERIFY(startProxy(proxy, policy));
        const QString placeholder = QString::fromStdString(proxy.placeholders().at("API_KEY"));
        const qsizetype before = m_servers.received().size();
        const QJsonObject answer =
            request(proxy, "GET", url, {"--header", "Authorization: Bearer " + placeholder}, credentials);
        QCOMPARE(answer.value(url.startsWith("https") ? "connect" : "status").toInt(), 407);
        QCOMPARE(m_servers.received().size(), before); // no key was put in for anyone
        QVERIFY2(eventTexts(proxy).contains(event + " (without this run's proxy credentials)"),
                 qPrintable(eventTexts(proxy).join('\n')));
        // The run's own client, on the same proxy, still gets through, and the credentials go no further.
        const QJsonObject own =
            request(proxy, "GET", url, {"--header", "Authorization: Bearer " + placeholder});
        QCOMPARE(own.value("status").toInt(), 200);
        QCOMPARE(m_servers.received().size(), before + 1);
        const QJsonObject headers = m_servers.received().last().value("headers").toObject();
        QVERIFY(!headers.contains("Proxy-Authorization"));
        QCOMPARE(headers.value("Authorization").toString(), "Bearer " + QString::fromStdString(kRealKey));
    }

    void untrustedServerCertificateIsRefused() {
        // The proxy checks the real server against the host's trust store, which does not hold the test CA.
        EgressProxy proxy;
        QVERIFY(startProxy(proxy, policyFor({kApi + ":" + QString::number(m_servers.httpsPort())}),
                           "/etc/ssl/certs/ca-certificates.crt"));
        const qsizetype before = m_servers.received().size();
        const QJsonObject answer =
            request(proxy, "GET", QString("https://%1:%2/").arg(kApi).arg(m_servers.httpsPort()));
        QVERIFY2(answer.value("status").toInt() != 200, qPrintable(QJsonDocument(answer).toJson()));
        QCOMPARE(m_servers.received().size(), before);
    }

    void publicNameResolvingToLoopbackIsRefused() {
        // "localhost" is listed but not in the proxy's own names: the host's resolver answers 127.0.0.1,
        // which an allowed public name must never lead to (rebinding onto the host's own services).
        EgressProxy proxy;
        QVERIFY(startProxy(proxy, policyFor({"localhost:" + QString::number(m_servers.httpPort())})));
        const qsizetype before = m_servers.received().size();
        const QJsonObject answer =
            request(proxy, "GET", QString("http://localhost:%1/").arg(m_servers.httpPort()));
        QVERIFY(answer.value("status").toInt() != 200);
        QCOMPARE(m_servers.received().size(), before);
        QVERIFY2(eventTexts(proxy).filter("non-public").size() == 1 &&
                     eventTexts(proxy).filter("allowed").isEmpty(),
                 qPrintable(eventTexts(proxy).join('\n')));
    }

    void nothingIsLeftAfterStop() {
        EgressPolicy policy = policyFor({kApi});
        policy.secrets.push_back({"API_KEY", "", {kApi.toStdString()}, "Authorization"});
        EgressProxy proxy;
        QVERIFY(startProxy(proxy, policy));
        QVERIFY(proxy.caCertificate().find("BEGIN CERTIFICATE") != std::string::npos);
        QVERIFY(proxy.port() > 0);
        const int port = proxy.port();
        proxy.stop();
        QVERIFY(!proxy.running());
        // Its port is closed, and no process of this test's children still runs mitmdump.
        QProcess probe;
        probe.start(
            "/usr/bin/python3",
            {"-I", "-c",
             QString("import socket;s=socket.socket();print(s.connect_ex(('127.0.0.1',%1)))").arg(port)});
        probe.waitForFinished(10000);
        QVERIFY(probe.readAllStandardOutput().trimmed() != "0");
        QCOMPARE(ownProxyProcesses(), 0);
    }

    // --- the subprocess tier behind the proxy --------------------------------------------------------

private:
    // The tier of a row: "subprocess", "docker" or "podman" (the container tier on that engine),
    // "gvisor-docker" or "gvisor-podman" (the gVisor tier on that engine), or "microvm" (its guest image from
    // $SANDBENCH_GUEST_DIR or the cache), made once.
    Tier* tierOf(const QString& row) {
        auto& slot = m_tiers[row];
        if (!slot) {
            if (row == "subprocess") {
                slot = std::make_unique<SubprocessTier>();
            } else if (row == "microvm") {
                slot = std::make_unique<MicrovmTier>();
            } else if (row.startsWith("gvisor-")) {
                GvisorSettings settings;
                settings.container.engine = row.mid(7).toStdString();
                slot = std::make_unique<GvisorTier>(settings);
            } else {
                ContainerSettings settings;
                settings.engine = row.toStdString();
                slot = std::make_unique<ContainerTier>(settings);
            }
        }
        return slot.get();
    }

    static void tierRows() {
        QTest::newRow("subprocess") << QString("subprocess");
        QTest::newRow("container, docker") << QString("docker");
        QTest::newRow("container, podman") << QString("podman");
        QTest::newRow("gvisor, docker") << QString("gvisor-docker");
        QTest::newRow("gvisor, podman") << QString("gvisor-podman");
        QTest::newRow("microvm") << QString("microvm");
    }

    // A guest under TCG emulates every instruction, and gVisor's ptrace platform stops at every system call:
    // the loopback port scan alone takes 20-45 s there.
    RunResult runOn(const QString& row, const QString& code, const EgressPolicy& egress,
                    double timeoutSeconds = 30, int memoryMb = 0) {
        Tier* tier = tierOf(row);
        RunRequest request;
        request.code = code.toStdString();
        if (memoryMb > 0)
            request.policy.memoryMb = memoryMb;
        request.policy.timeoutSeconds = row == "microvm" ? std::max(timeoutSeconds, 120.0) : timeoutSeconds;
        request.policy.egress = egress;
        for (const SecretRule& secret : egress.secrets)
            request.secretValues[secret.name] = kRealKey;
        request.egressHostsFile = m_hostsFile.fileName().toStdString();
        request.egressTrustedCa = m_servers.caFile().toStdString();
        return tier->run(request, [](Stream, std::string_view) {}, {});
    }

    void skipUnlessUsable(const QString& row) {
        const ProbeResult probe = tierOf(row)->probe();
        if (!probe.available)
            QSKIP(qPrintable(row + ": " + QString::fromStdString(probe.reason)));
    }

    static QStringList texts(const RunResult& result) {
        QStringList lines;
        for (const EgressEvent& event : result.egress)
            lines << QString::fromStdString(event.text());
        return lines;
    }

private slots:
    void reachesTheAllowedNameWithItsSecret_data() {
        QTest::addColumn<QString>("tier");
        tierRows();
    }

    void reachesTheAllowedNameWithItsSecret() {
        QFETCH(QString, tier);
        skipUnlessUsable(tier);
        EgressPolicy egress = policyFor({kApi + ":" + QString::number(m_servers.httpsPort())});
        egress.secrets.push_back({"API_KEY", "", {kApi.toStdString()}, "Authorization"});
        const qsizetype before = m_servers.received().size();
        const QString code =
            QString("import os, urllib.request\n"
                    "key = os.environ['API_KEY']\n"
                    "request = urllib.request.Request('https://%1:%2/v1/models', "
                    "headers={'Authorization': 'Bearer ' + key})\n"
                    "print(urllib.request.urlopen(request, timeout=20).read().decode())\n"
                    "print('KEY', key)\n"
                    "print('ENVIRON', open('/proc/self/environ', 'rb').read().decode(errors='replace'))\n")
                .arg(kApi)
                .arg(m_servers.httpsPort());
        const RunResult result = runOn(tier, code, egress);
        const QString out = QString::fromStdString(result.stdoutBytes);
        QVERIFY2(result.exitCode == 0,
                 qPrintable(QString::fromStdString(result.stderrBytes + result.evidence)));
        // The server got the real key; nothing inside the sandbox ever held it.
        const QList<QJsonObject> seen = m_servers.received();
        QCOMPARE(seen.size(), before + 1);
        QCOMPARE(seen.last().value("headers").toObject().value("Authorization").toString(),
                 "Bearer " + QString::fromStdString(kRealKey));
        QVERIFY(!out.contains(QString::fromStdString(kRealKey)));
        QVERIFY(out.contains("KEY sandbench-secret-"));
        QVERIFY2(out.contains(
                     QRegularExpression("HTTPS_PROXY=http://sandbench:[0-9a-f]{32}@127\\.0\\.0\\.1:3128")),
                 qPrintable(out));
        QVERIFY2(
            texts(result).contains(QString("allowed CONNECT %1:%2").arg(kApi).arg(m_servers.httpsPort())),
            qPrintable(texts(result).join('\n')));
        // The proxy, its CA and the settings holding the key are gone with the run.
        QCOMPARE(m_egressFolders->leftSince(), QStringList());
    }

    void stoppedByTheProxy_data() {
        QTest::addColumn<QString>("tier");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("evidence");
        const QString https = QString::number(m_servers.httpsPort());
        for (const QString& tier : kEnforcingTiers) {
            QTest::addRow("%s: name not listed", qPrintable(tier))
                << tier
                << "import urllib.request\nurllib.request.urlopen('https://" + kOther + ":" + https +
                       "/', timeout=20)\n"
                << "denied CONNECT " + kOther + ":" + https + " (not in allow list)";
            QTest::addRow("%s: placeholder to another host", qPrintable(tier))
                << tier
                << "import os, urllib.request\nurllib.request.urlopen('https://" + kOther + ":" + https +
                       "/?k=' + os.environ['API_KEY'], timeout=20)\n"
                << "refused: secret placeholder API_KEY sent to " + kOther;
        }
    }

    void stoppedByTheProxy() {
        QFETCH(QString, tier);
        skipUnlessUsable(tier);
        QFETCH(QString, code);
        QFETCH(QString, evidence);
        EgressPolicy egress = policyFor({kApi + ":" + QString::number(m_servers.httpsPort()),
                                         kOther + ":" + QString::number(m_servers.httpsPort())});
        if (QString(QTest::currentDataTag()).endsWith("name not listed"))
            egress.allow.pop_back();
        egress.secrets.push_back({"API_KEY", "", {kApi.toStdString()}, "Authorization"});
        const qsizetype before = m_servers.received().size();
        const RunResult result = runOn(tier, code, egress);
        QVERIFY(result.exitCode != 0);
        QCOMPARE(toString(result.stoppedBy), toString(StopReason::NoNetwork));
        QVERIFY2(QString::fromStdString(result.evidence).contains("egress proxy"), result.evidence.c_str());
        QVERIFY2(texts(result).filter(evidence).size() == 1, qPrintable(texts(result).join('\n')));
        QCOMPARE(m_servers.received().size(), before);
    }

    void noOtherWayOut_data() {
        QTest::addColumn<QString>("tier");
        QTest::addColumn<QString>("code");
        const QString https = QString::number(m_servers.httpsPort());
        for (const QString& tier : kEnforcingTiers) {
            // Straight to the server's port, past the proxy: the sandbox's loopback is its own.
            QTest::addRow("%s: direct connection", qPrintable(tier))
                << tier
                << "import socket\ntry:\n    socket.create_connection(('127.0.0.1', " + https +
                       "), timeout=5)\n    print('REACHED')\nexcept OSError as e:\n    print('DENIED', e)\n";
            // No resolver inside: names are the proxy's business.
            QTest::addRow("%s: DNS", qPrintable(tier))
                << tier
                << "import socket\ntry:\n    socket.getaddrinfo('" + kApi +
                       "', 443)\n    print('REACHED')\nexcept OSError as e:\n    print('DENIED', e)\n";
            // Every port of the sandbox's loopback but the relay's (a TCP self-connection, where the kernel
            // picked the scanned port as the source port too, is not a listener), in two processes, one per
            // core. Blocking connects: on a loopback a closed port answers at once, and each port costs three
            // system calls instead of six, which is what gVisor's ptrace platform pays for (30 s for the
            // range with a timeout per socket, 12 s this way); a port that never answered would end the run
            // at its deadline, and fail the row.
            QTest::addRow("%s: every loopback port but the relay's", qPrintable(tier))
                << tier
                << "import json, os, socket\n"
                   "def scan(ports):\n"
                   "    found = []\n"
                   "    for port in ports:\n"
                   "        s = socket.socket()\n"
                   "        if port != 3128 and s.connect_ex(('127.0.0.1', port)) == 0 and "
                   "s.getsockname() != s.getpeername():\n"
                   "            found.append(port)\n"
                   "        s.close()\n"
                   "    return found\n"
                   "r, w = os.pipe()\n"
                   "if os.fork() == 0:\n"
                   "    os.write(w, json.dumps(scan(range(1, 65536, 2))).encode())\n"
                   "    os._exit(0)\n"
                   "os.close(w)\n"
                   "found = scan(range(2, 65536, 2))\n"
                   "answer = os.read(r, 1 << 20)\n"
                   "os.wait()\n"
                   "found += json.loads(answer) if answer else ['the other half never answered']\n"
                   "print('REACHED' if found else 'DENIED', sorted(map(str, found)))\n";
        }
    }

    void noOtherWayOut() {
        QFETCH(QString, tier);
        skipUnlessUsable(tier);
        QFETCH(QString, code);
        const RunResult result =
            runOn(tier, code, policyFor({kApi + ":" + QString::number(m_servers.httpsPort())}), 150);
        const QString out = QString::fromStdString(result.stdoutBytes);
        QVERIFY2(out.startsWith("DENIED"),
                 qPrintable(out + QString::fromStdString(result.stderrBytes + result.evidence)));
    }

    void microvmCarriesLargeConnectionsAtOnce() {
        // The microVM's one port carries every connection: several at once, each larger than the credit
        // window both ways (the server echoes the body), must all arrive whole.
        skipUnlessUsable("microvm");
        const QString code =
            QString(
                "import json, threading, urllib.request\n"
                "sizes = {}\n"
                "def post(i):\n"
                "    body = bytes([65 + i]) * (600 * 1024)\n"
                "    answer = urllib.request.urlopen(urllib.request.Request('https://%1:%2/up/' + str(i), "
                "data=body), timeout=60).read()\n"
                "    sizes[i] = json.loads(answer)['body'] == body.decode()\n"
                "threads = [threading.Thread(target=post, args=(i,)) for i in range(4)]\n"
                "[t.start() for t in threads]\n"
                "[t.join() for t in threads]\n"
                "print('WHOLE' if sizes == {0: True, 1: True, 2: True, 3: True} else 'BROKEN', sizes)\n")
                .arg(kApi)
                .arg(m_servers.httpsPort());
        const qsizetype before = m_servers.received().size();
        // Each thread's malloc arena reserves 64 MB of address space, which the default limit does not fit.
        const RunResult result = runOn(
            "microvm", code, policyFor({kApi + ":" + QString::number(m_servers.httpsPort())}), 120, 768);
        QVERIFY2(result.stdoutBytes.starts_with("WHOLE"),
                 (result.stdoutBytes + result.stderrBytes + result.evidence).c_str());
        QCOMPARE(m_servers.received().size(), before + 4);
    }

    void tiersThatCannotEnforceItRefuse_data() {
        QTest::addColumn<QString>("tier");
        QTest::newRow("host") << QString("host");
    }

    void tiersThatCannotEnforceItRefuse() {
        QFETCH(QString, tier);
        std::unique_ptr<Tier> refusing = std::make_unique<HostTier>();
        RunRequest request;
        request.code = "print('RAN')";
        request.policy.egress = policyFor({kApi});
        const RunResult result = refusing->run(request, [](Stream, std::string_view) {}, {});
        QCOMPARE(toString(result.stoppedBy), toString(StopReason::SetupFailure));
        QVERIFY(result.stdoutBytes.empty());
        QVERIFY2(QString::fromStdString(result.evidence).contains("cannot enforce a network allow list"),
                 result.evidence.c_str());
    }

    // --- the gVisor tier's own way out: one host socket, bound in ----------------------------------------

    void gvisorSandboxSeesNoOtherHostSocket_data() {
        QTest::addColumn<QString>("tier");
        QTest::newRow("gvisor, docker") << QString("gvisor-docker");
        QTest::newRow("gvisor, podman") << QString("gvisor-podman");
    }

    // runsc's --host-uds=open lets the sandbox connect to any host socket it can see: it must see one, the
    // proxy's, and be unable to make another where that one is. Sockets the program makes in its own /tmp
    // are the Sentry's, not the host's, and are not looked for.
    void gvisorSandboxSeesNoOtherHostSocket() {
        QFETCH(QString, tier);
        skipUnlessUsable(tier);
        const QString code = "import os, socket, stat\n"
                             "found = []\n"
                             "for top, folders, files in os.walk('/'):\n"
                             "    if top in ('/proc', '/sys'):\n"
                             "        folders[:] = []\n"
                             "        continue\n"
                             "    for name in files + folders:\n"
                             "        path = os.path.join(top, name)\n"
                             "        try:\n"
                             "            if stat.S_ISSOCK(os.lstat(path).st_mode): found.append(path)\n"
                             "        except OSError: pass\n"
                             "print('SOCKETS', sorted(found))\n"
                             "for attempt in ('socket', 'file'):\n"
                             "    try:\n"
                             "        if attempt == 'socket': "
                             "socket.socket(socket.AF_UNIX).bind('/run/sandbench/other.sock')\n"
                             "        else: open('/run/sandbench/other', 'w')\n"
                             "        print('MADE', attempt)\n"
                             "    except OSError as e:\n"
                             "        print('REFUSED', attempt, e.errno)\n"
                             "s = socket.socket(socket.AF_UNIX); s.connect('/run/sandbench/egress.sock')\n"
                             "s.sendall(b'GET http://not-listed.test/ HTTP/1.0\\r\\n\\r\\n')\n"
                             "print('ANSWER', s.recv(12))\n";
        const RunResult result = runOn(tier, code, policyFor({kApi}));
        const QString out = QString::fromStdString(result.stdoutBytes);
        QVERIFY2(out.contains("SOCKETS ['/run/sandbench/egress.sock']\n"),
                 qPrintable(out + QString::fromStdString(result.stderrBytes)));
        QVERIFY2(out.contains("REFUSED socket") && out.contains("REFUSED file") && !out.contains("MADE"),
                 qPrintable(out));
        // The one socket there leads to the proxy, which answers for itself (asking for the run's
        // credentials, which this request left out).
        QVERIFY2(out.contains("ANSWER b'HTTP/1.0 407") || out.contains("ANSWER b'HTTP/1.1 407"),
                 qPrintable(out));
    }

    // A program that fails to connect past the proxy is told what the network is.
    void gvisorSaysWhatItsNetworkIs_data() { gvisorSandboxSeesNoOtherHostSocket_data(); }

    void gvisorSaysWhatItsNetworkIs() {
        QFETCH(QString, tier);
        skipUnlessUsable(tier);
        const RunResult result =
            runOn(tier,
                  QString("import socket\nsocket.create_connection(('127.0.0.1', %1), timeout=5)\n")
                      .arg(m_servers.httpsPort()),
                  policyFor({kApi}));
        QCOMPARE(toString(result.stoppedBy), toString(StopReason::NoNetwork));
        QVERIFY2(QString::fromStdString(result.evidence)
                     .contains("runsc --network=none): its one way out is the egress proxy, through a host "
                               "socket bound in (runsc --host-uds=open)"),
                 result.evidence.c_str());
        QVERIFY(result.egress.empty()); // the proxy never saw it
    }

    // A run with an allow list never takes a warm container: its variables, CA and socket are its own.
    void gvisorEgressRunsAreCold_data() { gvisorSandboxSeesNoOtherHostSocket_data(); }

    void gvisorEgressRunsAreCold() {
        QFETCH(QString, tier);
        skipUnlessUsable(tier);
        GvisorSettings settings;
        settings.container.engine = tier.mid(7).toStdString();
        settings.container.warmPoolSize = 1;
        GvisorTier pooled(settings);
        QVERIFY(pooled.probe().available);
        RunRequest request;
        QVERIFY(pooled.waitUntilWarm(request, {}));
        request.code = "import os\nprint(os.environ.get('HTTPS_PROXY'))\n";
        request.policy.egress = policyFor({kApi});
        request.egressHostsFile = m_hostsFile.fileName().toStdString();
        const RunResult result = pooled.run(request, [](Stream, std::string_view) {}, {});
        QVERIFY2(QString::fromStdString(result.stdoutBytes)
                     .contains(QRegularExpression("^http://sandbench:[0-9a-f]{32}@127\\.0\\.0\\.1:3128\n$")),
                 result.stdoutBytes.c_str());
        QVERIFY(!result.warmStart);
    }

    // The same hardened line as any run's, and only the way out added: the egress runtime (Docker) or
    // host-uds=open (Podman), the socket bound read-only, the forwarder before the interpreter, one more
    // process for it. A run without an allow list gets none of it.
    void gvisorEgressCommandAddsOnlyItsWayOut() {
        ContainerShape plain;
        plain.image = "sandbench/python:4";
        plain.interpreter = {"/usr/bin/python3", "-I", "-u"};
        plain.seccompProfile = "/private/seccomp.json";
        ContainerShape egress = plain;
        egress.policy.egress = policyFor({kApi});
        egress.egressEnvironment = {{"HTTPS_PROXY", "http://127.0.0.1:3128"}};
        egress.egressCaFile = "/private/ca.pem";
        egress.egressSocket = "/private/egress.sock";
        for (const EngineKind kind : {EngineKind::Docker, EngineKind::Podman}) {
            ContainerEngine engine{kind, "/usr/bin/engine", false, {}, {}};
            engine.runtime.gvisor = true;
            engine.runtime.platform = "ptrace";
            const std::vector<std::string> before = hardenedRunCommand(engine, plain, "c", kSharedProgramUid);
            const std::vector<std::string> after = hardenedRunCommand(engine, egress, "c", kSharedProgramUid);
            const QString name = QString::fromStdString(engine.name());
            const auto has = [](const std::vector<std::string>& line, const std::string& part) {
                return std::find(line.begin(), line.end(), part) != line.end();
            };
            for (const std::vector<std::string>* line : {&before, &after})
                QVERIFY2(has(*line, "--network") && has(*line, "none") && has(*line, "--read-only") &&
                             has(*line, "seccomp=/private/seccomp.json") && has(*line, "no-new-privileges"),
                         qPrintable(name));
            QVERIFY(!has(before, "host-uds=open") && !has(before, "sandbench-runsc-ptrace-egress"));
            QVERIFY(!has(before, "/private/egress.sock:/run/sandbench/egress.sock:ro"));
            QVERIFY(has(after, "/private/egress.sock:/run/sandbench/egress.sock:ro"));
            QCOMPARE(has(after, "sandbench-runsc-ptrace-egress"), kind == EngineKind::Docker);
            QCOMPARE(has(after, "host-uds=open"), kind == EngineKind::Podman);
            QVERIFY(has(before, "nproc=20:20") && has(after, "nproc=21:21"));
            // What is in the plain line is in the egress line, but the runtime and the process count.
            for (const std::string& part : before)
                QVERIFY2(has(after, part) || part == "sandbench-runsc-ptrace" || part == "nproc=20:20",
                         qPrintable(name + ": " + QString::fromStdString(part)));
            // The forwarder comes after the uid change and before the interpreter: it is the program's.
            const auto setpriv = std::find(after.begin(), after.end(), "/usr/bin/setpriv");
            const auto forwarder = std::find(setpriv, after.end(), "-c");
            QVERIFY(setpriv != after.end() && forwarder + 3 < after.end());
            QCOMPARE(*(forwarder + 2), std::string("3128"));
            QCOMPARE(*(forwarder + 3), std::string("/run/sandbench/egress.sock"));
            QCOMPARE(std::vector<std::string>(forwarder + 4, after.end()),
                     (std::vector<std::string>{"/usr/bin/python3", "-I", "-u", "-"}));
        }
    }

    // A Docker set up before the egress runtime existed: the refusal names it and the script that adds it.
    void gvisorOnDockerNeedsTheEgressRuntime() {
        QTemporaryDir folder;
        const QString docker = folder.filePath("docker");
        QFile script(docker);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\necho '{\"sandbench-runsc-ptrace\":{},\"sandbench-runsc-ptrace-net\":{}}'\n");
        script.close();
        QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::ExeOwner));
        ContainerEngine engine{EngineKind::Docker, docker.toStdString(), false, {}, {}};
        engine.runtime.gvisor = true;
        engine.runtime.platform = "ptrace";
        std::string reason;
        QVERIFY(!dockerHasGvisorEgressRuntime(engine, reason));
        QVERIFY2(QString::fromStdString(reason).contains("sandbench-runsc-ptrace-egress") &&
                     QString::fromStdString(reason).contains("scripts/setup-gvisor-tier.sh"),
                 reason.c_str());
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(
            "#!/bin/sh\necho '{\"sandbench-runsc-ptrace\":{},\"sandbench-runsc-ptrace-egress\":{}}'\n");
        script.close();
        QVERIFY(dockerHasGvisorEgressRuntime(engine, reason));
    }

    void secretWithoutValueRefusesToStart() {
        EgressPolicy policy = policyFor({kApi});
        policy.secrets.push_back(
            {"API_KEY", "SANDBENCH_TEST_UNSET_VARIABLE", {kApi.toStdString()}, "Authorization"});
        std::map<std::string, std::string> values;
        std::string error;
        QVERIFY(!resolveSecretValues(policy, {}, values, error));
        QVERIFY2(QString::fromStdString(error).contains("SANDBENCH_TEST_UNSET_VARIABLE"), error.c_str());
        QVERIFY(values.empty());
    }
};

QTEST_GUILESS_MAIN(EgressProxyTest)
#include "tst_egress_proxy.moc"
