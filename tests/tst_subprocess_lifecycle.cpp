// The hardened subprocess tier's runs from start to cleanup, run for real: a timeout killing escapees and
// leaving nothing (no process, folder or cgroup), cancellation at once, no process left behind after runs,
// a lost zygote replaced, and concurrent runs kept apart.
// Skips (with the reason) only where the host cannot create user namespaces; CI's machine can, so nothing
// is skipped there.

#include "core/leftover_check.h"
#include "process_census.h"
#include "support/enum_name.h"
#include "support/subprocess_rows.h"
#include "tiers/subprocess/run_cgroup.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QElapsedTimer>
#include <QTest>
#include <atomic>
#include <chrono>
#include <csignal>
#include <dirent.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace sandbench;

using test_support::countProcessesNamed;
using test_support::nameOf;
using test_support::RecordingSink;

namespace {

std::vector<std::string> tmpEntriesStartingWith(const std::string& prefix) {
    std::vector<std::string> names;
    DIR* tmp = ::opendir("/tmp");
    while (dirent* entry = ::readdir(tmp)) {
        if (std::string(entry->d_name).rfind(prefix, 0) == 0)
            names.push_back(entry->d_name);
    }
    ::closedir(tmp);
    std::sort(names.begin(), names.end());
    return names;
}

// Live or zombie processes whose parent is `parent`.
std::vector<pid_t> childrenOf(pid_t parent) {
    std::vector<pid_t> children;
    for (const sandbench::ProcessStatus& process : sandbench::listProcesses())
        if (process.parent == parent)
            children.push_back(process.pid);
    return children;
}

} // namespace

class TestSubprocessLifecycle : public QObject, private test_support::SubprocessRows {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { skipWithoutTier(); }

    void timeoutKillsEscapeesAndLeavesNothing() {
        const auto tmpBefore = tmpEntriesStartingWith("sandbench");
        const std::string name = "sbx-esc-" + std::to_string(::getpid() % 100000);
        // Double fork, setsid, ignore SIGTERM, rename: everything a program does to outlive its run.
        const std::string code = "import ctypes, os, signal, time\n"
                                 "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                                 "def rename():\n"
                                 "    ctypes.CDLL(None).prctl(15, b'" +
                                 name +
                                 "', 0, 0, 0)\n"
                                 "if os.fork() == 0:\n"
                                 "    os.setsid()\n"
                                 "    if os.fork() == 0:\n"
                                 "        rename()\n"
                                 "        time.sleep(120)\n"
                                 "    os._exit(0)\n"
                                 "rename()\n"
                                 "print('detached', flush=True)\n"
                                 "time.sleep(120)\n";
        Policy policy;
        policy.timeoutSeconds = 1.5;
        RecordingSink recorder;
        // While it runs, the escapees really exist on the host: the final check is not vacuous.
        std::atomic<int> mostSeen = 0;
        std::atomic<bool> cgroupSeen = false;
        std::thread observer([&] {
            for (int i = 0; i < 60 && (mostSeen < 2 || !cgroupSeen); ++i) {
                mostSeen = std::max(mostSeen.load(), countProcessesNamed(name));
                cgroupSeen = cgroupSeen || !runCgroupsOf(::getpid()).empty();
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
            }
        });
        const RunResult result = run(code, policy, &recorder);
        observer.join();
        QCOMPARE(mostSeen.load(), 2);
        QVERIFY(result.timedOut);
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Timeout));
        QVERIFY2(result.evidence.find("1.5 s wall timeout") != std::string::npos, result.evidence.c_str());
        QCOMPARE(result.termSignal, std::optional<int>(SIGKILL));
        QCOMPARE(result.stdoutBytes, std::string("detached\n"));
        QVERIFY(result.wallSeconds >= 1.5 && result.wallSeconds < 3.0);
        QCOMPARE(countProcessesNamed(name), 0);
        QCOMPARE(tmpEntriesStartingWith("sandbench"), tmpBefore);
        // Nor its cgroups, which existed while it ran.
        QCOMPARE(cgroupSeen.load(), hostGivesRunCgroups());
        m_tier.settle();
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
        QVERIFY(m_tier.leftovers().empty());
    }

    void cancellationStopsAtOnce() {
        std::stop_source stopper;
        RunRequest request;
        request.code = "import time\nprint('waiting', flush=True)\ntime.sleep(60)\n";
        request.policy.timeoutSeconds = 30;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(400));
            stopper.request_stop();
        });
        QElapsedTimer clock;
        clock.start();
        const RunResult result = m_tier.run(request, {}, stopper.get_token());
        canceller.join();
        QVERIFY2(clock.elapsed() < 2000, std::to_string(clock.elapsed()).c_str());
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::Cancelled));
        QVERIFY(!result.timedOut);
        QCOMPARE(result.stdoutBytes, std::string("waiting\n"));
        m_tier.settle();
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
    }

    // Runs end before the kernel has torn a sandbox's namespaces down; the zygote's server reaps each init
    // as it goes. Shortly after, nothing may be left: no sandbox under the server, no child of ours but the
    // zygote, whose only child is its server.
    void leavesNoProcessesBehind() {
        for (int i = 0; i < 5; ++i)
            QCOMPARE(run("print('x')\n").exitCode, std::optional<int>(0));
        const pid_t zygote = m_tier.zygotePid();
        QVERIFY(zygote > 0);
        QCOMPARE(childrenOf(::getpid()), std::vector<pid_t>{zygote});
        const std::vector<pid_t> servers = childrenOf(zygote);
        QCOMPARE(servers.size(), std::size_t(1));
        QTRY_COMPARE_WITH_TIMEOUT(childrenOf(servers.front()).size(), std::size_t(0), 2000);
        // Each run's cgroups go once its init has exited; settle() waits for that.
        m_tier.settle();
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
        QVERIFY(m_tier.leftovers().empty());
    }

    // A zygote that dies (killed by an administrator, the OOM killer) is replaced on the next run.
    void survivesTheLossOfItsZygote() {
        QCOMPARE(run("print(1)\n").exitCode, std::optional<int>(0));
        const pid_t first = m_tier.zygotePid();
        QCOMPARE(::kill(first, SIGKILL), 0);
        QCOMPARE(::waitpid(first, nullptr, 0), first); // reap it here, as a crash would leave it
        const RunResult result = run("print('again')\n");
        QCOMPARE(result.stdoutBytes, std::string("again\n"));
        QVERIFY(m_tier.zygotePid() != first);
    }

    void concurrentRunsAreIndependent() {
        std::vector<RunResult> results(4);
        std::vector<std::thread> threads;
        for (std::size_t i = 0; i < results.size(); ++i) {
            threads.emplace_back([this, i, &results] {
                results[i] = run("import os, sys\nopen('mine', 'w').write(sys.argv[0])\n"
                                 // Beside /tmp/outputs, which every sandbox has for its artifacts.
                                 "print(len([n for n in os.listdir('.') if n != 'outputs']), " +
                                 std::to_string(i) + ")\n");
            });
        }
        for (auto& thread : threads)
            thread.join();
        for (std::size_t i = 0; i < results.size(); ++i)
            QCOMPARE(results[i].stdoutBytes, "1 " + std::to_string(i) + "\n"); // each saw only its own folder
    }
};

QTEST_GUILESS_MAIN(TestSubprocessLifecycle)
#include "tst_subprocess_lifecycle.moc"
