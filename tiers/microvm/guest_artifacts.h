#pragma once

#include "core/artifacts.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace sandbench {

// Reads the guest's artifacts port (scripts/guest/init: NUL-ended records "file <size> <name>" then exactly
// <size> bytes, "over", "drop", "more", "end") into an ArtifactCollector, strictly: a record that does not
// parse, or one longer than any the guest writes, ends the reading and is said so. The guest applies the caps
// too, but nothing here trusts it: every file goes through collector.admits() first, and the bytes of one it
// refuses are counted past, never kept, so host memory stays within the caps whatever the guest sends.
class GuestArtifactStream {
public:
    explicit GuestArtifactStream(ArtifactCollector& collector)
        : m_collector(collector) {}

    void feed(std::string_view bytes);
    // The VM is gone: a file cut short is named as such, and, when the guest had said artifacts would
    // follow (`expected`), so is a stream that never reached its end.
    void finish(bool expected);
    // The guest's "end" arrived: every artifact was offered.
    bool complete() const { return m_ended; }

private:
    void handleRecord(std::string_view record);
    void broken(const std::string& why);

    ArtifactCollector& m_collector;
    std::string m_record;
    std::string m_name;  // the file being received
    std::string m_bytes; // its bytes, when admitted
    std::int64_t m_remaining = 0;
    bool m_keeping = false;
    bool m_inFile = false;
    bool m_done = false;  // "end" seen, or the stream broke
    bool m_ended = false; // "end" seen
};

} // namespace sandbench
