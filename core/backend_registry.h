#pragma once

#include "backend.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sandbench {

// Creates backends by name. Front ends list names from here and never know how a tier works.
class BackendRegistry {
public:
    using Factory = std::function<std::unique_ptr<Backend>()>;

    void add(std::string name, Factory factory);
    std::vector<std::string> names() const;
    bool contains(const std::string& name) const;
    // nullptr for an unknown name.
    std::unique_ptr<Backend> create(const std::string& name) const;

private:
    std::vector<std::pair<std::string, Factory>> m_factories;
};

} // namespace sandbench
