#pragma once

#include "tier.h"

#include <string>
#include <string_view>

namespace sandbench {

// Keeps the first `cap` bytes of each stream, forwards them to the sink live, and drops the rest,
// so a flood neither blocks the child (the caller keeps draining) nor grows memory.
class OutputCollector {
public:
    OutputCollector(std::int64_t capBytes, const OutputSink& sink);

    void append(Stream stream, std::string_view bytes);
    // Moves the kept bytes and truncation flags into the result.
    void finish(RunResult& result);

private:
    struct Kept {
        std::string bytes;
        bool truncated = false;
    };
    Kept& kept(Stream stream) { return stream == Stream::Stdout ? m_stdout : m_stderr; }

    std::size_t m_cap;
    const OutputSink& m_sink;
    Kept m_stdout;
    Kept m_stderr;
};

} // namespace sandbench
