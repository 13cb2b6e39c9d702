#pragma once

#include "arguments.h"
#include "core/tier_registry.h"

#include <stdexcept>

namespace sandbench::cli {

// Something went wrong on sandbench's side (not the program's): main() prints it in plain words.
class CliError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Exit codes of sandbench-cli itself. `run` passes the program's own code through instead, so it keeps
// 125 (as container tools do) for "sandbench could not run the program at all".
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitRunFailure = 125;
inline constexpr int kExitCancelled = 130; // 128 + SIGINT
inline constexpr int kExitTurnLimit = 3;   // `agent`: the model still wanted to run code at the turn limit

// Each command uses the tiers of `registry` (main() passes builtinTiers()).
int tiersCommand(Arguments& arguments, const TierRegistry& registry);
int runCommand(Arguments& arguments, const TierRegistry& registry);
int attacksCommand(Arguments& arguments, const TierRegistry& registry);
int benchCommand(Arguments& arguments, const TierRegistry& registry);
int agentCommand(Arguments& arguments, const TierRegistry& registry);
int replayCommand(Arguments& arguments, const TierRegistry& registry);

} // namespace sandbench::cli
