#pragma once

#include "arguments.h"
#include "core/backend.h"
#include "core/backend_registry.h"

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
    CommandTiers(const BackendRegistry& registry, Arguments& arguments);

    const BackendRegistry& registry() const { return m_registry; }
    // nullptr for an unknown name.
    std::unique_ptr<Backend> create(const std::string& name) const;
    // The tier a command uses when none is named (BackendRegistry::defaultName).
    std::string defaultName() const { return m_registry.defaultName(); }

private:
    const BackendRegistry& m_registry;
    std::map<std::string, TierSettings> m_settings; // per tier: what its options gave
};

// The help lines of every tier option the registry's tiers have, one per option, each saying what it sets
// on which tier and its default.
std::string tierOptionsHelp(const BackendRegistry& registry);

// `help` with "@DEFAULT_TIER@" replaced by the tier a command uses when none is named.
std::string withDefaultTier(std::string help, const BackendRegistry& registry);

// A backend by name, probed and usable; throws CliError naming the known tiers for an unknown name, or the
// probe's reason for one that cannot run here.
std::unique_ptr<Backend> usableBackend(const CommandTiers& tiers, const std::string& name);

struct SkippedBackend {
    std::string name;
    std::string reason;
};

// "all": every registered tier that can run here, the control included; "NAME": that tier alone.
std::vector<std::unique_ptr<Backend>> chooseBackends(const CommandTiers& tiers, const std::string& choice,
                                                     std::vector<SkippedBackend>& skipped);

// "host (control)" for the control tier, so no report mistakes it for a boundary.
std::string labelled(const Backend& backend);

} // namespace sandbench::cli
