// The subprocess tier's warm pool, run for real: a warm run comes from the pool and says so; each sandbox
// serves exactly one run, so what one program leaves (a file in /tmp, a module attribute, an environment
// variable, a child process) is not there for the next; the timeout and the wall clock count from the
// hand-over, not from the sandbox's start; a warm run can be cancelled; an idle pool is freed with its tier
// and leaves no process and no cgroup behind.

#include "core/leftover_check.h"
#include "support/subprocess_rows.h"
#include "tiers/subprocess/run_cgroup.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QTest>
#include <chrono>
#include <thread>
#include <unistd.h>

using namespace sandbench;

namespace {

RunRequest requestFor(const std::string& code, Policy policy = {}) {
    RunRequest request;
    request.code = code;
    request.policy = policy;
    return request;
}

// Every live process below `ancestor` (the zygote): the sandboxes' inits and what runs in them.
std::vector<int> descendantsOf(int ancestor) {
    std::vector<ProcessStatus> all = listProcesses();
    std::vector<int> found{ancestor};
    for (bool grew = true; grew;) {
        grew = false;
        for (const ProcessStatus& process : all) {
            if (std::find(found.begin(), found.end(), process.parent) != found.end() &&
                std::find(found.begin(), found.end(), process.pid) == found.end()) {
                found.push_back(process.pid);
                grew = true;
            }
        }
    }
    found.erase(found.begin());
    return found;
}

} // namespace

class TestSubprocessWarmPool : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void warmRunComesFromThePool();
    void nothingIsReusedBetweenRuns();
    void timeoutAndWallClockCountFromTheHandOver();
    void warmRunCanBeCancelled();
    void idlePoolIsFreedWithItsTier();

private:
    std::unique_ptr<SubprocessTier> pooledTier(int size) {
        auto tier = std::make_unique<SubprocessTier>();
        tier->setWarmPoolSize(size);
        return tier;
    }
};

void TestSubprocessWarmPool::initTestCase() {
    SubprocessTier tier;
    if (const ProbeResult probe = tier.probe(); !probe.available)
        QSKIP(qPrintable("the subprocess tier is not usable here: " + QString::fromStdString(probe.reason)));
}

void TestSubprocessWarmPool::warmRunComesFromThePool() {
    const auto tier = pooledTier(1);
    QVERIFY(tier->hasWarmPool());
    QCOMPARE(tier->warmPoolSize(), 1);
    const RunRequest request = requestFor("import sys\nprint(sys.argv[0], 6 * 7)\n");
    QVERIFY(tier->waitUntilWarm(request, {}));
    const RunResult warm = tier->run(request, {}, {});
    QVERIFY2(warm.succeeded(), warm.summary().c_str());
    QVERIFY(warm.warmStart);
    QCOMPARE(warm.stdoutBytes, std::string("- 42\n")); // the program came on the interpreter's stdin
    // The probe says the pool is there; with the pool off a run starts cold and says so.
    const ProbeResult probe = tier->probe();
    QVERIFY(std::any_of(probe.notes.begin(), probe.notes.end(),
                        [](const std::string& note) { return note.starts_with("warm pool of 1"); }));
    tier->setWarmPoolSize(0);
    const RunResult cold = tier->run(request, {}, {});
    QVERIFY(!cold.warmStart);
    QVERIFY(cold.stdoutBytes.ends_with(" 42\n"));
}

void TestSubprocessWarmPool::nothingIsReusedBetweenRuns() {
    const auto tier = pooledTier(2);
    // Leaves what it can: a file in the working folder and in /tmp, a module attribute, an environment
    // variable, a child that sleeps on; and reports what the one before it left.
    const RunRequest request = requestFor(
        "import os, subprocess, sys, json\n"
        "seen = {'tmp': os.path.exists('/tmp/left-by-earlier'), 'work': os.path.exists('left-by-earlier'),\n"
        "        'module': hasattr(json, 'left_by_earlier'), 'env': 'LEFT_BY_EARLIER' in os.environ,\n"
        "        'processes': len([p for p in os.listdir('/proc') if p.isdigit()])}\n"
        "open('/tmp/left-by-earlier', 'w').write('x')\n"
        "open('left-by-earlier', 'w').write('x')\n"
        "json.left_by_earlier = True\n"
        "os.environ['LEFT_BY_EARLIER'] = '1'\n"
        "subprocess.Popen(['/usr/bin/python3', '-c', 'import time; time.sleep(30)'])\n"
        "print(json.dumps(seen, sort_keys=True), os.getpid())\n");
    std::vector<std::string> outputs;
    for (int run = 0; run < 3; ++run) {
        QVERIFY(tier->waitUntilWarm(request, {}));
        const RunResult result = tier->run(request, {}, {});
        QVERIFY(result.warmStart);
        outputs.push_back(result.stdoutBytes);
    }
    // Nothing of an earlier run is there: the sandbox is not the one before's. Its /proc shows init and the
    // program only (the earlier run's sleeping child died with its sandbox).
    for (const std::string& output : outputs)
        QCOMPARE(QString::fromStdString(output).section(' ', 0, -2),
                 QStringLiteral(
                     R"({"env": false, "module": false, "processes": 2, "tmp": false, "work": false})"));
    tier->setWarmPoolSize(0);
    tier->settle();
    QCOMPARE(tier->leftovers(), std::vector<std::string>{});
}

void TestSubprocessWarmPool::timeoutAndWallClockCountFromTheHandOver() {
    Policy policy;
    policy.timeoutSeconds = 1.0;
    const auto tier = pooledTier(1);
    const RunRequest request = requestFor("print('in time')\n", policy);
    QVERIFY(tier->waitUntilWarm(request, {}));
    // The sandbox waits longer than the run's whole timeout before its program arrives.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    const RunResult result = tier->run(request, {}, {});
    QVERIFY(result.warmStart);
    QVERIFY2(result.succeeded() && !result.timedOut, result.summary().c_str());
    QVERIFY2(result.wallSeconds < policy.timeoutSeconds, result.summary().c_str());
    // And a program that runs past it is still stopped by it.
    const RunResult late = tier->run(requestFor("while True: pass\n", policy), {}, {});
    QVERIFY2(late.stoppedBy == StopReason::Timeout, late.summary().c_str());
}

void TestSubprocessWarmPool::warmRunCanBeCancelled() {
    const auto tier = pooledTier(1);
    const RunRequest request = requestFor("while True: pass\n");
    QVERIFY(tier->waitUntilWarm(request, {}));
    std::stop_source stop;
    std::jthread stopper([&stop] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop.request_stop();
    });
    const RunResult result = tier->run(request, {}, stop.get_token());
    QVERIFY(result.warmStart);
    QVERIFY2(result.stoppedBy == StopReason::Cancelled, result.summary().c_str());
    // Waiting for a warm sandbox gives up on a stop, too.
    std::stop_source stopped;
    stopped.request_stop();
    tier->setWarmPoolSize(1);
    RunRequest other = requestFor("print(1)\n");
    other.policy.memoryMb = 300; // another shape: none of it waits yet
    QVERIFY(!tier->waitUntilWarm(other, stopped.get_token()));
}

void TestSubprocessWarmPool::idlePoolIsFreedWithItsTier() {
    auto tier = pooledTier(3);
    const RunRequest request = requestFor("print(1)\n");
    QVERIFY(tier->waitUntilWarm(request, {}));
    const pid_t zygote = tier->zygotePid();
    QVERIFY(zygote > 0);
    // Give the pool time to fill: every idle sandbox is an init with its interpreter below the zygote.
    std::vector<int> idle;
    for (int wait = 0; wait < 100 && idle.size() < 6; ++wait) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        idle = descendantsOf(zygote);
    }
    QVERIFY2(idle.size() >= 2, qPrintable(QString::number(idle.size())));
    const bool cgroups = !runCgroupsOf(::getpid()).empty();
    tier.reset(); // the idle sandboxes go with their tier, unused
    for (const int pid : idle) {
        const auto process = readProcessStatus(pid);
        QVERIFY2(!process || process->state == 'Z', qPrintable(QString::number(pid)));
    }
    QVERIFY(!readProcessStatus(zygote) || readProcessStatus(zygote)->state == 'Z');
    if (cgroups)
        QCOMPARE(runCgroupsOf(::getpid()), std::vector<std::string>{});
}

QTEST_GUILESS_MAIN(TestSubprocessWarmPool)
#include "tst_subprocess_warm_pool.moc"
