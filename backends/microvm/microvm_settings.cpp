#include "microvm_settings.h"

#include "backends/common/warm_pool.h"

#include <cstdlib>
#include <cstring>

namespace sandbench {

namespace {

constexpr const char* kAccelerator = "accelerator";
constexpr const char* kWarmPool = "warmPool";
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
    if (const auto accelerator = accepted.find(kAccelerator); accelerator != accepted.end())
        settings.accelerator = accelerator->second;
    if (const auto pool = accepted.find(kWarmPool); pool != accepted.end())
        settings.warmPoolSize = std::stoi(pool->second);
    if (const auto folder = accepted.find(kGuestFolder); folder != accepted.end())
        settings.guestFolder = folder->second;
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

    TierSetting pool;
    pool.key = kWarmPool;
    pool.label = SANDBENCH_TRANSLATABLE("TierInfo", "Warm poo&l");
    pool.kind = SettingKind::Integer;
    pool.minimum = 0;
    pool.maximum = kMaximumWarmPool;
    pool.minimumLabel = SANDBENCH_TRANSLATABLE("TierInfo", "Off");
    pool.defaultValue = std::to_string(current.warmPoolSize);
    pool.help = SANDBENCH_TRANSLATABLE(
        "TierInfo", "VMs booted ahead of runs, each serving one run; 0 boots a VM for every run");
    pool.option = "--warm-pool";

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
