// The microVM tier, run for real: QEMU -M microvm with the guest image from scripts/build-guest-image.sh,
// under KVM where it truly works and TCG elsewhere. Output channels, exit statuses and signals, live
// streaming, each limit inside the guest, timeout and cancel, the warm pool, the probe's messages, and no
// QEMU process or VM folder left after any of it. Without QEMU or the image the tests skip with the probe's
// reason; CI installs both, so nothing is skipped there.

#include "process_census.h"
#include "support/temp_folder_watch.h"
#include "tiers/microvm/microvm_tier.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <thread>

using namespace sandbench;

namespace {

template <typename Enum> QString nameOf(Enum value) {
    return QString::fromUtf8(toString(value));
}

// QEMU's command name, as /proc/PID/comm shows it (cut to 15 characters).
constexpr const char* kQemuComm = "qemu-system-x86";

struct Chunk {
    Stream stream;
    std::string bytes;
    qint64 atMs;
};

// The pid of this process's QEMU child, or 0.
int qemuChildPid() {
    const QString parent = QString::number(::getpid());
    for (const QString& entry : QDir("/proc").entryList(QDir::Dirs)) {
        QFile file("/proc/" + entry + "/status");
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray status = file.readAll();
        if (status.contains(QByteArray("Name:\t") + kQemuComm + "\n") &&
            status.contains("PPid:\t" + parent.toUtf8() + "\n"))
            return entry.toInt();
    }
    return 0;
}

// /proc/PID/status of this process's QEMU child, or empty.
std::string qemuChildStatus() {
    const int pid = qemuChildPid();
    QFile file(QStringLiteral("/proc/%1/status").arg(pid));
    return pid > 0 && file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

} // namespace

class TestMicrovmTier : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<MicrovmTier> m_tier;
    ProbeResult m_probe;
    std::optional<test_support::TempFolderWatch> m_vmFolders; // since the test began

    RunResult run(const std::string& code, Policy policy = {}, std::stop_token stop = {},
                  const OutputSink& sink = {}) {
        RunRequest request;
        request.code = code;
        request.policy = std::move(policy);
        return m_tier->run(request, sink, stop);
    }

    static std::string notes(const ProbeResult& probe) {
        std::string text;
        for (const auto& note : probe.notes)
            text += note + "\n";
        return text;
    }

private Q_SLOTS:
    void initTestCase() {
        m_tier = std::make_unique<MicrovmTier>();
        m_probe = m_tier->probe();
        if (!m_probe.available)
            QSKIP(("the microvm tier is not usable here: " + m_probe.reason).c_str());
    }

    void init() { m_vmFolders.emplace(QStringList{"sandbench-vm-*"}); }

    // After every test: no QEMU process and no VM folder of the test's is left.
    void cleanup() {
        QTRY_COMPARE_WITH_TIMEOUT(test_support::countChildrenNamed(kQemuComm), 0, 5000);
        QCOMPARE(m_vmFolders->leftSince(), QStringList());
    }

    void probeSaysWhichAcceleratorRuns() {
        const std::string text = notes(m_probe);
        QVERIFY2(text.find("accelerator: KVM") != std::string::npos ||
                     text.find("accelerator: TCG emulation: ") != std::string::npos,
                 text.c_str());
        // And every result says the same.
        const RunResult result = run("print(1)\n");
        QCOMPARE(result.stdoutBytes, std::string("1\n"));
        const bool kvm = text.find("accelerator: KVM") != std::string::npos;
        QCOMPARE(result.accelerator, std::string(kvm ? "kvm" : "tcg"));
        // The reason KVM was not used is in the note ("/dev/kvm is missing") or, when it is QEMU's own
        // words (an assertion dump), in the details behind the one-line note.
        if (!kvm)
            QVERIFY2(text.find("TCG emulation: ") != std::string::npos &&
                         (text + m_probe.details).find("kvm") != std::string::npos,
                     (text + " / " + m_probe.details).c_str());
        for (const std::string& note : m_probe.notes) // no raw tool output in a note
            QVERIFY2(note.find("QEMU:") == std::string::npos && note.find("Assertion") == std::string::npos,
                     note.c_str());
    }

    void forcedTcgRunsUnderTcg() {
        MicrovmSettings settings = MicrovmSettings::fromEnvironment();
        settings.accelerator = "tcg";
        MicrovmTier tcg(settings);
        const ProbeResult probe = tcg.probe();
        QVERIFY2(probe.available, probe.reason.c_str());
        RunRequest request;
        request.code = "import platform\nprint(platform.release())\n";
        const RunResult result = tcg.run(request, {}, {});
        QCOMPARE(result.accelerator, std::string("tcg"));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        // The guest's own kernel, not the host's.
        QVERIFY2(!result.stdoutBytes.empty(), result.summary().c_str());
    }

    void probeSaysHowToBuildAMissingImage() {
        const QTemporaryDir empty;
        MicrovmSettings settings;
        settings.guestFolder = empty.path().toStdString();
        MicrovmTier tier(settings);
        const ProbeResult probe = tier.probe();
        QVERIFY(!probe.available);
        QVERIFY2(probe.reason.find("scripts/build-guest-image.sh") != std::string::npos,
                 probe.reason.c_str());
        RunRequest request;
        request.code = "print(1)\n";
        const RunResult result = tier.run(request, {}, {});
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY(result.stdoutBytes.empty());

        settings = MicrovmSettings::fromEnvironment();
        settings.qemu = "/nonexistent/qemu-system-x86_64";
        MicrovmTier noQemu(settings);
        const ProbeResult noQemuProbe = noQemu.probe();
        QVERIFY(!noQemuProbe.available);
        QVERIFY2(noQemuProbe.reason.find("apt install qemu-system-x86") != std::string::npos,
                 noQemuProbe.reason.c_str());
    }

    void separatesStreamsAndKeepsBytes() {
        const RunResult result = run(R"(import os, sys
os.write(1, b'out \xff\xfe\x00 raw\n')
os.write(2, b'err \xc3\x28\n')
print('caf\u00e9')
sys.exit(3)
)");
        static const char expected[] = "out \xff\xfe\0 raw\ncaf\xc3\xa9\n";
        QCOMPARE(result.stdoutBytes, std::string(expected, sizeof expected - 1));
        QCOMPARE(result.stderrBytes, std::string("err \xc3\x28\n"));
        QCOMPARE(result.exitCode, std::optional<int>(3));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
    }

    void reportsASignal() {
        const RunResult result = run("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n");
        QCOMPARE(result.termSignal, std::optional<int>(SIGKILL));
        QVERIFY(!result.exitCode);
    }

    void runsAsNobodyInItsOwnKernel() {
        const RunResult result = run(R"(import os, socket
print(os.getuid(), os.getgid(), os.getcwd())
print(sorted(n for n in os.listdir('/sys/class/net')))
print(os.path.exists('/root'), os.environ.get('HOME'), sorted(os.environ))
)");
        QVERIFY2(result.stdoutBytes.rfind("65534 65534 /tmp\n", 0) == 0, result.stdoutBytes.c_str());
        // No network device at all; only what the policy's environment names.
        QVERIFY2(result.stdoutBytes.find("'eth") == std::string::npos, result.stdoutBytes.c_str());
        QVERIFY2(result.stdoutBytes.find(
                     "['LANG', 'MPLBACKEND', 'MPLCONFIGDIR', 'PATH', 'XDG_CACHE_HOME']") != std::string::npos,
                 result.stdoutBytes.c_str());
    }

    void streamsLive() {
        std::vector<Chunk> chunks;
        QElapsedTimer clock;
        clock.start();
        const RunResult result =
            run("import time\nprint('first', flush=True)\ntime.sleep(1.5)\nprint('second')\n", {}, {},
                [&](Stream stream, std::string_view bytes) {
                    chunks.push_back({stream, std::string(bytes), clock.elapsed()});
                });
        QCOMPARE(result.stdoutBytes, std::string("first\nsecond\n"));
        // "first\n" (print writes the text and the newline separately) arrived while the program still slept.
        std::string seen;
        qint64 firstAtMs = -1;
        for (const Chunk& chunk : chunks) {
            seen += chunk.bytes;
            if (firstAtMs < 0 && seen.find("first\n") != std::string::npos)
                firstAtMs = chunk.atMs;
        }
        QVERIFY(firstAtMs >= 0);
        QVERIFY2(seen.find("second") == std::string::npos || seen.find("first\n") < seen.find("second"),
                 seen.c_str());
        QVERIFY2(clock.elapsed() - firstAtMs >= 1000,
                 qPrintable(QString("first at %1 ms of %2").arg(firstAtMs).arg(clock.elapsed())));
    }

    void limitsInsideTheGuest_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("evidence");
        QTest::newRow("memory") << "b = bytearray(512 * 1024 * 1024)\n"
                                << "memory_limit"
                                << "guest RLIMIT_AS";
        QTest::newRow("processes") << "import os, time\nfor _ in range(100):\n    if os.fork() == 0:\n       "
                                      " time.sleep(3)\n        os._exit(0)\n"
                                   << "process_limit"
                                   << "guest RLIMIT_NPROC";
        QTest::newRow("file size") << "open('/tmp/big', 'wb').write(b'x' * 5 * 1024 * 1024)\n"
                                   << "file_size_limit"
                                   << "guest RLIMIT_FSIZE";
        QTest::newRow("tmpfs")
            << "for i in range(40):\n    open(f'/tmp/f{i}', 'wb').write(b'x' * 1024 * 1024)\n"
            << "disk_limit"
            << "tmpfs /tmp in the guest";
        // A file every host of this tier has and the guest's root (Debian's, with an /etc/shadow of its own)
        // does not: QEMU itself.
        QTest::newRow("host files") << "print(open('/usr/bin/qemu-system-x86_64', 'rb').read(4))\n"
                                    << "filesystem_hidden"
                                    << "own root filesystem";
        QTest::newRow("network") << "import socket\nsocket.create_connection(('10.0.2.2', 80), timeout=3)\n"
                                 << "no_network"
                                 << "-nic none";
    }
    void limitsInsideTheGuest() {
        QFETCH(QString, code);
        QFETCH(QString, reason);
        QFETCH(QString, evidence);
        Policy policy;
        policy.workdirMb = 16;
        policy.fileSizeMb = 1;
        const RunResult result = run(code.toStdString(), policy);
        const QByteArray context = QByteArray::fromStdString(result.summary() + " / " + result.stderrBytes);
        QCOMPARE(nameOf(result.stoppedBy), reason);
        QVERIFY2(QString::fromStdString(result.evidence).contains(evidence), context.constData());
    }

    void timeoutKillsTheVm() {
        Policy policy;
        policy.timeoutSeconds = 1.5;
        // Well above the wall clock: under TCG the guest's CPU accounting can run ahead of the host's
        // clock, and the default (2 + 1 s) sometimes ended the loop first (see README, microVM).
        policy.cpuSeconds = 30;
        QElapsedTimer clock;
        clock.start();
        const RunResult result = run("print('up', flush=True)\nwhile True:\n    pass\n", policy);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Timeout));
        QVERIFY(result.timedOut);
        QCOMPARE(result.stdoutBytes, std::string("up\n"));
        QVERIFY2(result.evidence.find("QEMU process was killed") != std::string::npos,
                 result.evidence.c_str());
        QCOMPARE(test_support::countChildrenNamed(kQemuComm), 0); // reaped before the result came back
    }

    void cancelKillsTheVm() {
        Policy policy;
        policy.timeoutSeconds = 60;
        std::stop_source stopper;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::seconds(2));
            stopper.request_stop();
        });
        QElapsedTimer clock;
        clock.start();
        const RunResult result = run("import time\ntime.sleep(60)\n", policy, stopper.get_token());
        canceller.join();
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Cancelled));
        QCOMPARE(test_support::countChildrenNamed(kQemuComm), 0);
    }

    void warmPoolHandsOverABootedVm() {
        MicrovmTier tier(MicrovmSettings::fromEnvironment());
        tier.setWarmPoolSize(1);
        RunRequest request;
        request.code = "import os\nprint(os.path.exists('/tmp/mark'))\nopen('/tmp/mark', 'w')\n";
        QVERIFY(tier.waitUntilWarm(request, {}));
        QCOMPARE(test_support::countChildrenNamed(kQemuComm), 1); // the waiting VM
        const std::string status = qemuChildStatus();
        QVERIFY2(status.find("NoNewPrivs:\t1") != std::string::npos, status.c_str());
        // QEMU's own seccomp filter (-sandbox on) is loaded, and it holds no capability.
        QVERIFY2(status.find("Seccomp:\t2") != std::string::npos, status.c_str());
        QVERIFY2(status.find("CapEff:\t0000000000000000") != std::string::npos, status.c_str());
        if (::geteuid() == 0) {
            // Started by root, it runs as an unprivileged uid of its own with an empty bounding set.
            const std::string uid = std::to_string(kQemuUid);
            QVERIFY2(status.find("Uid:\t" + uid + "\t" + uid + "\t" + uid + "\t" + uid) != std::string::npos,
                     status.c_str());
            QVERIFY2(status.find("CapBnd:\t0000000000000000") != std::string::npos, status.c_str());
        }
        // Jailed, as Firecracker's jailer does: namespaces of its own, PID 1 in its PID namespace, a root
        // holding only the system folders, its devices and its /proc, and no network interface but lo.
        const int qemu = qemuChildPid();
        QVERIFY(qemu > 0);
        for (const char* ns : {"mnt", "pid", "net", "ipc", "uts"}) {
            const QString ours = QFile::symLinkTarget(QStringLiteral("/proc/self/ns/%1").arg(ns));
            const QString its = QFile::symLinkTarget(QStringLiteral("/proc/%1/ns/%2").arg(qemu).arg(ns));
            QVERIFY2(!its.isEmpty() && its != ours, qPrintable(QString(ns) + ": " + its));
        }
        QVERIFY2(status.find("\nNSpid:\t" + std::to_string(qemu) + "\t1\n") != std::string::npos,
                 status.c_str());
        const QStringList visible = QDir(QStringLiteral("/proc/%1/root").arg(qemu))
                                        .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
        for (const QString& name : visible)
            QVERIFY2(
                QStringList({"bin", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "sbin", "usr"})
                    .contains(name),
                qPrintable(visible.join(' ')));
        QVERIFY2(!visible.contains("home") && !visible.contains("tmp") && visible.contains("usr"),
                 qPrintable(visible.join(' ')));
        QStringList devices = QDir(QStringLiteral("/proc/%1/root/dev").arg(qemu))
                                  .entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
        devices.removeAll("kvm");
        QCOMPARE(devices, QStringList({"null", "urandom"}));
        QFile interfaces(QStringLiteral("/proc/%1/net/dev").arg(qemu));
        QVERIFY(interfaces.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = interfaces.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 3); // two header lines and lo
        QVERIFY2(lines.last().trimmed().startsWith("lo:"), lines.last().constData());

        QElapsedTimer clock;
        clock.start();
        const RunResult first = tier.run(request, {}, {});
        const qint64 warmMs = clock.elapsed();
        QVERIFY(first.warmStart);
        QCOMPARE(first.stdoutBytes, std::string("False\n"));
        QVERIFY(tier.waitUntilWarm(request, {}));
        const RunResult second = tier.run(request, {}, {});
        QVERIFY(second.warmStart);
        QCOMPARE(second.stdoutBytes, std::string("False\n")); // a fresh VM: nothing carried over
        qInfo("warm run: %lld ms", warmMs);
        tier.setWarmPoolSize(0);
        // A replacement may still be booting under TCG (seconds): it is ended once it is up.
        QTRY_COMPARE_WITH_TIMEOUT(test_support::countChildrenNamed(kQemuComm), 0, 15000);
    }

    // Inputs are copied in at hand-over, so a warm VM booted before the file changed shows it as it is at
    // the run. /data is a read-only tmpfs of root's files; every port device is root's 0600, so the program
    // can neither read the inputs' channel nor forge the status or an artifact.
    void warmVmGetsInputsAtHandOver() {
        QTemporaryDir host;
        QVERIFY(host.isValid());
        const std::string input = host.filePath("table.csv").toStdString();
        const auto writeInput = [&input](const char* text) {
            QFile file(QString::fromStdString(input));
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(text);
        };
        writeInput("a,b\n1,2\n");
        MicrovmTier tier(MicrovmSettings::fromEnvironment());
        tier.setWarmPoolSize(1);
        RunRequest request;
        request.policy.inputs = {input};
        request.code = R"(import os
print(open('/data/table.csv').read().replace('\n', ';'))
info = os.stat('/data/table.csv')
print('owner', info.st_uid, oct(info.st_mode & 0o777))
print([line.split()[3].split(',')[0] for line in open('/proc/mounts') if line.split()[1] == '/data'])
for path in ('/data/table.csv', '/data/new'):
    try:
        open(path, 'a').write('x')
        print('WROTE', path)
    except OSError as error:
        print('refused', error.errno)
ports = sorted(name for name in os.listdir('/dev') if name.startswith('vport'))
print('ports', len(ports))
for name in ports:
    info = os.stat('/dev/' + name)
    print('port', info.st_uid, oct(info.st_mode & 0o777))
    try:
        os.open('/dev/' + name, os.O_RDWR | os.O_NONBLOCK)
        print('OPENED', name)
    except OSError:
        pass
open('/tmp/outputs/copy.csv', 'wb').write(open('/data/table.csv', 'rb').read())
)";
        QVERIFY(tier.waitUntilWarm(request, {}));
        writeInput("a,b\n3,4\n"); // after the warm VM booted
        QElapsedTimer clock;
        clock.start();
        const RunResult result = tier.run(request, {}, {});
        qInfo("warm run with an input and an artifact: %lld ms", clock.elapsed());
        const std::string out = result.stdoutBytes;
        QVERIFY2(result.succeeded() && result.warmStart,
                 (result.summary() + " " + result.stderrBytes).c_str());
        QVERIFY2(out.rfind("a,b;3,4;\nowner 0 0o444\n['ro']\nrefused 30\nrefused 30\nports 7\n", 0) == 0,
                 out.c_str());
        QVERIFY2(out.find("OPENED") == std::string::npos, out.c_str());
        for (std::size_t at = out.find("port "); at != std::string::npos; at = out.find("port ", at + 1))
            QVERIFY2(out.compare(at, 13, "port 0 0o600\n") == 0, out.c_str());
        QCOMPARE(result.artifacts.size(), std::size_t(1));
        QCOMPARE(result.artifacts.front().bytes, std::string("a,b\n3,4\n"));
        QCOMPARE(result.artifacts.front().type, std::string("text/csv"));
        tier.setWarmPoolSize(0);
        QTRY_COMPARE_WITH_TIMEOUT(test_support::countChildrenNamed(kQemuComm), 0, 15000);
    }

    // /data is a tmpfs of inputs_mb + 16 MB, and a small file takes a whole page there: inputs within
    // inputs_mb that still do not fit refuse the run in the guest's own words, at once, not at a deadline.
    void inputsThatDoNotFitRefuseTheRun() {
        QTemporaryDir host;
        QVERIFY(host.isValid());
        QVERIFY(QDir(host.path()).mkpath("many"));
        for (int i = 0; i < 6000; ++i) {
            QFile file(host.filePath(QStringLiteral("many/%1").arg(i)));
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("x");
        }
        Policy policy;
        policy.inputs = {host.filePath("many").toStdString()};
        policy.inputsMb = 1; // 6000 bytes, but 6000 pages (23 MB) in the guest
        QElapsedTimer clock;
        clock.start();
        const RunResult result = run("print('RAN')\n", policy);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY2(result.evidence.find("could not unpack its inputs") != std::string::npos &&
                     result.evidence.find("space") != std::string::npos,
                 result.evidence.c_str());
        QVERIFY(result.stdoutBytes.empty());
        QVERIFY2(clock.elapsed() < 60000, qPrintable(QString::number(clock.elapsed())));
    }

    // A 1 GB sparse file and 10,000 files cost the guest a stat and a count, not a read of either: the run
    // takes about as long as an empty one.
    void floodsOfArtifactsStayCheap() {
        QElapsedTimer clock;
        clock.start();
        QVERIFY(run("pass\n").succeeded());
        const qint64 emptyMs = clock.elapsed();
        Policy policy;
        policy.fileSizeMb = 2048;
        policy.workdirMb = 200; // inodes for 10,000 files
        policy.artifactsMax = 5;
        clock.restart();
        const RunResult result = run(R"(
f = open('/tmp/outputs/0-sparse', 'wb')
f.truncate(2**30)
f.close()
for i in range(10000):
    open('/tmp/outputs/f%05d' % i, 'w').close()
)",
                                     policy);
        const qint64 floodMs = clock.elapsed();
        qInfo("empty run %lld ms, flooded run %lld ms", emptyMs, floodMs);
        std::string dropped;
        for (const std::string& line : result.artifactsDropped)
            dropped += line + "\n";
        QVERIFY2(result.succeeded(), (result.summary() + dropped).c_str());
        QCOMPARE(result.artifacts.size(), std::size_t(5));
        QVERIFY2(dropped.rfind("0-sparse: 1024.0 MB", 0) == 0, dropped.c_str());
        QVERIFY2(dropped.find("artifacts_max") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("more files") != std::string::npos, result.artifactsDropped.back().c_str());
        // Generous (TCG on a shared machine); reading the sparse file alone would take far longer.
        QVERIFY2(floodMs < emptyMs + 15000, qPrintable(QString::number(floodMs)));
    }
};

QTEST_GUILESS_MAIN(TestMicrovmTier)
#include "tst_microvm_tier.moc"
