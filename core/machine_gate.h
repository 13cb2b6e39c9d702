#pragma once

#include <condition_variable>
#include <mutex>

namespace sandbench {

// The one machine a lab's tiers share. Most attacks may run beside each other's runs on other tiers; an
// attack that starves a host-wide quota (inotify instances, pending signals of a uid) may not: on the host
// control it takes what the judge's own probe needs, so another tier's run of it at the same moment would
// be judged on the control's starvation, not its own. Such an attack holds the gate alone; every other run
// holds it shared. A waiting holder-alone goes first, so it is not put off until the other tiers finish.
class MachineGate {
public:
    // The names std::shared_lock and std::unique_lock call.
    void lock_shared();
    void unlock_shared();
    void lock(); // alone
    void unlock();

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    int m_shared = 0;
    int m_waitingAlone = 0;
    bool m_alone = false;
};

} // namespace sandbench
