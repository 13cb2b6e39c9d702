#pragma once

#include "core/tier.h"

namespace sandbench {

// The control tier: no boundary at all, only the harness's deadline. It exists to prove that each attack
// really works when nothing stops it, and is always labelled as such.
//
// Its program starts in a run folder of its own, and there it is given inputs and artifacts the way a
// careless tool would, so the attacks on them have something to get through: each input is a symbolic link
// data/<name> to the real host file or folder (writable, as the user's own files are), and the artifacts
// are whatever is under outputs/, collected naively: links followed, subfolders walked with their paths kept
// as the names, names kept byte for byte, no policy caps, the type taken from the extension, the size from
// stat(). Naive, never harmful: it only reads, examines at most kNaiveMostEntries entries three folders
// deep, and reads at most 64 KB of each file and 16 MB in all (a 1 GB sparse file costs a stat()). The
// harness tells attacks these paths as @DATA_DIR@ and @OUTPUTS_DIR@ (core/attack_harness.h).
class HostTier : public Tier {
public:
    static TierInfo tierInfo();
    const TierInfo& info() const override;
    ProbeResult probe() override;
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;
};

} // namespace sandbench
