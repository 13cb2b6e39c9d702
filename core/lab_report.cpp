#include "lab_report.h"

#include "core/lab_report_css.h"
#include "html_writer.h"
#include "lab_report_charts.h"
#include "lab_report_layout.h"
#include "number_text.h"
#include "utf8.h"

#include <algorithm>
#include <string_view>

// The report is HTML5 written through HtmlWriter, so it is also well-formed XML (every element closed, void
// elements self-closed, attributes quoted, no named entity but the five XML ones, no xmlns anywhere):
// browsers read it as HTML, and tests and scripts can read it with any XML parser. It needs no script at
// all, and its Content-Security-Policy forbids scripts and every network fetch, so even a mistake in
// escaping could neither run attack output nor make the report call home.

namespace sandbench {

namespace {

constexpr std::size_t kOutputShownBytes = 20000;

// The Workbench and the lab may run different policies: the report says which one this was.
std::string policySourceText(const std::string& source) {
    if (source == kPolicyFromWorkbench)
        return "The lab followed the Workbench's policy.";
    if (source == kPolicyForLab)
        return "The policy was set for the lab, apart from the Workbench's.";
    return {};
}

// A fragment id from arbitrary text: letters, digits, '.', '_' and '-' are kept, any other byte becomes
// "_XX" (its hex), so names with spaces or quotes still give one stable, valid id.
std::string slug(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string id;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') ||
            byte == '.' || byte == '_' || byte == '-') {
            id += c;
        } else {
            id += '_';
            id += kHex[byte >> 4];
            id += kHex[byte & 0x0F];
        }
    }
    return id;
}

std::string cellId(const std::string& tier, const std::string& fileName) {
    return "cell-" + slug(tier) + "-" + slug(fileName);
}

std::string attackId(const std::string& fileName) {
    return "attack-" + slug(fileName);
}

// The layer that decided, as a cell shows it: none for an ALLOWED or an unknown layer.
std::string layerText(const AttackOutcome& outcome) {
    if (outcome.layer.empty() || outcome.layer == "none")
        return {};
    return outcome.layer;
}

const char* trueOrFalse(bool value) {
    return value ? "true" : "false";
}

// <span class="...">text</span>
void span(HtmlWriter& w, std::string_view cssClass, std::string_view text) {
    w.open("span").attr("class", cssClass).text(text).close();
}

struct Swatch {
    const char* colour; // the CSS class of the verdict: blocked, allowed, expected, error, notrun, leftovers
    const char* meaning;
};

// Opens a legend (<div class="legend ...">) with a colour swatch and its meaning per entry; the caller
// can add entries of its own, then closes it.
void openLegend(HtmlWriter& w, const char* cssClass, std::initializer_list<Swatch> swatches) {
    w.open("div").attr("class", cssClass);
    for (const Swatch& swatch : swatches) {
        w.open("span");
        span(w, std::string("swatch ") + swatch.colour, "");
        w.text(swatch.meaning).close();
    }
}

void link(HtmlWriter& w, const std::string& fragment, std::string_view text) {
    w.open("a").attr("href", "#" + fragment).text(text).close();
}

void writeHead(HtmlWriter& w, const LabRun& run) {
    w.open("head");
    w.open("meta").attr("charset", "utf-8").close();
    w.open("meta").attr("name", "viewport").attr("content", "width=device-width, initial-scale=1").close();
    w.open("meta").attr("name", "color-scheme").attr("content", "light dark").close();
    // No script, no fetch of anything: the report is only ever viewed, so nothing in it may run or call out.
    w.open("meta").attr("http-equiv", "Content-Security-Policy");
    w.attr("content", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
                      "form-action 'none'");
    w.close();
    w.open("meta").attr("name", "generator").attr("content", "Sandbench").close();
    std::string title = "Sandbench attack lab";
    if (!run.startedAt.empty())
        title += " — " + run.startedAt;
    if (!run.machine.hostname.empty())
        title += " — " + run.machine.hostname;
    w.element("title", title);
    w.open("style").rawText("\n").rawText(kLabReportCss).close();
    w.close("head");
}

void writeHeader(HtmlWriter& w, const LabRun& run, const LabReportLayout& layout) {
    const VerdictCounts all = layout.cells.counts();
    const int notRun = layout.notRun();
    w.open("header").element("h1", "Sandbench attack lab");
    w.open("p")
        .text("Started ")
        .element("strong", run.startedAt.empty() ? "at an unknown time" : run.startedAt);
    if (!run.machine.hostname.empty())
        w.text(" on ").element("strong", run.machine.hostname);
    w.text(": " + std::to_string(layout.attacks.size()) + " attacks × " +
           std::to_string(layout.tiers.size()) + " tiers under the policy ");
    w.element("em", run.policy.summary()).text(".");
    if (const std::string source = policySourceText(run.policySource); !source.empty())
        w.text(" " + source);
    if (run.wallSeconds > 0) // every tier side by side: less than the cells' times added up
        w.text(" The whole lab took ").element("strong", secondsText(run.wallSeconds)).text(" wall time.");
    w.close("p");
    w.open("p").attr("class", "muted small");
    w.text(
        "Every attack ran once on every tier. The control tier has no boundary: its ALLOWED cells show that "
        "each attack really works. An ALLOWED cell is a failure of the tier unless the attack is marked as "
        "expected to get through it (an honest caveat, such as a shared kernel); a cell with leftovers is a "
        "failure whatever its verdict.");
    w.close("p");
    w.open("div").attr("class", "headline");
    span(w, all.unexpectedAllowed ? "pill bad" : "pill good",
         std::to_string(all.unexpectedAllowed) + " unexpected ALLOWED");
    span(w, all.leftovers ? "pill bad" : "pill good",
         std::to_string(all.leftovers) + (all.leftovers == 1 ? " cell" : " cells") + " with leftovers");
    span(w, "pill", std::to_string(all.blocked) + " BLOCKED");
    span(w, "pill", std::to_string(all.error) + " ERROR");
    if (all.notPossible)
        span(w, "pill", std::to_string(all.notPossible) + " not possible here (left out of the counts)");
    if (notRun)
        span(w, "pill bad", std::to_string(notRun) + " not run (the lab was stopped)");
    w.close("div");
    w.open("nav");
    const std::pair<const char*, const char*> sections[] = {
        {"matrix", "Matrix"},   {"counts", "Counts"}, {"latency", "Latency"},   {"tiers", "Tiers"},
        {"machine", "Machine"}, {"policy", "Policy"}, {"details", "Every cell"}};
    for (const auto& [id, name] : sections)
        link(w, id, name);
    if (!run.bench.empty())
        link(w, "bench", "Bench");
    w.close("nav").close("header");
}

void writeLegend(HtmlWriter& w) {
    openLegend(
        w, "legend",
        {{"blocked", "BLOCKED: the tier stopped the attack"},
         {"allowed", "ALLOWED: the attack got through (a failure)"},
         {"expected", "ALLOWED, expected: a documented caveat of the tier"},
         {"error", "ERROR: the attack never got to try"},
         {"notpossible", "NOT POSSIBLE HERE: the control cannot host the attack on this machine "
                         "(its needs are unmet), so its BLOCKED proves nothing; left out of the counts"},
         {"notrun", "NOT RUN: the lab was stopped first"},
         {"leftovers", "red frame: the run left something behind (a failure)"}});
    w.open("span");
    span(w, "tag root", "needs unmet");
    w.text(" this machine lacks what the attack needs (root, kernel modules)").close();
    w.open("span").text("small text: the layer that decided; ");
    span(w, "inferred", "italic");
    w.text(": inferred from an errno or a missing path").close();
    w.close("div");
}

void writeCell(HtmlWriter& w, const Attack& attack, const LabTier& tier, const AttackOutcome* outcome) {
    const bool expected = outcome && outcome->expected;
    const bool leftovers = outcome && !outcome->leftovers.empty();
    const bool notPossible = outcome && isNotPossibleHere(*outcome);
    w.open("td").attr("class", "cell").attr("data-verdict", verdictWord(outcome));
    w.attr("data-tier", tier.info.name).attr("data-attack", attack.fileName);
    w.attr("data-expected", trueOrFalse(expected)).attr("data-leftovers", trueOrFalse(leftovers));
    w.attr("data-not-possible", trueOrFalse(notPossible));
    if (outcome)
        w.attr("title", outcome->evidence);
    w.open("a").attr("href", "#" + cellId(tier.info.name, attack.fileName));
    span(w, "verdict", shownVerdict(outcome));
    if (outcome) {
        // What the control's kernel refused says nothing about a tier: no layer for a cell not possible here.
        if (const std::string layer = layerText(*outcome); !layer.empty() && !notPossible)
            span(w, outcome->layerInferred ? "layer inferred" : "layer", layer);
        if (outcome->verdict == Verdict::Allowed && expected)
            span(w, "tag expected", "expected");
        if (leftovers)
            span(w, "tag leftovers", "leftovers");
        // A control that blocks an attack whose needs this machine does not meet proves nothing.
        if (!outcome->unmetNeeds.empty() && outcome->verdict != Verdict::Allowed)
            span(w, "tag root", "needs unmet");
    }
    w.close("a").close("td");
}

void writeMatrix(HtmlWriter& w, const LabReportLayout& layout) {
    w.open("section").attr("id", "matrix").element("h2", "Matrix");
    writeLegend(w);
    w.open("table").attr("class", "matrix");
    w.open("thead").open("tr").element("th", "Attack").element("th", "Category");
    for (const auto& tier : layout.tiers) {
        w.open("th");
        if (tier.info.control)
            w.attr("class", "control");
        w.attr("data-tier", tier.info.name).text(tierLabel(tier));
        if (tier.info.control) {
            w.open("br").close();
            span(w, "muted small", "no boundary");
        }
        w.close("th");
    }
    w.close("tr").close("thead");
    w.open("tbody");
    for (std::size_t a = 0; a < layout.attacks.size(); ++a) {
        const Attack& attack = layout.attacks[a];
        w.open("tr").open("th");
        link(w, attackId(attack.fileName), attack.name);
        w.open("br").close();
        w.open("code").attr("class", "muted small").text(attack.fileName).close();
        w.close("th").element("td", attack.category);
        for (std::size_t t = 0; t < layout.tiers.size(); ++t)
            writeCell(w, attack, layout.tiers[t], layout.cells.at(a, t));
        w.close("tr");
    }
    w.close("tbody").close("table").close("section");
}

void writeCounts(HtmlWriter& w, const LabReportLayout& layout) {
    w.open("section").attr("id", "counts").element("h2", "Counts per tier");
    w.open("table").attr("class", "counts").open("thead").open("tr").element("th", "Tier");
    for (const char* heading : {"BLOCKED", "ALLOWED", "of which expected", "unexpected ALLOWED", "ERROR",
                                "not possible here", "not run", "cells with leftovers", "median s", "max s"})
        w.open("th").attr("class", "number").text(heading).close();
    w.close("tr").close("thead");
    w.open("tbody");
    for (std::size_t t = 0; t < layout.tiers.size(); ++t) {
        const VerdictCounts c = layout.cells.counts(t);
        const auto number = [&](const char* name, int value) {
            w.open("td").attr("class", "number").attr("data-count", name).text(std::to_string(value)).close();
        };
        w.open("tr").attr("data-tier", layout.tiers[t].info.name).element("th", tierLabel(layout.tiers[t]));
        number("blocked", c.blocked);
        number("allowed", c.allowed);
        number("expected", c.expectedAllowed());
        number("unexpected", c.unexpectedAllowed);
        number("error", c.error);
        number("notpossible", c.notPossible);
        number("notrun", layout.notRun(t));
        number("leftovers", c.leftovers);
        const std::vector<double> seconds = layout.seconds(t);
        w.open("td")
            .attr("class", "number")
            .text(seconds.empty() ? "–" : fixedText(median(seconds), 2))
            .close();
        w.open("td")
            .attr("class", "number")
            .text(seconds.empty() ? "–" : fixedText(maximum(seconds), 2))
            .close();
        w.close("tr");
    }
    w.close("tbody").close("table");
    writeCountsChart(w, layout);
    openLegend(w, "legend solid",
               {{"blocked", "BLOCKED"},
                {"expected", "ALLOWED, expected"},
                {"allowed", "ALLOWED, unexpected"},
                {"error", "ERROR"},
                {"notrun", "not run"}});
    w.close("div").close("section");
}

void writeLatency(HtmlWriter& w, const LabReportLayout& layout) {
    w.open("section").attr("id", "latency").element("h2", "Latency");
    w.open("p").attr("class", "muted small");
    w.text(
        "Wall time of each attack run as the harness saw it, tier setup included (a container's start, a "
        "VM's boot). Attacks that never end on their own run until a limit or the harness's deadline stops "
        "them, so the maximum is usually a timeout.");
    w.close("p");
    writeLatencyChart(w, layout);
    openLegend(w, "legend solid",
               {{"blocked", "dot: one run, BLOCKED"},
                {"allowed", "ALLOWED"},
                {"expected", "ALLOWED, expected"},
                {"error", "ERROR"}});
    w.element("span", "vertical bar: median · diamond: maximum");
    w.close("div").close("section");
}

// Each row against its own reference (the tier's reference command where it has one, else the bare host),
// and against the bare host running the same workload; cold and warm rows apart, numbers, no bars to
// misread.
void writeBench(HtmlWriter& w, const std::vector<LatencyReport>& bench) {
    if (bench.empty())
        return;
    w.open("section").attr("id", "bench").element("h2", "Bench");
    w.open("p").attr("class", "muted small");
    w.text(
        "Wall time of one run through the tier, measured around the call, after one warm-up run, "
        "interleaved with its baselines so machine noise lands on all. Cold: every run starts a fresh "
        "sandbox; warm: each takes one started ahead from the tier's warm pool (each serves one run only). "
        "Ratios are p50 against p50.");
    w.close("p");
    w.open("table").attr("class", "counts bench").open("thead").open("tr");
    for (const char* heading : {"Tier", "Workload", "Mode", "Runs"})
        w.element("th", heading);
    for (const char* heading : {"p50 ms", "p95 ms"})
        w.open("th").attr("class", "number").text(heading).close();
    w.element("th", "Own reference");
    for (const char* heading : {"ref p50 ms", "ref p95 ms", "× ref", "host p50 ms", "host p95 ms", "× host"})
        w.open("th").attr("class", "number").text(heading).close();
    w.close("tr").close("thead").open("tbody");
    for (const LatencyReport& report : bench) {
        const auto number = [&](const std::string& text) {
            w.open("td").attr("class", "number").text(text).close();
        };
        const bool hasReference = !report.baseline.samplesMs.empty();
        w.open("tr")
            .attr("data-tier", report.tier)
            .attr("data-mode", report.mode)
            .attr("data-workload", report.workload);
        w.element("th", report.tier).element("td", report.workload).element("td", report.mode);
        number(std::to_string(report.runs));
        number(fixedText(report.timed.p50Ms, 1));
        number(fixedText(report.timed.p95Ms, 1));
        w.open("td").element("code", report.baselineCommand);
        if (!report.referenceProblem.empty())
            w.open("div").attr("class", "muted small").text("not run: " + report.referenceProblem).close();
        w.close("td");
        number(hasReference ? fixedText(report.baseline.p50Ms, 1) : "–");
        number(hasReference ? fixedText(report.baseline.p95Ms, 1) : "–");
        number(hasReference ? fixedText(report.ratio, 2) + "×" : "–");
        number(fixedText(report.host.p50Ms, 1));
        number(fixedText(report.host.p95Ms, 1));
        number(fixedText(report.hostRatio, 2) + "×");
        w.close("tr");
    }
    w.close("tbody").close("table").close("section");
}

void writeTiers(HtmlWriter& w, const LabReportLayout& layout) {
    w.open("section").attr("id", "tiers").element("h2", "Tiers");
    for (std::size_t t = 0; t < layout.tiers.size(); ++t) {
        const LabTier& tier = layout.tiers[t];
        w.open("div").attr("class", "tier").attr("data-tier", tier.info.name);
        w.open("h3").text(tier.info.name);
        if (tier.info.control) {
            w.text(" ");
            span(w, "tag root", "control: no boundary");
        }
        w.close("h3");
        if (!tier.info.description.empty())
            w.element("p", tier.info.description);
        // What the runs themselves reported about the tier.
        std::vector<std::string> accelerators;
        int warm = 0;
        int runs = 0;
        for (std::size_t a = 0; a < layout.attacks.size(); ++a) {
            if (const AttackOutcome* outcome = layout.cells.at(a, t)) {
                ++runs;
                warm += outcome->result.warmStart ? 1 : 0;
                const std::string accelerator = outcome->result.platform.empty()
                                                    ? outcome->result.accelerator
                                                    : "gVisor platform " + outcome->result.platform;
                if (!accelerator.empty() &&
                    std::find(accelerators.begin(), accelerators.end(), accelerator) == accelerators.end())
                    accelerators.push_back(accelerator);
            }
        }
        std::vector<std::string> notes = tier.notes;
        if (!accelerators.empty()) {
            std::string joined;
            for (const auto& accelerator : accelerators)
                joined += (joined.empty() ? "" : ", ") + accelerator;
            notes.push_back("the runs' guests ran under: " + joined);
        }
        if (warm)
            notes.push_back(std::to_string(warm) + " of " + std::to_string(runs) +
                            " runs took a warm sandbox");
        if (!notes.empty()) {
            w.open("ul").attr("class", "notes");
            for (const auto& note : notes)
                w.element("li", note);
            w.close("ul");
        }
        // A tool's own words (QEMU's assertion, an engine's complaint) stay folded away under the notes.
        if (!tier.details.empty()) {
            w.open("details").attr("class", "probe-details").element("summary", "Details");
            w.element("pre", tier.details).close("details");
        }
        w.close("div");
    }
    w.close("section");
}

void writeMachine(HtmlWriter& w, const MachineDetails& machine) {
    const auto row = [&](std::string_view key, const std::string& value) {
        w.element("dt", key).element("dd", value.empty() ? "unknown" : value);
    };
    w.open("section").attr("id", "machine").element("h2", "Machine");
    w.open("dl").attr("class", "facts");
    row("Hostname", machine.hostname);
    row("Operating system", machine.os);
    row("Kernel", machine.kernel);
    std::string cpu = machine.cpuModel.empty() ? "unknown model" : machine.cpuModel;
    if (machine.cpuCount > 0)
        cpu += " × " + std::to_string(machine.cpuCount) + " threads";
    row("CPU", cpu);
    row("Memory", machine.memoryKb > 0
                      ? fixedText(static_cast<double>(machine.memoryKb) / (1024.0 * 1024.0), 1) + " GiB (" +
                            withThousands(machine.memoryKb) + " kB)"
                      : std::string());
    row("Running as root", machine.runningAsRoot ? "yes" : "no");
    for (const auto& [key, value] : machine.facts)
        row(key, value);
    w.close("dl").close("section");
}

void writePolicy(HtmlWriter& w, const Policy& policy, const std::string& source) {
    const auto row = [&](std::string_view key, const std::string& value) {
        w.open("tr").element("th", key).element("td", value).close("tr");
    };
    w.open("section").attr("id", "policy").element("h2", "Policy").element("p", policy.summary());
    if (const std::string said = policySourceText(source); !said.empty())
        w.open("p").attr("class", "policy-source").text(said).close("p");
    w.open("table").attr("class", "policy").open("tbody");
    row("Wall-clock timeout", shortestText(policy.timeoutSeconds) + " s");
    row("CPU time per process", policy.cpuSeconds == 0
                                    ? "auto: " + std::to_string(policy.effectiveCpuSeconds()) + " s"
                                    : std::to_string(policy.cpuSeconds) + " s");
    row("Memory", std::to_string(policy.memoryMb) + " MB");
    row("Processes at once", std::to_string(policy.processes));
    row("CPUs", shortestText(policy.cpus));
    row("Largest file", std::to_string(policy.fileSizeMb) + " MB");
    row("Working folder", std::to_string(policy.workdirMb) + " MB");
    row("Output kept per stream", withThousands(policy.outputCapBytes) + " bytes");
    row("Network", policy.network ? "on" : "off");
    w.open("tr").element("th", "Environment").open("td");
    for (const auto& [key, value] : policy.environment) {
        w.element("code", key + "=" + value);
        w.open("br").close();
    }
    w.close("td").close("tr").close("tbody").close("table");
    w.open("details").element("summary", "As JSON");
    w.open("pre").attr("class", "policy-json").text(policy.toJson()).close("pre");
    w.close("details").close("section");
}

void writeStream(HtmlWriter& w, const char* name, const std::string& bytes, bool truncatedByTier,
                 const Policy& policy) {
    w.element("h4", name);
    if (bytes.empty()) {
        w.open("p").attr("class", "note").text("(empty)").close();
    } else {
        const std::string_view shown = utf8Prefix(bytes, kOutputShownBytes);
        w.open("pre").attr("class", name).text(shown).close();
        if (shown.size() < bytes.size()) {
            w.open("p").attr("class", "note");
            w.text("The report shows the first " + withThousands(static_cast<long long>(shown.size())) +
                   " of " + withThousands(static_cast<long long>(bytes.size())) + " bytes.");
            w.close("p");
        }
    }
    if (truncatedByTier) {
        w.open("p").attr("class", "note");
        w.text("The tier kept only the first " + withThousands(policy.outputCapBytes) +
               " bytes of this stream (the policy's output cap); the rest was dropped.");
        w.close("p");
    }
}

std::string expectationText(const Attack& attack) {
    switch (attack.expectation) {
    case Expectation::Marker:
        return "ALLOWED when the marker " + attack.marker + " appears in stdout";
    case Expectation::Stopped:
        return "never ends on its own: BLOCKED when the tier stops it, ALLOWED when only the harness can";
    case Expectation::Survivor:
        return "ALLOWED when a process it started outlives the run";
    case Expectation::Starves:
        return "ALLOWED when, while it holds all it could take of the " + attack.quota +
               " quota, Sandbench's own process on the host cannot use it";
    case Expectation::Artifacts:
        return "judged on what came back in /tmp/outputs (rule " + attack.artifactRule +
               "), not on what it printed";
    case Expectation::Egress:
        return attack.functionCheck
                   ? "a function check: must reach the allowed host with the secret put in, else the tier's "
                     "allow-listed network is broken"
                   : "judged by the harness's own listeners and the egress proxy's decisions, not by what it "
                     "printed";
    }
    return {};
}

// The facts of one finished cell, as a <dl>.
void writeOutcomeFacts(HtmlWriter& w, const LabRun& run, const AttackOutcome& outcome) {
    const auto row = [&](std::string_view key, std::string_view value) {
        w.element("dt", key).element("dd", value);
    };
    w.open("dl").attr("class", "facts");
    row("Verdict", verdictWord(&outcome));
    row("Evidence", outcome.evidence.empty() ? "(none)" : outcome.evidence);
    std::string layer = outcome.layer.empty() ? "(none recorded)" : outcome.layer;
    if (!outcome.layerDetail.empty())
        layer += " — " + outcome.layerDetail;
    w.element("dt", "Layer").open("dd").text(layer);
    if (outcome.layerInferred) {
        w.text(" ");
        span(w, "inferred", "(inferred from an errno or a missing path, not reported by the tier)");
    }
    w.close("dd");
    row("Expected", outcome.expected ? "yes: the attack is expected to get through this tier"
                                     : "no: an ALLOWED here is a failure of the tier");
    if (!outcome.leftovers.empty()) {
        w.element("dt", "Leftovers").open("dd").open("ul").attr("class", "leftovers");
        for (const auto& leftover : outcome.leftovers)
            w.element("li", leftover);
        w.close("ul").close("dd");
    } else {
        row("Leftovers", "none");
    }
    if (outcome.needsRoot)
        row("Needs root", std::string("yes: on the control it works only as root; this lab ran ") +
                              (run.machine.runningAsRoot ? "as root" : "as another user"));
    if (!outcome.unmetNeeds.empty())
        row("Unmet needs",
            outcome.unmetNeeds + (isNotPossibleHere(outcome)
                                      ? " — not possible here: this BLOCKED on the control says "
                                        "nothing about the attack, and is left out of the counts"
                                      : " — so a BLOCKED on the control says nothing about the "
                                        "attack"));
    const RunResult& result = outcome.result;
    row("Exit", result.summary());
    row("Stopped by", toString(result.stoppedBy));
    std::string timing = secondsText(outcome.seconds) + " as the harness saw it; " +
                         secondsText(result.wallSeconds) + " on the tier's clock; CPU " +
                         (result.cpuSeconds ? secondsText(*result.cpuSeconds) : std::string("not measured"));
    if (result.peakMemoryKb)
        timing += "; peak memory " + withThousands(*result.peakMemoryKb) + " kB";
    row("Time", timing);
    if (!result.accelerator.empty() || !result.platform.empty() || result.warmStart) {
        std::string sandbox = result.accelerator.empty() ? "" : "accelerator " + result.accelerator;
        if (!result.platform.empty())
            sandbox += std::string(sandbox.empty() ? "" : "; ") + "gVisor platform " + result.platform;
        if (result.warmStart)
            sandbox += (sandbox.empty() ? "" : "; ") + std::string("warm start");
        row("Sandbox", sandbox);
    }
    w.close("dl");
}

void writeOutcome(HtmlWriter& w, const LabRun& run, const Attack& attack, const LabTier& tier,
                  const AttackOutcome* outcome) {
    const bool expected = outcome && outcome->expected;
    const bool leftovers = outcome && !outcome->leftovers.empty();
    w.open("details").attr("class", "outcome").attr("id", cellId(tier.info.name, attack.fileName));
    w.attr("data-tier", tier.info.name).attr("data-attack", attack.fileName);
    w.open("summary").open("span").attr("class", "badge").attr("data-verdict", verdictWord(outcome));
    w.attr("data-expected", trueOrFalse(expected)).attr("data-leftovers", trueOrFalse(leftovers));
    w.attr("data-not-possible", trueOrFalse(outcome && isNotPossibleHere(*outcome)));
    w.text(shownVerdict(outcome)).close("span");
    w.text(" on ").element("strong", tierLabel(tier));
    if (!outcome) {
        w.close("summary");
        w.element("p", "Not run: the lab was stopped before this attack ran on this tier.");
        w.close("details");
        return;
    }
    if (const std::string layer = layerText(*outcome); !layer.empty())
        w.text(" · " + layer);
    w.text(" · " + secondsText(outcome->seconds));
    if (expected && outcome->verdict == Verdict::Allowed) {
        w.text(" ");
        span(w, "tag expected", "expected");
    }
    if (leftovers) {
        w.text(" ");
        span(w, "tag leftovers", "leftovers");
    }
    w.close("summary");
    writeOutcomeFacts(w, run, *outcome);
    writeStream(w, "stdout", outcome->result.stdoutBytes, outcome->result.stdoutTruncated, run.policy);
    writeStream(w, "stderr", outcome->result.stderrBytes, outcome->result.stderrTruncated, run.policy);
    w.open("p").attr("class", "note");
    link(w, attackId(attack.fileName), "the attack's code");
    w.text(" · ");
    link(w, "matrix", "back to the matrix");
    w.close("p").close("details");
}

void writeAttack(HtmlWriter& w, const LabRun& run, const LabReportLayout& layout, std::size_t a) {
    const Attack& attack = layout.attacks[a];
    w.open("section").attr("class", "attack").attr("id", attackId(attack.fileName));
    w.open("h3").text(attack.name + " ").open("span").attr("class", "muted small");
    w.text(attack.category + " · ").element("code", attack.fileName).close("span").close("h3");
    w.open("p").attr("class", "small").text(expectationText(attack));
    if (!attack.expectedOn.empty()) {
        std::string tiers;
        for (const auto& name : attack.expectedOn)
            tiers += (tiers.empty() ? "" : ", ") + name;
        w.text(" · expected to get through: " + tiers);
    }
    if (attack.needsRoot)
        w.text(" · needs root on the control");
    if (attack.needsModules)
        w.text(" · needs a kernel with loadable modules");
    if (attack.kernelSurface)
        w.text(" · probes a kernel facility");
    w.close("p");
    if (!attack.code.empty()) {
        const auto lines = std::count(attack.code.begin(), attack.code.end(), '\n');
        w.open("details").attr("class", "code");
        w.element("summary", "Code (" + std::to_string(lines) + " lines)");
        w.open("pre").attr("class", "code").text(attack.code).close("pre").close("details");
    }
    for (std::size_t t = 0; t < layout.tiers.size(); ++t)
        writeOutcome(w, run, attack, layout.tiers[t], layout.cells.at(a, t));
    w.close("section");
}

void writeDetails(HtmlWriter& w, const LabRun& run, const LabReportLayout& layout) {
    w.open("section").attr("id", "details").element("h2", "Every cell");
    w.open("p").attr("class", "muted small");
    w.text("Per attack: its code as it is in the suite (the harness fills the @…@ placeholders when it runs "
           "it), then each tier's outcome. Output is the program's own, shown as text, capped at " +
           withThousands(static_cast<long long>(kOutputShownBytes)) +
           " bytes per stream; bytes that are not UTF-8 show as U+FFFD and control characters as their "
           "symbols (␀ for NUL).");
    w.close("p");
    for (std::size_t a = 0; a < layout.attacks.size(); ++a)
        writeAttack(w, run, layout, a);
    w.close("section");
}

} // namespace

std::string renderLabReportHtml(const LabRun& run) {
    const LabReportLayout layout = layOutLabRun(run);
    HtmlWriter w;
    w.doctype().open("html").attr("lang", "en");
    writeHead(w, run);
    w.open("body");
    writeHeader(w, run, layout);
    writeMatrix(w, layout);
    writeCounts(w, layout);
    writeLatency(w, layout);
    writeBench(w, run.bench);
    writeTiers(w, layout);
    writeMachine(w, run.machine);
    writePolicy(w, run.policy, run.policySource);
    writeDetails(w, run, layout);
    w.open("footer").attr("class", "muted small");
    w.element("p", "Written by Sandbench. This file is self-contained: it loads nothing and runs no script.");
    w.close("footer").close("body").close("html");
    return w.finish();
}

} // namespace sandbench
