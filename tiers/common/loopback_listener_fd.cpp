#include "loopback_listener_fd.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace sandbench {

int listenOnOwnLoopback(int port) {
    const int control = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (control < 0)
        return -errno;
    ifreq request{};
    std::memcpy(request.ifr_name, "lo", 3);
    int error = ::ioctl(control, SIOCGIFFLAGS, &request) == 0 ? 0 : errno;
    if (error == 0 && !(request.ifr_flags & IFF_UP)) {
        request.ifr_flags = static_cast<short>(request.ifr_flags | IFF_UP);
        error = ::ioctl(control, SIOCSIFFLAGS, &request) == 0 ? 0 : errno;
    }
    ::close(control);
    if (error)
        return -error;
    const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listener < 0)
        return -errno;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::listen(listener, 64) != 0) {
        error = errno;
        ::close(listener);
        return -error;
    }
    return listener;
}

} // namespace sandbench
