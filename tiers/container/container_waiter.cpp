#include "container_waiter.h"

#include "core/artifacts.h"
#include "core/base64.h"

#include <charconv>
#include <utility>
#include <vector>

namespace sandbench {

// Runs under dash as the container's root (uid 0 with only CAP_SETUID, CAP_SETGID and CAP_KILL), with
// "$1" = the watchdog's seconds and the rest = the program's command, which drops to the program's uid
// with setpriv. The program therefore cannot read the waiter's memory (/proc/1/mem: another uid, so
// ptrace access is refused), signal it, or learn the nonce that authenticates its report: whatever
// markers it prints are only its own bytes.
// The relay copies the program from the real stdin (fd 3), exactly as many bytes as the line before it
// says, then closes the program's stdin so the interpreter starts, and leaves behind the container's own
// watchdog: `deadline` seconds later it kills every process but PID 1, so a container ends by itself even
// when Sandbench has died; the host's own timeout comes first whenever Sandbench lives. The watchdog is a job
// of its own (dash's `wait` waits for a whole pipeline), which PID 1's final kill ends with the rest. A
// Sandbench that died before the hand-over closes the real stdin, and the program then runs empty and ends at
// once. The program runs as a background job only so that dash does not print "Killed" into its stderr when a
// signal ends it. Signals from inside the container cannot kill PID 1. CPU time and the counters come from
// the container's cgroup (v2 or v1, whichever is mounted), so they include every process the program started;
// where none is mounted (gVisor's Sentry shows no cgroup files) the CPU time is "-", not measured, and the
// host's account decides. So that the host can still read that account, the waiter stays after its report
// until the host closes the real stdin: once PID 1 exits, the engine removes the container's cgroup, and its
// figure with it. Bytes a dying program may have left in that input are read and ignored; only end-of-file
// lets the waiter go.
// Artifacts: /tmp/outputs lives on the container's own tmpfs, which the host cannot reach once --rm removes
// the container, so the waiter sends them, and it does so only after its final kill: no process of the
// program is left to swap a file for a link, and the waiter tests each entry (-L first) and reads only
// regular files, at most the caps ("$2" files, "$3" bytes). They travel as lines on stdout behind the nonce
// (base64, so no byte of a file can end its line early): the program, which never learns the nonce, cannot
// add one, and the host checks the caps again (core/artifacts.h). Files only the program's uid may read stay
// unread (the waiter holds no CAP_DAC_OVERRIDE) and are named as such.
const char* const kWaiterScript = R"sh(IFS= read -r nonce || exit 125
deadline=$1
max_count=$2
bytes_left=$3
shift 3
mkdir -m 1777 /tmp/outputs 2>/dev/null
printf '\000sandbench-ready %s\n' "$nonce" >&2
exec 3<&0 0</dev/null
{ IFS= read -r size <&3 && head -c "$size" <&3; exec 3<&- 1>&-; { sleep "$deadline"; kill -9 -1; } & } 2>/dev/null | "$@" 3<&- &
wait $! 2>/dev/null
status=$?
kill -9 -1 2>/dev/null
counter() {
    for file in "$2" "$3"; do
        if [ -r "$file" ]; then
            while read -r key value; do
                if [ "$key" = "$1" ]; then echo "$value"; return; fi
            done < "$file"
        fi
    done
    echo 0
}
oom=$(counter oom_kill /sys/fs/cgroup/memory.events /sys/fs/cgroup/memory/memory.oom_control)
pids=$(counter max /sys/fs/cgroup/pids.events /sys/fs/cgroup/pids/pids.events)
examined=0
examine_at_most=$((max_count + 50))
unlisted=0
for f in /tmp/outputs/* /tmp/outputs/.[!.]* /tmp/outputs/..?*; do
    [ -e "$f" ] || [ -L "$f" ] || continue
    if [ "$examined" -ge "$examine_at_most" ]; then unlisted=$((unlisted + 1)); continue; fi
    examined=$((examined + 1))
    name=$(printf '%s' "${f#/tmp/outputs/}" | base64 -w0)
    if [ -L "$f" ]; then kind=link
    elif [ -d "$f" ]; then kind=folder
    elif [ ! -f "$f" ]; then kind=special
    elif [ ! -r "$f" ]; then kind=unreadable
    else kind=file; fi
    if [ "$kind" != file ]; then
        printf '\000sandbench-artifact %s %s %s\n' "$nonce" "$kind" "$name"
        continue
    fi
    size=$(wc -c < "$f")
    if [ "$max_count" -gt 0 ] && [ "$size" -le "$bytes_left" ]; then
        max_count=$((max_count - 1))
        bytes_left=$((bytes_left - size))
        printf '\000sandbench-artifact %s file %s %s ' "$nonce" "$name" "$size"
        head -c "$size" < "$f" | base64 -w0
        printf '\n'
    else
        printf '\000sandbench-artifact %s file %s %s -\n' "$nonce" "$name" "$size"
    fi
done
[ "$unlisted" -gt 0 ] && printf '\000sandbench-artifact %s more %s\n' "$nonce" "$unlisted"
if [ -r /sys/fs/cgroup/cpuacct/cpuacct.usage ]; then
    read -r cpu_ns < /sys/fs/cgroup/cpuacct/cpuacct.usage
elif [ -r /sys/fs/cgroup/cpu.stat ]; then
    cpu_ns=$(( $(counter usage_usec /sys/fs/cgroup/cpu.stat) * 1000 ))
else
    cpu_ns=-
fi
printf '\000sandbench-end %s\n' "$nonce"
printf '\000sandbench-end %s %s %s %s %s\n' "$nonce" "$status" "$cpu_ns" "$oom" "$pids" >&2
while IFS= read -r line <&3; do :; done 2>/dev/null
)sh";

namespace {

template <typename Number> std::optional<Number> parseWhole(std::string_view text) {
    Number value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::vector<std::string_view> wordsOf(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while (start <= line.size()) {
        const std::size_t end = std::min(line.find(' ', start), line.size());
        words.push_back(line.substr(start, end - start));
        start = end + 1;
    }
    return words;
}

} // namespace

void collectWaiterArtifacts(const std::vector<std::string>& lines, ArtifactCollector& collector) {
    for (const std::string& line : lines) {
        const std::vector<std::string_view> words = wordsOf(line);
        const auto name = words.size() >= 2 ? decodeBase64(words[1]) : std::nullopt;
        if (words.size() == 2 && words[0] == "more" && parseWhole<long>(words[1])) {
            collector.drop("(more files)", words[1] == "1"
                                               ? "1 file beyond those listed"
                                               : std::string(words[1]) + " files beyond those listed");
        } else if (words.size() == 2 && name && skippedArtifactReason(words[0])) {
            collector.drop(*name, skippedArtifactReason(words[0]));
        } else if (words.size() == 4 && words[0] == "file" && name && parseWhole<std::int64_t>(words[2])) {
            const std::int64_t size = *parseWhole<std::int64_t>(words[2]);
            if (!collector.admits(*name, size))
                continue;
            const auto bytes = words[3] == "-" ? std::nullopt : decodeBase64(words[3]);
            if (bytes)
                collector.take(*name, *bytes);
            else
                collector.drop(*name, "the container's waiter did not send it whole");
        } else {
            collector.drop("(unreadable entry)", "the container's waiter sent an artifact line that does not "
                                                 "parse (" +
                                                     std::to_string(line.size()) + " bytes)");
        }
    }
}

std::optional<WaiterReport> parseWaiterReport(std::string_view fields) {
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while (start < fields.size()) {
        const std::size_t end = std::min(fields.find(' ', start), fields.size());
        if (end > start)
            words.push_back(fields.substr(start, end - start));
        start = end + 1;
    }
    if (words.size() != 4)
        return std::nullopt;
    const auto status = parseWhole<int>(words[0]);
    const bool cpuMeasured = words[1] != "-";
    const auto cpuNanoseconds = cpuMeasured ? parseWhole<long long>(words[1]) : std::optional<long long>(0);
    const auto oom = parseWhole<long>(words[2]);
    const auto pids = parseWhole<long>(words[3]);
    if (!status || !cpuNanoseconds || !oom || !pids)
        return std::nullopt;
    WaiterReport report{*status, std::nullopt, *oom, *pids};
    if (cpuMeasured)
        report.cpuSeconds = static_cast<double>(*cpuNanoseconds) / 1e9;
    return report;
}

WaiterStream::WaiterStream(std::string nonce)
    : m_ready(std::string("\0sandbench-ready ", 17) + nonce + "\n")
    , m_end(std::string("\0sandbench-end ", 15) + nonce)
    , m_artifact(std::string("\0sandbench-artifact ", 20) + nonce + " ") {}

std::string WaiterStream::feed(std::string_view bytes) {
    if (m_endSeen)
        return {};
    m_pending.append(bytes);
    std::string program;
    if (m_skippingArtifact) {
        const std::size_t newline = m_pending.find('\n');
        if (newline == std::string::npos) {
            m_pending.clear();
            return program;
        }
        m_pending.erase(0, newline + 1);
        m_skippingArtifact = false;
    }
    // The longest a marker line may be; anything longer that looked like one was the program's.
    constexpr std::size_t kLongestMarker = 512;
    while (!m_pending.empty()) {
        const std::size_t nul = m_pending.find('\0');
        if (nul == std::string::npos) {
            program += m_pending;
            m_pending.clear();
            break;
        }
        program.append(m_pending, 0, nul);
        m_pending.erase(0, nul);
        const std::string_view rest(m_pending);
        const auto isPrefixOf = [&rest](const std::string& marker) {
            return marker.compare(0, std::min(rest.size(), marker.size()), rest.substr(0, marker.size())) ==
                   0;
        };
        if (rest.size() >= m_ready.size() && rest.substr(0, m_ready.size()) == m_ready) {
            m_readySeen = true;
            m_pending.erase(0, m_ready.size());
            continue;
        }
        if (rest.size() >= m_artifact.size() && rest.substr(0, m_artifact.size()) == m_artifact) {
            // The nonce matched: the waiter's own line, however long (a file's bytes, in base64).
            const std::size_t newline = rest.find('\n', m_artifact.size());
            if (newline != std::string_view::npos) {
                m_artifactLines.emplace_back(rest.substr(m_artifact.size(), newline - m_artifact.size()));
                m_pending.erase(0, newline + 1);
                continue;
            }
            if (rest.size() > m_longestArtifactLine) {
                m_artifactLines.emplace_back("overlong");
                m_skippingArtifact = true;
                m_pending.clear();
            }
            break; // the rest of the line is still on its way
        }
        if (rest.size() >= m_end.size() && rest.substr(0, m_end.size()) == m_end) {
            const std::size_t newline = rest.find('\n', m_end.size());
            if (newline != std::string_view::npos) {
                m_endSeen = true;
                m_endFields = std::string(rest.substr(m_end.size(), newline - m_end.size()));
                if (!m_endFields.empty() && m_endFields.front() == ' ')
                    m_endFields.erase(0, 1);
                m_pending.clear();
                break;
            }
            if (rest.size() < kLongestMarker)
                break; // the rest of the marker is still on its way
        } else if ((rest.size() < m_ready.size() && isPrefixOf(m_ready)) ||
                   (rest.size() < m_end.size() && isPrefixOf(m_end)) ||
                   (rest.size() < m_artifact.size() && isPrefixOf(m_artifact))) {
            break; // too short to tell yet
        }
        // Not a marker: the NUL is the program's.
        program.push_back('\0');
        m_pending.erase(0, 1);
    }
    return program;
}

std::string WaiterStream::flush() {
    if (m_endSeen)
        return {};
    return std::exchange(m_pending, {});
}

} // namespace sandbench
