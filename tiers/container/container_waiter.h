#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

class ArtifactCollector;

// The shell script that runs as PID 1 of every Sandbench container (the image's /bin/sh, dash, starts in
// about a millisecond). It reads a per-container nonce from the first line of stdin, says it is ready, runs
// the interpreter on the rest of stdin, then kills whatever the program left behind and writes an end marker
// after the last byte of each stream. The marker lets the run finish the moment the program does, while the
// engine tears the container down in the background. On stderr it carries the exit status, the container's
// CPU time and its cgroup's OOM-kill and pids-limit counters: the kernel's evidence, read inside.
extern const char* const kWaiterScript;

// The fields of the waiter's end marker.
struct WaiterReport {
    int status = 0;                   // the shell's $?: 128 + n when signal n killed the program
    std::optional<double> cpuSeconds; // unset when the container shows no cgroup ("-")
    long oomKills = 0;                // the memory cgroup's oom_kill counter
    long pidsLimitHits = 0;           // the pids cgroup's "max" event counter
};
std::optional<WaiterReport> parseWaiterReport(std::string_view fields);

// Turns the waiter's artifact lines into artifacts (or dropped files), applying the policy's caps once more:
// "file NAME SIZE BASE64" (or "-" when the waiter left it out for the caps), "link|folder|special|
// unreadable NAME", "more COUNT"; names in base64. A line that is not one of these is named as dropped.
void collectWaiterArtifacts(const std::vector<std::string>& lines, ArtifactCollector& collector);

// Separates one stream of a container's output into the program's bytes and the waiter's markers. Bytes
// that could begin a marker are held back until they can be told apart, so no marker byte ever reaches the
// program's output, and a program that prints NULs loses none of them.
class WaiterStream {
public:
    explicit WaiterStream(std::string nonce);

    // Returns the program's bytes among `bytes`; nothing once the end marker has been seen.
    std::string feed(std::string_view bytes);
    // At end-of-file: whatever was held back.
    std::string flush();

    // The waiter's artifact lines (after the nonce, without the newline), in the order they came: only the
    // waiter, which knows the nonce, can write one. A line longer than `longest` is dropped, marked
    // "overlong".
    void setLongestArtifactLine(std::size_t longest) { m_longestArtifactLine = longest; }
    const std::vector<std::string>& artifactLines() const { return m_artifactLines; }

    bool readySeen() const { return m_readySeen; }
    bool endSeen() const { return m_endSeen; }
    const std::string& endFields() const { return m_endFields; } // after the nonce, without the newline

private:
    std::string m_ready;
    std::string m_end;
    std::string m_artifact;
    std::string m_pending;
    std::size_t m_longestArtifactLine = 64 << 20;
    bool m_skippingArtifact = false; // inside an overlong artifact line, until its newline
    std::vector<std::string> m_artifactLines;
    bool m_readySeen = false;
    bool m_endSeen = false;
    std::string m_endFields;
};

} // namespace sandbench
