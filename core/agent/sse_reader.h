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
    // Returns false to stop reading.
    using EventHandler = std::function<bool(const ServerSentEvent&)>;
    // A field the standard does not define ("id" and "retry" are not for a single request either), such as
    // the "error:" lines of llama.cpp's server; returns false to stop reading.
    using FieldHandler = std::function<bool(std::string_view field, std::string_view value)>;

    // Calls `event` for each complete event and `field` (when given) for each other field; returns false
    // (and stops) when one of them does.
    bool feed(std::string_view bytes, const EventHandler& event, const FieldHandler& field = {});
    // The stream has ended: an event whose closing blank line never came, its last line perhaps without a
    // newline, is dispatched as if it had. The standard drops it, but servers that omit the last blank line
    // are common; a cut-off event shows itself as data its reader cannot parse.
    bool finish(const EventHandler& event, const FieldHandler& field = {});
    // True when bytes arrived after the last dispatched event: the stream was cut off mid-event.
    bool hasPartialEvent() const;

private:
    bool onLine(std::string_view line, const EventHandler& event, const FieldHandler& field);

    LineSplitter m_lines;
    ServerSentEvent m_current;
    bool m_hasData = false;
    bool m_hasName = false;
};

} // namespace sandbench::agent
