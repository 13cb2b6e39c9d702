#pragma once

#include "policy.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sandbench {

// Where inputs appear inside every sandbox: /data/<the input's own name>, read-only.
inline constexpr const char* kInputsFolderInside = "/data";

// One of the policy's inputs, checked on the host just before a run.
struct InputFile {
    std::string hostPath;   // canonical: no symbolic link in it
    std::string name;       // its last component: the name under /data
    bool folder = false;    // a folder (shown with everything under it), else a regular file
    std::int64_t bytes = 0; // the regular files' sizes, added up
    std::string insidePath() const { return std::string(kInputsFolderInside) + "/" + name; }
};

struct CheckedInputs {
    std::vector<InputFile> inputs;
    // Why the run must be refused, naming the input; empty when every input may be shown.
    std::string problem;
    bool ok() const { return problem.empty(); }
};

// Checks the policy's inputs: each exists and is a regular file or a folder; no two share a name; a folder
// holds no symbolic link that leads outside it (absolute ones never stay inside once shown at /data) and
// nothing but files, folders and such links; together they are no larger than policy.inputsMb. A run is
// refused, with the reason naming the input, rather than shown part of one.
CheckedInputs checkInputs(const Policy& policy);

} // namespace sandbench
