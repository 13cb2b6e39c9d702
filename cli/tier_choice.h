#pragma once

#include "arguments.h"
#include "core/tier.h"
#include "core/tier_registry.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sandbench::cli {

// The tiers a command may use: the registry's, each created with what the tier options gave it (the
// options each tier's TierInfo names: --engine, --image, --warm-pool …) over the SANDBENCH_* environment.
class CommandTiers {
public:
    // Reads the tier options; call before Arguments::positionals(). Throws UsageError for a value a tier
    // does not accept.
    CommandTiers(const TierRegistry& registry, Arguments& arguments);

    const TierRegistry& registry() const { return m_registry; }
    // nullptr for an unknown name.
    std::unique_ptr<Tier> create(const std::string& name) const;
    // The tier a command uses when none is named (TierRegistry::defaultName).
    std::string defaultName() const { return m_registry.defaultName(); }

private:
    const TierRegistry& m_registry;
    std::map<std::string, TierSettings> m_settings; // per tier: what its options gave
};

// The help lines of every tier option the registry's tiers have, one per option, each saying what it sets
// on which tier and its default.
std::string tierOptionsHelp(const TierRegistry& registry);

// `help` with "@DEFAULT_TIER@" replaced by the tier a command uses when none is named.
std::string withDefaultTier(std::string help, const TierRegistry& registry);

// The tier the command names with --tier, or with --backend, the option's name before tiers were called
// tiers; the default tier when neither is given. Throws UsageError when both are given and disagree.
std::string chosenTierName(Arguments& arguments, const CommandTiers& tiers);

// A tier by name, probed and usable; throws CliError naming the known tiers for an unknown name, or the
// probe's reason for one that cannot run here.
std::unique_ptr<Tier> usableTier(const CommandTiers& tiers, const std::string& name);

struct SkippedTier {
    std::string name;
    std::string reason;
};

// "all": every registered tier that can run here, the control included; "NAME": that tier alone.
std::vector<std::unique_ptr<Tier>> chooseTiers(const CommandTiers& tiers, const std::string& choice,
                                               std::vector<SkippedTier>& skipped);

// "host (control)" for the control tier, so no report mistakes it for a boundary.
std::string labelled(const Tier& tier);

} // namespace sandbench::cli
