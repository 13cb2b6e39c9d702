#include "commands.h"
#include "core/atomic_file.h"
#include "core/attack_lab.h"
#include "core/lab_report.h"
#include "core/lab_report_layout.h"
#include "core/lab_run.h"
#include "core/lab_schedule.h"
#include "policy_options.h"
#include "signal_stop.h"
#include "terminal_filter.h"
#include "text_table.h"
#include "tier_choice.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <unistd.h>

namespace sandbench::cli {

namespace {

constexpr const char* kHelp =
    "Usage: sandbench-cli attacks [options]\n"
    "\n"
    "Runs the hostile suite on one tier or all of them and shows, per attack, whether the tier BLOCKED\n"
    "it, ALLOWED it, or the attack could not run (ERROR), with the evidence. The control tier, labelled\n"
    "so, has no boundary and shows that each attack really works. Verdicts are data: the exit code is 0\n"
    "whenever the suite ran.\n"
    "\n"
    "  --tier NAME|all     the tier, or every tier usable here (default: @DEFAULT_TIER@)\n"
    "                      (or --backend, its older name)\n"
    "  --suite DIR         a folder of attacks (default: the bundled suite)\n"
    "  --json              an array of outcomes (docs/cli-json.md)\n"
    "  --csv               the same outcomes as CSV\n"
    "  --report FILE.html  also write the whole run (every tier) as one self-contained HTML report:\n"
    "                      the matrix, counts, latency, every cell's output, machine, tiers, policy\n"
    "  --grace S           how long past the timeout the harness waits before it ends a run itself\n"
    "                      (default: the timeout, at least 5 s)\n"
    "  --overlap N         attacks that cannot change each other's verdicts (no \"# runs: alone\")\n"
    "                      share a tier N at a time (default: @OVERLAP@; 1 runs each tier's suite in\n"
    "                      order). The tiers always run side by side\n"
    "  --cold              every run starts a new sandbox: the tiers' warm pools stay off (by default the\n"
    "                      lab uses each pool, at least N big, and ends what it started after the lab)\n";

std::filesystem::path defaultSuite() {
    std::error_code error;
    if (std::filesystem::is_directory(SANDBENCH_SOURCE_ATTACKS_DIR, error))
        return SANDBENCH_SOURCE_ATTACKS_DIR;
    return SANDBENCH_INSTALLED_ATTACKS_DIR;
}

std::string seconds(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", value);
    return text;
}

std::string utcNow() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm parts{};
    ::gmtime_r(&now, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

// Refuses a report path before the lab runs for minutes: its folder must exist and the path not be one.
void checkReportPath(const std::filesystem::path& path) {
    const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error)) {
        throw CliError("cannot write the report " + path.string() + ": the folder " + folder.string() +
                       " does not exist");
    }
    if (std::filesystem::is_directory(path, error))
        throw CliError("cannot write the report " + path.string() + ": that is a folder");
    if (::access(folder.c_str(), W_OK) != 0) {
        throw CliError("cannot write the report " + path.string() + ": the folder " + folder.string() +
                       " is not writable (" + std::strerror(errno) + ")");
    }
}

// Evidence quotes the program's own output: on a terminal its control characters are shown escaped.
std::string shownOnTerminal(const std::string& text) {
    static const bool terminal = ::isatty(STDOUT_FILENO) == 1;
    if (!terminal)
        return text;
    TerminalFilter filter;
    return filter.filter(text) + filter.finish();
}

void printTables(const std::vector<LabReport>& reports, const std::vector<std::unique_ptr<Tier>>& tiers) {
    for (std::size_t i = 0; i < reports.size(); ++i) {
        const Tier& tier = *tiers[i];
        std::cout << "tier: " << labelled(tier)
                  << (tier.info().control ? " — no boundary; shows that each attack works\n" : "\n");
        TextTable table({"ATTACK", "CATEGORY", "VERDICT", "SECONDS", "EVIDENCE"});
        table.alignRight(3);
        for (const auto& outcome : reports[i].outcomes) {
            // A control cell whose attack cannot work on this machine is no BLOCKED (lab_report_layout.h).
            table.addRow({outcome.attack, outcome.category, shownVerdict(&outcome), seconds(outcome.seconds),
                          shownOnTerminal(outcome.evidence)});
        }
        table.print(std::cout);
        std::cout << '\n';
    }
    if (reports.size() < 2)
        return;
    // The matrix: one row per attack, one column per tier.
    std::vector<std::string> header{"ATTACK"};
    for (const auto& tier : tiers)
        header.push_back(labelled(*tier));
    TextTable matrix(header);
    std::vector<std::string> attackOrder;
    std::map<std::string, std::vector<std::string>> verdicts;
    for (std::size_t i = 0; i < reports.size(); ++i) {
        for (const auto& outcome : reports[i].outcomes) {
            auto& row = verdicts[outcome.attack];
            if (row.empty()) {
                attackOrder.push_back(outcome.attack);
                row.resize(reports.size());
            }
            row[i] = shownVerdict(&outcome);
        }
    }
    for (const auto& attack : attackOrder) {
        std::vector<std::string> row{attack};
        row.insert(row.end(), verdicts[attack].begin(), verdicts[attack].end());
        matrix.addRow(row);
    }
    matrix.print(std::cout);
}

} // namespace

int attacksCommand(Arguments& arguments, const TierRegistry& registry) {
    if (arguments.flag("--help")) {
        std::string help = withDefaultTier(kHelp, registry);
        help.replace(help.find("@OVERLAP@"), 9, std::to_string(defaultLabOverlap()));
        std::cout << help << kPolicyOptionsHelp << tierOptionsHelp(registry);
        return 0;
    }
    const CommandTiers tiers(registry, arguments);
    const std::string choice = chosenTierName(arguments, tiers);
    const std::filesystem::path suiteFolder = arguments.value("--suite").value_or(defaultSuite().string());
    const bool json = arguments.flag("--json");
    const bool csv = arguments.flag("--csv");
    if (json && csv)
        throw UsageError("choose one of --json and --csv");
    LabOptions options;
    if (const auto grace = arguments.value("--grace"))
        options.graceSeconds = parseSeconds("--grace", *grace, 0, 3600);
    LabSchedule schedule;
    schedule.overlap = defaultLabOverlap();
    if (const auto overlap = arguments.value("--overlap"))
        schedule.overlap = static_cast<int>(parseWhole("--overlap", *overlap, 1, 16));
    schedule.warm = !arguments.flag("--cold");
    options.policy = policyFromArguments(arguments);
    options.interpreter = interpreterFromArguments(arguments);
    const std::optional<std::string> reportPath = arguments.value("--report");
    if (!arguments.positionals().empty())
        throw UsageError("attacks takes no file; use --suite DIR for another suite");
    if (reportPath && reportPath->empty())
        throw UsageError("--report needs a file name");
    if (reportPath)
        checkReportPath(*reportPath);

    std::vector<Attack> suite;
    try {
        suite = loadAttackSuite(suiteFolder);
    } catch (const AttackSuiteError& error) {
        throw CliError(std::string("bad attack suite: ") + error.what());
    }
    std::vector<SkippedTier> skipped;
    const auto chosen = chooseTiers(tiers, choice, skipped);
    for (const auto& skip : skipped)
        std::cerr << "sandbench-cli: skipping " << skip.name << ": " << skip.reason << '\n';

    std::unique_ptr<AttackHarness> harness;
    try {
        harness = std::make_unique<AttackHarness>();
    } catch (const HarnessError& error) {
        throw CliError(std::string("cannot set up the attack harness: ") + error.what());
    }

    // The report shows each tier as its probe saw it (engine versions, KVM or TCG).
    std::vector<LabTier> shownTiers;
    if (reportPath) {
        for (const auto& tier : chosen) {
            const ProbeResult probe = tier->probe();
            shownTiers.push_back({tier->info(), probe.notes, probe.details});
        }
    }
    const std::string startedAt = utcNow();

    SignalStop signalStop;
    const bool showProgress = ::isatty(STDERR_FILENO) == 1;
    std::vector<Tier*> labTiers;
    std::vector<std::string> labels;
    for (const auto& tier : chosen) {
        labTiers.push_back(tier.get());
        labels.push_back(labelled(*tier));
    }
    ScheduledLab lab = runLabSchedule(labTiers, suite, *harness, options, schedule, signalStop.token(),
                                      [&](std::size_t tier, const LabProgress& progress) {
                                          if (showProgress && !progress.finished) {
                                              std::cerr << "[" << labels[tier] << " " << progress.index + 1
                                                        << "/" << progress.total << "] "
                                                        << progress.attack->name << "\n";
                                          }
                                      });
    const bool cancelled = lab.cancelled;
    std::vector<LabReport> reports;
    for (std::size_t i = 0; i < lab.tiers.size(); ++i) {
        if (!lab.tiers[i].failure.empty())
            std::cerr << "sandbench-cli: " << labels[i] << " stopped: " << lab.tiers[i].failure << '\n';
        reports.push_back(std::move(lab.tiers[i].report));
    }

    if (json || csv) {
        std::vector<AttackOutcome> outcomes;
        for (const auto& report : reports)
            outcomes.insert(outcomes.end(), report.outcomes.begin(), report.outcomes.end());
        // On a terminal every non-ASCII character is escaped: a program's C1 controls stay inert.
        std::cout << (json ? dumpJson(outcomesToJson(outcomes), ::isatty(STDOUT_FILENO) == 1) + '\n'
                           : outcomesToCsv(outcomes));
    } else {
        printTables(reports, chosen);
    }
    if (reportPath) {
        LabRun run;
        run.startedAt = startedAt;
        run.policy = options.policy;
        run.suite = suite;
        run.tiers = std::move(shownTiers);
        for (auto& report : reports) {
            for (auto& outcome : report.outcomes)
                run.outcomes.push_back(std::move(outcome));
        }
        run.machine = collectMachineDetails();
        run.wallSeconds = lab.wallSeconds;
        if (std::string error; !writeFileAtomically(*reportPath, renderLabReportHtml(run), error))
            throw CliError(error);
        std::cerr << "sandbench-cli: report written to " << *reportPath << '\n';
    }
    std::cerr << "sandbench-cli: lab wall time " << seconds(lab.wallSeconds) << " s (" << chosen.size()
              << (chosen.size() == 1 ? " tier, " : " tiers side by side, ") << "up to " << schedule.overlap
              << " attacks at once per tier, " << (schedule.warm ? "warm pools" : "cold") << ")\n";
    if (cancelled) {
        std::cerr << "sandbench-cli: interrupted; the results above are incomplete\n";
        return kExitCancelled;
    }
    return 0;
}

} // namespace sandbench::cli
