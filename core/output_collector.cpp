#include "output_collector.h"

namespace sandbench {

OutputCollector::OutputCollector(std::int64_t capBytes, const OutputSink& sink)
    : m_cap(static_cast<std::size_t>(capBytes))
    , m_sink(sink) {}

void OutputCollector::append(Stream stream, std::string_view bytes) {
    Kept& target = kept(stream);
    if (target.truncated || bytes.empty())
        return;
    const std::size_t room = m_cap - target.bytes.size();
    const std::string_view keep = bytes.substr(0, room);
    target.bytes.append(keep);
    if (m_sink && !keep.empty())
        m_sink(stream, keep);
    if (bytes.size() > room) {
        target.truncated = true;
        target.bytes.append(kOutputTruncatedMarker);
        if (m_sink)
            m_sink(stream, kOutputTruncatedMarker);
    }
}

void OutputCollector::finish(RunResult& result) {
    result.stdoutBytes = std::move(m_stdout.bytes);
    result.stderrBytes = std::move(m_stderr.bytes);
    result.stdoutTruncated = m_stdout.truncated;
    result.stderrTruncated = m_stderr.truncated;
}

} // namespace sandbench
