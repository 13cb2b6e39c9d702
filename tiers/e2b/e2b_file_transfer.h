#pragma once

#include "core/policy.h"
#include "e2b_files.h"

#include <chrono>
#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

namespace sandbench {

class ArtifactCollector;

// The policy's inputs as files to upload, planned on this machine before any sandbox exists, so a run that
// cannot show them is refused before E2B bills anything.
struct E2bInputPlan {
    struct Upload {
        std::string hostPath;   // what is read: a regular file (for a link inside an input, its target)
        std::string insidePath; // where it goes: /data/<input's name>/...
        std::int64_t bytes = 0; // its size when planned; a file that changed since is refused
    };
    std::vector<Upload> files;
    std::vector<std::string> emptyFolders; // inside paths of folders no upload makes
    std::string problem;                   // why the run must be refused, naming the input; empty when fine

    bool empty() const { return files.empty() && emptyFolders.empty(); }
    // How long the uploads may take in all: one request's timeout, and a second more for each MB.
    std::chrono::milliseconds allowance(std::chrono::milliseconds requestTimeout) const;
};

// checkInputs(), then each input's files. envd's files API makes files and folders only: a symbolic link
// inside a folder (checkInputs let only those that stay inside through) is uploaded as a copy of the file it
// leads to, counted again against inputs_mb; one that leads to a folder is refused, naming it.
E2bInputPlan planInputs(const Policy& policy);

// Uploads the plan, file by file, as root (E2bFiles::upload), all within `budget`; empty when every file is
// in the sandbox, else why not. No file is read past its planned size, and none is sent that changed since
// it was planned.
std::string uploadInputs(const E2bFiles& files, const E2bInputPlan& plan, std::chrono::milliseconds budget,
                         std::stop_token stop);

// Lists /tmp/outputs and offers its regular files to `collector`, downloading each only once admitted and
// never past its admitted size. Links, folders and anything else are dropped, named. Everything, listing
// included, finishes within `budget`; what is left then is dropped, named.
void collectE2bArtifacts(const E2bFiles& files, ArtifactCollector& collector,
                         std::chrono::milliseconds budget, std::stop_token stop);

} // namespace sandbench
