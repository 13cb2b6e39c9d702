#pragma once

#include "unique_fd.h"

#include <cstddef>
#include <sys/types.h>

namespace sandbench {

// The most descriptors one message carries either way.
inline constexpr int kMostPassedDescriptors = 16;

// One message on a Unix socket, with `count` descriptors (at most kMostPassedDescriptors) passed along as
// SCM_RIGHTS. Retries on EINTR; returns sendmsg()'s count (-1 with errno). Makes no allocation, so a
// forked child may call it.
ssize_t sendWithDescriptors(int socket, const void* data, std::size_t size, const int* fds, int count);

// What came with a received message besides its bytes.
struct Received {
    int descriptors = 0; // how many of `fds` were filled
    pid_t sender = 0;    // from SCM_CREDENTIALS, when the socket has SO_PASSCRED on; 0 otherwise
};

// Receives one message (retrying on EINTR): descriptors that arrive with it are owned by `fds`, up to
// `capacity` of them (close-on-exec); any beyond are closed. Returns recvmsg()'s count: 0 at end-of-file,
// -1 with errno.
ssize_t receiveWithDescriptors(int socket, void* data, std::size_t size, UniqueFd* fds, int capacity,
                               Received& received);

} // namespace sandbench
