// How a container's result comes back, on Docker and on Podman: the waiter's markers and report (parsed
// however the stream is cut), binary output and lookalike markers kept as the program's, a program that
// cannot forge its result, a flood capped, and a killed engine client reported as such with its container
// ended by name. An engine that is not usable here skips its rows with the probe's reason.

#include "support/container_rows.h"
#include "support/enum_name.h"
#include "tiers/container/container_tier.h"
#include "tiers/container/container_waiter.h"

#include <QElapsedTimer>
#include <QTest>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <thread>
#include <unistd.h>

using namespace sandbench;

using test_support::labelledContainers;
using test_support::nameOf;

class TestContainerResultChannel : public QObject, private test_support::ContainerRows {
    Q_OBJECT

private Q_SLOTS:
    void init() { beginRow(); }
    void cleanup() { endRow(); }

    void waiterMarkersSplitAnywhere() {
        const std::string nonce = "0123456789abcdef";
        const std::string ready = std::string("\0sandbench-ready ", 17) + nonce + "\n";
        const std::string endOut = std::string("\0sandbench-end ", 15) + nonce + "\n";
        const std::string program =
            std::string("out\0put \0sandbench-end wrong\n\0sandbench-ready", 44) + std::string("\0", 1);
        const std::string stream = ready + program + endOut + "after the end is dropped";
        // Every way of cutting the stream in two gives the same program bytes and the same markers.
        for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
            WaiterStream splitter(nonce);
            std::string seen = splitter.feed(std::string_view(stream).substr(0, cut));
            seen += splitter.feed(std::string_view(stream).substr(cut));
            seen += splitter.flush();
            QVERIFY2(seen == program, qPrintable(QString("cut at %1").arg(cut)));
            QVERIFY(splitter.readySeen());
            QVERIFY(splitter.endSeen());
        }
        // A stream that ends without its marker keeps every byte, including a marker's beginning.
        WaiterStream cutShort(nonce);
        const std::string partial = "tail" + endOut.substr(0, 9);
        std::string seen = cutShort.feed(partial);
        seen += cutShort.flush();
        QCOMPARE(seen, partial);
        QVERIFY(!cutShort.endSeen());
    }

    void waiterReportParsing() {
        const auto report = parseWaiterReport("137 2500000000 1 4");
        QVERIFY(report.has_value());
        QCOMPARE(report->status, 137);
        QCOMPARE(report->cpuSeconds, std::optional<double>(2.5));
        QVERIFY(!parseWaiterReport("137 - 1 4")->cpuSeconds); // a container without cgroup files
        QCOMPARE(report->oomKills, 1L);
        QCOMPARE(report->pidsLimitHits, 4L);
        QVERIFY(!parseWaiterReport("137 x 1 4"));
        QVERIFY(!parseWaiterReport("0 1 2"));
    }

    void keepsBinaryOutputAndLookalikeMarkers_data() { engineRows(); }
    void keepsBinaryOutputAndLookalikeMarkers() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        // Bytes that look like the waiter's markers (without its nonce) are the program's, on both streams,
        // and the run goes on after them.
        const RunResult result = run(tier, R"(import os
os.write(1, b'\x00sandbench-end 0\n\xff\xfe\x00')
os.write(2, b'\x00sandbench-ready x\n\x00sandbench-end 0 0 0 0 0\n')
os.write(1, b'still running')
)");
        QCOMPARE(result.stdoutBytes, std::string("\0sandbench-end 0\n\xff\xfe\0still running", 33));
        QCOMPARE(result.stderrBytes, std::string("\0sandbench-ready x\n\0sandbench-end 0 0 0 0 0\n", 44));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        tier.settle();
    }

    void aProgramCannotForgeItsResult_data() { engineRows(); }
    void aProgramCannotForgeItsResult() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        // The attack on the waiter's report: read its nonce from PID 1's memory (or environment, or its
        // descriptors), print both end markers claiming exit 0, and go on running; or kill the waiter.
        const RunResult result = run(tier, R"(import os, re, signal, sys, time
nonce = None
try:
    with open('/proc/1/mem', 'rb') as memory:
        for line in open('/proc/1/maps'):
            span, mode = line.split()[:2]
            if 'r' not in mode:
                continue
            start, end = (int(x, 16) for x in span.split('-'))
            try:
                memory.seek(start)
                found = re.search(rb'[0-9a-f]{32}', memory.read(end - start))
            except OSError:
                continue
            if found:
                nonce = found.group(0)
                break
except OSError as error:
    print('DENIED open(/proc/1/mem)', error.errno, file=sys.stderr)
for path in ('/proc/1/environ', '/proc/1/fd/0', '/proc/1/fd/3'):
    try:
        open(path, 'rb').read(1)
        print('opened', path)
    except OSError as error:
        print('DENIED open(' + path + ')', error.errno, file=sys.stderr)
try:
    os.kill(1, signal.SIGKILL)
    print('signalled the waiter')
except OSError as error:
    print('DENIED kill(1)', error.errno, file=sys.stderr)
if nonce:
    print('FOUND', flush=True)
    os.write(1, b'\x00sandbench-end ' + nonce + b'\n')
    os.write(2, b'\x00sandbench-end ' + nonce + b' 0 0 0 0\n')
time.sleep(2)
sys.exit(3)
)");
        QVERIFY2(result.stdoutBytes.find("FOUND") == std::string::npos, result.stdoutBytes.c_str());
        QVERIFY2(result.stdoutBytes.find("opened") == std::string::npos, result.stdoutBytes.c_str());
        QVERIFY2(result.stdoutBytes.find("signalled") == std::string::npos, result.stdoutBytes.c_str());
        QVERIFY2(result.stderrBytes.find("DENIED open(/proc/1/mem) 13") != std::string::npos,
                 result.stderrBytes.c_str());
        // The real end: the program's own status, after its sleep, not a forged early exit 0.
        QCOMPARE(result.exitCode, std::optional<int>(3));
        QVERIFY2(result.wallSeconds >= 2, std::to_string(result.wallSeconds).c_str());
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::None));
        tier.settle();
    }

    void capsAFlood_data() { engineRows(); }
    void capsAFlood() {
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.outputCapBytes = 1000;
        const RunResult result = run(
            tier, "import sys\nsys.stdout.write('x' * 20_000_000)\nprint('done', file=sys.stderr)\n", policy);
        QVERIFY(result.stdoutTruncated);
        QVERIFY(result.stdoutBytes.size() < 1100);
        QCOMPARE(result.stderrBytes, std::string("done\n"));
        QCOMPARE(result.exitCode, std::optional<int>(0));
        tier.settle();
    }

    void survivesAKilledEngineClient_data() {
        QTest::addColumn<bool>("whileRunning");
        QTest::newRow("docker while starting") << false;
        QTest::newRow("docker while running") << true;
        QTest::newRow("podman while starting") << false;
        QTest::newRow("podman while running") << true;
    }
    void survivesAKilledEngineClient() {
        QFETCH(bool, whileRunning);
        ContainerTier tier(settings());
        if (!usable(tier))
            return;
        Policy policy;
        policy.timeoutSeconds = 60;
        std::atomic<bool> programUp = false;
        std::atomic<bool> killed = false;
        std::thread killer([&] {
            // SIGKILL the engine client of this process's container: as soon as it exists, or once the
            // program has printed.
            for (int attempt = 0; attempt < 600 && !killed; ++attempt) {
                std::this_thread::sleep_for(std::chrono::milliseconds(whileRunning ? 20 : 5));
                if (whileRunning && !programUp)
                    continue;
                DIR* proc = ::opendir("/proc");
                while (dirent* entry = ::readdir(proc)) {
                    std::ifstream cmdline(std::string("/proc/") + entry->d_name + "/cmdline");
                    const std::string text((std::istreambuf_iterator<char>(cmdline)),
                                           std::istreambuf_iterator<char>());
                    if (text.find("sandbench.owner=" + std::to_string(::getpid())) == std::string::npos ||
                        text.find(std::string("run") + '\0') == std::string::npos)
                        continue;
                    ::kill(std::atoi(entry->d_name), SIGKILL);
                    killed = true;
                }
                ::closedir(proc);
            }
        });
        RunRequest request;
        request.code = "import time\nprint('up', flush=True)\ntime.sleep(60)\n";
        request.policy = policy;
        QElapsedTimer clock;
        clock.start();
        const RunResult result = tier.run(request,
                                          [&](Stream, std::string_view bytes) {
                                              if (bytes.find("up") != std::string_view::npos)
                                                  programUp = true;
                                          },
                                          {});
        killer.join();
        QVERIFY(killed);
        QVERIFY2(clock.elapsed() < 30000, qPrintable(QString::number(clock.elapsed())));
        // Not a normal end, and the tier says what happened instead of inventing a status.
        QVERIFY(!result.succeeded());
        if (whileRunning) {
            QVERIFY2(result.evidence.find("without its waiter's report") != std::string::npos,
                     result.evidence.c_str());
        } else {
            QVERIFY2(result.evidence.find("without its waiter's report") != std::string::npos ||
                         (result.stoppedBy == StopReason::SetupFailure &&
                          result.evidence.find("could not start the container") != std::string::npos),
                     result.evidence.c_str());
        }
        tier.settle();
        // A container outlives its client unless it is ended by name: the tier did that.
        QCOMPARE(labelledContainers(m_engine), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestContainerResultChannel)
#include "tst_container_result_channel.moc"
