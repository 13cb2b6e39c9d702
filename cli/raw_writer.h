#pragma once

#include <string_view>

namespace sandbench::cli {

// Writes raw bytes to a descriptor, unbuffered, so streams interleave as they were produced. A closed
// reader (EPIPE) silences that stream for the rest of the command instead of failing it.
class RawWriter {
public:
    explicit RawWriter(int fd)
        : m_fd(fd) {}
    void write(std::string_view bytes);

private:
    int m_fd;
    bool m_open = true;
};

} // namespace sandbench::cli
