#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace sandbench {

// Writes `text` to a hidden temporary file beside `path`, readable by all (0644, like a file a user saves
// to share), synced, then renamed over `path`: the path never holds half a file. On failure returns false
// with `error` naming the path and the cause, and leaves no temporary file behind.
bool writeFileAtomically(const std::filesystem::path& path, std::string_view text, std::string& error);

} // namespace sandbench
