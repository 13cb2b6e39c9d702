#pragma once

#include "core/run_result.h"

#include <optional>
#include <string>

namespace sandbench::cli {

// `run --artifacts DIR`: writes each artifact of the result into DIR (created if missing) under its
// sanitised name, never through a link already there, and returns the lines that list them and what was
// dropped, for standard error. Without DIR the list says where they would have gone. Throws CliError when
// DIR cannot be written.
std::string saveArtifacts(const RunResult& result, const std::optional<std::string>& folder);

} // namespace sandbench::cli
