#include "utf8.h"

namespace sandbench {

namespace {

bool isContinuation(unsigned char byte) {
    return (byte & 0xC0) == 0x80;
}

} // namespace

Utf8Sequence decodeUtf8(std::string_view text) {
    const auto lead = static_cast<unsigned char>(text.front());
    if (lead < 0x80)
        return {1, lead};
    // How many continuation bytes follow the lead, and the range the first of them must fall in (the rest
    // are any continuation byte): this is what rules out overlong forms, surrogates and values past U+10FFFF.
    std::size_t continuations = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    char32_t codePoint = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        continuations = 1;
        codePoint = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        continuations = 2;
        codePoint = lead & 0x0F;
        if (lead == 0xE0)
            low = 0xA0;
        else if (lead == 0xED)
            high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        continuations = 3;
        codePoint = lead & 0x07;
        if (lead == 0xF0)
            low = 0x90;
        else if (lead == 0xF4)
            high = 0x8F;
    } else {
        return {1, std::nullopt}; // a continuation byte, or a byte that never starts a character
    }
    std::size_t length = 1;
    for (std::size_t k = 0; k < continuations; ++k, ++length) {
        if (length >= text.size())
            return {length, std::nullopt};
        const auto byte = static_cast<unsigned char>(text[length]);
        if (byte < (k == 0 ? low : 0x80) || byte > (k == 0 ? high : 0xBF))
            return {length, std::nullopt};
        codePoint = (codePoint << 6) | (byte & 0x3F);
    }
    return {length, codePoint};
}

bool isValidUtf8(std::string_view text) {
    while (!text.empty()) {
        const Utf8Sequence sequence = decodeUtf8(text);
        if (!sequence.codePoint)
            return false;
        text.remove_prefix(sequence.length);
    }
    return true;
}

std::string validUtf8(std::string_view text) {
    std::string valid;
    valid.reserve(text.size());
    while (!text.empty()) {
        const Utf8Sequence sequence = decodeUtf8(text);
        if (sequence.codePoint)
            valid.append(text.substr(0, sequence.length));
        else
            valid.append(kReplacementCharacter);
        text.remove_prefix(sequence.length);
    }
    return valid;
}

std::string_view utf8Prefix(std::string_view text, std::size_t limit) {
    if (text.size() <= limit)
        return text;
    std::size_t cut = limit;
    for (int back = 0; back < 3 && cut > 0 && isContinuation(static_cast<unsigned char>(text[cut])); ++back)
        --cut;
    return text.substr(0, cut);
}

} // namespace sandbench
