#include "unix_socket_listener.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

namespace sandbench {

UniqueFd listenOnUnixSocket(const std::string& path, std::string& error) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (path.size() >= sizeof address.sun_path) {
        error = "the socket path " + path + " is longer than a Unix socket's " +
                std::to_string(sizeof address.sun_path - 1) + " bytes: set TMPDIR to a shorter folder";
        return UniqueFd();
    }
    std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
    UniqueFd listener(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
    // No one can connect before listen(), so the mode is set in time.
    if (!listener.valid() ||
        ::bind(listener.get(), reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::chmod(path.c_str(), 0666) != 0 || ::listen(listener.get(), 64) != 0) {
        const int failure = errno;
        error = "cannot listen on " + path + ": " + std::strerror(failure);
        return UniqueFd();
    }
    return listener;
}

} // namespace sandbench
