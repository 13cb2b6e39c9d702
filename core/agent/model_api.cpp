#include "model_api.h"

#include "model_request.h"

#include <cctype>

namespace sandbench::agent {

namespace {

using nlohmann::json;

// A reply read whole, and the most a stream may carry without completing an event: beyond either the server
// is not speaking the protocol.
constexpr std::size_t kMaxReplyBytes = 16u << 20;
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

std::string contentTypeOf(const HttpResponse& response) {
    std::string type = response.header("content-type").value_or("");
    type = type.substr(0, type.find(';'));
    for (char& c : type)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return type;
}

// The connection was cut, or went quiet, after the reply was whole (only a usage event or an end marker may
// be missing): the reply stands.
bool endedAfterReply(const ProviderError& transferError) {
    return transferError.kind == ProviderErrorKind::Truncated ||
           transferError.kind == ProviderErrorKind::Timeout;
}

// The key must never reach a message shown or saved: a server may echo what it was sent, whole or cut short
// in an excerpt, so every run of the key's first 12 characters and as many more of it as follow goes.
void hideKey(std::string& message, const std::string& key) {
    if (key.empty())
        return;
    const std::string_view hidden = "[API key]";
    const std::string_view start = std::string_view(key).substr(0, 12);
    for (size_t at = message.find(start); at != std::string::npos;
         at = message.find(start, at + hidden.size())) {
        size_t length = start.size();
        while (length < key.size() && at + length < message.size() && message[at + length] == key[length])
            ++length;
        message.replace(at, length, hidden);
    }
}

// The half of reading a reply that every API shares: fed the body as it arrives, it tells a JSON document
// from an event stream and hands the protocol its events or its document.
class ReplyReader {
public:
    ReplyReader(const ProviderSettings& settings, ReplyProtocol& protocol)
        : m_settings(settings)
        , m_host(hostOf(settings.baseUrl))
        , m_protocol(protocol) {}

    // The HttpBodyReader: false stops the transfer.
    bool feed(std::string_view bytes) {
        switch (m_mode) {
        case Mode::Undecided:
            return decide(bytes);
        case Mode::Document:
            return appendDocument(bytes);
        case Mode::Events:
            break;
        }
        m_bytesSinceEvent += bytes.size();
        if (m_bytesSinceEvent > kMaxReplyBytes)
            return fail(ProviderErrorKind::Malformed,
                        "The stream from " + m_host + " sent 16 MiB without a complete event.");
        return m_events.feed(bytes, eventHandler(), fieldHandler());
    }

    // The reply once the transfer is over.
    ProviderReply finish(const ModelExchange& exchange) {
        // A stream that ended cleanly with its last event unterminated: that event is read. Data that cannot
        // be read there was cut off, which leaves the reply incomplete rather than malformed.
        if (m_mode == Mode::Events && !exchange.error && !m_stopped && m_events.hasPartialEvent()) {
            m_events.finish(eventHandler(), fieldHandler());
            if (m_error && m_error->kind == ProviderErrorKind::Malformed)
                m_error.reset();
        }
        ProviderReply reply;
        if (m_error) {
            reply.error = std::move(m_error);
        } else if (exchange.error && !(m_protocol.complete() && endedAfterReply(*exchange.error))) {
            reply.error = exchange.error; // cancelled, timed out, cut off, or an error status
        } else if (m_mode == Mode::Document) {
            reply = replyFromDocument();
        } else if (m_mode == Mode::Undecided) {
            reply.error =
                ProviderError{ProviderErrorKind::Malformed, "The reply from " + m_host + " was empty."};
        } else if (m_protocol.complete()) {
            reply.turn = m_protocol.finishTurn();
        } else if (const std::string type = contentTypeOf(exchange.response);
                   m_eventCount == 0 && type != "text/event-stream") {
            reply.error =
                ProviderError{ProviderErrorKind::Malformed,
                              "The reply from " + m_host + " is " + (type.empty() ? "untyped" : type) +
                                  ", neither an event stream nor a JSON document. Check the base URL."};
        } else {
            reply.error =
                ProviderError{ProviderErrorKind::Truncated, "The stream from " + m_host +
                                                                " ended before the reply was complete (" +
                                                                m_protocol.missingEnd() + ")."};
        }
        if (reply.error) {
            reply.turn.reset();
            reply.partialText = m_protocol.streamedText();
            ProviderError& error = *reply.error;
            if (error.httpStatus == 0)
                error.httpStatus = exchange.response.status;
            error.attempts = exchange.attempts;
            hideKey(error.message, m_settings.apiKey);
        }
        return reply;
    }

private:
    enum class Mode { Undecided, Events, Document };

    // Holds bytes until the first that is not a blank or a byte-order mark: '{' or '[' opens a document,
    // anything else an event stream (which may begin with blank lines, as JSON may with blanks).
    bool decide(std::string_view bytes) {
        m_start += bytes;
        std::string_view start = m_start;
        if (kByteOrderMark.starts_with(start))
            return true; // a byte-order mark may still be arriving
        if (start.starts_with(kByteOrderMark))
            start.remove_prefix(kByteOrderMark.size());
        const size_t first = start.find_first_not_of(" \t\r\n");
        if (first == std::string_view::npos) {
            if (m_start.size() > kMaxReplyBytes)
                return fail(ProviderErrorKind::Malformed,
                            "The reply from " + m_host + " is 16 MiB of blanks.");
            return true;
        }
        m_mode = start[first] == '{' || start[first] == '[' ? Mode::Document : Mode::Events;
        const std::string held(start);
        m_start.clear();
        return feed(held);
    }

    bool appendDocument(std::string_view bytes) {
        if (m_document.size() + bytes.size() > kMaxReplyBytes)
            return fail(ProviderErrorKind::Malformed,
                        "The reply from " + m_host + " is a JSON document larger than 16 MiB.");
        m_document += bytes;
        return true;
    }

    SseReader::EventHandler eventHandler() {
        return [this](const ServerSentEvent& event) { return dispatch(event); };
    }

    // llama.cpp's server reports a failure mid-stream as an "error: {...}" line, a field the standard does
    // not have (so it would be dropped, and the "data: [DONE]" after it would pass for a finished, empty
    // reply).
    SseReader::FieldHandler fieldHandler() {
        return [this](std::string_view field, std::string_view value) {
            return field != "error" || dispatch(ServerSentEvent{"error", std::string(value)});
        };
    }

    bool dispatch(const ServerSentEvent& event) {
        m_bytesSinceEvent = 0;
        ++m_eventCount;
        bool more = false;
        try {
            more = m_protocol.onEvent(event);
        } catch (const json::exception& exception) { // a guard: the protocols check types first
            return fail(ProviderErrorKind::Malformed,
                        "The " + (event.name.empty() ? std::string("unnamed") : event.name) + " event from " +
                            m_host + " could not be read (" + exception.what() + "): " + excerpt(event.data));
        }
        if (!more) {
            m_stopped = true;
            if (auto error = m_protocol.takeError())
                m_error = std::move(error);
        }
        return more;
    }

    // A turn read whole: reported to the callbacks as one piece, as a stream would have been.
    ProviderReply replyFromDocument() {
        ProviderReply reply;
        const json document = json::parse(m_document, nullptr, false);
        if (document.is_discarded()) {
            reply.error = ProviderError{ProviderErrorKind::Malformed, "The reply from " + m_host +
                                                                          " is not valid JSON (" +
                                                                          excerpt(m_document) + ")."};
            return reply;
        }
        std::variant<ModelTurn, ProviderError> turn;
        try {
            turn = m_protocol.turnFromDocument(document);
        } catch (const json::exception& exception) {
            turn =
                ProviderError{ProviderErrorKind::Malformed,
                              "The reply from " + m_host + " could not be read (" + exception.what() + ")."};
        }
        if (auto* error = std::get_if<ProviderError>(&turn)) {
            reply.error = std::move(*error);
            return reply;
        }
        ModelTurn& result = std::get<ModelTurn>(turn);
        const StreamCallbacks& callbacks = m_protocol.callbacks();
        if (callbacks.text && !result.text.empty())
            callbacks.text(result.text);
        if (callbacks.toolCallStarted) {
            for (const ToolCall& call : result.toolCalls)
                callbacks.toolCallStarted(ToolCall{call.id, call.name, {}, {}});
        }
        reply.turn = std::move(result);
        return reply;
    }

    bool fail(ProviderErrorKind kind, std::string message) {
        if (!m_error)
            m_error = ProviderError{kind, std::move(message)};
        m_stopped = true;
        return false;
    }

    const ProviderSettings& m_settings;
    const std::string m_host;
    ReplyProtocol& m_protocol;
    Mode m_mode = Mode::Undecided;
    std::string m_start;    // Undecided: what arrived so far
    std::string m_document; // Document: the body so far
    SseReader m_events;
    size_t m_bytesSinceEvent = 0;
    int m_eventCount = 0;
    bool m_stopped = false; // reading stopped: the protocol was done, or something failed
    std::optional<ProviderError> m_error;
};

// The exact 400 a server gives for a length-limit member it does not take: OpenAI's {"error": {"param":
// "max_tokens", "code": "unsupported_parameter", "message": "Unsupported parameter: 'max_tokens' is not
// supported with this model. Use 'max_completion_tokens' instead."}}, or a compatible server's message naming
// the member as unknown ("Unrecognized request argument supplied: max_completion_tokens", vLLM's "Extra
// inputs are not permitted").
bool refusesMember(const HttpResponse& response, std::string_view member) {
    if (response.status != 400)
        return false;
    const json parsed = json::parse(response.body, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object())
        return false;
    const json* error = parsed.contains("error") ? &parsed["error"] : &parsed;
    if (error->is_object()) {
        if (const auto param = error->find("param"); param != error->end() && param->is_string())
            return *param == member;
    }
    const std::string message = error->is_string()   ? error->get<std::string>()
                                : error->is_object() ? error->value("message", std::string())
                                                     : std::string();
    if (message.find(member) == std::string::npos)
        return false;
    for (const std::string_view words : {"nsupported parameter", "nrecognized request argument",
                                         "not supported", "xtra inputs are not permitted", "nknown field"})
        if (message.find(words) != std::string::npos)
            return true;
    return false;
}

} // namespace

void ReplyProtocol::appendText(std::string_view piece) {
    if (piece.empty())
        return;
    m_turn.text += piece;
    if (m_callbacks.text)
        m_callbacks.text(piece);
}

void ReplyProtocol::announce(const ToolCall& call) const {
    if (m_callbacks.toolCallStarted)
        m_callbacks.toolCallStarted(ToolCall{call.id, call.name, {}, {}});
}

bool ReplyProtocol::fail(ProviderError error) {
    if (!m_error)
        m_error = std::move(error);
    return false;
}

bool ReplyProtocol::fail(ProviderErrorKind kind, std::string message) {
    return fail(ProviderError{kind, std::move(message)});
}

ModelProvider::ModelProvider(ProviderSettings settings, const ModelApi& api)
    : m_settings(std::move(settings))
    , m_api(api)
    , m_tokenLimitMember(m_settings.tokenLimitMember()) {}

nlohmann::json ModelProvider::requestBody(const ChatRequest& request) const {
    json body = m_api.conversationBody(m_settings, request);
    body["model"] = m_settings.model;
    body[m_tokenLimitMember] = m_settings.maxTokens;
    body["stream"] = m_settings.stream;
    if (m_settings.temperature)
        body["temperature"] = *m_settings.temperature;
    return body;
}

ProviderReply ModelProvider::complete(const ChatRequest& request, const StreamCallbacks& callbacks,
                                      std::stop_token stop) {
    for (;;) {
        ProviderReply reply = completeOnce(request, callbacks, stop);
        // A server that refuses the length limit's name gets the other name once; it is kept for every
        // later call of this provider. Nothing had streamed: the refusal is a 400 before any reply.
        if (!reply.error || reply.error->kind != ProviderErrorKind::BadRequest ||
            m_triedOtherTokenLimitMember || m_settings.kind != ProviderKind::OpenAiCompatible ||
            m_settings.tokenLimitField != TokenLimitField::Automatic ||
            !refusesMember(m_lastResponse, m_tokenLimitMember))
            return reply;
        m_triedOtherTokenLimitMember = true;
        const std::string refused = m_tokenLimitMember;
        m_tokenLimitMember = refused == "max_tokens" ? "max_completion_tokens" : "max_tokens";
        if (callbacks.notice)
            callbacks.notice(hostOf(m_settings.baseUrl) + " does not take \"" + refused + "\": sending \"" +
                             m_tokenLimitMember + "\" instead.");
    }
}

ProviderReply ModelProvider::completeOnce(const ChatRequest& request, const StreamCallbacks& callbacks,
                                          std::stop_token stop) {
    HttpRequest http;
    http.method = "POST";
    m_api.address(m_settings, http);
    http.headers.emplace_back("content-type", "application/json");
    http.headers.emplace_back("accept", m_settings.stream ? "text/event-stream" : "application/json");
    http.body = dumpLeniently(requestBody(request));
    // Both kinds of reply go through the reader: a server may stream when not asked to, or not when asked.
    const std::unique_ptr<ReplyProtocol> protocol = m_api.replyProtocol(m_settings, callbacks);
    ReplyReader reader(m_settings, *protocol);
    const ModelExchange exchange =
        sendModelRequest(m_settings, std::move(http), callbacks, stop,
                         [&reader](std::string_view bytes) { return reader.feed(bytes); });
    m_lastResponse = exchange.response;
    return reader.finish(exchange);
}

std::string excerpt(std::string_view text) {
    std::string shown(text.substr(0, 120));
    for (char& c : shown)
        if (static_cast<unsigned char>(c) < 0x20)
            c = ' ';
    if (text.size() > shown.size())
        shown += "...";
    return shown;
}

} // namespace sandbench::agent
