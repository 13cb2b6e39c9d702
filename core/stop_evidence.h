#pragma once

#include "policy.h"
#include "run_result.h"

#include <string>

namespace sandbench {

// Seconds with one decimal ("5.0"), as evidence texts show them.
std::string formatSeconds(double seconds);

// The last line of a Python traceback ("OSError: [Errno 28] No space left on device"), or empty.
std::string lastExceptionLine(const std::string& stderrBytes);

// Fills result.stoppedBy and result.evidence from what the program's own failure shows (a MemoryError
// under the address-space limit, EAGAIN from fork, EFBIG, ENOSPC, ENETUNREACH, a signal from an rlimit),
// when the tier has not already named a stronger reason. `layers` names the tier's mechanisms for the
// evidence text, e.g. {"RLIMIT_AS", "empty network namespace"}.
struct TierLayers {
    std::string memory = "address-space limit";
    std::string processes = "process limit";
    std::string fileSize = "file-size limit";
    std::string disk = "size-capped working folder";
    std::string network = "no network";
    std::string filesystem =
        "private filesystem view";            // what keeps the host's paths out of the sandbox's view
    std::string readOnly = "read-only mount"; // what makes the sandbox's files read-only
};
void explainStop(RunResult& result, const Policy& policy, const TierLayers& layers);

} // namespace sandbench
