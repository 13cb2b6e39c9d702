// The gVisor tier on Docker and on Podman: a program runs under the Sentry (its own kernel version, the
// platform named in every result), its result cannot be forged, the Sentry's limits and the host's memory
// cgroup stop it with evidence naming them, its CPU time is the host's account of the sandbox's cgroup (also
// when the timeout or Stop ended it), a warm pool serves runs, and nothing of a run outlives it. It fails
// closed without runsc or with a platform runsc does not have. An engine that cannot run gVisor here skips
// its rows with the probe's reason.

#include "support/container_rows.h"
#include "support/enum_name.h"
#include "tiers/gvisor/gvisor_tier.h"

#include <QTest>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <unistd.h>

using namespace sandbench;

using test_support::countProcessesNamed;
using test_support::nameOf;
using test_support::ScopedEnv;

class TestGvisorTier : public QObject, private test_support::ContainerRows {
    Q_OBJECT

    GvisorSettings gvisorSettings(int pool = 0) const {
        GvisorSettings chosen;
        chosen.container = settings(pool);
        return chosen;
    }

private Q_SLOTS:
    void init() { beginRow(); }
    void cleanup() {
        endRow();
        // The Sentry and its gofer are host processes of the run: none may outlive it.
        QTRY_COMPARE_WITH_TIMEOUT(countProcessesNamed("runsc-sandbox"), 0, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(countProcessesNamed("runsc-gofer"), 0, 10000);
    }

    void runsUnderTheSentry_data() { engineRows(); }
    void runsUnderTheSentry() {
        GvisorTier tier(gvisorSettings());
        if (!usable(tier))
            return;
        const ProbeResult probe = tier.probe();
        QVERIFY2(!probe.notes.empty() && probe.notes.front().find("platform ") != std::string::npos,
                 probe.notes.front().c_str());
        const RunResult result = run(tier, "import os, platform, sys\n"
                                           "print(platform.release(), os.getuid())\n"
                                           "print('to stderr', file=sys.stderr)\n"
                                           "sys.exit(4)\n");
        // The Sentry's own kernel answers uname, not the host's.
        QVERIFY2(result.stdoutBytes.rfind("4.4.0 ", 0) == 0, result.stdoutBytes.c_str());
        QCOMPARE(result.stderrBytes, std::string("to stderr\n"));
        QCOMPARE(result.exitCode, std::optional<int>(4));
        QCOMPARE(result.tier, std::string("gvisor"));
        QVERIFY2(result.platform == "ptrace" || result.platform == "kvm" || result.platform == "systrap",
                 result.platform.c_str());
        QVERIFY2(probe.notes.front().find("platform " + result.platform) != std::string::npos,
                 probe.notes.front().c_str());
        tier.settle();
    }

    void aProgramCannotForgeItsResult_data() { engineRows(); }
    void aProgramCannotForgeItsResult() {
        GvisorTier tier(gvisorSettings());
        if (!usable(tier))
            return;
        // The waiter's nonce from PID 1's memory, environment or descriptors, its output to write markers
        // into, its input to release it early, forged end markers, a signal to the waiter: the Sentry's own
        // ptrace access check must refuse each, as the host kernel does for runc.
        const RunResult result = run(tier, R"(import os, signal, sys, time
for path, mode in (('/proc/1/mem', 'rb'), ('/proc/1/environ', 'rb'), ('/proc/1/fd/0', 'rb'),
                   ('/proc/1/fd/1', 'wb'), ('/proc/1/fd/3', 'rb'), ('/proc/1/fd/3', 'wb')):
    try:
        open(path, mode).close()
        print('opened', path, mode)
    except OSError as error:
        print('DENIED open(' + path + ')', error.errno, file=sys.stderr)
try:
    os.kill(1, signal.SIGKILL)
    print('signalled the waiter')
except OSError as error:
    print('DENIED kill(1)', error.errno, file=sys.stderr)
os.write(1, b'\x00sandbench-end 0123456789abcdef0123456789abcdef\n')
os.write(2, b'\x00sandbench-end 0123456789abcdef0123456789abcdef 0 0 0 0\n')
time.sleep(2)
sys.exit(3)
)");
        // Unlike Linux, this Sentry (runsc 20221219) lets another uid open PID 1's environ and fd 0: they
        // hold the policy's variables and /dev/null, never the nonce, which lives only in the waiter's
        // memory.
        QVERIFY2(result.stdoutBytes.find("opened /proc/1/mem") == std::string::npos,
                 result.stdoutBytes.c_str());
        QVERIFY2(result.stderrBytes.find("DENIED open(/proc/1/mem)") != std::string::npos,
                 result.stderrBytes.c_str());
        // Its output and its input, which stays open as its release after the report, are refused too.
        QVERIFY2(result.stdoutBytes.find("opened /proc/1/fd/1") == std::string::npos,
                 result.stdoutBytes.c_str());
        QVERIFY2(result.stdoutBytes.find("opened /proc/1/fd/3") == std::string::npos,
                 result.stdoutBytes.c_str());
        QVERIFY2(result.stdoutBytes.find("signalled") == std::string::npos, result.stdoutBytes.c_str());
        // Look-alike markers come back as the program's bytes.
        QVERIFY2(result.stdoutBytes.find("sandbench-end") != std::string::npos, result.stdoutBytes.c_str());
        QCOMPARE(result.exitCode, std::optional<int>(3));
        QVERIFY2(result.wallSeconds >= 2, std::to_string(result.wallSeconds).c_str());
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
        tier.settle();
    }

    void limitsNameTheirLayer_data() {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("stoppedBy");
        QTest::addColumn<QString>("evidenceWord");
        for (const char* engine : {"docker", "podman"}) {
            QTest::addRow("%s memory", engine) << engine << "x = bytearray(512 << 20)\nprint(len(x))\n"
                                               << "memory_limit"
                                               << "whole gVisor sandbox";
            QTest::addRow("%s processes", engine)
                << engine
                << "import os, time\nfor i in range(100):\n    if os.fork() == 0:\n        time.sleep(5)\n"
                   "        os._exit(0)\n"
                << "process_limit"
                << "RLIMIT_NPROC in the gVisor Sentry";
            QTest::addRow("%s timeout", engine) << engine << "while True: pass\n"
                                                << "timeout"
                                                << "is gone";
        }
    }
    void limitsNameTheirLayer() {
        QFETCH(QString, code);
        QFETCH(QString, stoppedBy);
        QFETCH(QString, evidenceWord);
        GvisorTier tier(gvisorSettings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.timeoutSeconds = 3;
        policy.cpuSeconds = 30;
        const RunResult result = run(tier, code.toStdString(), policy);
        QCOMPARE(QString::fromUtf8(toString(result.stoppedBy).data()), stoppedBy);
        QVERIFY2(result.evidence.find(evidenceWord.toStdString()) != std::string::npos,
                 result.evidence.c_str());
        tier.settle();
    }

    // CPU time is the host's account of the sandbox's cgroup (the Sentry, the gofer and the program), read
    // before the container goes: it follows what the program did, also when the timeout or Stop ended it.
    void cpuTimeIsTheSandboxCgroups_data() {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<QString>("code");
        QTest::addColumn<double>("timeoutSeconds");
        QTest::addColumn<double>("stopAfterSeconds"); // 0: no Stop
        QTest::addColumn<double>("atLeast");
        QTest::addColumn<double>("below");
        QTest::addColumn<QString>("stoppedBy");
        // Busy until the Sentry has counted 1 s of the program's own CPU time, however busy the host is.
        const char* busySecond = "import time\nwhile time.process_time() < 1.0:\n    pass\n";
        const char* busyForever = "while True:\n    pass\n";
        for (const char* engine : {"docker", "podman"}) {
            QTest::addRow("%s busy loop", engine)
                << engine << busySecond << 30.0 << 0.0 << 0.7 << 1e9 << "none";
            QTest::addRow("%s sleep", engine) << engine << "import time\ntime.sleep(1)\n"
                                              << 30.0 << 0.0 << 0.0 << 0.5 << "none";
            QTest::addRow("%s timeout", engine)
                << engine << busyForever << 2.0 << 0.0 << 1.0 << 1e9 << "timeout";
            QTest::addRow("%s stop", engine)
                << engine << busyForever << 30.0 << 3.0 << 1.0 << 1e9 << "cancelled";
        }
    }
    void cpuTimeIsTheSandboxCgroups() {
        QFETCH(QString, code);
        QFETCH(double, timeoutSeconds);
        QFETCH(double, stopAfterSeconds);
        QFETCH(double, atLeast);
        QFETCH(double, below);
        QFETCH(QString, stoppedBy);
        GvisorTier tier(gvisorSettings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.timeoutSeconds = timeoutSeconds;
        policy.cpuSeconds = 60;
        std::stop_source stop;
        std::jthread stopper;
        if (stopAfterSeconds > 0)
            stopper = std::jthread([&stop, stopAfterSeconds](std::stop_token cancelled) {
                std::mutex mutex;
                std::condition_variable_any wake;
                std::unique_lock lock(mutex);
                wake.wait_for(lock, cancelled, std::chrono::duration<double>(stopAfterSeconds),
                              [] { return false; });
                if (!cancelled.stop_requested()) // the run is still going: the user presses Stop
                    stop.request_stop();
            });
        const RunResult result = run(tier, code.toStdString(), policy, stop.get_token());
        QCOMPARE(QString::fromUtf8(toString(result.stoppedBy).data()), stoppedBy);
        QVERIFY2(result.cpuSeconds, "CPU time not measured");
        const std::string seen = std::to_string(*result.cpuSeconds) + " s of CPU in " +
                                 std::to_string(result.wallSeconds) + " s: " + result.evidence;
        QVERIFY2(*result.cpuSeconds >= atLeast && *result.cpuSeconds < below, seen.c_str());
        qInfo("%s", seen.c_str());
        tier.settle();
    }

    // Threads, select(), a thread pool and a subprocess are everyday Python (numpy's OpenBLAS, pandas and
    // agent code start threads). runsc 20221219 reads the seccomp profile its own way (--oci-seccomp: the
    // Sentry's names, EPERM for every refusal), and the container tier's allow list read so refused clone3
    // and pselect6, so no thread started; the tier's own profile allows by default and refuses only what the
    // shared rules refuse on purpose, so clone3 reaches the Sentry, which says ENOSYS, and glibc falls back
    // to clone (README, gVisor tier).
    void threadsAndSelectWork_data() { engineRows(); }
    void threadsAndSelectWork() {
        GvisorTier tier(gvisorSettings());
        if (!usable(tier))
            return;
        const RunResult result = run(tier, R"(import select, subprocess, sys, threading
from concurrent.futures import ThreadPoolExecutor
thread = threading.Thread(target=print, args=('thread ran',))
thread.start()
thread.join()
with ThreadPoolExecutor(4) as pool:
    print('pool summed', sum(pool.map(lambda n: n * n, range(10))))
print('select ran', select.select([], [], [], 0))
child = subprocess.run([sys.executable, '-c', 'print(6 * 7)'], capture_output=True, text=True, check=True)
print('subprocess said', child.stdout.strip())
)");
        QCOMPARE(result.stderrBytes, std::string());
        QCOMPARE(result.stdoutBytes, std::string("thread ran\npool summed 285\nselect ran ([], [], [])\n"
                                                 "subprocess said 42\n"));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        tier.settle();
    }

    void aWarmPoolServesRuns_data() { engineRows(); }
    void aWarmPoolServesRuns() {
        GvisorTier tier(gvisorSettings(1));
        if (!usable(tier))
            return;
        QVERIFY(tier.waitUntilWarm(RunRequest{}, {}));
        const RunResult result = run(tier, "print(1)\n");
        QCOMPARE(result.stdoutBytes, std::string("1\n"));
        QVERIFY(result.warmStart);
        QVERIFY(!result.platform.empty());
        tier.setWarmPoolSize(0);
        tier.settle();
    }

    // Fails closed: without runsc the tier says what to install and runs nothing.
    void refusesWithoutRunsc_data() { engineRows(); }
    void refusesWithoutRunsc() {
        const ScopedEnv noRunsc("SANDBENCH_RUNSC", "/nonexistent/runsc");
        GvisorTier tier(gvisorSettings());
        const ProbeResult probe = tier.probe();
        QVERIFY(!probe.available);
        QVERIFY2(probe.reason.find("setup-gvisor-tier.sh") != std::string::npos, probe.reason.c_str());
        const RunResult result = run(tier, "print('ran')\n");
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::SetupFailure));
        QVERIFY(result.stdoutBytes.empty());
    }

    // ...and with a platform this runsc lacks or that is unknown, it names the choice to change.
    void refusesAPlatformItCannotUse_data() { engineRows(); }
    void refusesAPlatformItCannotUse() {
        GvisorSettings chosen = gvisorSettings();
        chosen.platform = "warp-drive";
        GvisorTier tier(chosen);
        const ProbeResult probe = tier.probe();
        QVERIFY(!probe.available);
        if (probe.reason.find("not usable") != std::string::npos ||
            probe.reason.find("not installed") != std::string::npos)
            QSKIP(probe.reason.c_str());
        QVERIFY2(probe.reason.find("unknown gVisor platform") != std::string::npos, probe.reason.c_str());
        QCOMPARE(nameOf(run(tier, "print('ran')\n").stoppedBy), nameOf(StopReason::SetupFailure));
    }
};

QTEST_GUILESS_MAIN(TestGvisorTier)
#include "tst_gvisor_tier.moc"
