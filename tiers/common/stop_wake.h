#pragma once

#include "unique_fd.h"

#include <cstdint>
#include <functional>
#include <stop_token>
#include <sys/eventfd.h>
#include <unistd.h>

namespace sandbench {

// A descriptor that becomes readable once `stop` is requested, so a poll() loop wakes at once instead of
// polling a flag.
class StopWake {
public:
    explicit StopWake(std::stop_token stop)
        : m_fd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
        , m_onStop(std::move(stop), [this] {
            const std::uint64_t one = 1;
            [[maybe_unused]] auto written = ::write(m_fd.get(), &one, sizeof one);
        }) {}
    StopWake(const StopWake&) = delete;
    StopWake& operator=(const StopWake&) = delete;

    int fd() const { return m_fd.get(); }
    // Makes the descriptor unreadable again.
    void reset() {
        std::uint64_t value;
        [[maybe_unused]] auto readBack = ::read(m_fd.get(), &value, sizeof value);
    }

private:
    UniqueFd m_fd; // before the callback, which may run in the constructor
    std::stop_callback<std::function<void()>> m_onStop;
};

} // namespace sandbench
