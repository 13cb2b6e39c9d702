#pragma once

#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace sandbench {

// The loopback services the network attacks aim at, all served by one thread: a TCP listener on [::1]
// (accepts and closes), a UDP echo service on 127.0.0.1 ("ECHO " + payload), a Unix stream socket at a
// path and an abstract one (each greets with "HELLO\n"), and a canary DNS server on 127.0.0.1 that answers
// every query with 127.0.0.1 and logs the names asked for. Nothing listens anywhere but loopback.
class HarnessServices {
public:
    // Sockets are created in `folder` (the Unix socket's path); throws std::system_error.
    explicit HarnessServices(const std::filesystem::path& folder);
    ~HarnessServices();
    HarnessServices(const HarnessServices&) = delete;
    HarnessServices& operator=(const HarnessServices&) = delete;

    int tcp6Port() const { return m_tcp6Port; } // 0 when this host has no IPv6 loopback
    int udpPort() const { return m_udpPort; }
    int dnsPort() const { return m_dnsPort; }
    const std::string& unixSocketPath() const { return m_unixPath; }
    const std::string& abstractSocketName() const { return m_abstractName; }
    std::vector<std::string> dnsQueries() const;

private:
    void serve(std::stop_token stop);
    void answerDns();
    void echoUdp();

    int m_tcp6 = -1;
    int m_udp = -1;
    int m_dns = -1;
    int m_unix = -1;
    int m_abstract = -1;
    int m_wake = -1;
    int m_tcp6Port = 0;
    int m_udpPort = 0;
    int m_dnsPort = 0;
    std::string m_unixPath;
    std::string m_abstractName;
    mutable std::mutex m_mutex;
    std::vector<std::string> m_dnsQueries;
    std::jthread m_thread; // last: started after, and joined before, the sockets it serves go
};

} // namespace sandbench
