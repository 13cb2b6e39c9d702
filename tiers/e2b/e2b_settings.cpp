#include "e2b_settings.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace sandbench {

namespace {

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

constexpr const char* kApiKey = "apiKey";
constexpr const char* kTemplate = "template";

std::string withoutTrailingSlash(std::string url) {
    while (!url.empty() && url.back() == '/')
        url.pop_back();
    return url;
}

// "false" or "0", in any case: the values that turn a switch off.
bool isFalse(std::string value) {
    for (char& c : value)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return value == "false" || value == "0";
}

} // namespace

E2bSettings E2bSettings::fromEnvironment() {
    E2bSettings settings;
    settings.apiKey = environment("E2B_API_KEY");
    if (std::string domain = environment("E2B_DOMAIN"); !domain.empty())
        settings.domain = std::move(domain);
    settings.apiUrl = environment("E2B_API_URL");
    settings.sandboxUrl = environment("E2B_SANDBOX_URL");
    if (std::string templateId = environment("SANDBENCH_E2B_TEMPLATE"); !templateId.empty())
        settings.templateId = std::move(templateId);
    if (const std::string retries = environment("E2B_MAX_RETRIES"); !retries.empty()) {
        int value = 0;
        const auto [end, error] = std::from_chars(retries.data(), retries.data() + retries.size(), value);
        if (error == std::errc() && end == retries.data() + retries.size() && value >= 0 && value <= 10)
            settings.maxRetries = value;
    }
    if (const std::string validate = environment("E2B_VALIDATE_API_KEY"); !validate.empty())
        settings.validateApiKey = !isFalse(validate);
    return settings;
}

E2bSettings E2bSettings::from(const TierSettings& given) {
    E2bSettings settings = fromEnvironment();
    const TierSettings accepted = acceptedSettings(describe(), given);
    settings.apiKey = settingValue(accepted, kApiKey).value_or(settings.apiKey);
    settings.templateId = settingValue(accepted, kTemplate).value_or(settings.templateId);
    return settings;
}

std::vector<TierSetting> E2bSettings::describe() {
    const E2bSettings current = fromEnvironment();
    TierSetting key;
    key.key = kApiKey;
    key.label = SANDBENCH_TRANSLATABLE("TierInfo", "API &key");
    key.kind = SettingKind::Secret;
    key.placeholder = current.hasApiKey()
                          ? SANDBENCH_TRANSLATABLE("TierInfo", "From E2B_API_KEY")
                          : SANDBENCH_TRANSLATABLE("TierInfo", "Not set (E2B_API_KEY is empty)");
    key.help = SANDBENCH_TRANSLATABLE(
        "TierInfo", "Held in memory only and never saved. When this field is empty, "
                    "E2B_API_KEY from Sandbench's environment is used. E2B bills every run.");

    TierSetting templateId;
    templateId.key = kTemplate;
    templateId.label = SANDBENCH_TRANSLATABLE("TierInfo", "Te&mplate");
    templateId.defaultValue = current.templateId;
    templateId.placeholder = current.templateId;
    templateId.help =
        SANDBENCH_TRANSLATABLE("TierInfo", "The sandbox template; it must have E2B's code interpreter");
    return {key, templateId};
}

std::string E2bSettings::effectiveApiUrl() const {
    // e2b-dev/E2B packages/js-sdk/src/connectionConfig.ts and packages/python-sdk/e2b/connection_config.py:
    // apiUrl = E2B_API_URL || `https://api.${domain}`.
    return withoutTrailingSlash(apiUrl.empty() ? "https://api." + domain : apiUrl);
}

bool E2bSettings::apiKeyLooksValid() const {
    // E2B's keys are "e2b_" and lower-case hex, /^e2b_[0-9a-f]+$/ as the SDKs check them before any
    // request: a key pasted with a stray space, newline or quote fails here, not at E2B.
    if (apiKey.size() <= 4 || apiKey.compare(0, 4, "e2b_") != 0)
        return false;
    return std::all_of(apiKey.begin() + 4, apiKey.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::string E2bSettings::apiKeyProblem() const {
    if (validateApiKey && !apiKeyLooksValid()) {
        return "E2B_API_KEY is not an E2B API key: those are \"e2b_\" and lower-case hex digits (look for a "
               "stray space or quote; E2B_VALIDATE_API_KEY=false sends a key of another shape unchecked); "
               "your keys are at https://e2b.dev/dashboard?tab=keys";
    }
    // Unchecked, the key still goes into an HTTP header, where a control character would end it.
    if (!std::all_of(apiKey.begin(), apiKey.end(), [](unsigned char c) { return c > 0x20 && c < 0x7f; })) {
        return "E2B_API_KEY holds a space, a control character or a non-ASCII byte, which cannot go into "
               "the X-API-KEY header (E2B_VALIDATE_API_KEY=false skips only the check of its shape)";
    }
    return {};
}

} // namespace sandbench
