#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sandbench {

// RFC 4648 base64 with padding, for the few places bytes must travel as text: a container waiter's artifact
// lines, E2B's environment, image blocks sent to a model. Written here rather than taken from a library:
// core links only libcurl, which exports none, and these twenty lines are all that is needed.
std::string encodeBase64(std::string_view bytes);
// Nullopt for anything that is not strict base64 (a length not a multiple of 4, a foreign character,
// padding before the end).
std::optional<std::string> decodeBase64(std::string_view text);

} // namespace sandbench
