#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

// Strict UTF-8, for text a program wrote: its bytes may be anything, and whatever shows them (a report, a
// JSON parser) needs valid UTF-8. One decoder for all of them, so they agree on what is a character.

namespace sandbench {

inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD"; // U+FFFD

// One step of decoding: the character at the start of some bytes, or the ill-formed sequence there.
struct Utf8Sequence {
    // Bytes taken, at least 1: the whole character, or the maximal subpart of an ill-formed sequence
    // (Unicode's "U+FFFD substitution of maximal subparts", the way browsers count).
    std::size_t length = 0;
    std::optional<char32_t> codePoint; // none when ill-formed
};

// The sequence `text` starts with, checked against Unicode's Table 3-7 of well-formed byte sequences (no
// overlong forms, no surrogates, nothing above U+10FFFF). `text` must not be empty.
Utf8Sequence decodeUtf8(std::string_view text);

bool isValidUtf8(std::string_view text);

// `text` with each ill-formed sequence (its maximal subpart) replaced by one U+FFFD.
std::string validUtf8(std::string_view text);

// At most `limit` bytes of `text`, not cutting a character in two.
std::string_view utf8Prefix(std::string_view text, std::size_t limit);

} // namespace sandbench
