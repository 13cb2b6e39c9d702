#include "guest_artifacts.h"

#include <charconv>
#include <optional>
#include <utility>
#include <vector>

namespace sandbench {

namespace {

// A record: two words and a name of at most 255 bytes.
constexpr std::size_t kLongestRecord = 512;

std::optional<std::int64_t> parseSize(std::string_view text) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0)
        return std::nullopt;
    return value;
}

} // namespace

void GuestArtifactStream::feed(std::string_view bytes) {
    while (!bytes.empty() && !m_done) {
        if (m_inFile) {
            const auto take = static_cast<std::size_t>(
                std::min<std::int64_t>(m_remaining, static_cast<std::int64_t>(bytes.size())));
            if (m_keeping)
                m_bytes.append(bytes.substr(0, take));
            bytes.remove_prefix(take);
            m_remaining -= static_cast<std::int64_t>(take);
            if (m_remaining == 0) {
                m_inFile = false;
                if (m_keeping)
                    m_collector.take(m_name, std::exchange(m_bytes, {}));
            }
            continue;
        }
        const std::size_t nul = bytes.find('\0');
        const std::size_t upTo = nul == std::string_view::npos ? bytes.size() : nul;
        m_record.append(bytes.substr(0, std::min(upTo, kLongestRecord + 1)));
        bytes.remove_prefix(nul == std::string_view::npos ? bytes.size() : nul + 1);
        if (m_record.size() > kLongestRecord) {
            broken("the guest sent an artifact record longer than any it writes");
            return;
        }
        if (nul != std::string_view::npos)
            handleRecord(std::exchange(m_record, {}));
    }
}

void GuestArtifactStream::handleRecord(std::string_view record) {
    // "<word> <word> <name>": the name is the rest, spaces and newlines included.
    const std::size_t firstSpace = record.find(' ');
    const std::string_view kind = record.substr(0, firstSpace);
    const std::string_view rest = firstSpace == std::string_view::npos ? "" : record.substr(firstSpace + 1);
    const std::size_t secondSpace = rest.find(' ');
    const std::string_view word = rest.substr(0, secondSpace);
    const bool named = secondSpace != std::string_view::npos && secondSpace + 1 < rest.size();
    const std::string name = named ? std::string(rest.substr(secondSpace + 1)) : std::string();
    const auto size = parseSize(word);
    if (record == "end") {
        m_done = true;
        m_ended = true;
    } else if (kind == "more" && secondSpace == std::string_view::npos && size) {
        m_collector.drop("(more files)", *size == 1 ? "1 file beyond those listed"
                                                    : std::to_string(*size) + " files beyond those listed");
    } else if (kind == "drop" && named && skippedArtifactReason(word)) {
        m_collector.drop(name, skippedArtifactReason(word));
    } else if (kind == "over" && named && size) {
        // The guest held it back; admits() says which cap, in the words every tier uses.
        if (m_collector.admits(name, *size))
            m_collector.drop(name, "held back by the guest");
    } else if (kind == "file" && named && size) {
        m_name = name;
        m_remaining = *size;
        m_keeping = m_collector.admits(m_name, m_remaining);
        m_bytes.clear();
        if (m_keeping)
            m_bytes.reserve(static_cast<std::size_t>(m_remaining));
        m_inFile = m_remaining > 0;
        if (!m_inFile && m_keeping)
            m_collector.take(m_name, {});
    } else {
        broken("the guest sent an artifact record that does not parse (" + std::to_string(record.size()) +
               " bytes)");
    }
}

void GuestArtifactStream::broken(const std::string& why) {
    m_collector.drop("(unreadable entry)", why + "; nothing after it was taken");
    m_done = true;
    m_inFile = false;
}

void GuestArtifactStream::finish(bool expected) {
    if (m_inFile && m_keeping)
        m_collector.drop(m_name, "cut short: the run's time ran out before the guest had sent it whole");
    else if (expected && !m_done)
        m_collector.drop("(remaining files)",
                         "the run's time ran out before the guest had sent every artifact");
    m_inFile = false;
    m_done = true;
}

} // namespace sandbench
