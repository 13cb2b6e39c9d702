#include "sse_reader.h"

namespace sandbench::agent {

bool SseReader::feed(std::string_view bytes, const std::function<bool(const ServerSentEvent&)>& event) {
    return m_lines.feed(bytes, [&](std::string_view line) {
        if (line.empty()) {
            if (!m_hasData) { // an event with no data is not dispatched
                m_current = {};
                m_hasName = false;
                return true;
            }
            ServerSentEvent complete = std::move(m_current);
            m_current = {};
            m_hasData = m_hasName = false;
            return event(complete);
        }
        if (line.front() == ':')
            return true;
        const size_t colon = line.find(':');
        const std::string_view field = line.substr(0, colon);
        std::string_view value =
            colon == std::string_view::npos ? std::string_view{} : line.substr(colon + 1);
        if (value.starts_with(' '))
            value.remove_prefix(1);
        if (field == "data") {
            if (m_hasData)
                m_current.data += '\n';
            m_current.data += value;
            m_hasData = true;
        } else if (field == "event") {
            m_current.name = value;
            m_hasName = true;
        }
        return true; // "id" and "retry" mean nothing to a single request
    });
}

bool SseReader::hasPartialEvent() const {
    return m_hasData || m_hasName || !m_lines.pending().empty();
}

} // namespace sandbench::agent
