#include "random_token.h"

#include <random>

namespace sandbench {

std::string randomHexToken(std::size_t bytes) {
    static constexpr char digits[] = "0123456789abcdef";
    std::random_device source; // /dev/urandom (getrandom) with libstdc++ on Linux
    std::string token;
    token.reserve(bytes * 2);
    while (token.size() < bytes * 2) {
        unsigned int value = source();
        for (int i = 0; i < 8 && token.size() < bytes * 2; ++i, value >>= 4)
            token.push_back(digits[value & 0xf]);
    }
    return token;
}

} // namespace sandbench
