#pragma once

#include <optional>
#include <string_view>

namespace sandbench {

// The value of `Enum` that toString() names `name`, for an enum whose values run from 0 to `last` without
// gaps (keep `last` the final value when one is added); std::nullopt for any other text.
template <typename Enum> std::optional<Enum> enumFromString(std::string_view name, Enum last) {
    for (int value = 0; value <= static_cast<int>(last); ++value) {
        if (toString(static_cast<Enum>(value)) == name)
            return static_cast<Enum>(value);
    }
    return std::nullopt;
}

} // namespace sandbench
