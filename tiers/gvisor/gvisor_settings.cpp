#include "gvisor_settings.h"

#include <cstdlib>

namespace sandbench {

namespace {

constexpr const char* kPlatform = "platform";

} // namespace

GvisorSettings GvisorSettings::fromEnvironment() {
    GvisorSettings settings;
    settings.container = ContainerSettings::fromEnvironment();
    if (const char* platform = std::getenv("SANDBENCH_GVISOR_PLATFORM"); platform && *platform)
        settings.platform = platform;
    return settings;
}

GvisorSettings GvisorSettings::from(const TierSettings& given) {
    GvisorSettings settings = fromEnvironment();
    settings.container = ContainerSettings::from(given);
    const TierSettings accepted = acceptedSettings(describe(), given);
    settings.platform = settingValue(accepted, kPlatform).value_or(settings.platform);
    return settings;
}

std::vector<TierSetting> GvisorSettings::describe() {
    std::vector<TierSetting> settings = ContainerSettings::describe();
    TierSetting platform;
    platform.key = kPlatform;
    platform.label = SANDBENCH_TRANSLATABLE("TierInfo", "&Platform");
    platform.kind = SettingKind::Choice;
    platform.choices = {{"auto", SANDBENCH_TRANSLATABLE("TierInfo", "Auto")},
                        {"kvm", "KVM"},
                        {"systrap", "systrap"},
                        {"ptrace", "ptrace"}};
    const std::string current = fromEnvironment().platform;
    platform.defaultValue = settingProblem(platform, current).empty() ? current : "auto";
    platform.help = SANDBENCH_TRANSLATABLE(
        "TierInfo",
        "How gVisor's Sentry intercepts system calls; Auto takes KVM when a trial sandbox runs under "
        "it, else systrap where runsc has it, else ptrace");
    platform.option = "--platform";
    // Before the warm pool, which stays last as on every tier.
    settings.insert(settings.end() - 1, platform);
    return settings;
}

} // namespace sandbench
