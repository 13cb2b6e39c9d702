#include "sleep_unless_stopped.h"

#include <condition_variable>
#include <mutex>

namespace sandbench {

bool sleepUnlessStopped(std::chrono::milliseconds delay, std::stop_token stop) {
    std::mutex mutex;
    std::condition_variable_any wakeup;
    std::unique_lock lock(mutex);
    wakeup.wait_for(lock, stop, delay, [] { return false; });
    return !stop.stop_requested();
}

} // namespace sandbench
