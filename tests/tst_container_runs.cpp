// The container tier's runs, on Docker and on Podman: the probe's messages (what to install, a daemon
// that is down, how to build a missing image), the hardened run and the host identifiers it hides, the
// image's standard library, limits and their evidence, a timeout and a cancel that end the container. An
// engine that is not usable here skips its rows with the probe's reason; CI starts both.

#include "support/container_rows.h"
#include "support/enum_name.h"
#include "tiers/common/host_uid_block.h"
#include "tiers/container/container_tier.h"

#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <thread>

using namespace sandbench;

using test_support::labelledContainers;
using test_support::nameOf;
using test_support::ScopedEnv;

class TestContainerRuns : public QObject, private test_support::ContainerRows {
    Q_OBJECT

private Q_SLOTS:
    void init() { beginRow(); }
    void cleanup() { endRow(); }

    void probeSaysWhatToInstall() {
        const QTemporaryDir emptyPath;
        QVERIFY(emptyPath.isValid());
        const ScopedEnv path("PATH", emptyPath.path().toUtf8().constData());
        const struct {
            const char* engine;
            const char* mustSay;
        } cases[] = {{"docker", "apt install docker.io"},
                     {"podman", "apt install podman"},
                     {"auto", "no container engine is installed"}};
        for (const auto& each : cases) {
            ContainerSettings chosen;
            chosen.engine = each.engine;
            ContainerTier tier(chosen);
            const ProbeResult probe = tier.probe();
            QVERIFY(!probe.available);
            QVERIFY2(probe.reason.find(each.mustSay) != std::string::npos, probe.reason.c_str());
            // And a run refuses, with the same reason, instead of running anything.
            const RunResult result = run(tier, "print(1)\n");
            QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
            QVERIFY2(result.evidence.find(each.mustSay) != std::string::npos, result.evidence.c_str());
            QVERIFY(result.stdoutBytes.empty());
        }
    }

    void probeSaysTheDaemonIsDown() {
        if (QStandardPaths::findExecutable("docker").isEmpty())
            QSKIP("the docker CLI is not installed here");
        const ScopedEnv host("DOCKER_HOST", "unix:///nonexistent/sandbench-docker.sock");
        ContainerSettings chosen;
        chosen.engine = "docker";
        ContainerTier tier(chosen);
        const ProbeResult probe = tier.probe();
        QVERIFY(!probe.available);
        QVERIFY2(probe.reason.find("daemon is not running") != std::string::npos, probe.reason.c_str());
        QVERIFY2(probe.reason.find("systemctl start docker") != std::string::npos, probe.reason.c_str());
        QVERIFY2(probe.reason.find("DOCKER_HOST") != std::string::npos, probe.reason.c_str());
    }

    void probeSaysHowToBuildAMissingImage_data() { engineRows(); }
    void probeSaysHowToBuildAMissingImage() {
        ContainerSettings chosen = settings();
        {
            ContainerTier working(chosen);
            if (!usable(working))
                return;
        }
        chosen.image = "sandbench/no-such-image:0";
        ContainerTier tier(chosen);
        const ProbeResult probe = tier.probe();
        QVERIFY(!probe.available);
        QVERIFY2(probe.reason.find("image sandbench/no-such-image:0 not found") != std::string::npos,
                 probe.reason.c_str());
        QVERIFY2(probe.reason.find("scripts/build-container-image.sh") != std::string::npos,
                 probe.reason.c_str());
        // A run fails closed with the engine's own refusal and the same fix, never pulling from a registry.
        const RunResult result = run(tier, "print(1)\n");
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY2(result.evidence.find("build-container-image.sh") != std::string::npos,
                 result.evidence.c_str());
    }

    void runsTheProgramHardened_data() { engineRows(); }
    void runsTheProgramHardened() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        const RunResult result = run(tier, R"(import os, sys
print(os.getuid(), os.getgid())
print(open('/proc/self/status').read().split('CapEff:')[1].split()[0])
print(open('/proc/self/status').read().split('NoNewPrivs:')[1].split()[0])
print(os.getcwd(), sorted(os.listdir('/sys/class/net')))
try:
    open('/usr/evil', 'w')
except OSError as e:
    print('root', e.errno)
sys.stderr.write('to stderr\n')
sys.exit(3)
)");
        // As root, each container's program has a host uid of its own, from this process's block.
        const HostUidBlock& block = HostUidBlock::instance();
        const std::string firstLine = result.stdoutBytes.substr(0, result.stdoutBytes.find('\n'));
        const unsigned uid = static_cast<unsigned>(std::stoul(firstLine));
        if (block.available())
            QVERIFY2(uid > block.ownerUid() && uid <= block.ownerUid() + HostUidBlock::kRunSlots,
                     firstLine.c_str());
        else
            QCOMPARE(uid, kSharedProgramUid);
        QCOMPARE(result.stdoutBytes, firstLine + "\n0000000000000000\n1\n/tmp ['lo']\nroot 30\n");
        QCOMPARE(firstLine, std::to_string(uid) + " " + std::to_string(uid));
        QCOMPARE(result.stderrBytes, std::string("to stderr\n"));
        QCOMPARE(result.exitCode, std::optional<int>(3));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
        QVERIFY(!result.warmStart);
        QVERIFY(result.cpuSeconds > 0);
        tier.settle();
    }

    // What the host would otherwise tell a container: its id and the engine's cgroup paths, the host's
    // resolver, and (Podman, which can mask it) the host's boot id.
    void hidesHostIdentifiers_data() { engineRows(); }
    void hidesHostIdentifiers() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        QFile hostResolver("/etc/resolv.conf");
        QVERIFY(hostResolver.open(QIODevice::ReadOnly));
        QFile hostBootId("/proc/sys/kernel/random/boot_id");
        QVERIFY(hostBootId.open(QIODevice::ReadOnly));
        const std::string bootId = hostBootId.readAll().trimmed().toStdString();
        const RunResult result = run(tier, R"(def read(path):
    try:
        return open(path).read()
    except OSError as e:
        return 'refused %d' % e.errno
print(repr(read('/proc/self/cgroup')))
print(repr(read('/etc/resolv.conf')))
print(repr(read('/proc/sys/kernel/random/boot_id')))
)");
        QCOMPARE(result.exitCode, std::optional<int>(0));
        QVERIFY2(result.stdoutBytes.find("docker") == std::string::npos &&
                     result.stdoutBytes.find("libpod") == std::string::npos,
                 result.stdoutBytes.c_str());
        for (const QByteArray& line : hostResolver.readAll().split('\n')) {
            if (line.startsWith("nameserver") && !line.contains("127.0.0.1"))
                QVERIFY2(result.stdoutBytes.find(line.mid(11).trimmed().toStdString()) == std::string::npos,
                         result.stdoutBytes.c_str());
        }
        if (m_engine == "podman")
            QVERIFY2(result.stdoutBytes.find(bootId) == std::string::npos, result.stdoutBytes.c_str());
        tier.settle();
    }

    // Agent-written code expects the standard library that the other tiers' Python has, not
    // python3-minimal's subset (no json, decimal, sqlite3, statistics or ctypes there).
    void imageCarriesTheStandardLibrary_data() { engineRows(); }
    void imageCarriesTheStandardLibrary() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        const RunResult result = run(tier, R"(import ctypes, decimal, json, sqlite3, statistics
db = sqlite3.connect(':memory:')
db.execute('create table t (x)')
db.executemany('insert into t values (?)', [(1,), (2,), (6,)])
values = [row[0] for row in db.execute('select x from t')]
print(json.dumps({'mean': statistics.mean(values), 'third': str(decimal.Decimal(1) / 3)[:6]}))
print(ctypes.CDLL(None).getpid() == __import__('os').getpid())
)");
        QCOMPARE(QString::fromStdString(result.stderrBytes), QString());
        QCOMPARE(result.stdoutBytes, std::string("{\"mean\": 3, \"third\": \"0.3333\"}\nTrue\n"));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        tier.settle();
    }

    void limitsAndTheirEvidence_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("evidence");
        for (const char* engine : {"docker", "podman"}) {
            const QString e = engine;
            QTest::newRow(qPrintable(e + " memory"))
                << "b = bytearray(200 * 1024 * 1024)\nb[::4096] = b'x' * len(b[::4096])\n"
                << "memory_limit"
                << "OOM killer";
            QTest::newRow(qPrintable(e + " processes"))
                << "import os, time\nfor _ in range(50):\n    if os.fork() == 0:\n        time.sleep(2)\n    "
                   "    os._exit(0)\n"
                << "process_limit"
                << "pids cgroup";
            QTest::newRow(qPrintable(e + " tmpfs")) << "with open('/tmp/f', 'wb') as f:\n    for _ in "
                                                       "range(40):\n        f.write(b'x' * 1024 * 1024)\n"
                                                    << "disk_limit"
                                                    << "tmpfs";
            QTest::newRow(qPrintable(e + " read-only root")) << "open('/etc/evil', 'w')\n"
                                                             << "read_only_filesystem"
                                                             << "read-only container root";
            QTest::newRow(qPrintable(e + " network"))
                << "import socket\nsocket.create_connection(('127.0.0.1', 9), timeout=2)\n"
                << "no_network"
                << "--network none";
        }
    }
    void limitsAndTheirEvidence() {
        QFETCH(QString, code);
        QFETCH(QString, reason);
        QFETCH(QString, evidence);
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.memoryMb = 64;
        policy.processes = 8;
        policy.fileSizeMb = 64; // so the tmpfs, not the file-size limit, is what stops the write
        policy.workdirMb = 8;
        const RunResult result = run(tier, code.toStdString(), policy);
        const QByteArray context = QByteArray::fromStdString(result.summary() + " / " + result.stderrBytes);
        QCOMPARE(nameOf(result.stoppedBy), reason);
        QVERIFY2(QString::fromStdString(result.evidence).contains(evidence), context.constData());
        tier.settle();
    }

    void timeoutKillsTheContainerByName_data() { engineRows(); }
    void timeoutKillsTheContainerByName() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.timeoutSeconds = 1;
        // PID 1 ignores SIGTERM and the program ignores it too: only the engine's kill ends it.
        const RunResult result = run(tier,
                                     "import signal, time\nsignal.signal(signal.SIGTERM, "
                                     "signal.SIG_IGN)\nprint('up', flush=True)\nwhile True: time.sleep(1)\n",
                                     policy);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Timeout));
        QVERIFY(result.timedOut);
        QCOMPARE(result.stdoutBytes, std::string("up\n"));
        QVERIFY2(result.evidence.find("kill") != std::string::npos &&
                     result.evidence.find("is gone") != std::string::npos,
                 result.evidence.c_str());
        // Confirmed gone before the result came back, not merely asked to go.
        QCOMPARE(labelledContainers(m_engine), QStringList());
    }

    void cancelKillsTheContainer_data() { engineRows(); }
    void cancelKillsTheContainer() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.timeoutSeconds = 60;
        std::stop_source stopper;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            stopper.request_stop();
        });
        QElapsedTimer clock;
        clock.start();
        const RunResult result = run(tier, "import time\ntime.sleep(60)\n", policy, stopper.get_token());
        canceller.join();
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Cancelled));
        QCOMPARE(labelledContainers(m_engine), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestContainerRuns)
#include "tst_container_runs.moc"
