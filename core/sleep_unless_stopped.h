#pragma once

#include <chrono>
#include <stop_token>

namespace sandbench {

// Waits `delay` (a retry's backoff), waking at once when `stop` fires; false when it did.
bool sleepUnlessStopped(std::chrono::milliseconds delay, std::stop_token stop);

} // namespace sandbench
