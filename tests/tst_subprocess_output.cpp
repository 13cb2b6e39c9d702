// The hardened subprocess tier's output, run for real: the output cap holding under a ten-megabyte flood
// without our memory growing, binary output passed through unchanged, and both streams arriving live and in
// order.
// Skips (with the reason) only where the host cannot create user namespaces; CI's machine can, so nothing
// is skipped there.

#include "support/enum_name.h"
#include "support/subprocess_rows.h"
#include "tiers/subprocess/subprocess_tier.h"

#include <QTest>
#include <sys/resource.h>
#include <utility>
#include <vector>

using namespace sandbench;

using test_support::nameOf;
using test_support::RecordingSink;

namespace {

long selfMaxRssKb() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

} // namespace

class TestSubprocessOutput : public QObject, private test_support::SubprocessRows {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { skipWithoutTier(); }

    void outputCapHoldsUnderATenMegabyteFlood() {
        const long rssBefore = selfMaxRssKb();
        RecordingSink recorder;
        const RunResult result =
            run("import sys\nchunk = b'y' * 65536\nfor _ in range(160):\n    sys.stdout.buffer.write(chunk)\n"
                "sys.stderr.write('flooded\\n')\n",
                Policy{}, &recorder);
        QCOMPARE(result.exitCode, std::optional<int>(0)); // never blocked: the pipe kept being drained
        QVERIFY(result.stdoutTruncated);
        QCOMPARE(result.stdoutBytes, std::string(10000, 'y') + kOutputTruncatedMarker);
        QCOMPARE(recorder.all(Stream::Stdout), result.stdoutBytes); // the sink saw exactly what was kept
        QCOMPARE(result.stderrBytes, std::string("flooded\n"));
        QCOMPARE(nameOf(result.stoppedBy), nameOf(StopReason::OutputCap));
        // 10 MB went through the pipe; our own memory must not have grown by anything like it.
        QVERIFY2(selfMaxRssKb() - rssBefore < 4096, std::to_string(selfMaxRssKb() - rssBefore).c_str());
    }

    void binaryOutputPassesThroughUnchanged() {
        RecordingSink recorder;
        const RunResult result =
            run("import sys\nsys.stdout.buffer.write(b'\\xff\\xfe\\x00caf\\xc3\\xa9\\x00\\xc3')\n"
                "sys.stderr.buffer.write(b'\\x00\\x80')\n",
                Policy{}, &recorder);
        const std::string expected("\xff\xfe\0caf\xc3\xa9\0\xc3", 10);
        QCOMPARE(result.stdoutBytes, expected);
        QCOMPARE(recorder.all(Stream::Stdout), expected);
        QCOMPARE(result.stderrBytes, std::string("\0\x80", 2));
        QCOMPARE(result.exitCode, std::optional<int>(0));
    }

    void outputStreamsLiveAndInOrder() {
        RecordingSink recorder;
        const RunResult result = run("import sys, time\nprint('one')\ntime.sleep(0.4)\n"
                                     "print('two', file=sys.stderr)\ntime.sleep(0.4)\nprint('three')\n",
                                     Policy{}, &recorder);
        QCOMPARE(result.exitCode, std::optional<int>(0));
        // Merge consecutive chunks of one stream: -u writes "one" and "\n" separately.
        std::vector<std::pair<Stream, std::string>> seen;
        std::vector<double> firstArrival;
        for (const auto& chunk : recorder.chunks) {
            if (!seen.empty() && seen.back().first == chunk.stream) {
                seen.back().second += chunk.bytes;
            } else {
                seen.emplace_back(chunk.stream, chunk.bytes);
                firstArrival.push_back(chunk.atSeconds);
            }
        }
        const std::vector<std::pair<Stream, std::string>> expected{
            {Stream::Stdout, "one\n"}, {Stream::Stderr, "two\n"}, {Stream::Stdout, "three\n"}};
        QCOMPARE(seen, expected);
        // Live: each chunk arrived while the program was still sleeping, not all at the end.
        QVERIFY(firstArrival[1] - firstArrival[0] > 0.3);
        QVERIFY(firstArrival[2] - firstArrival[1] > 0.3);
    }
};

QTEST_GUILESS_MAIN(TestSubprocessOutput)
#include "tst_subprocess_output.moc"
