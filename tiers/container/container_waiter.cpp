#include "container_waiter.h"

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
const char* const kWaiterScript = R"sh(IFS= read -r nonce || exit 125
deadline=$1
shift
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

} // namespace

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
    , m_end(std::string("\0sandbench-end ", 15) + nonce) {}

std::string WaiterStream::feed(std::string_view bytes) {
    if (m_endSeen)
        return {};
    m_pending.append(bytes);
    std::string program;
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
                   (rest.size() < m_end.size() && isPrefixOf(m_end))) {
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
