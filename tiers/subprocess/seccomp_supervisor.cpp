#include "seccomp_supervisor.h"

#include "seccomp_filter.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <functional>
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

// "19,986": counts a program chose can be large, and are read by people.
std::string grouped(std::uint64_t value) {
    std::string digits = std::to_string(value);
    for (std::size_t at = digits.size(); at > 3; at -= 3)
        digits.insert(at - 3, ",");
    return digits;
}

} // namespace

bool SeccompSupervisor::serve(short revents) {
    if (!(revents & POLLIN))
        return false; // hung up: no process is left under the filter
    if (m_request.empty()) {
        const seccomp_notif_sizes& sizes = notificationSizes();
        m_request.resize(std::max<std::size_t>(sizes.seccomp_notif, sizeof(seccomp_notif)));
        m_response.resize(std::max<std::size_t>(sizes.seccomp_notif_resp, sizeof(seccomp_notif_resp)));
    }
    // SECCOMP_IOCTL_NOTIF_RECV requires a zeroed buffer.
    std::memset(m_request.data(), 0, m_request.size());
    auto* request = reinterpret_cast<seccomp_notif*>(m_request.data());
    if (::ioctl(m_listener.get(), SECCOMP_IOCTL_NOTIF_RECV, request) != 0)
        return errno == EINTR || errno == ENOENT; // ENOENT: the caller died before we read it

    unsigned long long args[6];
    for (int i = 0; i < 6; ++i)
        args[i] = request->data.args[i];
    record(describeDeniedCall(request->data.nr, args));

    std::memset(m_response.data(), 0, m_response.size());
    auto* response = reinterpret_cast<seccomp_notif_resp*>(m_response.data());
    response->id = request->id;
    response->val = 0;
    response->error = -kSeccompDeniedErrno;
    response->flags = 0;
    ::ioctl(m_listener.get(), SECCOMP_IOCTL_NOTIF_SEND, response); // ENOENT if it died meanwhile: fine
    return true;
}

void SeccompSupervisor::record(std::string call) {
    if (const auto known = m_namedIndex.find(call); known != m_namedIndex.end()) {
        ++m_named[known->second].count;
        return;
    }
    if (m_named.size() < kNamedCalls) {
        m_namedIndex.emplace(call, m_named.size());
        m_named.push_back({std::move(call), 1});
        return;
    }
    // Past the named ones only how many remain matters. A hash collision could only undercount them.
    ++m_otherDenials;
    const std::size_t hash = std::hash<std::string>{}(call);
    if (m_otherCalls.size() < kTrackedOtherCalls)
        m_otherCalls.insert(hash);
    else if (!m_otherCalls.contains(hash))
        m_otherCallsOverflowed = true;
}

std::string SeccompSupervisor::denialSummary() const {
    std::string summary;
    for (const auto& [call, count] : m_named) {
        if (!summary.empty())
            summary += ", ";
        summary += call + " ×" + grouped(count);
    }
    if (m_otherDenials > 0) {
        summary += ", … and " + std::string(m_otherCallsOverflowed ? "over " : "") +
                   grouped(m_otherCalls.size()) + " more distinct call" +
                   (m_otherCalls.size() == 1 ? "" : "s") + " (" + grouped(m_otherDenials) + " denial" +
                   (m_otherDenials == 1 ? "" : "s") + ")";
    }
    return summary;
}

} // namespace sandbench
