#pragma once

#include "tier.h"
#include "tier_info.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sandbench {

// The tiers a build knows, each by its TierInfo and a factory that creates it from settings. Front ends
// list tiers and their settings from here and never know how a tier works.
class TierRegistry {
public:
    // Creates the tier from what a front end gives (settings it does not give: the tier's defaults and the
    // environment's).
    using Factory = std::function<std::unique_ptr<Tier>(const TierSettings& settings)>;

    void add(TierInfo info, Factory factory);
    std::vector<std::string> names() const; // in the order they were added
    std::vector<TierInfo> tiers() const;    // likewise
    bool contains(const std::string& name) const;
    // nullptr for an unknown name.
    const TierInfo* info(const std::string& name) const;
    // nullptr for an unknown name.
    std::unique_ptr<Tier> create(const std::string& name, const TierSettings& settings = {}) const;
    // The tier a front end offers first: the first that is not the control, else the first.
    std::string defaultName() const;

private:
    struct Entry {
        TierInfo info;
        Factory factory;
    };
    std::vector<Entry> m_entries;
};

} // namespace sandbench
