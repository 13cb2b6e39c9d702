#include "container_settings.h"

#include "tiers/common/warm_pool.h"
#include "tiers/common/warm_pool_setting.h"

#include <cstdlib>
#include <cstring>

namespace sandbench {

namespace {

constexpr const char* kEngine = "engine";
constexpr const char* kImage = "image";

} // namespace

ContainerSettings ContainerSettings::fromEnvironment() {
    ContainerSettings settings;
    if (const char* engine = std::getenv("SANDBENCH_CONTAINER_ENGINE"); engine && *engine)
        settings.engine = engine;
    if (const char* image = std::getenv("SANDBENCH_CONTAINER_IMAGE"); image && *image)
        settings.image = image;
    settings.warmPoolSize = warmPoolSizeFromEnvironment(settings.warmPoolSize);
    return settings;
}

ContainerSettings ContainerSettings::from(const TierSettings& given) {
    ContainerSettings settings = fromEnvironment();
    const TierSettings accepted = acceptedSettings(describe(), given);
    settings.engine = settingValue(accepted, kEngine).value_or(settings.engine);
    settings.image = settingValue(accepted, kImage).value_or(settings.image);
    if (const auto pool = settingValue(accepted, kWarmPoolKey))
        settings.warmPoolSize = std::stoi(*pool);
    return settings;
}

std::vector<TierSetting> ContainerSettings::describe() {
    const ContainerSettings current = fromEnvironment();
    TierSetting engine;
    engine.key = kEngine;
    engine.label = SANDBENCH_TRANSLATABLE("TierInfo", "&Engine");
    engine.kind = SettingKind::Choice;
    engine.choices = {
        {"auto", SANDBENCH_TRANSLATABLE("TierInfo", "Auto")}, {"docker", "Docker"}, {"podman", "Podman"}};
    // An engine the environment names that is none of these: the pane shows what the tier would use.
    engine.defaultValue = settingProblem(engine, current.engine).empty() ? current.engine : "auto";
    engine.help = SANDBENCH_TRANSLATABLE("TierInfo", "Auto uses Docker when its daemon answers, else Podman");
    engine.option = "--engine";

    TierSetting image;
    image.key = kImage;
    image.label = SANDBENCH_TRANSLATABLE("TierInfo", "&Image");
    image.defaultValue = current.image;
    image.placeholder = current.image;
    image.help = SANDBENCH_TRANSLATABLE("TierInfo", "The image every run starts from; empty for the default");
    image.option = "--image";

    return {
        engine, image,
        warmPoolSetting(SANDBENCH_TRANSLATABLE(
            "TierInfo", "Containers started ahead of runs, each serving one run; 0 starts every run cold"))};
}

} // namespace sandbench
