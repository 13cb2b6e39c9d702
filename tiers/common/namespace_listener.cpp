#include "namespace_listener.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace sandbench {

UniqueFd listenInNetworkNamespaceOf(pid_t pid, int port, std::string& error) {
    const std::string path = "/proc/" + std::to_string(pid) + "/ns/net";
    UniqueFd ns(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (!ns.valid()) {
        error = "cannot open the container's network namespace (" + path + "): " + std::strerror(errno);
        return UniqueFd();
    }
    UniqueFd listener;
    std::string problem;
    // setns() moves only the calling thread; this one ends right after, and the socket keeps the namespace
    // it was made in.
    std::thread([&] {
        if (::setns(ns.get(), CLONE_NEWNET) != 0) {
            problem = std::string("cannot enter the container's network namespace: ") + std::strerror(errno);
            return;
        }
        const int control = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        if (control >= 0) { // loopback is up in an engine's "none" network; make sure of it
            ifreq request{};
            std::memcpy(request.ifr_name, "lo", 3);
            if (::ioctl(control, SIOCGIFFLAGS, &request) == 0 && !(request.ifr_flags & IFF_UP)) {
                request.ifr_flags = static_cast<short>(request.ifr_flags | IFF_UP);
                ::ioctl(control, SIOCSIFFLAGS, &request);
            }
            ::close(control);
        }
        UniqueFd socket(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<std::uint16_t>(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (!socket.valid() ||
            ::bind(socket.get(), reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
            ::listen(socket.get(), 64) != 0) {
            problem = "cannot listen on 127.0.0.1:" + std::to_string(port) +
                      " in the container: " + std::strerror(errno);
            return;
        }
        listener = std::move(socket);
    }).join();
    error = problem;
    return listener;
}

} // namespace sandbench
