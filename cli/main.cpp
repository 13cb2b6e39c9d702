#include "commands.h"
#include "core/removal_notes.h"
#include "tiers/builtin_tiers.h"

#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr const char* kUsage =
    "Usage: sandbench-cli COMMAND [options]\n"
    "\n"
    "Runs untrusted Python on isolation tiers and shows what each tier lets through.\n"
    "\n"
    "Commands:\n"
    "  tiers      list the tiers, whether each can run here, and why not (also: backends)\n"
    "  run        run one program on a tier, streaming its output, or on every tier side by side\n"
    "  attacks    run the hostile suite and show what each tier blocked\n"
    "  bench      time a trivial program on a tier against a bare interpreter start\n"
    "  agent      give a model a task and one tool, run_python, that runs on a tier\n"
    "  replay     run a saved agent session's programs again on another tier and show what differs\n"
    "\n"
    "Run 'sandbench-cli COMMAND --help' for a command's options.\n";

// What this start removed of earlier Sandbench processes that died (their temp folders and run cgroups at
// start, their containers when the container tier first reaches its engine), so nothing disappears
// unexplained.
void printRemovalNotes() {
    for (const std::string& line : sandbench::takeRemovalNotes())
        std::cerr << "sandbench-cli: " << line << '\n';
}

int dispatch(const std::string& command, sandbench::cli::Arguments& arguments) {
    using namespace sandbench::cli;
    const sandbench::TierRegistry registry = sandbench::builtinTiers();
    if (command == "tiers" || command == "backends") // `backends`: its name before tiers were called tiers
        return tiersCommand(arguments, registry);
    if (command == "run")
        return runCommand(arguments, registry);
    if (command == "attacks")
        return attacksCommand(arguments, registry);
    if (command == "bench")
        return benchCommand(arguments, registry);
    if (command == "agent")
        return agentCommand(arguments, registry);
    if (command == "replay")
        return replayCommand(arguments, registry);
    std::cerr << "sandbench-cli: unknown command \"" << command << "\"\n\n" << kUsage;
    return kExitUsage;
}

} // namespace

int main(int argc, char** argv) {
    using namespace sandbench::cli;
    if (argc < 2) {
        std::cerr << kUsage;
        return kExitUsage;
    }
    const std::string command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        std::cout << kUsage;
        return 0;
    }
    Arguments arguments(std::vector<std::string>(argv + 2, argv + argc));
    // `run` passes the program's exit code through, so its own failures use one code nothing else uses.
    const bool isRun = command == "run";
    sandbench::removeAbandonedOnThisMachine();
    printRemovalNotes();
    try {
        const int status = dispatch(command, arguments);
        printRemovalNotes();
        return status;
    } catch (const UsageError& error) {
        std::cerr << "sandbench-cli " << command << ": " << error.what() << "\nTry 'sandbench-cli " << command
                  << " --help'.\n";
        return isRun ? kExitRunFailure : kExitUsage;
    } catch (const std::exception& error) {
        std::cerr << "sandbench-cli " << command << ": " << error.what() << '\n';
        return isRun ? kExitRunFailure : kExitFailure;
    }
}
