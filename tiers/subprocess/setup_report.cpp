#include "setup_report.h"

#include <cerrno>
#include <sys/socket.h>

namespace sandbench {

ssize_t sendSetupReport(int socket, const SetupReport& report) {
    ssize_t sent;
    do {
        sent = ::send(socket, &report, sizeof report, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t receiveSetupReport(int socket, SetupReport& report, Received& received, UniqueFd* fds, int capacity) {
    const ssize_t count = receiveWithDescriptors(socket, &report, sizeof report, fds, capacity, received);
    if (count > 0 &&
        (static_cast<std::size_t>(count) != sizeof report || report.magic != SetupReport().magic))
        report = SetupReport(ChildStep::Count, EPROTO);
    return count;
}

} // namespace sandbench
