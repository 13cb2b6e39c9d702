#pragma once

#include "arguments.h"
#include "backends/container/container_settings.h"
#include "core/backend.h"
#include "core/backend_registry.h"

#include <memory>
#include <string>
#include <vector>

namespace sandbench::cli {

// Every tier this build knows, the container tier set from --engine, --image and --warm-pool over the
// SANDBENCH_* environment. Call before Arguments::positionals().
// `containerSettings`, when given, receives the container tier's settings.
BackendRegistry registryFromArguments(Arguments& arguments, ContainerSettings* containerSettings = nullptr);

inline constexpr const char* kTierOptionsHelp =
    "  --engine docker|podman|auto   the container tier's engine (default auto: Docker when its daemon\n"
    "                      answers, else Podman; DOCKER_HOST / CONTAINER_HOST reach a remote engine)\n"
    "  --image NAME        the container tier's image (default sandbench/python:3)\n"
    "  --warm-pool N       containers or VMs kept started ahead of runs (default 0: every run cold)\n"
    "  --accelerator kvm|tcg|auto  the microVM tier's accelerator (default auto: KVM only when a guest\n"
    "                      really boots under it here, else TCG emulation)\n"
    "  --guest DIR         the microVM guest image folder (default ~/.cache/sandbench/guest)\n";

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
