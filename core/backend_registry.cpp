#include "backend_registry.h"

#include <algorithm>

namespace sandbench {

void BackendRegistry::add(std::string name, Factory factory) {
    m_factories.emplace_back(std::move(name), std::move(factory));
}

std::vector<std::string> BackendRegistry::names() const {
    std::vector<std::string> result;
    for (const auto& entry : m_factories)
        result.push_back(entry.first);
    return result;
}

bool BackendRegistry::contains(const std::string& name) const {
    return std::any_of(m_factories.begin(), m_factories.end(),
                       [&](const auto& entry) { return entry.first == name; });
}

std::unique_ptr<Backend> BackendRegistry::create(const std::string& name) const {
    for (const auto& [entryName, factory] : m_factories) {
        if (entryName == name)
            return factory();
    }
    return nullptr;
}

} // namespace sandbench
