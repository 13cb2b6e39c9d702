// The one JSON form of a run result, an outcome and a lab run (core/lab_run.h): each field, set alone,
// survives to_json -> text -> from_json and the workbench's export -> re-open; the keys are those
// docs/cli-json.md lists; files from before newer keys (lab runs, history, transcripts) still open; unknown
// names are refused naming the key; bytes that are not UTF-8 become U+FFFD in every writer, NULs stay.

#include "core/agent/transcript.h"
#include "core/lab_run.h"
#include "gui/attack_lab_page.h"
#include "gui/attack_matrix_model.h"
#include "gui/lab_run_file.h"
#include "gui/run_history.h"

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <set>
#include <tuple>

using namespace sandbench;
using nlohmann::json;

using ResultChange = std::function<void(RunResult&)>;
using OutcomeChange = std::function<void(AttackOutcome&)>;
using LabRunChange = std::function<void(LabRun&)>;
Q_DECLARE_METATYPE(ResultChange)
Q_DECLARE_METATYPE(OutcomeChange)
Q_DECLARE_METATYPE(LabRunChange)

namespace {

// A program's output as a tier hands it over: not UTF-8 (0xff) and NULs.
const std::string kRawBytes = std::string("a\xff") + '\0' + "b\xc3" + '\0';
const std::string kAsText = std::string("a\xef\xbf\xbd") + '\0' + "b\xef\xbf\xbd" + '\0';

// What from_json needs of an outcome (an attack and a tier); every other field at its default.
AttackOutcome plainOutcome() {
    AttackOutcome outcome;
    outcome.attack = "Read host secret";
    outcome.tier = "subprocess";
    return outcome;
}

LabRun plainRun() {
    LabRun run;
    run.outcomes.push_back(plainOutcome());
    return run;
}

bool sameMachine(const MachineDetails& a, const MachineDetails& b) {
    return std::tie(a.hostname, a.kernel, a.os, a.cpuModel, a.cpuCount, a.memoryKb, a.runningAsRoot,
                    a.facts) ==
           std::tie(b.hostname, b.kernel, b.os, b.cpuModel, b.cpuCount, b.memoryKb, b.runningAsRoot, b.facts);
}

bool sameRun(const LabRun& a, const LabRun& b) {
    return std::tie(a.startedAt, a.policy, a.suite, a.tiers, a.outcomes, a.wallSeconds) ==
               std::tie(b.startedAt, b.policy, b.suite, b.tiers, b.outcomes, b.wallSeconds) &&
           sameMachine(a.machine, b.machine);
}

// Through text, as every file and pipe carries it.
template <typename T> T throughText(const T& value) {
    return json::parse(dumpJson(json(value))).get<T>();
}

std::set<std::string> keysOf(const json& object) {
    std::set<std::string> keys;
    for (const auto& [key, value] : object.items())
        keys.insert(key);
    return keys;
}

QString writeTemporary(const QTemporaryDir& dir, const QString& name, const std::string& text) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(text.data(), static_cast<qint64>(text.size()));
    return path;
}

// A page with no tier probed: enough to show, export and re-open lab runs.
std::unique_ptr<AttackLabPage> idlePage() {
    return std::make_unique<AttackLabPage>(AttackLabPage::Tiers{});
}

// `outcome` in a page's matrix, exported as JSON and re-opened by a second page: what that page holds.
std::optional<AttackOutcome> exportedAndReopened(const AttackOutcome& outcome, QString* error) {
    auto page = idlePage();
    page->model()->setSuite({QString::fromStdString(outcome.attack)});
    const QString tier = QString::fromStdString(outcome.tier);
    page->model()->setTiers({tier}, outcome.control ? QSet<QString>{tier} : QSet<QString>{});
    page->model()->addOutcome(tier, outcome);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("run.json"));
    auto reopened = idlePage();
    if (!page->exportRun(path, error) || !reopened->openRun(path, error))
        return std::nullopt;
    const AttackOutcome* shown = reopened->model()->outcome(0, 0);
    return shown ? std::optional<AttackOutcome>(*shown) : std::nullopt;
}

void addResultRows() {
    QTest::addColumn<ResultChange>("change");
    QTest::newRow("tier") << ResultChange([](RunResult& r) { r.tier = "microvm"; });
    QTest::newRow("stdout") << ResultChange([](RunResult& r) { r.stdoutBytes = "out\n"; });
    QTest::newRow("stderr") << ResultChange([](RunResult& r) { r.stderrBytes = "Traceback\n"; });
    QTest::newRow("stdout_truncated") << ResultChange([](RunResult& r) { r.stdoutTruncated = true; });
    QTest::newRow("stderr_truncated") << ResultChange([](RunResult& r) { r.stderrTruncated = true; });
    QTest::newRow("exit_code") << ResultChange([](RunResult& r) { r.exitCode = 3; });
    QTest::newRow("exit_code 0") << ResultChange([](RunResult& r) { r.exitCode = 0; });
    QTest::newRow("signal") << ResultChange([](RunResult& r) { r.termSignal = 9; });
    QTest::newRow("timed_out") << ResultChange([](RunResult& r) { r.timedOut = true; });
    QTest::newRow("wall_seconds") << ResultChange([](RunResult& r) { r.wallSeconds = 1.0 / 3; });
    QTest::newRow("warm_start") << ResultChange([](RunResult& r) { r.warmStart = true; });
    QTest::newRow("accelerator") << ResultChange([](RunResult& r) { r.accelerator = "kvm"; });
    QTest::newRow("cpu_seconds") << ResultChange([](RunResult& r) { r.cpuSeconds = 0.25; });
    QTest::newRow("peak_memory_kb") << ResultChange(
        [](RunResult& r) { r.peakMemoryKb = std::int64_t(1) << 40; });
    QTest::newRow("stopped_by") << ResultChange(
        [](RunResult& r) { r.stoppedBy = StopReason::FilesystemHidden; });
    QTest::newRow("evidence") << ResultChange(
        [](RunResult& r) { r.evidence = "killed at 5.0 s wall timeout"; });
}

void addOutcomeRows() {
    QTest::addColumn<OutcomeChange>("change");
    QTest::newRow("attack") << OutcomeChange([](AttackOutcome& o) { o.attack = "Fork flood"; });
    QTest::newRow("file") << OutcomeChange([](AttackOutcome& o) { o.fileName = "05_read_host_secret.py"; });
    QTest::newRow("category") << OutcomeChange([](AttackOutcome& o) { o.category = "filesystem"; });
    QTest::newRow("tier") << OutcomeChange([](AttackOutcome& o) { o.tier = "container"; });
    QTest::newRow("control") << OutcomeChange([](AttackOutcome& o) { o.control = true; });
    QTest::newRow("verdict") << OutcomeChange([](AttackOutcome& o) { o.verdict = Verdict::Allowed; });
    QTest::newRow("evidence") << OutcomeChange([](AttackOutcome& o) { o.evidence = "s3cret in stdout"; });
    QTest::newRow("layer") << OutcomeChange([](AttackOutcome& o) { o.layer = "seccomp"; });
    QTest::newRow("layer_detail") << OutcomeChange([](AttackOutcome& o) { o.layerDetail = "ptrace"; });
    QTest::newRow("layer_inferred") << OutcomeChange([](AttackOutcome& o) { o.layerInferred = true; });
    QTest::newRow("expected") << OutcomeChange([](AttackOutcome& o) { o.expected = true; });
    QTest::newRow("expected_because")
        << OutcomeChange([](AttackOutcome& o) { o.expectedBecause = "no per-run memory cgroup"; });
    QTest::newRow("leftovers") << OutcomeChange([](AttackOutcome& o) {
        o.leftovers = {"process x", "socket y"};
    });
    QTest::newRow("needs_root") << OutcomeChange([](AttackOutcome& o) { o.needsRoot = true; });
    QTest::newRow("unmet_needs") << OutcomeChange(
        [](AttackOutcome& o) { o.unmetNeeds = "not running as root"; });
    QTest::newRow("seconds") << OutcomeChange([](AttackOutcome& o) { o.seconds = 2.5; });
    // Each of the result's fields, inside the outcome: where the workbench's re-open lost two of them.
    const std::vector<std::pair<const char*, ResultChange>> resultChanges{
        {"result.warm_start", [](RunResult& r) { r.warmStart = true; }},
        {"result.accelerator", [](RunResult& r) { r.accelerator = "tcg"; }},
        {"result.stdout", [](RunResult& r) { r.stdoutBytes = "out\n"; }},
        {"result.stderr", [](RunResult& r) { r.stderrBytes = "err\n"; }},
        {"result.stdout_truncated", [](RunResult& r) { r.stdoutTruncated = true; }},
        {"result.stderr_truncated", [](RunResult& r) { r.stderrTruncated = true; }},
        {"result.exit_code", [](RunResult& r) { r.exitCode = 1; }},
        {"result.signal", [](RunResult& r) { r.termSignal = 31; }},
        {"result.timed_out", [](RunResult& r) { r.timedOut = true; }},
        {"result.wall_seconds", [](RunResult& r) { r.wallSeconds = 0.125; }},
        {"result.cpu_seconds", [](RunResult& r) { r.cpuSeconds = 0.5; }},
        {"result.peak_memory_kb", [](RunResult& r) { r.peakMemoryKb = 9000; }},
        {"result.stopped_by", [](RunResult& r) { r.stoppedBy = StopReason::Seccomp; }},
        {"result.evidence", [](RunResult& r) { r.evidence = "SIGSYS: ptrace"; }},
        {"result.tier", [](RunResult& r) { r.tier = "subprocess"; }},
    };
    for (const auto& [name, change] : resultChanges)
        QTest::newRow(name) << OutcomeChange([change](AttackOutcome& o) { change(o.result); });
}

void addLabRunRows() {
    QTest::addColumn<LabRunChange>("change");
    QTest::newRow("started_at") << LabRunChange([](LabRun& r) { r.startedAt = "2026-12-01T10:00:00Z"; });
    QTest::newRow("wall_seconds") << LabRunChange([](LabRun& r) { r.wallSeconds = 41.25; });
    QTest::newRow("policy") << LabRunChange([](LabRun& r) {
        r.policy.timeoutSeconds = 7.5;
        r.policy.network = true;
        r.policy.environment["HOME"] = "/tmp";
    });
    QTest::newRow("outcomes") << LabRunChange([](LabRun& r) {
        AttackOutcome second = plainOutcome();
        second.tier = "host";
        second.control = true;
        r.outcomes.push_back(second);
    });
    QTest::newRow("tiers") << LabRunChange([](LabRun& r) {
        LabTier subprocess;
        subprocess.info.name = "subprocess";
        subprocess.info.label = "Subprocess";
        subprocess.info.description = "rlimits, namespaces, seccomp";
        subprocess.notes = {"Landlock ABI 3"};
        r.tiers.push_back(subprocess);
        LabTier host;
        host.info.name = "host";
        host.info.control = true;
        host.info.description = "no boundary";
        r.tiers.push_back(host);
        LabTier microvm;
        microvm.info.name = "microvm";
        microvm.info.ownKernel = true;
        r.tiers.push_back(microvm);
        LabTier e2b;
        e2b.info.name = "e2b";
        e2b.info.billed = true;
        r.tiers.push_back(e2b);
    });
    // The suite: one row per field of an attack.
    const std::vector<std::pair<const char*, std::function<void(Attack&)>>> attackChanges{
        {"suite.file", [](Attack& a) { a.fileName = "05_read_host_secret.py"; }},
        {"suite.name", [](Attack& a) { a.name = "Read host secret"; }},
        {"suite.category", [](Attack& a) { a.category = "filesystem"; }},
        {"suite.expect", [](Attack& a) { a.expectation = Expectation::Starves; }},
        {"suite.marker", [](Attack& a) { a.marker = "LEAKED"; }},
        {"suite.quota", [](Attack& a) { a.quota = "inotify"; }},
        {"suite.artifact_rule", [](Attack& a) { a.artifactRule = "names"; }},
        {"suite.planted_inputs", [](Attack& a) { a.plantedInputs = true; }},
        {"suite.expected",
         [](Attack& a) {
             a.expectedOn = {"subprocess", "container"};
         }},
        {"suite.protections", [](Attack& a) { a.protections = {"aggregate-memory"}; }},
        {"suite.needs_root", [](Attack& a) { a.needsRoot = true; }},
        {"suite.needs_modules", [](Attack& a) { a.needsModules = true; }},
        {"suite.kernel_surface", [](Attack& a) { a.kernelSurface = true; }},
        {"suite.runs_alone", [](Attack& a) { a.runsAlone = true; }},
        {"suite.includes", [](Attack& a) { a.includes = {"raw_syscall"}; }},
        {"suite.metadata",
         [](Attack& a) {
             a.metadata = {{"name", "x"}, {"expect", "stopped"}};
         }},
        {"suite.code", [](Attack& a) { a.code = "# name: x\nprint('LEAKED')\n"; }},
    };
    for (const auto& [name, change] : attackChanges) {
        QTest::newRow(name) << LabRunChange([change](LabRun& r) {
            Attack attack;
            change(attack);
            r.suite.push_back(attack);
        });
    }
    const std::vector<std::pair<const char*, std::function<void(MachineDetails&)>>> machineChanges{
        {"machine.hostname", [](MachineDetails& m) { m.hostname = "lab-1"; }},
        {"machine.kernel", [](MachineDetails& m) { m.kernel = "6.1.0-28-amd64 #1 SMP"; }},
        {"machine.os", [](MachineDetails& m) { m.os = "Debian GNU/Linux 12 (bookworm)"; }},
        {"machine.cpu_model", [](MachineDetails& m) { m.cpuModel = "AMD EPYC"; }},
        {"machine.cpu_count", [](MachineDetails& m) { m.cpuCount = 2; }},
        {"machine.memory_kb", [](MachineDetails& m) { m.memoryKb = 8LL << 30; }},
        {"machine.running_as_root", [](MachineDetails& m) { m.runningAsRoot = true; }},
        {"machine.facts",
         [](MachineDetails& m) {
             m.facts = {{"KVM", "usable"}, {"Lab run", "re-opened"}};
         }},
    };
    for (const auto& [name, change] : machineChanges)
        QTest::newRow(name) << LabRunChange([change](LabRun& r) { change(r.machine); });
}

} // namespace

class TestLabRun : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resultFieldSurvives_data() { addResultRows(); }
    void resultFieldSurvives() {
        QFETCH(ResultChange, change);
        RunResult changed;
        change(changed);
        QVERIFY(!(changed == RunResult{})); // the row really sets something
        QVERIFY(json(changed).get<RunResult>() == changed);
        QVERIFY(throughText(changed) == changed);
        // `run --json` is the same object, ASCII-only on a terminal or not.
        QVERIFY(json::parse(changed.toJson()).get<RunResult>() == changed);
        QVERIFY(json::parse(changed.toJson(true)).get<RunResult>() == changed);
    }

    void outcomeFieldSurvives_data() { addOutcomeRows(); }
    void outcomeFieldSurvives() {
        QFETCH(OutcomeChange, change);
        AttackOutcome changed = plainOutcome();
        change(changed);
        QVERIFY(!(changed == plainOutcome()));
        QVERIFY(json(changed).get<AttackOutcome>() == changed);
        QVERIFY(throughText(changed) == changed);
        QVERIFY(outcomesFromJson(json::parse(dumpJson(outcomesToJson({changed, changed})))) ==
                (std::vector<AttackOutcome>{changed, changed}));
    }

    // The workbench's Export… ▸ JSON and Open run…, where `warm_start` and `accelerator` used to be lost.
    void outcomeFieldSurvivesExportAndReopen_data() { addOutcomeRows(); }
    void outcomeFieldSurvivesExportAndReopen() {
        QFETCH(OutcomeChange, change);
        AttackOutcome changed = plainOutcome();
        change(changed);
        QString error;
        const std::optional<AttackOutcome> reopened = exportedAndReopened(changed, &error);
        QVERIFY2(reopened, qPrintable(error));
        QVERIFY(*reopened == changed);
    }

    void labRunFieldSurvives_data() { addLabRunRows(); }
    void labRunFieldSurvives() {
        QFETCH(LabRunChange, change);
        LabRun changed = plainRun();
        change(changed);
        QVERIFY(!sameRun(changed, plainRun()));
        QVERIFY(sameRun(json(changed).get<LabRun>(), changed));
        QVERIFY(sameRun(throughText(changed), changed));
        const LabRunFile file = parseLabRunFile(dumpJson(json(changed)));
        QVERIFY(!file.outcomesOnly);
        QVERIFY(sameRun(file.run, changed));
    }

    // A lab-run document opened by the workbench is the run as it was: its report and its export again.
    void labRunSurvivesReopenAndExport_data() { addLabRunRows(); }
    void labRunSurvivesReopenAndExport() {
        QFETCH(LabRunChange, change);
        LabRun changed = plainRun();
        change(changed);
        QTemporaryDir dir;
        const QString path = writeTemporary(dir, QStringLiteral("run.json"), dumpJson(json(changed)));
        auto page = idlePage();
        QString error;
        QVERIFY2(page->openRun(path, &error), qPrintable(error));
        QVERIFY(sameRun(page->labRun(), changed));
        const QString again = dir.filePath(QStringLiteral("again.json"));
        QVERIFY2(page->exportRun(again, &error), qPrintable(error));
        QFile file(again);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(sameRun(parseLabRunFile(file.readAll().toStdString()).run, changed));
    }

    // The keys docs/cli-json.md lists, no more and no fewer: `run --json` and each `attacks --json` object.
    void keysAreTheDocumentedOnes() {
        const std::set<std::string> result{"tier",
                                           "backend",
                                           "stdout",
                                           "stderr",
                                           "stdout_truncated",
                                           "stderr_truncated",
                                           "exit_code",
                                           "signal",
                                           "timed_out",
                                           "wall_seconds",
                                           "warm_start",
                                           "accelerator",
                                           "platform",
                                           "cpu_seconds",
                                           "peak_memory_kb",
                                           "stopped_by",
                                           "evidence",
                                           "artifacts",
                                           "artifacts_dropped",
                                           "artifacts_note",
                                           "egress"};
        QVERIFY(keysOf(json(RunResult{})) == result);
        const std::set<std::string> outcome{
            "attack",           "file",       "category",    "tier",         "backend",        "control",
            "verdict",          "evidence",   "layer",       "layer_detail", "layer_inferred", "expected",
            "expected_because", "needs_root", "unmet_needs", "leftovers",    "seconds",        "stopped_by",
            "exit_code",        "signal",     "result"};
        QVERIFY(keysOf(json(plainOutcome())) == outcome);
        const std::set<std::string> document{"format",  "version", "started_at", "policy",
                                             "machine", "tiers",   "suite",      "outcomes"};
        QVERIFY(keysOf(json(plainRun())) == document);
    }

    void everyNameReadsBack() {
        for (int i = 0; i <= static_cast<int>(StopReason::Cancelled); ++i) {
            const auto reason = static_cast<StopReason>(i);
            QVERIFY(stopReasonFromString(toString(reason)) == reason);
        }
        for (const Verdict verdict : {Verdict::Blocked, Verdict::Allowed, Verdict::Error})
            QVERIFY(verdictFromString(toString(verdict)) == verdict);
        for (const Expectation e : {Expectation::Marker, Expectation::Stopped, Expectation::Survivor,
                                    Expectation::Starves, Expectation::Artifacts})
            QVERIFY(expectationFromString(toString(e)) == e);
        using agent::AgentOutcome;
        for (const AgentOutcome o :
             {AgentOutcome::Finished, AgentOutcome::TurnLimit, AgentOutcome::Failed, AgentOutcome::Cancelled})
            QVERIFY(agent::agentOutcomeFromString(agent::toString(o)) == o);
        // Names are exact: no default for text that is none of them.
        QVERIFY(!stopReasonFromString("Timeout") && !stopReasonFromString("") &&
                !stopReasonFromString("unknown"));
        QVERIFY(!verdictFromString("blocked") && !verdictFromString("MAYBE"));
        QVERIFY(!expectationFromString("marker LEAKED"));
        QVERIFY(!agent::agentOutcomeFromString("done"));
    }

    // A name no writer uses, or a newer file, is refused with the key, the text and the place.
    void unknownNamesAreRefused_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("result stop reason")
            << "result.stopped_by"
            << "egress_proxy"
            << "outcome 1, result: \"stopped_by\" is \"egress_proxy\", not a known "
               "stop reason";
        QTest::newRow("outcome stop reason") << "stopped_by"
                                             << "egress_proxy"
                                             << "outcome 1: \"stopped_by\" is \"egress_proxy\"";
        QTest::newRow("verdict") << "verdict"
                                 << "MAYBE"
                                 << "outcome 1: \"verdict\" is \"MAYBE\", not BLOCKED, ALLOWED or ERROR";
        QTest::newRow("expect")
            << "suite.expect"
            << "sometimes"
            << "suite 1: \"expect\" is \"sometimes\", not marker, stopped, survivor, starves or artifacts";
        QTest::newRow("format") << "format"
                                << "sandbench-history"
                                << "Not a Sandbench lab run";
        QTest::newRow("version") << "version"
                                 << "2"
                                 << "written by a newer Sandbench (format version 2)";
    }
    void unknownNamesAreRefused() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        LabRun run = plainRun();
        run.suite.push_back(Attack{});
        json document = run;
        json* object = &document;
        std::string last = key.toStdString();
        if (last.starts_with("result.")) {
            object = &document["outcomes"][0]["result"];
            last = last.substr(7);
        } else if (last.starts_with("suite.")) {
            object = &document["suite"][0];
            last = last.substr(6);
        } else if (last != "format" && last != "version") {
            object = &document["outcomes"][0];
        }
        (*object)[last] = last == "version" ? json(value.toInt()) : json(value.toStdString());
        try {
            parseLabRunFile(document.dump());
            QFAIL("accepted");
        } catch (const JsonFormatError& error) {
            QVERIFY2(QString::fromStdString(error.what()).contains(expected), error.what());
        }
    }

    // Every writer: bytes that are not UTF-8 become U+FFFD, as docs/cli-json.md says; NULs stay.
    void invalidUtf8IsReplacedAndNulsStay_data() {
        QTest::addColumn<QString>("writer");
        for (const char* writer : {"run --json", "attacks --json", "lab-run document", "workbench export",
                                   "run history", "agent transcript"})
            QTest::newRow(writer) << QString::fromLatin1(writer);
    }
    void invalidUtf8IsReplacedAndNulsStay() {
        QFETCH(QString, writer);
        AttackOutcome outcome = plainOutcome();
        outcome.evidence = kRawBytes;
        outcome.leftovers = {kRawBytes};
        outcome.result.stdoutBytes = kRawBytes;
        outcome.result.stderrBytes = kRawBytes;
        outcome.result.evidence = kRawBytes;
        AttackOutcome expected = outcome;
        expected.evidence = expected.leftovers[0] = kAsText;
        expected.result.stdoutBytes = expected.result.stderrBytes = expected.result.evidence = kAsText;
        QTemporaryDir dir;
        if (writer == "run --json") {
            QVERIFY(json::parse(outcome.result.toJson()).get<RunResult>() == expected.result);
        } else if (writer == "attacks --json") {
            QVERIFY(outcomesFromJson(json::parse(dumpJson(outcomesToJson({outcome})))).at(0) == expected);
        } else if (writer == "lab-run document") {
            LabRun run;
            run.outcomes = {outcome};
            QVERIFY(throughText(run).outcomes.at(0) == expected);
        } else if (writer == "workbench export") {
            QString error;
            const auto reopened = exportedAndReopened(outcome, &error);
            QVERIFY2(reopened, qPrintable(error));
            QVERIFY(*reopened == expected);
        } else if (writer == "run history") {
            const QString path = dir.filePath(QStringLiteral("history.json"));
            RunHistory history(path);
            HistoryEntry entry{QDateTime::currentDateTime(), QStringLiteral("subprocess"),
                               QStringLiteral("x"), Policy{}, outcome.result};
            QCOMPARE(history.add(std::move(entry)), QString());
            RunHistory reloaded(path);
            QCOMPARE(reloaded.load(), QString());
            QVERIFY(reloaded.entries().at(0).result == expected.result);
        } else {
            agent::Transcript transcript;
            agent::ToolRun run;
            run.result = outcome.result;
            transcript.runs.push_back(run);
            const std::string path = dir.filePath(QStringLiteral("session.json")).toStdString();
            std::string error;
            QVERIFY2(agent::saveTranscript(transcript, path, error), error.c_str());
            QFile file(QString::fromStdString(path));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const agent::Transcript loaded =
                agent::Transcript::fromJson(json::parse(file.readAll().toStdString()));
            QVERIFY(loaded.runs.at(0).result == expected.result);
        }
    }

    // Files written before `warm_start`, `accelerator` and the outcome's layer keys, and before "tier" was
    // the key's name ("backend"), still open, with the engine's defaults; the control is expected, as the
    // engine always sets it there.
    void oldFilesStillOpen_data() {
        QTest::addColumn<QString>("file");
        for (const char* file : {"lab run", "run history", "agent transcript"})
            QTest::newRow(file) << QString::fromLatin1(file);
    }
    void oldFilesStillOpen() {
        QFETCH(QString, file);
        const json oldResult = json::parse(R"({"backend": "container", "stdout": "4\n", "stderr": "",
            "stdout_truncated": false, "stderr_truncated": false, "exit_code": 0, "signal": null,
            "timed_out": false, "wall_seconds": 0.5, "cpu_seconds": 0.1, "peak_memory_kb": null,
            "stopped_by": "none", "evidence": ""})");
        RunResult expected;
        expected.tier = "container";
        expected.stdoutBytes = "4\n";
        expected.exitCode = 0;
        expected.wallSeconds = 0.5;
        expected.cpuSeconds = 0.1;
        QTemporaryDir dir;
        if (file == "lab run") {
            const json outcome{{"attack", "Read host secret"},
                               {"file", "05.py"},
                               {"category", "filesystem"},
                               {"backend", "host"},
                               {"control", true},
                               {"verdict", "ALLOWED"},
                               {"evidence", "in stdout"},
                               {"seconds", 0.5},
                               {"stopped_by", "none"},
                               {"exit_code", 0},
                               {"signal", nullptr},
                               {"result", oldResult}};
            const QString path =
                writeTemporary(dir, QStringLiteral("old.json"), json::array({outcome}).dump(4));
            auto page = idlePage();
            QString error;
            QVERIFY2(page->openRun(path, &error), qPrintable(error));
            const AttackOutcome* shown = page->model()->outcome(0, 0);
            QVERIFY(shown);
            QVERIFY(shown->result == expected);
            QCOMPARE(shown->tier, std::string("host"));
            QVERIFY(shown->expected && shown->control && shown->layer.empty() && shown->leftovers.empty());
            QVERIFY(shown->expectedBecause.empty() && !shown->needsRoot && shown->unmetNeeds.empty());
            // Such a file has no policy, machine or code: the report says the rest is this session's.
            const LabRun run = page->labRun();
            QVERIFY(!run.machine.facts.empty() &&
                    run.machine.facts.back().second.find("old.json") != std::string::npos);
        } else if (file == "run history") {
            const json history{{"format", "sandbench-history"},
                               {"version", 1},
                               {"runs", json::array({{{"when", "2026-11-01T09:00:00.000"},
                                                      {"backend", "container"},
                                                      {"code", "print(4)"},
                                                      {"policy", json::parse(Policy{}.toJson())},
                                                      {"result", oldResult}}})}};
            const QString path = writeTemporary(dir, QStringLiteral("history.json"), history.dump(2));
            RunHistory reloaded(path);
            QCOMPARE(reloaded.load(), QString());
            QCOMPARE(reloaded.entries().size(), std::size_t(1));
            QVERIFY(reloaded.entries().at(0).result == expected);
            QCOMPARE(reloaded.entries().at(0).tier, QString("container"));
        } else {
            const json run{
                {"call",
                 {{"id", "c1"},
                  {"name", "run_python"},
                  {"arguments", {{"code", "print(4)"}}},
                  {"raw_arguments", ""}}},
                {"code", "print(4)"},
                {"problem", ""},
                {"backend", "container"},
                {"policy", "timeout 5 s"},
                {"result", oldResult},
                {"sent_to_model", {{"tool_call_id", "c1"}, {"content", "{}"}, {"is_error", false}}}};
            const json transcript{{"format", "sandbench-agent-transcript"},
                                  {"version", 1},
                                  {"task", "t"},
                                  {"provider", "p"},
                                  {"backend", "container"},
                                  {"policy", json::parse(Policy{}.toJson())},
                                  {"system_prompt", ""},
                                  {"max_turns", 4},
                                  {"started_at", ""},
                                  {"turns", 1},
                                  {"outcome", "finished"},
                                  {"final_text", "4"},
                                  {"error", ""},
                                  {"messages", json::array()},
                                  {"runs", json::array({run})}};
            const agent::Transcript loaded = agent::Transcript::fromJson(transcript);
            QVERIFY(loaded.runs.at(0).result == expected);
            QCOMPARE(loaded.tier, std::string("container"));
            QCOMPARE(loaded.runs.at(0).tier, std::string("container"));
        }
    }

    void csvHasTheCliColumns() {
        AttackOutcome odd = plainOutcome();
        odd.evidence = "no such file, said \"open\"";
        odd.seconds = 0.04;
        odd.verdict = Verdict::Blocked;
        QCOMPARE(QString::fromStdString(outcomesToCsv({odd})),
                 QStringLiteral(
                     "attack,category,tier,control,verdict,seconds,evidence\n"
                     "Read host secret,,subprocess,false,BLOCKED,0.0,\"no such file, said \"\"open\"\"\"\n"));
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestLabRun test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_lab_run.moc"
