#pragma once

#include <cstddef>
#include <string>

namespace sandbench {

// `bytes` bytes from the system's random source, as lower-case hex: for nonces and fake secrets that a
// program under test must not be able to guess.
std::string randomHexToken(std::size_t bytes = 16);

} // namespace sandbench
