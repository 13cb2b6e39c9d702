#include "container_settings.h"

#include "backends/common/warm_pool.h"

#include <cstdlib>
#include <cstring>

namespace sandbench {

namespace {

constexpr const char* kEngine = "engine";
constexpr const char* kImage = "image";
constexpr const char* kWarmPool = "warmPool";

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
    if (const auto engine = accepted.find(kEngine); engine != accepted.end())
        settings.engine = engine->second;
    if (const auto image = accepted.find(kImage); image != accepted.end())
        settings.image = image->second;
    if (const auto pool = accepted.find(kWarmPool); pool != accepted.end())
        settings.warmPoolSize = std::stoi(pool->second);
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

    TierSetting pool;
    pool.key = kWarmPool;
    pool.label = SANDBENCH_TRANSLATABLE("TierInfo", "Warm poo&l");
    pool.kind = SettingKind::Integer;
    pool.minimum = 0;
    pool.maximum = kMaximumWarmPool;
    pool.minimumLabel = SANDBENCH_TRANSLATABLE("TierInfo", "Off");
    pool.defaultValue = std::to_string(current.warmPoolSize);
    pool.help = SANDBENCH_TRANSLATABLE(
        "TierInfo", "Containers started ahead of runs, each serving one run; 0 starts every run cold");
    pool.option = "--warm-pool";
    return {engine, image, pool};
}

} // namespace sandbench
