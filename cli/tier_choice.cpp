#include "tier_choice.h"

#include "commands.h"

#include <cctype>
#include <optional>
#include <sstream>

namespace sandbench::cli {

CommandTiers::CommandTiers(const TierRegistry& registry, Arguments& arguments)
    : m_registry(registry) {
    // One option may set several tiers (--warm-pool): it is read once and goes to each.
    std::map<std::string, std::optional<std::string>> given;
    for (const TierInfo& tier : registry.tiers()) {
        for (const TierSetting& setting : tier.settings) {
            if (setting.option.empty())
                continue;
            auto [value, first] = given.try_emplace(setting.option);
            if (first)
                value->second = arguments.value(setting.option);
            if (!value->second)
                continue;
            if (const std::string problem = settingProblem(setting, *value->second); !problem.empty())
                throw UsageError(setting.option + " " + problem +
                                 (value->second->empty() ? "" : ", not \"" + *value->second + "\""));
            m_settings[tier.name][setting.key] = *value->second;
        }
    }
}

std::unique_ptr<Tier> CommandTiers::create(const std::string& name) const {
    const auto settings = m_settings.find(name);
    return m_registry.create(name, settings == m_settings.end() ? TierSettings{} : settings->second);
}

namespace {

constexpr std::size_t kHelpColumn = 22; // where the help of an option starts, as in every command's help
constexpr std::size_t kHelpWidth = 108;

std::string withoutShortcut(std::string label) {
    std::erase(label, '&');
    return label;
}

// "Engine" -> "engine", but "API key" stays: it continues a sentence.
std::string continuingSentence(std::string text) {
    if (text.size() > 1 && std::isupper(static_cast<unsigned char>(text[0])) &&
        std::islower(static_cast<unsigned char>(text[1])))
        text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    return text;
}

// What the option's value looks like: "auto|docker|podman", "N", "DIR", "IMAGE".
std::string valueShape(const TierSetting& setting) {
    switch (setting.kind) {
    case SettingKind::Choice: {
        std::string shape;
        for (const SettingChoice& choice : setting.choices)
            shape += (shape.empty() ? "" : "|") + choice.value;
        return shape;
    }
    case SettingKind::Integer:
        return "N";
    case SettingKind::Folder:
        return "DIR";
    case SettingKind::Text:
    case SettingKind::Secret:
        break;
    }
    std::string shape = withoutShortcut(setting.label);
    for (char& c : shape)
        c = c == ' ' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return shape;
}

// "the container tier's warm pool (0 to 16, default 0): containers started ahead of runs, …"
std::string whatItSets(const TierInfo& tier, const TierSetting& setting) {
    std::string bounds;
    if (setting.kind == SettingKind::Integer)
        bounds = std::to_string(setting.minimum) + " to " + std::to_string(setting.maximum) + ", ";
    std::string text = "the " + tier.name + " tier's " + continuingSentence(withoutShortcut(setting.label));
    if (!setting.defaultValue.empty())
        text += " (" + bounds + "default " + setting.defaultValue + ")";
    if (!setting.help.empty())
        text += ": " + continuingSentence(setting.help);
    return text;
}

// `words` after `start` (already kHelpColumn wide or more), wrapped at kHelpWidth under the help column.
std::string wrapped(std::string start, const std::string& words) {
    std::string out = std::move(start);
    std::size_t column = out.size();
    std::istringstream stream(words);
    bool first = true;
    for (std::string word; stream >> word; first = false) {
        if (!first && column + 1 + word.size() > kHelpWidth) {
            out += '\n' + std::string(kHelpColumn, ' ');
            column = kHelpColumn;
        } else if (!first) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
    }
    return out + '\n';
}

} // namespace

std::string tierOptionsHelp(const TierRegistry& registry) {
    std::vector<std::string> options; // in the order the tiers name them
    std::map<std::string, std::string> lines;
    for (const TierInfo& tier : registry.tiers()) {
        for (const TierSetting& setting : tier.settings) {
            if (setting.option.empty())
                continue;
            auto [line, first] = lines.try_emplace(setting.option);
            if (first) {
                options.push_back(setting.option);
                std::string start = "  " + setting.option + " " + valueShape(setting);
                start +=
                    start.size() + 2 <= kHelpColumn ? std::string(kHelpColumn - start.size(), ' ') : "  ";
                line->second = wrapped(start, whatItSets(tier, setting));
            } else {
                line->second += wrapped(std::string(kHelpColumn, ' '), whatItSets(tier, setting));
            }
        }
    }
    std::string help;
    for (const std::string& option : options)
        help += lines[option];
    return help;
}

std::string withDefaultTier(std::string help, const TierRegistry& registry) {
    static const std::string marker = "@DEFAULT_TIER@";
    if (const std::size_t at = help.find(marker); at != std::string::npos)
        help.replace(at, marker.size(), registry.defaultName());
    return help;
}

namespace {

std::string knownNames(const TierRegistry& registry) {
    std::string known;
    for (const auto& name : registry.names())
        known += (known.empty() ? "" : ", ") + name;
    return known;
}

} // namespace

std::string chosenTierName(Arguments& arguments, const CommandTiers& tiers) {
    const std::optional<std::string> tier = arguments.value("--tier");
    const std::optional<std::string> oldName = arguments.value("--backend");
    if (tier && oldName && *tier != *oldName)
        throw UsageError("--tier " + *tier + " and --backend " + *oldName + " name two tiers; give one");
    return tier.value_or(oldName.value_or(tiers.defaultName()));
}

std::unique_ptr<Tier> usableTier(const CommandTiers& tiers, const std::string& name) {
    std::unique_ptr<Tier> tier = tiers.create(name);
    if (!tier)
        throw CliError("unknown tier \"" + name + "\" (known: " + knownNames(tiers.registry()) + ")");
    const ProbeResult probe = tier->probe();
    if (!probe.available) {
        throw CliError("the " + name + " tier cannot run here: " +
                       (probe.reason.empty() ? std::string("its probe gave no reason") : probe.reason));
    }
    return tier;
}

std::vector<std::unique_ptr<Tier>> chooseTiers(const CommandTiers& tiers, const std::string& choice,
                                               std::vector<SkippedTier>& skipped) {
    std::vector<std::unique_ptr<Tier>> chosen;
    if (choice != "all") {
        chosen.push_back(usableTier(tiers, choice));
        return chosen;
    }
    for (const auto& name : tiers.registry().names()) {
        std::unique_ptr<Tier> tier = tiers.create(name);
        const ProbeResult probe = tier->probe();
        if (probe.available)
            chosen.push_back(std::move(tier));
        else
            skipped.push_back({name, probe.reason});
    }
    if (chosen.empty())
        throw CliError("no tier can run here (known: " + knownNames(tiers.registry()) + ")");
    return chosen;
}

std::string labelled(const Tier& tier) {
    return tier.info().control ? tier.name() + " (control)" : tier.name();
}

} // namespace sandbench::cli
