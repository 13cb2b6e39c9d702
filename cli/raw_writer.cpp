#include "raw_writer.h"

#include <cerrno>
#include <unistd.h>

namespace sandbench::cli {

void RawWriter::write(std::string_view bytes) {
    while (m_open && !bytes.empty()) {
        const ssize_t written = ::write(m_fd, bytes.data(), bytes.size());
        if (written < 0) {
            if (errno == EINTR)
                continue;
            m_open = false;
            return;
        }
        bytes.remove_prefix(static_cast<std::size_t>(written));
    }
}

} // namespace sandbench::cli
