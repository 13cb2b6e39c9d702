#include "descriptor_passing.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>

namespace sandbench {

ssize_t sendWithDescriptors(int socket, const void* data, std::size_t size, const int* fds, int count) {
    if (count < 0 || count > kMostPassedDescriptors) {
        errno = EINVAL;
        return -1;
    }
    iovec part{const_cast<void*>(data), size};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMostPassedDescriptors)] = {};
    msghdr message{};
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    if (count > 0) {
        message.msg_control = control;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
        cmsghdr* header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * count);
        std::memcpy(CMSG_DATA(header), fds, sizeof(int) * count);
    }
    ssize_t sent;
    do {
        sent = ::sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t receiveWithDescriptors(int socket, void* data, std::size_t size, UniqueFd* fds, int capacity,
                               Received& received) {
    iovec part{data, size};
    alignas(cmsghdr) char
        control[CMSG_SPACE(sizeof(ucred)) + CMSG_SPACE(sizeof(int) * kMostPassedDescriptors)] = {};
    msghdr message{};
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    ssize_t count;
    do {
        count = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (count < 0 && errno == EINTR);
    received = {};
    if (count < 0)
        return count;
    for (cmsghdr* header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET)
            continue;
        if (header->cmsg_type == SCM_CREDENTIALS) {
            ucred credentials{};
            std::memcpy(&credentials, CMSG_DATA(header), sizeof credentials);
            received.sender = credentials.pid;
        } else if (header->cmsg_type == SCM_RIGHTS) {
            const int arrived = static_cast<int>((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
            for (int i = 0; i < arrived; ++i) {
                int fd = -1;
                std::memcpy(&fd, CMSG_DATA(header) + i * sizeof(int), sizeof fd);
                if (received.descriptors < capacity)
                    fds[received.descriptors++].reset(fd);
                else
                    ::close(fd);
            }
        }
    }
    return count;
}

} // namespace sandbench
