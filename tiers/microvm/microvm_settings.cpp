#include "microvm_settings.h"

#include "tiers/common/warm_pool.h"
#include "tiers/common/warm_pool_setting.h"

#include <cstdlib>
#include <cstring>

namespace sandbench {

namespace {

constexpr const char* kAccelerator = "accelerator";
constexpr const char* kGuestFolder = "guestFolder";

} // namespace

std::string MicrovmSettings::defaultGuestFolder() {
    if (const char* cache = std::getenv("XDG_CACHE_HOME"); cache && *cache == '/')
        return std::string(cache) + "/sandbench/guest";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : "/root") + "/.cache/sandbench/guest";
}

MicrovmSettings MicrovmSettings::fromEnvironment() {
    MicrovmSettings settings;
    if (const char* qemu = std::getenv("SANDBENCH_QEMU"); qemu && *qemu)
        settings.qemu = qemu;
    if (const char* folder = std::getenv("SANDBENCH_GUEST_DIR"); folder && *folder)
        settings.guestFolder = folder;
    if (const char* accelerator = std::getenv("SANDBENCH_ACCELERATOR"); accelerator && *accelerator)
        settings.accelerator = accelerator;
    settings.warmPoolSize = warmPoolSizeFromEnvironment(settings.warmPoolSize);
    return settings;
}

MicrovmSettings MicrovmSettings::from(const TierSettings& given) {
    MicrovmSettings settings = fromEnvironment();
    const TierSettings accepted = acceptedSettings(describe(), given);
    settings.accelerator = settingValue(accepted, kAccelerator).value_or(settings.accelerator);
    if (const auto pool = settingValue(accepted, kWarmPoolKey))
        settings.warmPoolSize = std::stoi(*pool);
    settings.guestFolder = settingValue(accepted, kGuestFolder).value_or(settings.guestFolder);
    return settings;
}

std::vector<TierSetting> MicrovmSettings::describe() {
    const MicrovmSettings current = fromEnvironment();
    TierSetting accelerator;
    accelerator.key = kAccelerator;
    accelerator.label = SANDBENCH_TRANSLATABLE("TierInfo", "&Accelerator");
    accelerator.kind = SettingKind::Choice;
    accelerator.choices = {{"auto", SANDBENCH_TRANSLATABLE("TierInfo", "Auto")},
                           {"kvm", "KVM"},
                           {"tcg", SANDBENCH_TRANSLATABLE("TierInfo", "TCG (emulated)")}};
    accelerator.defaultValue =
        settingProblem(accelerator, current.accelerator).empty() ? current.accelerator : "auto";
    accelerator.help = SANDBENCH_TRANSLATABLE(
        "TierInfo",
        "Auto uses KVM when it really boots a guest here, else TCG; KVM refuses to run when it cannot");
    accelerator.option = "--accelerator";

    const TierSetting pool = warmPoolSetting(SANDBENCH_TRANSLATABLE(
        "TierInfo", "VMs booted ahead of runs, each serving one run; 0 boots a VM for every run"));

    TierSetting guest;
    guest.key = kGuestFolder;
    guest.label = "Guest image folder";
    guest.kind = SettingKind::Folder;
    guest.defaultValue = current.guestFolder.empty() ? defaultGuestFolder() : current.guestFolder;
    guest.help = "the folder scripts/build-guest-image.sh filled";
    guest.option = "--guest";
    guest.commandLineOnly = true;
    return {accelerator, pool, guest};
}

} // namespace sandbench
