// The comparison of one program on several tiers (core/tier_comparison.h, core/run_differences.h): what
// counts as a difference and what does not, on results made here and on real tiers (subprocess and
// container, skipped with the probe's reason where they cannot run), a stop that cancels every tier at
// once, and an agent session replayed on another tier, with the errors a malformed transcript gives.

#include "core/agent/session_replay.h"
#include "core/tier_comparison.h"
#include "support/compared_tiers.h"
#include "support/enum_name.h"

#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <thread>

using namespace sandbench;
using test_support::hostHasModule;
using test_support::kHostOnlyModule;

Q_DECLARE_METATYPE(std::string)

namespace {

RunResult exited(int code, std::string out, std::string err = {}, double wall = 0.1) {
    RunResult result;
    result.exitCode = code;
    result.stdoutBytes = std::move(out);
    result.stderrBytes = std::move(err);
    result.wallSeconds = wall;
    return result;
}

// Fields by name, so a failure reads "ending, stdout" rather than numbers.
QStringList names(const std::vector<RunField>& fields) {
    QStringList list;
    for (const RunField field : fields)
        list << test_support::nameOf(field);
    return list;
}

std::string hostOnlyImport() {
    return std::string("print('start')\nimport ") + kHostOnlyModule + "\nprint('imported')\n";
}

} // namespace

class TestTierComparison : public QObject {
    Q_OBJECT

private slots:
    void timingsAndMemoryAreNoDifference();
    void theOddRunIsMarked();
    void tracebacksCompareWithoutTheProgramsPath();
    void moduleOnOneTierOnly();
    void identicalProgramIdenticalResults();
    void stopCancelsEveryTier();
    void replayFlagsTheDifferingCall();
    void malformedTranscripts_data();
    void malformedTranscripts();

private:
    // Subprocess and container, or a skip naming the one missing.
    bool twoTiers(std::shared_ptr<Tier>& subprocess, std::shared_ptr<Tier>& container) {
        std::string reason;
        subprocess = test_support::usableTier("subprocess", reason);
        if (subprocess)
            container = test_support::usableTier("container", reason);
        if (!subprocess || !container) {
            QTest::qSkip(reason.c_str(), __FILE__, __LINE__);
            return false;
        }
        return true;
    }
};

void TestTierComparison::timingsAndMemoryAreNoDifference() {
    RunResult fast = exited(0, "same\n", {}, 0.01);
    fast.cpuSeconds = 0.01;
    fast.peakMemoryKb = 9000;
    RunResult slow = exited(0, "same\r\n", {}, 7.5); // a line break of its own is no difference either
    slow.warmStart = true;
    slow.accelerator = "tcg";
    const RunDifferences differences = compareRunResults({&fast, &slow});
    QVERIFY(differences.empty());
    QVERIFY(differences.lines.empty());

    // The same two with one field apart: that field alone.
    slow.stoppedBy = StopReason::Timeout;
    const RunDifferences stopped = compareRunResults({&fast, &slow});
    QCOMPARE(names(stopped.fields), names(std::vector<RunField>{RunField::StoppedBy}));
}

void TestTierComparison::theOddRunIsMarked() {
    const RunResult a = exited(0, "x\ny\n");
    const RunResult b = exited(0, "x\ny\n");
    const RunResult c = exited(1, "x\n", "Boom\n");
    const RunDifferences differences = compareRunResults({&a, &b, &c});
    QCOMPARE(names(differences.fields),
             names((std::vector<RunField>{RunField::Ending, RunField::Stdout, RunField::Stderr})));
    QVERIFY(!differences.isOdd(0, RunField::Ending));
    QVERIFY(!differences.isOdd(1, RunField::Ending));
    QVERIFY(differences.isOdd(2, RunField::Ending));
    QVERIFY(differences.isOdd(2, RunField::Stdout)); // it lacks "y"
    QCOMPARE(differences.lines.size(), std::size_t(2));
    QCOMPARE(differences.lines[0].line, std::string("y"));
    QCOMPARE(differences.lines[0].counts, (std::vector<int>{1, 1, 0}));
    QVERIFY(differences.lines[1].stream == Stream::Stderr);
    QCOMPARE(differences.lines[1].counts, (std::vector<int>{0, 0, 1}));
    // In the outputs: "y" stands apart nowhere it occurs (most have it); "Boom" on the third run.
    QVERIFY(!differences.isOddLine(0, Stream::Stdout, 1));
    QVERIFY(differences.isOddLine(2, Stream::Stderr, 0));
    QVERIFY(!differences.isOddLine(2, Stream::Stdout, 0));
}

void TestTierComparison::tracebacksCompareWithoutTheProgramsPath() {
    const RunResult fromFile = exited(1, {},
                                      "Traceback (most recent call last):\n"
                                      "  File \"/sandbench/main.py\", line 2, in <module>\n"
                                      "    raise ValueError('x')\n"
                                      "ValueError: x\n");
    const RunResult fromStdin = exited(1, {},
                                       "Traceback (most recent call last):\n"
                                       "  File \"<stdin>\", line 2, in <module>\n"
                                       "ValueError: x\n");
    QVERIFY(compareRunResults({&fromFile, &fromStdin}).empty());
    // Another line number, or a library's frame, is a difference.
    const RunResult otherLine = exited(1, {},
                                       "Traceback (most recent call last):\n"
                                       "  File \"<stdin>\", line 3, in <module>\n"
                                       "ValueError: x\n");
    QCOMPARE(names(compareRunResults({&fromStdin, &otherLine}).fields),
             names(std::vector<RunField>{RunField::Stderr}));
}

// The case: a module the host has and the container image lacks. The comparison marks exactly
// that: how it ended, the line only the host printed, and the traceback only the container printed.
void TestTierComparison::moduleOnOneTierOnly() {
    if (!hostHasModule(kHostOnlyModule))
        QSKIP("this host's python3 lacks apt_pkg (python3-apt), the module the test relies on");
    std::shared_ptr<Tier> subprocess, container;
    if (!twoTiers(subprocess, container))
        return;
    test_support::TempFolderWatch folders(test_support::kTierFolders);
    RunRequest request;
    request.code = hostOnlyImport();
    const TierComparison comparison = compareOnTiers(request, {subprocess.get(), container.get()}, {});
    QCOMPARE(comparison.runs.size(), std::size_t(2));
    QCOMPARE(comparison.runs[0].tier, std::string("subprocess"));
    QCOMPARE(comparison.runs[0].result.exitCode, std::optional<int>(0));
    QCOMPARE(comparison.runs[1].result.exitCode, std::optional<int>(1));
    const RunDifferences& differences = comparison.differences;
    QCOMPARE(names(differences.fields),
             names((std::vector<RunField>{RunField::Ending, RunField::Stdout, RunField::Stderr})));
    bool missingModule = false;
    for (const LineDifference& line : differences.lines) {
        QVERIFY2(line.line != "start", "a line both printed is no difference");
        if (line.stream == Stream::Stdout) {
            QCOMPARE(line.line, std::string("imported"));
            QCOMPARE(line.counts, (std::vector<int>{1, 0}));
        } else {
            QCOMPARE(line.counts, (std::vector<int>{0, 1}));
            missingModule |= line.line.find("ModuleNotFoundError") != std::string::npos;
        }
    }
    QVERIFY(missingModule);
    QString problem;
    QVERIFY2(test_support::leftNothing({subprocess.get(), container.get()}, folders, problem),
             qPrintable(problem));
}

void TestTierComparison::identicalProgramIdenticalResults() {
    std::shared_ptr<Tier> subprocess, container;
    if (!twoTiers(subprocess, container))
        return;
    RunRequest request;
    // Output, an exit status of its own and a traceback: the same on both, whatever the times.
    request.code = "import sys\nprint(sum(range(10)))\nprint('to stderr', file=sys.stderr)\n"
                   "raise ValueError('the same everywhere')\n";
    const TierComparison comparison = compareOnTiers(request, {subprocess.get(), container.get()}, {});
    QCOMPARE(comparison.runs[0].result.exitCode, std::optional<int>(1));
    QCOMPARE(comparison.runs[1].result.exitCode, std::optional<int>(1));
    QVERIFY2(comparison.differences.empty(), comparisonToJson(comparison).dump(2).c_str());
    QVERIFY(!comparison.cancelled);
}

// One stop ends every tier's run at once; each says it was cancelled, and nothing is left.
void TestTierComparison::stopCancelsEveryTier() {
    std::shared_ptr<Tier> subprocess, container;
    if (!twoTiers(subprocess, container))
        return;
    test_support::TempFolderWatch folders(test_support::kTierFolders);
    RunRequest request;
    request.code = "import time\nprint('started', flush=True)\ntime.sleep(60)\n";
    request.policy.timeoutSeconds = 120;
    std::stop_source stop;
    TierComparison comparison;
    std::atomic<int> finished = 0;
    std::jthread worker([&] {
        comparison = compareOnTiers(request, {subprocess.get(), container.get()}, stop.get_token(),
                                    [&](std::size_t, const ComparedRun&) { ++finished; });
    });
    QTest::qWait(1500); // both under way (a container starts in about a second here)
    QCOMPARE(finished.load(), 0);
    stop.request_stop();
    worker.join();
    QVERIFY(comparison.cancelled);
    for (const ComparedRun& run : comparison.runs)
        QCOMPARE(test_support::nameOf(run.result.stoppedBy), test_support::nameOf(StopReason::Cancelled));
    QString problem;
    QVERIFY2(test_support::leftNothing({subprocess.get(), container.get()}, folders, problem),
             qPrintable(problem));
}

// A session of three calls recorded on the subprocess tier (really run there), replayed on the container:
// the call that imports the host-only module differs, the two others do not.
void TestTierComparison::replayFlagsTheDifferingCall() {
    if (!hostHasModule(kHostOnlyModule))
        QSKIP("this host's python3 lacks apt_pkg (python3-apt), the module the test relies on");
    std::shared_ptr<Tier> subprocess, container;
    if (!twoTiers(subprocess, container))
        return;
    agent::Transcript session;
    session.task = "try three programs";
    session.tier = "subprocess";
    const std::vector<std::string> programs{"print(6 * 7)\n", hostOnlyImport(),
                                            "import json\nprint(json.dumps([1]))\n"};
    for (std::size_t i = 0; i < programs.size(); ++i) {
        agent::ToolRun run;
        run.call = {"call_" + std::to_string(i + 1), "run_python", {{"code", programs[i]}}, {}};
        run.code = programs[i];
        run.tier = "subprocess";
        RunRequest request;
        request.code = programs[i];
        run.result = subprocess->run(request, {}, {});
        session.runs.push_back(std::move(run));
    }
    QTemporaryDir folder;
    const std::string path = folder.filePath("session.json").toStdString();
    std::string error;
    QVERIFY2(agent::saveTranscript(session, path, error), error.c_str());

    const agent::Transcript read = agent::readTranscriptFile(path);
    const agent::SessionReplay replay = agent::replaySession(read, *container, {});
    QCOMPARE(replay.tier, std::string("container"));
    QCOMPARE(replay.calls.size(), std::size_t(3));
    QVERIFY(!replay.calls[0].differs());
    QVERIFY(replay.calls[1].differs());
    QVERIFY(replay.calls[1].differences.differs(RunField::Ending));
    QVERIFY(!replay.calls[2].differs());
    QCOMPARE(replay.differingCalls(), 1);
    QCOMPARE(replayToJson(replay)["differing_calls"].get<int>(), 1);
}

void TestTierComparison::malformedTranscripts_data() {
    QTest::addColumn<std::string>("content");
    QTest::addColumn<std::string>("named"); // what the message must name

    agent::Transcript valid;
    valid.task = "t";
    agent::ToolRun run;
    run.call = {"c1", "run_python", {{"code", "print(1)"}}, {}};
    run.code = "print(1)";
    run.tier = "subprocess";
    run.result = exited(0, "1\n");
    valid.runs.push_back(run);
    nlohmann::json noRuns = valid.toJson();
    noRuns.erase("runs");
    nlohmann::json badStop = valid.toJson();
    badStop["runs"][0]["result"]["stopped_by"] = "gremlins";
    nlohmann::json otherFormat = valid.toJson();
    otherFormat["format"] = "sandbench-lab-run";

    QTest::newRow("not JSON") << std::string("{\"format\": ") << std::string("is not JSON");
    QTest::newRow("another document")
        << otherFormat.dump() << std::string("not a Sandbench agent transcript");
    QTest::newRow("no runs") << noRuns.dump() << std::string("'runs'");
    QTest::newRow("unknown stop reason") << badStop.dump() << std::string("gremlins");
    QTest::newRow("missing file") << std::string() << std::string("cannot read the transcript");
}

void TestTierComparison::malformedTranscripts() {
    QFETCH(std::string, content);
    QFETCH(std::string, named);
    QTemporaryDir folder;
    const std::string path = folder.filePath("session.json").toStdString();
    if (!content.empty())
        std::ofstream(path) << content;
    try {
        agent::readTranscriptFile(path);
        QFAIL("a malformed transcript was read");
    } catch (const agent::TranscriptFileError& error) {
        const std::string message = error.what();
        QVERIFY2(message.find(path) != std::string::npos, message.c_str());
        QVERIFY2(message.find(named) != std::string::npos, message.c_str());
    }
}

QTEST_GUILESS_MAIN(TestTierComparison)
#include "tst_tier_comparison.moc"
