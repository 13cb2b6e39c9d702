#include "seccomp_supervisor.h"

#include "seccomp_filter.h"

#include <algorithm>
#include <cerrno>
#include <linux/seccomp.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sandbench {

namespace {

// The kernel may know a larger notification struct than our headers; size buffers by its answer.
const seccomp_notif_sizes& notificationSizes() {
    static const seccomp_notif_sizes sizes = [] {
        seccomp_notif_sizes answer{};
        if (::syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &answer) != 0)
            answer = {sizeof(seccomp_notif), sizeof(seccomp_notif_resp), sizeof(seccomp_data)};
        return answer;
    }();
    return sizes;
}

} // namespace

bool SeccompSupervisor::serve(short revents) {
    if (!(revents & POLLIN))
        return false; // hung up: no process is left under the filter
    const seccomp_notif_sizes& sizes = notificationSizes();
    std::vector<unsigned char> requestBuffer(
        std::max<std::size_t>(sizes.seccomp_notif, sizeof(seccomp_notif)));
    std::vector<unsigned char> responseBuffer(
        std::max<std::size_t>(sizes.seccomp_notif_resp, sizeof(seccomp_notif_resp)));
    auto* request = reinterpret_cast<seccomp_notif*>(requestBuffer.data());
    if (::ioctl(m_listener.get(), SECCOMP_IOCTL_NOTIF_RECV, request) != 0)
        return errno == EINTR || errno == ENOENT; // ENOENT: the caller died before we read it

    unsigned long long args[6];
    for (int i = 0; i < 6; ++i)
        args[i] = request->data.args[i];
    std::string call = describeDeniedCall(request->data.nr, args);
    auto known = std::find_if(m_denials.begin(), m_denials.end(),
                              [&](const auto& entry) { return entry.first == call; });
    if (known != m_denials.end())
        ++known->second;
    else
        m_denials.emplace_back(std::move(call), 1);

    auto* response = reinterpret_cast<seccomp_notif_resp*>(responseBuffer.data());
    response->id = request->id;
    response->val = 0;
    response->error = -kSeccompDeniedErrno;
    response->flags = 0;
    ::ioctl(m_listener.get(), SECCOMP_IOCTL_NOTIF_SEND, response); // ENOENT if it died meanwhile: fine
    return true;
}

std::string SeccompSupervisor::denialSummary() const {
    std::string summary;
    for (const auto& [call, count] : m_denials) {
        if (!summary.empty())
            summary += ", ";
        summary += call + " ×" + std::to_string(count);
    }
    return summary;
}

} // namespace sandbench
