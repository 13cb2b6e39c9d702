// The attack harness and its leftover check: placeholders filled, the planted secret and canary process,
// the network targets (TCP, UDP, Unix and abstract sockets, the canary DNS server) answering as documented,
// everything gone when the harness goes, process scans that survive processes exiting mid-read, and
// leftovers of a run found and removed while an unrelated listener is left alone.

#include "core/attack_harness.h"
#include "core/attack_lab.h"
#include "core/attack_suite.h"
#include "core/leftover_check.h"
#include "tiers/builtin_tiers.h"
#include "tiers/host/host_tier.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>
#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <regex>
#include <spawn.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace sandbench;

namespace {

// Connects to 127.0.0.1:port; returns 0 or the errno of the failure.
int connectToLoopback(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    const int rc = ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    const int error = rc == 0 ? 0 : errno;
    ::close(fd);
    return error;
}

int countEntries(const char* folder) {
    return static_cast<int>(
        QDir(folder).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::System).size());
}

// Starts python3 listening on 127.0.0.1 (any port) with `arguments` after its program and `environment`
// added to ours; true once it listens.
bool startLoopbackListener(QProcess& process, const QStringList& arguments = {},
                           const QStringList& environment = {}) {
    QStringList variables = QProcess::systemEnvironment();
    variables << environment;
    process.setEnvironment(variables);
    process.start("python3",
                  QStringList{"-c", "import socket,time\ns=socket.socket()\ns.bind(('127.0.0.1',0))"
                                    "\ns.listen()\nprint('up',flush=True)\ntime.sleep(60)"} +
                      arguments);
    return process.waitForReadyRead(10000) && process.readAll().startsWith("up");
}

} // namespace

class TestAttackHarness : public QObject {
    Q_OBJECT

private slots:
    void processScansSurviveProcessesExitingMidRead();
    void placeholders();
    void plantedInputChanges_data();
    void plantedInputChanges();
    void harnessCleansUp();
    void harnessTargets();
    void leftoversAreFoundAndRemoved();
    void unrelatedListenerIsNoLeftover();
};

// The leftover check reads every process's /proc files while processes come and go; one that exits between
// open and read answers ESRCH, which must end that read, not throw out of the check (and the lab).
void TestAttackHarness::processScansSurviveProcessesExitingMidRead() {
    std::atomic<bool> done{false};
    std::vector<std::jthread> churn;
    for (int thread = 0; thread < 4; ++thread) {
        churn.emplace_back([&done] {
            while (!done) {
                pid_t pid = 0;
                char program[] = "/bin/true";
                char* const arguments[] = {program, nullptr};
                if (::posix_spawn(&pid, program, nullptr, nullptr, arguments, environ) == 0)
                    ::waitpid(pid, nullptr, 0);
            }
        });
    }
    QElapsedTimer timer;
    timer.start();
    int scans = 0;
    try {
        for (; timer.elapsed() < 3000; ++scans) {
            const std::vector<int> none = processesNamed("sandbench-no-such-run");
            QVERIFY(none.empty());
            QVERIFY(!listProcesses().empty());
        }
    } catch (const std::exception& error) {
        done = true;
        QFAIL(qPrintable(QString("a scan threw after %1 scans: %2").arg(scans).arg(error.what())));
    }
    done = true;
    QVERIFY(scans > 10);
}

void TestAttackHarness::placeholders() {
    const AttackHarness harness;
    const std::string filled = harness.fillPlaceholders(
        "open('@SECRET_PATH@'); port = @SERVICE_PORT@; twice = @SERVICE_PORT@; @OTHER@");
    QCOMPARE(filled, "open('" + harness.secretPath() + "'); port = " + std::to_string(harness.servicePort()) +
                         "; twice = " + std::to_string(harness.servicePort()) + "; @OTHER@");
    QVERIFY(harness.servicePort() > 0);

    QFile secret(QString::fromStdString(harness.secretPath()));
    QVERIFY(secret.open(QIODevice::ReadOnly));
    QCOMPARE(secret.readAll().toStdString(), harness.secretValue());
    QVERIFY(harness.secretValue().starts_with("aws_secret_access_key=NOT-A-REAL-KEY-"));
    QVERIFY(harness.secretValue() != AttackHarness().secretValue()); // random per harness

    struct stat info {};
    QCOMPARE(::stat(harness.secretPath().c_str(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0644u);
    QCOMPARE(::stat(harness.folder().c_str(), &info), 0);
    QCOMPARE(info.st_mode & 0777, 0755u);

    const Attack attack = parseAttack("a.py", "# name: A\n# expect: marker X\nprint('@SECRET_PATH@')\n");
    const PreparedAttack first = harness.prepare(attack);
    const PreparedAttack second = harness.prepare(attack);
    QVERIFY(first.sentinel != second.sentinel); // a fresh nonce for every run
    QVERIFY(first.code.find(first.sentinel) != std::string::npos);
    QVERIFY(first.code.find(harness.secretPath()) != std::string::npos);
}

// Every way of changing the host's copy of a planted input is seen, named, and the folder goes with the
// object whatever was done to its modes; reading it changes nothing.
void TestAttackHarness::plantedInputChanges_data() {
    QTest::addColumn<QString>("change");
    QTest::addColumn<QString>("seen"); // empty: no change
    QTest::newRow("read only") << "read"
                               << "";
    QTest::newRow("append") << "append"
                            << "notes.txt: bytes changed";
    QTest::newRow("same size, other bytes") << "overwrite"
                                            << "notes.txt: bytes changed";
    QTest::newRow("touch") << "touch"
                           << "notes.txt: modified";
    QTest::newRow("chmod") << "chmod"
                           << "notes.txt: mode 0644 became 0666";
    QTest::newRow("new file") << "create"
                              << "new entry extra";
    QTest::newRow("unlink") << "unlink"
                            << "notes.txt is gone";
    QTest::newRow("replaced by a link") << "symlink"
                                        << "no longer the same kind";
    QTest::newRow("folder locked") << "lock"
                                   << "planted: mode 0755 became 0000";
}

void TestAttackHarness::plantedInputChanges() {
    QFETCH(QString, change);
    QFETCH(QString, seen);
    const AttackHarness harness;
    const Attack attack = parseAttack(
        "p.py", "# name: P\n# inputs: planted\n# expect: marker X\nprint('@INPUT_PATH@ @OUTPUTS_DIR@')\n");
    PreparedAttack real = harness.prepare(attack, false);
    const PreparedAttack control = harness.prepare(attack, true);
    QVERIFY(real.inputs && control.inputs);
    QVERIFY(real.code.find("/data/planted/notes.txt /tmp/outputs") != std::string::npos);
    QVERIFY(control.code.find("data/planted/notes.txt outputs") != std::string::npos);
    QVERIFY(real.inputs->hostPath() != control.inputs->hostPath()); // one folder per run
    const std::string folder = real.inputs->hostPath();
    const std::string file = folder + "/notes.txt";
    {
        std::ifstream in(file);
        std::string text;
        std::getline(in, text);
        QCOMPARE(text, real.inputs->marker());
        QVERIFY(text.starts_with("SANDBENCH-INPUT-"));
    }
    struct stat info {};
    QCOMPARE(::stat(folder.c_str(), &info), 0);
    QCOMPARE(info.st_mode & 07777, 0755u);
    QTest::qWait(20); // so a change within the same clock tick still moves the mtime
    if (change == "read") {
        std::ifstream in(file);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    } else if (change == "append") {
        std::ofstream(file, std::ios::app) << "more";
    } else if (change == "overwrite") {
        std::string other = real.inputs->marker() + "\n";
        other[0] = 'X';
        const std::filesystem::file_time_type before = std::filesystem::last_write_time(file);
        std::ofstream(file, std::ios::binary | std::ios::trunc) << other;
        std::filesystem::last_write_time(file, before); // only the bytes tell
    } else if (change == "touch") {
        std::filesystem::last_write_time(file, std::filesystem::file_time_type::clock::now() +
                                                   std::chrono::hours(1));
    } else if (change == "chmod") {
        QCOMPARE(::chmod(file.c_str(), 0666), 0);
    } else if (change == "create") {
        std::ofstream(folder + "/extra") << "x";
    } else if (change == "unlink") {
        QCOMPARE(::unlink(file.c_str()), 0);
    } else if (change == "symlink") {
        QCOMPARE(::unlink(file.c_str()), 0);
        QCOMPARE(::symlink("/etc/hostname", file.c_str()), 0);
    } else if (change == "lock") {
        QCOMPARE(::chmod(folder.c_str(), 0), 0);
    }
    const QString found = QString::fromStdString(real.inputs->changes());
    if (seen.isEmpty())
        QVERIFY2(found.isEmpty(), qPrintable(found));
    else
        QVERIFY2(found.contains(seen), qPrintable(found));
    QVERIFY(control.inputs->changes().empty()); // the other run's folder is its own
    const std::filesystem::path root = std::filesystem::path(folder).parent_path();
    real.inputs.reset();
    QVERIFY2(!std::filesystem::exists(root), root.c_str());
}

void TestAttackHarness::harnessCleansUp() {
    const int fdsBefore = countEntries("/proc/self/fd");
    const int threadsBefore = countEntries("/proc/self/task");
    std::filesystem::path folder;
    int port = 0;
    std::string homeSecret, variable;
    pid_t canary = 0;
    {
        const AttackHarness harness;
        folder = harness.folder();
        port = harness.servicePort();
        homeSecret = harness.homeSecretPath();
        variable = harness.canaryVariable();
        canary = harness.canaryPid();
        QVERIFY(std::filesystem::exists(harness.secretPath()));
        QCOMPARE(countEntries("/proc/self/task"), threadsBefore + 2); // the listener and the other services
        QCOMPARE(connectToLoopback(port), 0);
        QCOMPARE(connectToLoopback(port), 0);
        QTRY_COMPARE(harness.connectionsAccepted(), 2);
    }
    QVERIFY(!std::filesystem::exists(folder));
    QCOMPARE(connectToLoopback(port), ECONNREFUSED);
    QVERIFY(!std::filesystem::exists(homeSecret));
    QVERIFY(std::getenv(variable.c_str()) == nullptr);
    QCOMPARE(::kill(canary, 0), -1); // killed and reaped
    QCOMPARE(errno, ESRCH);
    QCOMPARE(countEntries("/proc/self/fd"), fdsBefore);
    QCOMPARE(countEntries("/proc/self/task"), threadsBefore);
}

namespace {

// One datagram to 127.0.0.1:port and its answer (empty after 2 s of silence).
std::string udpExchange(int port, const std::string& payload) {
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(static_cast<uint16_t>(port));
    timeval timeout{2, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    ::sendto(fd, payload.data(), payload.size(), 0, reinterpret_cast<const sockaddr*>(&address),
             sizeof address);
    char buffer[600];
    const ssize_t received = ::recv(fd, buffer, sizeof buffer, 0);
    ::close(fd);
    return received > 0 ? std::string(buffer, static_cast<size_t>(received)) : std::string();
}

std::string unixGreeting(const std::string& name, bool abstract) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path + (abstract ? 1 : 0), name.data(), name.size());
    const auto length = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + name.size() + 1);
    std::string greeting;
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), length) == 0) {
        char buffer[16];
        const ssize_t received = ::recv(fd, buffer, sizeof buffer, 0);
        if (received > 0)
            greeting.assign(buffer, static_cast<size_t>(received));
    }
    ::close(fd);
    return greeting;
}

std::string readFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

} // namespace

// Each target the extended suite aims at exists, holds the planted secret where it should, and answers
// as documented, so a BLOCKED elsewhere is the tier's doing.
void TestAttackHarness::harnessTargets() {
    const AttackHarness harness;
    const std::string secret = harness.secretValue();
    QCOMPARE(readFile(harness.homeSecretPath()), secret);
    QCOMPARE(std::string(std::getenv(harness.canaryVariable().c_str())), secret);
    const std::string canary = "/proc/" + std::to_string(harness.canaryPid());
    QCOMPARE(readFile(canary + "/comm"), harness.canaryProcessName() + "\n");
    QVERIFY(harness.canaryProcessName().size() <= 15);
    QVERIFY(readFile(canary + "/environ").find(harness.canaryVariable() + "=" + secret) != std::string::npos);

    const std::string filled = harness.fillPlaceholders(
        "@SECRET_PATH@ @HOME_SECRET_PATH@ @CANARY_ENV_NAME@ @CANARY_PROCESS_NAME@ @CANARY_PID@ "
        "@SERVICE_PORT@ "
        "@SERVICE_PORT6@ @UDP_PORT@ @UNIX_SOCKET_PATH@ @ABSTRACT_SOCKET_NAME@ @DNS_PORT@ @RUN_NAME@ "
        "@HOST_HOSTNAME@ @HOST_KERNEL@ @HOST_MEM_KB@ @HOST_CPU_MODEL@",
        "sbxrunname");
    QVERIFY2(!std::regex_search(filled, std::regex("@[A-Z0-9_]+@")), filled.c_str());
    QVERIFY(filled.find("sbxrunname") != std::string::npos);
    const PreparedAttack first =
        harness.prepare(parseAttack("a.py", "# name: A\n# expect: marker X\nprint('@RUN_NAME@')\n"));
    const PreparedAttack second =
        harness.prepare(parseAttack("a.py", "# name: A\n# expect: marker X\nprint('@RUN_NAME@')\n"));
    QVERIFY(first.runName != second.runName && first.runName.size() <= 15);
    QVERIFY(first.code.find(first.runName) != std::string::npos);

    const std::vector<std::string> words = [&] {
        std::vector<std::string> list;
        std::istringstream text(filled);
        for (std::string word; text >> word;)
            list.push_back(word);
        return list;
    }();
    const int udpPort = std::stoi(words[7]);
    QCOMPARE(udpExchange(udpPort, "ping 1"), std::string("ECHO ping 1"));
    QCOMPARE(unixGreeting(words[8], false), std::string("HELLO\n"));
    QCOMPARE(unixGreeting(words[9], true), std::string("HELLO\n"));

    // A hand-made A query for x1.exfil.test: answered with 127.0.0.1 under the same id, and logged.
    std::string query("\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00", 12);
    query += std::string("\x02"
                         "x1"
                         "\x05"
                         "exfil"
                         "\x04"
                         "test"
                         "\x00",
                         15) +
             std::string("\x00\x01\x00\x01", 4);
    const std::string answer = udpExchange(std::stoi(words[10]), query);
    QVERIFY(answer.size() >= query.size() + 16);
    QCOMPARE(answer.substr(0, 2), std::string("\x12\x34"));
    QVERIFY(static_cast<unsigned char>(answer[2]) & 0x80);
    QCOMPARE(answer.substr(answer.size() - 4), std::string("\x7f\x00\x00\x01", 4));
    QCOMPARE(harness.dnsQueries(), std::vector<std::string>{"x1.exfil.test"});
}

// A process and a file named after the run, and listeners of the run (one named after it, one that
// inherited its marker): all found, named and removed. A listener of some other program is none of them.
void TestAttackHarness::leftoversAreFoundAndRemoved() {
    const std::string runName = "sbxleft" + std::to_string(::getpid() % 100000);
    const ListenerBaseline baseline = takeListenerBaseline();
    QVERIFY(findLeftovers(runName, baseline, false).empty());

    QTemporaryDir folder;
    const std::string link = folder.filePath(QString::fromStdString(runName)).toStdString();
    QVERIFY(::symlink("/bin/sleep", link.c_str()) == 0);
    QProcess sleeper;
    sleeper.start(QString::fromStdString(link), {"30"});
    QVERIFY(sleeper.waitForStarted());
    const std::string file = "/tmp/" + runName + ".data";
    { std::ofstream(file) << "x"; }
    QProcess named, marked, unrelated;
    QVERIFY(startLoopbackListener(named, {QString::fromStdString(runName)}));
    QVERIFY(startLoopbackListener(marked, {},
                                  {QString(kRunMarkerVariable) + "=" + QString::fromStdString(runName)}));
    QVERIFY(startLoopbackListener(unrelated));

    const std::vector<std::string> found = findLeftovers(runName, baseline, true);
    QString all;
    for (const std::string& line : found)
        all += QString::fromStdString(line) + "\n";
    QVERIFY2(all.contains("process") && all.contains(QString::fromStdString(runName)), qPrintable(all));
    QVERIFY2(all.contains(QString::fromStdString(file)), qPrintable(all));
    QVERIFY2(
        all.contains(QString("held by process %1 (python3), named after the run").arg(named.processId())),
        qPrintable(all));
    QVERIFY2(
        all.contains(QString("held by process %1 (python3), started by the run").arg(marked.processId())),
        qPrintable(all));
    QVERIFY2(!all.contains(QString("process %1 ").arg(unrelated.processId())), qPrintable(all));
    QCOMPARE(all.count("listening socket"), 2);
    QVERIFY(sleeper.waitForFinished(3000)); // killed
    QVERIFY(named.waitForFinished(3000));
    QVERIFY(marked.waitForFinished(3000));
    QCOMPARE(unrelated.state(), QProcess::Running); // not the run's: left alone
    unrelated.kill();
    unrelated.waitForFinished();
    QVERIFY(!std::filesystem::exists(file));
}

// A loopback server the user starts mid-lab is no cell's leftover, on the host control or the subprocess
// tier, while a listener a control run leaves behind (out of its process group, not renamed) still is.
void TestAttackHarness::unrelatedListenerIsNoLeftover() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    const auto write = [&](const QString& name, const QByteArray& text) {
        QFile attack(folder.filePath(name));
        QVERIFY(attack.open(QIODevice::WriteOnly));
        attack.write(text);
    };
    write("a_first.py", "# name: First\n# expect: marker GOT\nprint('GOT')\n");
    // Double fork and setsid() leave the run's process group; the grandchild listens and waits, bounded.
    write("b_listening_survivor.py", R"(# name: Listening survivor
# expect: marker DETACHED
import os, socket, time
r, w = os.pipe()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        s.listen()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        os.chdir("/")
        os.write(w, b"%d" % os.getpid())
        for fd in (r, w, null):
            os.close(fd)
        time.sleep(30)
    os._exit(0)
os.close(w)
os.wait()
answer = b""
while chunk := os.read(r, 64):
    answer += chunk
print("DETACHED", answer.decode(), flush=True)
)");
    write("c_last.py", "# name: Last\n# expect: marker GOT\nprint('GOT')\n");
    const std::vector<Attack> suite = loadAttackSuite(folder.path().toStdString());
    QCOMPARE(suite.size(), std::size_t(3));

    const AttackHarness harness;
    LabOptions options;
    options.policy.timeoutSeconds = 5;
    std::vector<std::unique_ptr<QProcess>> unrelated;
    const auto killUnrelated = qScopeGuard([&unrelated] {
        for (const auto& listener : unrelated) {
            listener->kill();
            listener->waitForFinished();
        }
    });
    const auto lab = [&](Tier& tier) {
        return runAttackLab(tier, suite, harness, options, {}, [&](const LabProgress& progress) {
            if (progress.finished && progress.index == 0) {
                unrelated.push_back(std::make_unique<QProcess>());
                QVERIFY(startLoopbackListener(*unrelated.back()));
            }
        });
    };
    const auto leftoversOf = [](const AttackOutcome& outcome) {
        QStringList lines;
        for (const std::string& line : outcome.leftovers)
            lines << QString::fromStdString(line);
        return lines;
    };

    HostTier host;
    const LabReport onHost = lab(host);
    QCOMPARE(onHost.outcomes.size(), suite.size());
    QCOMPARE(unrelated.size(), std::size_t(1));
    QVERIFY2(onHost.outcomes[1].verdict == Verdict::Allowed, onHost.outcomes[1].evidence.c_str());
    const QString survivor =
        QString::fromStdString(onHost.outcomes[1].result.stdoutBytes).section(' ', 1).trimmed();
    QVERIFY2(survivor.toInt() > 0, qPrintable(survivor));
    const QStringList found = leftoversOf(onHost.outcomes[1]);
    QCOMPARE(found.size(), 1);
    QVERIFY2(found.front().startsWith("listening socket") &&
                 found.front().contains("held by process " + survivor + " (python3), started by the run"),
             qPrintable(found.join("; ")));
    const auto left =
        readProcessStatus(survivor.toInt()); // killed by the harness (a zombie if init never reaps)
    QVERIFY2(!left || left->state == 'Z', qPrintable(survivor));
    for (const std::size_t cell : {std::size_t(0), std::size_t(2)})
        QVERIFY2(onHost.outcomes[cell].leftovers.empty(),
                 qPrintable(leftoversOf(onHost.outcomes[cell]).join("; ")));
    QCOMPARE(unrelated.front()->state(), QProcess::Running); // still listening, never touched

    std::unique_ptr<Tier> subprocess(builtinTiers().create("subprocess"));
    if (!subprocess || !subprocess->probe().available)
        QSKIP("the subprocess tier is unavailable here");
    const LabReport sandboxed = lab(*subprocess);
    QCOMPARE(sandboxed.outcomes.size(), suite.size());
    QCOMPARE(unrelated.size(), std::size_t(2));
    for (const AttackOutcome& outcome : sandboxed.outcomes)
        QVERIFY2(outcome.leftovers.empty(),
                 qPrintable(QString::fromStdString(outcome.attack) + ": " + leftoversOf(outcome).join("; ")));
    for (const auto& listener : unrelated)
        QCOMPARE(listener->state(), QProcess::Running);
}

QTEST_GUILESS_MAIN(TestAttackHarness)
#include "tst_attack_harness.moc"
