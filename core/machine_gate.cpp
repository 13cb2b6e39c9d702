#include "machine_gate.h"

namespace sandbench {

void MachineGate::lock_shared() {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return !m_alone && m_waitingAlone == 0; });
    ++m_shared;
}

void MachineGate::unlock_shared() {
    {
        const std::lock_guard lock(m_mutex);
        --m_shared;
    }
    m_changed.notify_all();
}

void MachineGate::lock() {
    std::unique_lock lock(m_mutex);
    ++m_waitingAlone;
    m_changed.wait(lock, [this] { return !m_alone && m_shared == 0; });
    --m_waitingAlone;
    m_alone = true;
}

void MachineGate::unlock() {
    {
        const std::lock_guard lock(m_mutex);
        m_alone = false;
    }
    m_changed.notify_all();
}

} // namespace sandbench
