#pragma once

#include <atomic>
#include <stop_token>
#include <thread>

namespace sandbench::cli {

// Turns Ctrl-C (SIGINT) and SIGTERM into a stop request while it lives, so the run in progress is
// cancelled and its tier cleans up, instead of the CLI dying with a sandboxed program still running.
// Also makes writes to a closed pipe fail with EPIPE rather than kill the CLI mid-run. Both use handlers,
// not SIG_IGN, because ignored dispositions would be inherited by the programs the tiers start.
class SignalStop {
public:
    SignalStop();
    ~SignalStop();
    SignalStop(const SignalStop&) = delete;
    SignalStop& operator=(const SignalStop&) = delete;

    std::stop_token token() const { return m_source.get_token(); }
    bool interrupted() const { return m_source.stop_requested(); }

private:
    std::stop_source m_source;
    std::jthread m_watcher;
};

} // namespace sandbench::cli
