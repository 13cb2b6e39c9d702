#include "tier_settings_store.h"

#include <QSettings>

using namespace sandbench;

namespace {

QString keyOf(const TierInfo& tier, const TierSetting& setting) {
    return QStringLiteral("tiers/%1/%2")
        .arg(QString::fromStdString(tier.name), QString::fromStdString(setting.key));
}

// Before settings were kept per tier under "tiers/": "container/engine", "e2b/template"…
QString olderKeyOf(const TierInfo& tier, const TierSetting& setting) {
    return QStringLiteral("%1/%2").arg(QString::fromStdString(tier.name),
                                       QString::fromStdString(setting.key));
}

bool savable(const TierSetting& setting) {
    return setting.kind != SettingKind::Secret && !setting.commandLineOnly;
}

} // namespace

TierSettings savedTierSettings(const TierInfo& tier) {
    QSettings store;
    TierSettings settings;
    for (const TierSetting& setting : tier.settings) {
        if (!savable(setting))
            continue;
        const QString key = keyOf(tier, setting);
        if (const QString older = olderKeyOf(tier, setting); store.contains(older)) {
            if (!store.contains(key))
                store.setValue(key, store.value(older).toString());
            store.remove(older);
        }
        const std::string saved = store.value(key).toString().trimmed().toStdString();
        const std::string value = settingProblem(setting, saved).empty() ? saved : setting.defaultValue;
        if (!value.empty())
            settings[setting.key] = value;
    }
    return settings;
}

void saveTierSettings(const TierInfo& tier, const TierSettings& settings) {
    QSettings store;
    for (const TierSetting& setting : tier.settings) {
        const auto value = settings.find(setting.key);
        if (savable(setting) && value != settings.end())
            store.setValue(keyOf(tier, setting), QString::fromStdString(value->second));
        else
            store.remove(keyOf(tier, setting));
    }
}
