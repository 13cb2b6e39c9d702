#include "warm_pool_setting.h"

#include "warm_pool.h"

namespace sandbench {

TierSetting warmPoolSetting(std::string help) {
    TierSetting pool;
    pool.key = kWarmPoolKey;
    pool.label = SANDBENCH_TRANSLATABLE("TierInfo", "Warm poo&l");
    pool.kind = SettingKind::Integer;
    pool.minimum = 0;
    pool.maximum = kMaximumWarmPool;
    pool.minimumLabel = SANDBENCH_TRANSLATABLE("TierInfo", "Off");
    pool.defaultValue = std::to_string(warmPoolSizeFromEnvironment(0));
    pool.help = std::move(help);
    pool.option = "--warm-pool";
    return pool;
}

} // namespace sandbench
