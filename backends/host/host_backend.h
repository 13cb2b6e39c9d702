#pragma once

#include "core/backend.h"

namespace sandbench {

// The control tier: no boundary at all, only the harness's deadline. It exists to prove that each attack
// really works when nothing stops it, and is always labelled as such.
class HostBackend : public Backend {
public:
    std::string name() const override { return "host"; }
    std::string description() const override {
        return "Control: no isolation. The program runs as you, on your files and network; only the "
               "wall-clock "
               "deadline ends it.";
    }
    bool isControl() const override { return true; }
    ProbeResult probe() override;
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override;
};

} // namespace sandbench
