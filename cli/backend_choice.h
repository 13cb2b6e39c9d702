#pragma once

#include "core/backend.h"
#include "core/backend_registry.h"

#include <memory>
#include <string>
#include <vector>

namespace sandbench::cli {

// The tier a command uses when none is named: the hardened subprocess tier when this build has it, else
// the host control tier.
std::string defaultBackendName(const BackendRegistry& registry);

// A backend by name, probed and usable; throws CliError naming the known tiers for an unknown name, or the
// probe's reason for one that cannot run here.
std::unique_ptr<Backend> usableBackend(const BackendRegistry& registry, const std::string& name);

struct SkippedBackend {
    std::string name;
    std::string reason;
};

// "all": every registered tier that can run here, the control included; "NAME": that tier alone.
std::vector<std::unique_ptr<Backend>> chooseBackends(const BackendRegistry& registry,
                                                     const std::string& choice,
                                                     std::vector<SkippedBackend>& skipped);

// "host (control)" for the control tier, so no report mistakes it for a boundary.
std::string labelled(const Backend& backend);

} // namespace sandbench::cli
