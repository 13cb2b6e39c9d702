#include "number_text.h"

#include <charconv>
#include <cmath>

namespace sandbench {

std::string fixedText(double value, int decimals) {
    if (!std::isfinite(value))
        value = 0;
    char buffer[64];
    const auto result =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
    return std::string(buffer, result.ptr);
}

std::string shortestText(double value) {
    if (!std::isfinite(value))
        value = 0;
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string secondsText(double seconds) {
    return fixedText(seconds, seconds < 10 ? 2 : 1) + " s";
}

std::string withThousands(long long value) {
    std::string digits = std::to_string(value);
    for (auto at = static_cast<long long>(digits.size()) - 3; at > (value < 0 ? 1 : 0); at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return digits;
}

} // namespace sandbench
