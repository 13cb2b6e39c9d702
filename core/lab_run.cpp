#include "lab_run.h"

#include <cstdio>

namespace sandbench {

using nlohmann::json;
using Problem = JsonFormatError::Problem;

namespace {

constexpr const char* kLabRunFormat = "sandbench-lab-run";
constexpr int kLabRunVersion = 1;

// Bytes as JSON text: what is not UTF-8 becomes U+FFFD. nlohmann's own decoder decides, as it does when
// it writes a document with error_handler_t::replace, so the two can never disagree.
std::string text(const std::string& bytes) {
    return json::parse(json(bytes).dump(-1, ' ', false, json::error_handler_t::replace)).get<std::string>();
}

json texts(const std::vector<std::string>& list) {
    json array = json::array();
    for (const std::string& entry : list)
        array.push_back(text(entry));
    return array;
}

// What --json and the files say of each artifact: its bytes go to --artifacts DIR, never into JSON.
json artifactsMetadata(const std::vector<Artifact>& artifacts) {
    json list = json::array();
    for (const Artifact& artifact : artifacts)
        list.push_back({{"name", text(artifact.name)}, {"size", artifact.size}, {"type", artifact.type}});
    return list;
}

template <typename T> json orNull(const std::optional<T>& value) {
    return value ? json(*value) : json();
}

StopReason stopReason(const JsonFields& in, const char* key) {
    const std::string name = in.text(key);
    const auto reason = stopReasonFromString(name);
    if (!reason)
        in.fail(Problem::UnknownStopReason, key, name);
    return *reason;
}

RunResult readResult(const json& object, const JsonPlace& place) {
    const JsonFields in(object, place);
    RunResult result;
    // "backend": the key's name before "tier", still written for older readers; files from then have only it.
    result.tier = in.text(in.has("tier") ? "tier" : "backend");
    result.stdoutBytes = in.text("stdout");
    result.stderrBytes = in.text("stderr");
    result.stdoutTruncated = in.boolean("stdout_truncated");
    result.stderrTruncated = in.boolean("stderr_truncated");
    result.exitCode = in.intOrNull("exit_code");
    result.termSignal = in.intOrNull("signal");
    result.timedOut = in.boolean("timed_out");
    result.wallSeconds = in.nonNegative("wall_seconds");
    // Written since the container tier's warm pool and the microVM tier came; absent in older files.
    result.warmStart = in.has("warm_start") && in.boolean("warm_start");
    if (in.has("accelerator"))
        result.accelerator = in.textOrNull("accelerator").value_or("");
    if (in.has("platform")) // since the gVisor tier
        result.platform = in.textOrNull("platform").value_or("");
    result.cpuSeconds = in.nonNegativeOrNull("cpu_seconds"); // null: not measured
    result.peakMemoryKb = in.wholeOrNull("peak_memory_kb");
    result.stoppedBy = stopReason(in, "stopped_by");
    result.evidence = in.text("evidence");
    // Since artifacts came back from /tmp/outputs: their metadata only, never their bytes.
    if (in.has("artifacts")) {
        const json& list = object.at("artifacts");
        if (!list.is_array())
            in.fail(Problem::NotAnArray, "artifacts");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const JsonFields entry(list[i], place.inside("artifact " + std::to_string(i + 1)));
            Artifact artifact;
            artifact.name = entry.text("name");
            artifact.size = entry.wholeOrNull("size").value_or(0);
            artifact.type = entry.text("type");
            result.artifacts.push_back(std::move(artifact));
        }
    }
    if (in.has("artifacts_dropped"))
        result.artifactsDropped = in.texts("artifacts_dropped");
    if (in.has("artifacts_note"))
        result.artifactsNote = in.textOrNull("artifacts_note").value_or("");
    // Since network allow lists: the egress proxy's decisions.
    if (in.has("egress")) {
        const json& list = object.at("egress");
        if (!list.is_array())
            in.fail(Problem::NotAnArray, "egress");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const JsonFields entry(list[i], place.inside("egress decision " + std::to_string(i + 1)));
            result.egress.push_back(
                {entry.text("decision"), entry.text("method"), entry.text("target"), entry.text("reason")});
        }
    }
    return result;
}

AttackOutcome readOutcome(const json& object, const JsonPlace& place) {
    const JsonFields in(object, place);
    AttackOutcome outcome;
    outcome.attack = in.nonEmptyText("attack");
    outcome.fileName = in.text("file");
    outcome.category = in.text("category");
    outcome.tier = in.nonEmptyText(in.has("tier") ? "tier" : "backend");
    outcome.control = in.boolean("control");
    const std::string verdict = in.text("verdict");
    if (const auto known = verdictFromString(verdict))
        outcome.verdict = *known;
    else
        in.fail(Problem::UnknownVerdict, "verdict", verdict);
    outcome.evidence = in.text("evidence");
    // The keys that came with the deciding layer and leftovers: a file from before them reads as the
    // engine's defaults, and, as then, the control was expected to let every attack through.
    outcome.layer = in.has("layer") ? in.text("layer") : "";
    outcome.layerDetail = in.has("layer_detail") ? in.text("layer_detail") : "";
    outcome.layerInferred = in.has("layer_inferred") && in.boolean("layer_inferred");
    outcome.expected = in.has("expected") ? in.boolean("expected") : outcome.control;
    outcome.expectedBecause = in.has("expected_because") ? in.text("expected_because") : "";
    outcome.needsRoot = in.has("needs_root") && in.boolean("needs_root");
    outcome.unmetNeeds = in.has("unmet_needs") ? in.text("unmet_needs") : "";
    if (in.has("leftovers"))
        outcome.leftovers = in.texts("leftovers");
    outcome.seconds = in.nonNegative("seconds");
    // Copies of the result's, for scripts that read one level: checked, but the result is the record.
    stopReason(in, "stopped_by");
    in.intOrNull("exit_code");
    in.intOrNull("signal");
    outcome.result = readResult(in.object("result"), place.inside("result"));
    return outcome;
}

json toJson(const Attack& attack) {
    json metadata = json::object();
    for (const auto& [key, value] : attack.metadata)
        metadata[text(key)] = text(value);
    return {{"file", text(attack.fileName)},
            {"name", text(attack.name)},
            {"category", text(attack.category)},
            {"expect", toString(attack.expectation)},
            {"marker", text(attack.marker)},
            {"quota", text(attack.quota)},
            {"artifact_rule", text(attack.artifactRule)},
            {"planted_inputs", attack.plantedInputs},
            {"function_check", attack.functionCheck},
            {"allow_listed_network", attack.allowListedNetwork},
            {"expected", texts(attack.expectedOn)},
            {"protections", texts(attack.protections)},
            {"needs_root", attack.needsRoot},
            {"needs_modules", attack.needsModules},
            {"kernel_surface", attack.kernelSurface},
            {"runs_alone", attack.runsAlone},
            {"includes", texts(attack.includes)},
            {"metadata", std::move(metadata)},
            {"code", text(attack.code)}};
}

Attack readAttack(const json& object, const JsonPlace& place) {
    const JsonFields in(object, place);
    Attack attack;
    attack.fileName = in.text("file");
    attack.name = in.text("name");
    attack.category = in.text("category");
    const std::string expect = in.text("expect");
    const auto expectation = expectationFromString(expect);
    if (!expectation)
        in.fail(Problem::UnknownName, "expect", expect, "marker, stopped, survivor, starves or artifacts");
    attack.expectation = *expectation;
    attack.marker = in.text("marker");
    attack.quota = in.text("quota");
    // Absent from files before `expect: artifacts` and `inputs: planted`.
    if (in.has("artifact_rule"))
        attack.artifactRule = in.text("artifact_rule");
    if (in.has("planted_inputs"))
        attack.plantedInputs = in.boolean("planted_inputs");
    // Absent from files before the network attacks.
    if (in.has("function_check"))
        attack.functionCheck = in.boolean("function_check");
    if (in.has("allow_listed_network"))
        attack.allowListedNetwork = in.boolean("allow_listed_network");
    attack.expectedOn = in.texts("expected");
    attack.protections = in.texts("protections");
    attack.needsRoot = in.boolean("needs_root");
    attack.needsModules = in.boolean("needs_modules");
    attack.kernelSurface = in.boolean("kernel_surface");
    attack.includes = in.texts("includes");
    const JsonFields metadata(in.object("metadata"), JsonPlace{0, place.describe() + ", metadata"});
    for (const auto& entry : in.object("metadata").items())
        attack.metadata.emplace(entry.key(), metadata.text(entry.key().c_str()));
    // Absent from files before it: its header and its expectation decide, as the loader would.
    if (in.has("runs_alone"))
        attack.runsAlone = in.boolean("runs_alone");
    else
        attack.runsAlone =
            (attack.expectation != Expectation::Marker && attack.expectation != Expectation::Egress) ||
            (attack.metadata.contains("runs") && attack.metadata.at("runs") == "alone");
    attack.code = in.text("code");
    return attack;
}

json toJson(const LabTier& tier) {
    json object = {{"name", text(tier.info.name)},
                   {"label", text(tier.info.label)},
                   {"control", tier.info.control},
                   {"own_kernel", tier.info.ownKernel},
                   {"user_space_kernel", tier.info.userSpaceKernel},
                   {"billed", tier.info.billed},
                   {"description", text(tier.info.description)},
                   {"notes", texts(tier.notes)}};
    if (!tier.details.empty())
        object["details"] = text(tier.details);
    return object;
}

// `label`, `own_kernel`, `billed` and `user_space_kernel` arrived after the first documents: those read
// without them.
LabTier readTier(const json& object, const JsonPlace& place) {
    const JsonFields in(object, place);
    LabTier tier;
    tier.info.name = in.text("name");
    tier.info.label = in.has("label") ? in.text("label") : std::string();
    tier.info.control = in.boolean("control");
    tier.info.ownKernel = in.has("own_kernel") && in.boolean("own_kernel");
    tier.info.billed = in.has("billed") && in.boolean("billed");
    tier.info.userSpaceKernel = in.has("user_space_kernel") && in.boolean("user_space_kernel");
    tier.info.description = in.text("description");
    tier.notes = in.texts("notes");
    tier.details = in.has("details") ? in.text("details") : std::string(); // absent before it, or when none
    return tier;
}

json toJson(const MachineDetails& machine) {
    json facts = json::array();
    for (const auto& [name, value] : machine.facts)
        facts.push_back({{"name", text(name)}, {"value", text(value)}});
    return {{"hostname", text(machine.hostname)},
            {"kernel", text(machine.kernel)},
            {"os", text(machine.os)},
            {"cpu_model", text(machine.cpuModel)},
            {"cpu_count", machine.cpuCount},
            {"memory_kb", machine.memoryKb},
            {"running_as_root", machine.runningAsRoot},
            {"facts", std::move(facts)}};
}

MachineDetails readMachine(const json& object, const JsonPlace& place) {
    const JsonFields in(object, place);
    MachineDetails machine;
    machine.hostname = in.text("hostname");
    machine.kernel = in.text("kernel");
    machine.os = in.text("os");
    machine.cpuModel = in.text("cpu_model");
    machine.cpuCount = in.integer("cpu_count");
    const std::optional<std::int64_t> memory = in.wholeOrNull("memory_kb");
    if (!memory)
        in.fail(Problem::NotAnInteger, "memory_kb");
    machine.memoryKb = *memory;
    machine.runningAsRoot = in.boolean("running_as_root");
    const json& facts = in.array("facts");
    for (std::size_t i = 0; i < facts.size(); ++i) {
        const JsonFields fact(facts[i], JsonPlace{0, "machine fact " + std::to_string(i + 1)});
        machine.facts.emplace_back(fact.text("name"), fact.text("value"));
    }
    return machine;
}

// Each element of `array` read by `read`, placed as "<name> N" (1-based).
template <typename Read> auto readEach(const json& array, const std::string& name, Read read) {
    std::vector<decltype(read(array, JsonPlace{}))> list;
    for (std::size_t i = 0; i < array.size(); ++i)
        list.push_back(read(array[i], JsonPlace{0, name + " " + std::to_string(i + 1)}));
    return list;
}

} // namespace

void to_json(json& object, const RunResult& result) {
    object = {{"tier", text(result.tier)},
              {"backend", text(result.tier)}, // the key's name before "tier", kept for older readers
              {"stdout", text(result.stdoutBytes)},
              {"stderr", text(result.stderrBytes)},
              {"stdout_truncated", result.stdoutTruncated},
              {"stderr_truncated", result.stderrTruncated},
              {"exit_code", orNull(result.exitCode)},
              {"signal", orNull(result.termSignal)},
              {"timed_out", result.timedOut},
              {"wall_seconds", result.wallSeconds},
              {"warm_start", result.warmStart},
              {"accelerator", result.accelerator.empty() ? json() : json(text(result.accelerator))},
              {"platform", result.platform.empty() ? json() : json(text(result.platform))},
              {"cpu_seconds", orNull(result.cpuSeconds)},
              {"peak_memory_kb", orNull(result.peakMemoryKb)},
              {"stopped_by", toString(result.stoppedBy)},
              {"evidence", text(result.evidence)},
              {"artifacts", artifactsMetadata(result.artifacts)},
              {"artifacts_dropped", texts(result.artifactsDropped)},
              {"artifacts_note", result.artifactsNote.empty() ? json() : json(text(result.artifactsNote))}};
    json connections = json::array();
    for (const EgressEvent& event : result.egress)
        connections.push_back({{"decision", text(event.decision)},
                               {"method", text(event.method)},
                               {"target", text(event.target)},
                               {"reason", text(event.reason)},
                               {"text", text(event.text())}});
    object["egress"] = connections;
}

void from_json(const json& object, RunResult& result) {
    result = readResult(object, JsonPlace{0, "result"});
}

void to_json(json& object, const AttackOutcome& outcome) {
    const RunResult& result = outcome.result;
    object = {{"attack", text(outcome.attack)},
              {"file", text(outcome.fileName)},
              {"category", text(outcome.category)},
              {"tier", text(outcome.tier)},
              {"backend", text(outcome.tier)},
              {"control", outcome.control},
              {"verdict", toString(outcome.verdict)},
              {"evidence", text(outcome.evidence)},
              {"layer", text(outcome.layer)},
              {"layer_detail", text(outcome.layerDetail)},
              {"layer_inferred", outcome.layerInferred},
              {"expected", outcome.expected},
              {"expected_because", text(outcome.expectedBecause)},
              {"needs_root", outcome.needsRoot},
              {"unmet_needs", text(outcome.unmetNeeds)},
              {"leftovers", texts(outcome.leftovers)},
              {"seconds", outcome.seconds},
              {"stopped_by", toString(result.stoppedBy)},
              {"exit_code", orNull(result.exitCode)},
              {"signal", orNull(result.termSignal)},
              {"result", json(result)}};
}

void from_json(const json& object, AttackOutcome& outcome) {
    outcome = readOutcome(object, JsonPlace{0, "outcome"});
}

json outcomesToJson(const std::vector<AttackOutcome>& outcomes) {
    json array = json::array();
    for (const AttackOutcome& outcome : outcomes)
        array.push_back(outcome);
    return array;
}

std::vector<AttackOutcome> outcomesFromJson(const json& array) {
    std::vector<AttackOutcome> outcomes;
    for (std::size_t i = 0; i < array.size(); ++i)
        outcomes.push_back(readOutcome(array[i], JsonPlace{static_cast<int>(i + 1), ""}));
    return outcomes;
}

void to_json(json& object, const LabRun& run) {
    json suite = json::array();
    for (const Attack& attack : run.suite)
        suite.push_back(toJson(attack));
    json tiers = json::array();
    for (const LabTier& tier : run.tiers)
        tiers.push_back(toJson(tier));
    object = {{"format", kLabRunFormat},           {"version", kLabRunVersion},
              {"started_at", text(run.startedAt)}, {"policy", json::parse(run.policy.toJson())},
              {"machine", toJson(run.machine)},    {"tiers", std::move(tiers)},
              {"suite", std::move(suite)},         {"outcomes", outcomesToJson(run.outcomes)}};
    if (!run.policySource.empty())
        object["policy_source"] = run.policySource;
    if (run.wallSeconds > 0)
        object["wall_seconds"] = run.wallSeconds;
}

void from_json(const json& object, LabRun& run) {
    const JsonFields in(object, JsonPlace{0, "the lab run"});
    if (!in.has("format") || !in.at("format").is_string() || in.text("format") != kLabRunFormat)
        throw JsonFormatError(Problem::NotThisDocument, in.place(), "format", {}, "a Sandbench lab run");
    if (const int version = in.integer("version"); version > kLabRunVersion)
        in.fail(Problem::NewerVersion, "version", std::to_string(version));
    LabRun read;
    read.startedAt = in.text("started_at");
    try {
        read.policy = Policy::fromJson(in.object("policy").dump());
    } catch (const PolicyError& error) {
        in.fail(Problem::BadPolicy, "policy", {}, error.what());
    }
    if (in.has("policy_source")) // absent from files before it, and from the command line's
        read.policySource = in.text("policy_source");
    if (in.has("wall_seconds")) // absent from files before it
        read.wallSeconds = in.nonNegative("wall_seconds");
    read.machine = readMachine(in.object("machine"), JsonPlace{0, "machine"});
    read.tiers = readEach(in.array("tiers"), "tier", readTier);
    read.suite = readEach(in.array("suite"), "suite", readAttack);
    read.outcomes = outcomesFromJson(in.array("outcomes"));
    run = std::move(read);
}

std::string dumpJson(const json& document, bool asciiOnly) {
    return document.dump(2, ' ', asciiOnly, json::error_handler_t::replace);
}

LabRunFile parseLabRunFile(std::string_view content) {
    json document;
    try {
        document = json::parse(content);
    } catch (const json::parse_error& error) {
        // what() starts with "[json.exception.parse_error.101] "; the rest says what and where.
        const std::string message = error.what();
        const auto start = message.find("] ");
        throw JsonFormatError(Problem::NotJson, {}, {}, {},
                              start == std::string::npos ? message : message.substr(start + 2), error.byte);
    }
    LabRunFile file;
    if (document.is_array()) {
        file.run.outcomes = outcomesFromJson(document);
        file.outcomesOnly = true;
    } else if (document.is_object() && document.contains("format")) {
        file.run = document.get<LabRun>();
    } else {
        throw JsonFormatError(Problem::NotThisDocument, {}, {}, {},
                              "a lab run: expected an array of outcomes, as `sandbench-cli attacks --json` "
                              "writes, or a lab-run document, as the workbench exports");
    }
    if (file.run.outcomes.empty())
        throw JsonFormatError(Problem::NoOutcomes, {});
    return file;
}

std::string outcomesToCsv(const std::vector<AttackOutcome>& outcomes) {
    const auto field = [](const std::string& bytes) {
        const std::string value = text(bytes);
        if (value.find_first_of(",\"\r\n") == std::string::npos)
            return value;
        std::string quoted = "\"";
        for (const char c : value) {
            if (c == '"')
                quoted += '"';
            quoted += c;
        }
        return quoted + "\"";
    };
    std::string csv = "attack,category,tier,control,verdict,seconds,evidence\n";
    for (const AttackOutcome& o : outcomes) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.1f", o.seconds);
        csv += field(o.attack) + ',' + field(o.category) + ',' + field(o.tier) + ',' +
               (o.control ? "true" : "false") + ',' + std::string(toString(o.verdict)) + ',' + seconds + ',' +
               field(o.evidence) + '\n';
    }
    return csv;
}

} // namespace sandbench
