#include "commands.h"
#include "text_table.h"
#include "tier_choice.h"

#include <iostream>
#include <nlohmann/json.hpp>

namespace sandbench::cli {

namespace {

constexpr const char* kHelp =
    "Usage: sandbench-cli tiers [--json]\n"
    "\n"
    "Lists every tier this build knows, whether it can run here, and why not.\n"
    "\n"
    "  --json   an array of {name, control, available, reason, notes, details, description}\n";

} // namespace

int tiersCommand(Arguments& arguments, const TierRegistry& registry) {
    if (arguments.flag("--help")) {
        std::cout << withDefaultTier(kHelp, registry) << tierOptionsHelp(registry);
        return 0;
    }
    const bool json = arguments.flag("--json");
    const CommandTiers tiers(registry, arguments);
    if (!arguments.positionals().empty())
        throw UsageError("tiers takes no file or name");

    nlohmann::json list = nlohmann::json::array();
    TextTable table({"TIER", "AVAILABLE", "WHY / NOTES"});
    std::string details; // the tools' own words, after the table: each row stays one line
    for (const auto& name : registry.names()) {
        const auto tier = tiers.create(name);
        const ProbeResult probe = tier->probe();
        list.push_back({{"name", name},
                        {"control", tier->info().control},
                        {"available", probe.available},
                        {"reason", probe.reason},
                        {"notes", probe.notes},
                        {"details", probe.details},
                        {"description", tier->info().description}});
        std::string why = probe.available ? std::string() : probe.reason;
        for (const auto& note : probe.notes)
            why += (why.empty() ? "" : "; ") + note;
        table.addRow({labelled(*tier), probe.available ? "yes" : "no", why});
        if (!probe.details.empty())
            details += "\n" + name + " details:\n  " + probe.details + "\n";
    }
    if (json)
        std::cout << list.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    else {
        table.print(std::cout);
        std::cout << details;
    }
    return 0;
}

} // namespace sandbench::cli
