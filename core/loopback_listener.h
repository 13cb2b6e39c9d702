#pragma once

#include <atomic>
#include <thread>

namespace sandbench {

// A stand-in for an internal service: a TCP listener on 127.0.0.1 (a free port the kernel picks) whose
// thread accepts each connection and closes it at once. Stops and closes everything in the destructor.
class LoopbackListener {
public:
    LoopbackListener(); // throws std::system_error
    ~LoopbackListener();
    LoopbackListener(const LoopbackListener&) = delete;
    LoopbackListener& operator=(const LoopbackListener&) = delete;

    int port() const { return m_port; }
    // How many connections got through, so a report can say the service really was reached.
    int connectionsAccepted() const { return m_accepted.load(); }

private:
    void serve(std::stop_token stop);

    int m_socket = -1;
    int m_wake = -1; // an eventfd that wakes the thread's poll() when it must stop
    int m_port = 0;
    std::atomic<int> m_accepted{0};
    std::jthread m_thread; // last: it starts after, and is joined before, the descriptors it uses go
};

} // namespace sandbench
