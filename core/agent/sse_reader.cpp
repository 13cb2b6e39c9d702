#include "sse_reader.h"

namespace sandbench::agent {

bool SseReader::feed(std::string_view bytes, const EventHandler& event, const FieldHandler& field) {
    return m_lines.feed(bytes, [&](std::string_view line) { return onLine(line, event, field); });
}

bool SseReader::finish(const EventHandler& event, const FieldHandler& field) {
    std::string last = m_lines.takePending();
    if (last.ends_with('\r'))
        last.pop_back();
    if (!last.empty() && !onLine(last, event, field))
        return false;
    return onLine({}, event, field);
}

bool SseReader::onLine(std::string_view line, const EventHandler& event, const FieldHandler& field) {
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
    const std::string_view name = line.substr(0, colon);
    std::string_view value = colon == std::string_view::npos ? std::string_view{} : line.substr(colon + 1);
    if (value.starts_with(' '))
        value.remove_prefix(1);
    if (name == "data") {
        if (m_hasData)
            m_current.data += '\n';
        m_current.data += value;
        m_hasData = true;
    } else if (name == "event") {
        m_current.name = value;
        m_hasName = true;
    } else if (name != "id" && name != "retry" && field) {
        return field(name, value);
    }
    return true;
}

bool SseReader::hasPartialEvent() const {
    return m_hasData || m_hasName || !m_lines.pending().empty();
}

} // namespace sandbench::agent
