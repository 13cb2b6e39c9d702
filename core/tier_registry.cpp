#include "tier_registry.h"

#include <algorithm>

namespace sandbench {

void TierRegistry::add(TierInfo info, Factory factory) {
    m_entries.push_back({std::move(info), std::move(factory)});
}

std::vector<std::string> TierRegistry::names() const {
    std::vector<std::string> result;
    for (const Entry& entry : m_entries)
        result.push_back(entry.info.name);
    return result;
}

std::vector<TierInfo> TierRegistry::tiers() const {
    std::vector<TierInfo> result;
    for (const Entry& entry : m_entries)
        result.push_back(entry.info);
    return result;
}

bool TierRegistry::contains(const std::string& name) const {
    return info(name) != nullptr;
}

const TierInfo* TierRegistry::info(const std::string& name) const {
    const auto found = std::find_if(m_entries.begin(), m_entries.end(),
                                    [&](const Entry& entry) { return entry.info.name == name; });
    return found == m_entries.end() ? nullptr : &found->info;
}

std::unique_ptr<Tier> TierRegistry::create(const std::string& name, const TierSettings& settings) const {
    for (const Entry& entry : m_entries) {
        if (entry.info.name == name)
            return entry.factory(settings);
    }
    return nullptr;
}

std::string TierRegistry::defaultName() const {
    const auto sandboxed = std::find_if(m_entries.begin(), m_entries.end(),
                                        [](const Entry& entry) { return !entry.info.control; });
    if (sandboxed != m_entries.end())
        return sandboxed->info.name;
    return m_entries.empty() ? std::string() : m_entries.front().info.name;
}

} // namespace sandbench
