#include "tier_info.h"

#include <algorithm>
#include <charconv>

namespace sandbench {

const TierSetting* TierInfo::setting(std::string_view key) const {
    const auto found = std::find_if(settings.begin(), settings.end(),
                                    [&](const TierSetting& setting) { return setting.key == key; });
    return found == settings.end() ? nullptr : &*found;
}

namespace {

// "auto, docker or podman"
std::string listOfChoices(const std::vector<SettingChoice>& choices) {
    std::string list;
    for (std::size_t i = 0; i < choices.size(); ++i) {
        if (i > 0)
            list += i + 1 == choices.size() ? " or " : ", ";
        list += choices[i].value;
    }
    return list;
}

} // namespace

std::string settingProblem(const TierSetting& setting, const std::string& value) {
    switch (setting.kind) {
    case SettingKind::Choice:
        if (std::none_of(setting.choices.begin(), setting.choices.end(),
                         [&](const SettingChoice& choice) { return choice.value == value; }))
            return "must be " + listOfChoices(setting.choices);
        return {};
    case SettingKind::Integer: {
        int number = 0;
        const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
        if (value.empty() || error != std::errc() || end != value.data() + value.size() ||
            number < setting.minimum || number > setting.maximum)
            return "must be a whole number from " + std::to_string(setting.minimum) + " to " +
                   std::to_string(setting.maximum);
        return {};
    }
    case SettingKind::Folder:
        if (value.empty() || value.front() != '/')
            return "must be an absolute folder";
        return {};
    case SettingKind::Text:
    case SettingKind::Secret:
        if (value.empty())
            return "must not be empty";
        return {};
    }
    return "is of an unknown kind";
}

TierSettings acceptedSettings(const std::vector<TierSetting>& settings, const TierSettings& given) {
    TierSettings accepted;
    for (const TierSetting& setting : settings) {
        const auto value = given.find(setting.key);
        if (value != given.end() && settingProblem(setting, value->second).empty())
            accepted.insert(*value);
    }
    return accepted;
}

std::optional<std::string> settingValue(const TierSettings& settings, const std::string& key) {
    const auto found = settings.find(key);
    return found == settings.end() ? std::nullopt : std::optional(found->second);
}

} // namespace sandbench
