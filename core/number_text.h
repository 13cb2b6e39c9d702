#pragma once

#include <string>

// Numbers as a report shows them, independent of the locale (a GUI process runs under the user's locale,
// and SVG wants dots). A value that is not finite shows as 0.

namespace sandbench {

std::string fixedText(double value, int decimals); // "4.50"
std::string shortestText(double value);            // "0.5", "10": the fewest digits that read back exactly
std::string secondsText(double seconds);           // "4.50 s" under 10 s, "12.0 s" from 10 s
std::string withThousands(long long value);        // "20,000"

} // namespace sandbench
