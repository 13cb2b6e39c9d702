#include "backend_choice.h"

#include "backends/builtin_backends.h"
#include "commands.h"

namespace sandbench::cli {

BackendRegistry registryFromArguments(Arguments& arguments, ContainerSettings* containerSettings) {
    ContainerSettings container = ContainerSettings::fromEnvironment();
    if (const auto engine = arguments.value("--engine")) {
        if (*engine != "docker" && *engine != "podman" && *engine != "auto")
            throw UsageError("--engine must be docker, podman or auto, not \"" + *engine + "\"");
        container.engine = *engine;
    }
    if (const auto image = arguments.value("--image")) {
        if (image->empty())
            throw UsageError("--image needs an image name");
        container.image = *image;
    }
    MicrovmSettings microvm = MicrovmSettings::fromEnvironment();
    if (const auto pool = arguments.value("--warm-pool")) {
        container.warmPoolSize = static_cast<int>(parseWhole("--warm-pool", *pool, 0, 16));
        microvm.warmPoolSize = container.warmPoolSize;
    }
    if (const auto accelerator = arguments.value("--accelerator")) {
        if (*accelerator != "kvm" && *accelerator != "tcg" && *accelerator != "auto")
            throw UsageError("--accelerator must be kvm, tcg or auto, not \"" + *accelerator + "\"");
        microvm.accelerator = *accelerator;
    }
    if (const auto guest = arguments.value("--guest")) {
        if (guest->empty() || guest->front() != '/')
            throw UsageError("--guest needs an absolute folder");
        microvm.guestFolder = *guest;
    }
    if (containerSettings)
        *containerSettings = container;
    return builtinBackends(container, microvm);
}

std::string defaultBackendName(const BackendRegistry& registry) {
    return registry.contains("subprocess") ? "subprocess" : "host";
}

namespace {

std::string knownNames(const BackendRegistry& registry) {
    std::string known;
    for (const auto& name : registry.names())
        known += (known.empty() ? "" : ", ") + name;
    return known;
}

} // namespace

std::unique_ptr<Backend> usableBackend(const BackendRegistry& registry, const std::string& name) {
    std::unique_ptr<Backend> backend = registry.create(name);
    if (!backend)
        throw CliError("unknown backend \"" + name + "\" (known: " + knownNames(registry) + ")");
    const ProbeResult probe = backend->probe();
    if (!probe.available) {
        throw CliError("the " + name + " tier cannot run here: " +
                       (probe.reason.empty() ? std::string("its probe gave no reason") : probe.reason));
    }
    return backend;
}

std::vector<std::unique_ptr<Backend>> chooseBackends(const BackendRegistry& registry,
                                                     const std::string& choice,
                                                     std::vector<SkippedBackend>& skipped) {
    std::vector<std::unique_ptr<Backend>> chosen;
    if (choice != "all") {
        chosen.push_back(usableBackend(registry, choice));
        return chosen;
    }
    for (const auto& name : registry.names()) {
        std::unique_ptr<Backend> backend = registry.create(name);
        const ProbeResult probe = backend->probe();
        if (probe.available)
            chosen.push_back(std::move(backend));
        else
            skipped.push_back({name, probe.reason});
    }
    if (chosen.empty())
        throw CliError("no tier can run here (known: " + knownNames(registry) + ")");
    return chosen;
}

std::string labelled(const Backend& backend) {
    return backend.isControl() ? backend.name() + " (control)" : backend.name();
}

} // namespace sandbench::cli
