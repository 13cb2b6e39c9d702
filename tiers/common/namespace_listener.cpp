#include "namespace_listener.h"

#include "loopback_listener_fd.h"

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
        const int socket = listenOnOwnLoopback(port);
        if (socket < 0) {
            problem = "cannot listen on 127.0.0.1:" + std::to_string(port) +
                      " in the container: " + std::strerror(-socket);
            return;
        }
        listener.reset(socket);
    }).join();
    error = problem;
    return listener;
}

} // namespace sandbench
