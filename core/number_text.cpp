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
    // Built forwards by appending: GCC 12's -Wrestrict misreads std::string::insert at -O2.
    const std::string digits = std::to_string(value);
    const std::size_t sign = value < 0 ? 1 : 0;
    std::string text = digits.substr(0, sign);
    for (std::size_t i = sign; i < digits.size(); ++i) {
        if (i > sign && (digits.size() - i) % 3 == 0)
            text += ',';
        text += digits[i];
    }
    return text;
}

} // namespace sandbench
