#pragma once

#include "core/http_client.h"

#include <functional>
#include <string>
#include <string_view>

namespace sandbench::agent {

// One server-sent event: its "event:" name (empty when none was given) and its "data:" lines joined by '\n'.
struct ServerSentEvent {
    std::string name;
    std::string data;
};

// Turns a byte stream into server-sent events as the HTML Living Standard's event-stream parsing does:
// lines end at "\n" or "\r\n", a blank line dispatches, "data:" lines accumulate, ':' lines are comments,
// one space after the colon is dropped. Bytes may arrive split anywhere, even inside a UTF-8 character.
class SseReader {
public:
    // Calls `event` for each complete event; returns false (and stops) when `event` returns false.
    bool feed(std::string_view bytes, const std::function<bool(const ServerSentEvent&)>& event);
    // True when bytes arrived after the last dispatched event: the stream was cut off mid-event.
    bool hasPartialEvent() const;

private:
    LineSplitter m_lines;
    ServerSentEvent m_current;
    bool m_hasData = false;
    bool m_hasName = false;
};

} // namespace sandbench::agent
