// The hardened subprocess tier's limits, run for real: the working folder capped as a whole, memory
// bounded across a run's processes and its socket buffers by the run's cgroup, the CPU limit, and an
// ordinary user's run going ahead with the missing cgroup shown.
// Skips (with the reason) only where the host cannot create user namespaces; CI's machine can, so nothing
// is skipped there.

#include "support/enum_name.h"
#include "support/subprocess_rows.h"
#include "tiers/subprocess/run_cgroup.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTest>
#include <csignal>
#include <unistd.h>

using namespace sandbench;

using test_support::nameOf;

namespace {

// `children` processes that each allocate and touch `megabytes`, then wait to be released: prints how many
// held theirs at the same time. Ends early once a child has died (an OOM kill), so a stopped run is quick.
std::string spreadProgram(int children, int megabytes) {
    return "import os, select, time\n"
           "N, MB = " +
           std::to_string(children) + ", " + std::to_string(megabytes) +
           "\n"
           "report_r, report_w = os.pipe()\n"
           "release_r, release_w = os.pipe()\n"
           "pids = []\n"
           "for _ in range(N):\n"
           "    pid = os.fork()\n"
           "    if pid == 0:\n"
           "        os.close(release_w)\n"
           "        block = b'\\x01' * (MB << 20)\n"
           "        os.write(report_w, b'H')\n"
           "        select.select([release_r], [], [], 20)\n"
           "        os._exit(0)\n"
           "    pids.append(pid)\n"
           "os.close(report_w)\n"
           "held, died, deadline = 0, False, time.monotonic() + 20\n"
           "while held < N and not died and time.monotonic() < deadline:\n"
           "    if select.select([report_r], [], [], 0.1)[0]:\n"
           "        held += len(os.read(report_r, 16))\n"
           "    died = any(os.waitpid(pid, os.WNOHANG)[0] for pid in pids)\n"
           "print('held', held, flush=True)\n"
           "os.close(release_w)\n"
           "for pid in pids:\n"
           "    try:\n"
           "        os.waitpid(pid, 0)\n"
           "    except ChildProcessError:\n"
           "        pass\n";
}

} // namespace

class TestSubprocessLimits : public QObject, private test_support::SubprocessRows {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { skipWithoutTier(); }

    void workingFolderIsCappedAsAWhole() {
        // Many files, each under the 1 MB file-size limit, together over the 4 MB folder: ENOSPC.
        Policy policy;
        policy.workdirMb = 4;
        const RunResult result =
            run("for i in range(16):\n    open(f'f{i}', 'wb').write(b'x' * 900_000)\n", policy);
        QCOMPARE(result.exitCode, std::optional<int>(1));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::DiskLimit));
        QVERIFY2(result.evidence.find("ENOSPC") != std::string::npos, result.evidence.c_str());
    }

    // Per-process limits are no bound on a run: four processes of 200 MB each stay under a 256 MB RLIMIT_AS.
    // The run's memory cgroup holds all of them to the policy's 256 MB together; two of 60 MB fit.
    void memoryIsBoundedAcrossProcesses_data() {
        QTest::addColumn<int>("children");
        QTest::addColumn<int>("megabytes");
        QTest::addColumn<bool>("stopped");
        QTest::newRow("4 x 200 MB under 256 MB: stopped by the memory cgroup") << 4 << 200 << true;
        QTest::newRow("2 x 60 MB under 256 MB: runs") << 2 << 60 << false;
    }

    void memoryIsBoundedAcrossProcesses() {
        QFETCH(int, children);
        QFETCH(int, megabytes);
        QFETCH(bool, stopped);
        if (stopped)
            skipWithoutRunCgroups();
        Policy policy;
        policy.timeoutSeconds = 30;
        const RunResult result = run(spreadProgram(children, megabytes), policy);
        const std::string what = result.summary() + "\n" + result.stdoutBytes + result.stderrBytes;
        if (!stopped) {
            QCOMPARE(result.stdoutBytes, "held " + std::to_string(children) + "\n");
            QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
            QCOMPARE(result.exitCode, std::optional<int>(0));
            // The peak is all of them together, not one process's RSS.
            QVERIFY2(result.peakMemoryKb.value_or(0) > children * megabytes * 1024L, what.c_str());
            return;
        }
        QVERIFY2(result.stdoutBytes != "held " + std::to_string(children) + "\n", what.c_str());
        QVERIFY(!result.timedOut);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::MemoryLimit));
        QVERIFY2(result.evidence.find("the run's memory cgroup (256 MB for all its processes") !=
                     std::string::npos,
                 result.evidence.c_str());
        QVERIFY2(result.evidence.find("OOM killer ended") != std::string::npos, result.evidence.c_str());
    }

    // Socket buffers are kernel memory, not address space: RLIMIT_AS never sees them. Unix socket pairs
    // are charged to the run's memory cgroup as kernel memory; TCP buffers (with network on, over the host's
    // loopback) to cgroup v1's separate TCP counter, capped at a quarter of the memory limit, or to
    // memory.max on v2. 400 MB are attempted under a 256 MB policy; what the program could queue is printed.
    void socketBuffersCountAgainstTheRunsMemory_data() {
        QTest::addColumn<bool>("tcp");
        QTest::newRow("Unix socket pairs") << false;
        QTest::newRow("loopback TCP, network on") << true;
    }

    void socketBuffersCountAgainstTheRunsMemory() {
        QFETCH(bool, tcp);
        skipWithoutRunCgroups();
        const std::string code =
            std::string("import socket\n") +
            (tcp ? "listener = socket.socket()\nlistener.bind(('127.0.0.1', 0))\nlistener.listen(200)\n"
                   "def pair():\n"
                   "    a = socket.create_connection(listener.getsockname(), timeout=2)\n"
                   "    b, _ = listener.accept()\n"
                   "    b.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)\n"
                   "    return a, b\n"
                 : "def pair():\n"
                   "    a, b = socket.socketpair()\n"
                   "    a.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)\n"
                   "    return a, b\n") +
            "held, queued, chunk = [], 0, b'q' * 65536\n"
            "while queued < 400 << 20 and len(held) < 200:\n"
            "    a, b = pair()\n"
            "    held += [a, b]\n"
            "    a.setblocking(False)\n"
            "    added = 0\n"
            "    while queued + added < 400 << 20:\n"
            "        try:\n"
            "            added += a.send(chunk)\n"
            "        except BlockingIOError:\n"
            "            break\n"
            "    queued += added\n"
            "    if added < len(chunk):\n"
            "        break\n"
            "print('queued', queued >> 20, flush=True)\n";
        Policy policy;
        policy.timeoutSeconds = 30;
        policy.network = tcp;
        const RunResult result = run(code, policy);
        const std::string what = result.summary() + "\n" + result.stdoutBytes + result.stderrBytes;
        QVERIFY2(!result.timedOut, what.c_str());
        int queuedMb = -1;
        if (result.stdoutBytes.starts_with("queued "))
            queuedMb = std::stoi(result.stdoutBytes.substr(7));
        if (!tcp) {
            // The pairs' buffers are kernel memory, charged to the cgroup: its OOM killer ends the program,
            // whose own RSS stays small.
            QVERIFY2(queuedMb < 256, what.c_str());
            QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::MemoryLimit));
            QVERIFY2(result.evidence.find("the run's memory cgroup") != std::string::npos, what.c_str());
        } else {
            // The TCP counter turns sends away (EAGAIN) at its limit: 64 MB, plus what the kernel lets
            // every new socket queue regardless.
            QVERIFY2(queuedMb >= 0 && queuedMb < 128, what.c_str());
        }
    }

    void cpuLimitStopsABusyLoop() {
        Policy policy;
        policy.timeoutSeconds = 10;
        policy.cpuSeconds = 1;
        const RunResult result = run("while True: pass\n", policy);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::CpuLimit));
        QVERIFY(!result.timedOut);
        QVERIFY(result.termSignal == SIGKILL || result.termSignal == SIGXCPU);
        QVERIFY(result.wallSeconds < 5);
    }

    // As an ordinary user on cgroup v1 (this machine's) the host gives no cgroup: the tier still runs,
    // bounded per process, and says so. Run as root, the test runs itself again as nobody for this one
    // function.
    void ordinaryUserRunsWithTheMissingCgroupShown() {
        if (::geteuid() == 0) {
            QProcess self;
            self.setProcessChannelMode(QProcess::MergedChannels);
            self.start("setpriv", {"--reuid=nobody", "--regid=nogroup", "--clear-groups", "--",
                                   QCoreApplication::applicationFilePath(),
                                   "ordinaryUserRunsWithTheMissingCgroupShown"});
            QVERIFY(self.waitForFinished(60000));
            const QByteArray output = self.readAll();
            QVERIFY2(self.exitStatus() == QProcess::NormalExit && self.exitCode() == 0, output.constData());
            QVERIFY2(
                output.contains("PASS   : TestSubprocessLimits::ordinaryUserRunsWithTheMissingCgroupShown()"),
                output.constData());
            return;
        }
        std::string notes;
        for (const auto& note : m_tier.probe().notes)
            notes += note + "\n";
        if (hostGivesRunCgroups()) // a delegated cgroup v2 subtree: then runs have their cgroup
            QSKIP(("this user has a delegated cgroup: " + notes).c_str());
        QVERIFY2(notes.find("no per-run memory cgroup: ") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("memory bounded per process only (RLIMIT_AS)") != std::string::npos,
                 notes.c_str());
        // The run goes ahead, with only its per-process limits: the spread the cgroup would stop gets
        // through.
        Policy policy;
        policy.timeoutSeconds = 30;
        const RunResult result = run(spreadProgram(4, 200), policy);
        QVERIFY2(result.stdoutBytes == "held 4\n", (result.summary() + "\n" + result.stderrBytes).c_str());
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
    }
};

QTEST_GUILESS_MAIN(TestSubprocessLimits)
#include "tst_subprocess_limits.moc"
