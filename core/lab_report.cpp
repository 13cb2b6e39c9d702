#include "lab_report.h"

#include "attack_judge.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <pwd.h>
#include <string_view>
#include <sys/utsname.h>
#include <unistd.h>

// The report is HTML5 written so that it is also well-formed XML (every element closed, void elements
// self-closed, attributes quoted, no named entity but the five XML ones, no xmlns anywhere): browsers
// read it as HTML, and tests and scripts can read it with any XML parser. It needs no script at all, and
// its Content-Security-Policy forbids scripts and every network fetch, so even a mistake in escaping could
// neither run attack output nor make the report call home.

namespace sandbench {

namespace {

// ---------------------------------------------------------------------------------------------------
// The machine

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

// "key<sep>value" lines of a text file, in order; an unreadable file gives none.
std::vector<std::pair<std::string, std::string>> keyValueLines(const char* path, char separator) {
    std::vector<std::pair<std::string, std::string>> lines;
    std::ifstream file(path);
    std::string line;
    while (std::getline(file, line)) {
        const auto at = line.find(separator);
        if (at != std::string::npos)
            lines.emplace_back(trim(std::string_view(line).substr(0, at)),
                               trim(std::string_view(line).substr(at + 1)));
    }
    return lines;
}

std::string firstLine(const char* path) {
    std::ifstream file(path);
    std::string line;
    std::getline(file, line);
    return trim(line);
}

bool exists(const char* path) {
    return ::access(path, F_OK) == 0;
}

std::string osPrettyName() {
    for (const char* path : {"/etc/os-release", "/usr/lib/os-release"}) {
        for (const auto& [key, value] : keyValueLines(path, '=')) {
            if (key != "PRETTY_NAME")
                continue;
            std::string name = value;
            if (name.size() >= 2 && (name.front() == '"' || name.front() == '\'') &&
                name.back() == name.front())
                name = name.substr(1, name.size() - 2);
            return name;
        }
    }
    return {};
}

std::string kvmFact() {
    if (!exists("/dev/kvm"))
        return "/dev/kvm absent: microVM guests can only run under TCG emulation";
    if (::access("/dev/kvm", R_OK | W_OK) == 0)
        return "/dev/kvm present, readable and writable by this user";
    return "/dev/kvm present, but this user cannot open it";
}

} // namespace

MachineDetails collectMachineDetails() {
    MachineDetails machine;
    std::string architecture;
    utsname names{};
    if (::uname(&names) == 0) {
        machine.hostname = names.nodename;
        machine.kernel = std::string(names.release) + " " + names.version;
        architecture = names.machine;
    }
    machine.os = osPrettyName();

    bool hypervisor = false;
    for (const auto& [key, value] : keyValueLines("/proc/cpuinfo", ':')) {
        if (key == "processor")
            ++machine.cpuCount;
        else if (machine.cpuModel.empty() && (key == "model name" || key == "Hardware" || key == "cpu model"))
            machine.cpuModel = value;
        else if (key == "flags" && (" " + value + " ").find(" hypervisor ") != std::string::npos)
            hypervisor = true;
    }
    if (machine.cpuCount == 0) {
        const long online = ::sysconf(_SC_NPROCESSORS_ONLN);
        machine.cpuCount = online > 0 ? static_cast<int>(online) : 0;
    }
    for (const auto& [key, value] : keyValueLines("/proc/meminfo", ':')) {
        if (key == "MemTotal") {
            machine.memoryKb = std::atoll(value.c_str());
            break;
        }
    }
    machine.runningAsRoot = ::geteuid() == 0;

    auto& facts = machine.facts;
    if (!architecture.empty())
        facts.emplace_back("Architecture", architecture);
    facts.emplace_back("KVM", kvmFact());
    facts.emplace_back("Hypervisor", hypervisor
                                         ? "this machine is itself a virtual machine (CPU hypervisor flag)"
                                         : "none reported by the CPU");
    if (exists("/.dockerenv") || exists("/run/.containerenv"))
        facts.emplace_back("Container", "this machine is itself a container");
    facts.emplace_back("cgroups", exists("/sys/fs/cgroup/cgroup.controllers") ? "v2 (unified hierarchy)"
                                                                              : "v1 or hybrid");
    if (const std::string limit = firstLine("/proc/sys/user/max_user_namespaces"); !limit.empty())
        facts.emplace_back("User namespaces", "at most " + limit + " per user");
    if (const std::string clone = firstLine("/proc/sys/kernel/unprivileged_userns_clone"); !clone.empty())
        facts.emplace_back("Unprivileged user namespaces",
                           clone == "0" ? "disabled (sysctl)" : "allowed (sysctl)");
    if (const std::string restrict = firstLine("/proc/sys/kernel/apparmor_restrict_unprivileged_userns");
        !restrict.empty()&& restrict != "0")
        facts.emplace_back("AppArmor", "restricts unprivileged user namespaces");
    const uid_t uid = ::geteuid();
    std::string user = "uid " + std::to_string(uid);
    passwd entry{};
    passwd* found = nullptr;
    char buffer[4096];
    if (::getpwuid_r(uid, &entry, buffer, sizeof buffer, &found) == 0 && found)
        user = std::string(found->pw_name) + " (" + user + ")";
    facts.emplace_back("User", user);
    return machine;
}

namespace {

// ---------------------------------------------------------------------------------------------------
// Text

// Appends `text` for use as element text or a quoted attribute value. Bytes are decoded as strict UTF-8;
// each ill-formed sequence (its maximal subpart, the way browsers count) becomes U+FFFD. C0 controls other
// than tab, newline and carriage return become their Control Pictures (NUL shows as U+2400), and what XML
// 1.0 forbids besides (C1 controls, U+FFFE, U+FFFF) becomes U+FFFD. & < > " ' are escaped.
void appendEscaped(std::string& out, std::string_view text) {
    static constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
    const auto byteAt = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char lead = byteAt(i);
        if (lead < 0x80) {
            switch (lead) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            case '\t':
            case '\n':
            case '\r':
                out += static_cast<char>(lead);
                break;
            default:
                if (lead < 0x20 || lead == 0x7F) {
                    // U+2400 + c, or U+2421 for DEL: E2 90 80+c.
                    out += "\xE2\x90";
                    out += static_cast<char>(0x80 + (lead == 0x7F ? 0x21 : lead));
                } else {
                    out += static_cast<char>(lead);
                }
            }
            ++i;
            continue;
        }
        // The range the first continuation byte must fall in, and how many continuation bytes follow.
        unsigned char low = 0x80;
        unsigned char high = 0xBF;
        std::size_t continuations = 0;
        if (lead >= 0xC2 && lead <= 0xDF) {
            continuations = 1;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            continuations = 2;
            if (lead == 0xE0)
                low = 0xA0;
            else if (lead == 0xED)
                high = 0x9F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            continuations = 3;
            if (lead == 0xF0)
                low = 0x90;
            else if (lead == 0xF4)
                high = 0x8F;
        } else {
            out += kReplacement;
            ++i;
            continue;
        }
        std::size_t length = 1;
        char32_t codePoint = lead & (continuations == 1 ? 0x1F : continuations == 2 ? 0x0F : 0x07);
        bool complete = true;
        for (std::size_t k = 0; k < continuations; ++k) {
            const std::size_t at = i + length;
            const unsigned char byte = at < text.size() ? byteAt(at) : 0;
            const unsigned char min = k == 0 ? low : 0x80;
            const unsigned char max = k == 0 ? high : 0xBF;
            if (at >= text.size() || byte < min || byte > max) {
                complete = false;
                break;
            }
            codePoint = (codePoint << 6) | (byte & 0x3F);
            ++length;
        }
        if (!complete || (codePoint >= 0x80 && codePoint <= 0x9F) || (codePoint & 0xFFFE) == 0xFFFE)
            out += kReplacement;
        else
            out.append(text.substr(i, length));
        i += length;
    }
}

std::string esc(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    appendEscaped(out, text);
    return out;
}

// At most `limit` bytes of `text`, not cutting a UTF-8 character in two.
std::string_view capped(std::string_view text, std::size_t limit) {
    if (text.size() <= limit)
        return text;
    std::size_t cut = limit;
    for (int back = 0; back < 3 && cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80; ++back)
        --cut;
    return text.substr(0, cut);
}

// Locale-independent numbers (a GUI process runs under the user's locale, and SVG wants dots).
std::string fixed(double value, int precision) {
    if (!std::isfinite(value))
        value = 0;
    char buffer[64];
    const auto result =
        std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, precision);
    return std::string(buffer, result.ptr);
}

std::string shortest(double value) {
    if (!std::isfinite(value))
        value = 0;
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

std::string secondsText(double seconds) {
    if (seconds < 10)
        return fixed(seconds, 2) + " s";
    return fixed(seconds, 1) + " s";
}

std::string withThousands(long long value) {
    std::string digits = std::to_string(value);
    for (auto at = static_cast<long long>(digits.size()) - 3; at > (value < 0 ? 1 : 0); at -= 3)
        digits.insert(static_cast<std::size_t>(at), ",");
    return digits;
}

// A fragment id from arbitrary text: letters, digits, '.', '_' and '-' are kept, any other byte becomes
// "_XX" (its hex), so names with spaces or quotes still give one stable, valid id.
std::string slug(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string id;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') || (byte >= '0' && byte <= '9') ||
            byte == '.' || byte == '_' || byte == '-') {
            id += c;
        } else {
            id += '_';
            id += kHex[byte >> 4];
            id += kHex[byte & 0x0F];
        }
    }
    return id;
}

std::string cellId(const std::string& tier, const std::string& fileName) {
    return "cell-" + slug(tier) + "-" + slug(fileName);
}

std::string attackId(const std::string& fileName) {
    return "attack-" + slug(fileName);
}

// ---------------------------------------------------------------------------------------------------
// The run as a matrix

constexpr std::size_t kOutputShownBytes = 20000;
constexpr const char* kNotRun = "NOT RUN";

struct TierCounts {
    int blocked = 0;
    int allowedExpected = 0;
    int allowedUnexpected = 0;
    int error = 0;
    int notRun = 0;
    int leftovers = 0; // cells with leftovers, whatever their verdict
    std::vector<double> seconds;
};

struct Matrix {
    std::vector<Attack> attacks;
    std::vector<LabTier> tiers;
    std::vector<std::vector<const AttackOutcome*>> cells; // [attack][tier], null when it did not run
    std::vector<TierCounts> counts;                       // per tier
};

Matrix buildMatrix(const LabRun& run) {
    Matrix matrix;
    matrix.attacks = run.suite;
    matrix.tiers = run.tiers;
    // Outcomes of a tier or attack the run did not list still get a column or row.
    for (const auto& outcome : run.outcomes) {
        if (std::none_of(matrix.tiers.begin(), matrix.tiers.end(),
                         [&](const LabTier& tier) { return tier.info.name == outcome.backend; })) {
            LabTier tier;
            tier.info.name = outcome.backend;
            tier.info.control = outcome.control;
            matrix.tiers.push_back(tier);
        }
        if (std::none_of(matrix.attacks.begin(), matrix.attacks.end(),
                         [&](const Attack& attack) { return attack.fileName == outcome.fileName; })) {
            Attack attack;
            attack.fileName = outcome.fileName;
            attack.name = outcome.attack;
            attack.category = outcome.category;
            matrix.attacks.push_back(attack);
        }
    }
    matrix.cells.assign(matrix.attacks.size(), std::vector<const AttackOutcome*>(matrix.tiers.size()));
    for (const auto& outcome : run.outcomes) {
        const auto attack = std::find_if(matrix.attacks.begin(), matrix.attacks.end(),
                                         [&](const Attack& a) { return a.fileName == outcome.fileName; });
        const auto tier = std::find_if(matrix.tiers.begin(), matrix.tiers.end(),
                                       [&](const LabTier& t) { return t.info.name == outcome.backend; });
        auto& cell = matrix.cells[static_cast<std::size_t>(attack - matrix.attacks.begin())]
                                 [static_cast<std::size_t>(tier - matrix.tiers.begin())];
        if (!cell)
            cell = &outcome; // the first outcome of a pair wins
    }
    matrix.counts.resize(matrix.tiers.size());
    for (std::size_t t = 0; t < matrix.tiers.size(); ++t) {
        TierCounts& counts = matrix.counts[t];
        for (std::size_t a = 0; a < matrix.attacks.size(); ++a) {
            const AttackOutcome* outcome = matrix.cells[a][t];
            if (!outcome) {
                ++counts.notRun;
                continue;
            }
            switch (outcome->verdict) {
            case Verdict::Blocked:
                ++counts.blocked;
                break;
            case Verdict::Allowed:
                ++(outcome->expected ? counts.allowedExpected : counts.allowedUnexpected);
                break;
            case Verdict::Error:
                ++counts.error;
                break;
            }
            if (!outcome->leftovers.empty())
                ++counts.leftovers;
            counts.seconds.push_back(outcome->seconds);
        }
    }
    return matrix;
}

std::string verdictWord(const AttackOutcome* outcome) {
    return outcome ? std::string(toString(outcome->verdict)) : kNotRun;
}

// The CSS class an SVG mark of this cell gets (the colours of the legend).
std::string verdictClass(const AttackOutcome* outcome) {
    if (!outcome)
        return "notrun";
    switch (outcome->verdict) {
    case Verdict::Blocked:
        return "blocked";
    case Verdict::Allowed:
        return outcome->expected ? "expected" : "allowed";
    case Verdict::Error:
        return "error";
    }
    return "error";
}

double median(std::vector<double> values) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

double maximum(const std::vector<double>& values) {
    return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

std::string tierLabel(const LabTier& tier) {
    return tier.info.control ? tier.info.name + " (control)" : tier.info.name;
}

std::string layerText(const AttackOutcome& outcome) {
    if (outcome.layer.empty() || outcome.layer == "none")
        return {};
    return outcome.layer;
}

// ---------------------------------------------------------------------------------------------------
// Sections

constexpr const char* kStyle = R"(
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1d2026; --muted: #5d6573; --border: #d3d8df; --panel: #f4f6f8; --link: #1d5fbf;
  --blocked: #1e8449; --blocked-bg: #d8f1e1; --allowed: #c62828; --allowed-bg: #fbd9d9;
  --expected: #b8860b; --expected-bg: #fbeac2; --error: #6b7280; --error-bg: #e4e6ea; --notrun-bg: #f4f6f8;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171b; --fg: #e4e7eb; --muted: #9aa3b0; --border: #3a3f47; --panel: #1e2126; --link: #7fb0ff;
    --blocked: #3fb36f; --blocked-bg: #143823; --allowed: #ef5350; --allowed-bg: #4a1b1b;
    --expected: #e0a526; --expected-bg: #45360f; --error: #8b93a1; --error-bg: #2b2f36; --notrun-bg: #1e2126;
  }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1320px; padding: 20px 28px 60px; background: var(--bg); color: var(--fg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
h1 { font-size: 26px; margin: 8px 0 4px; }
h2 { font-size: 20px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--border); }
h3 { font-size: 16px; margin: 24px 0 6px; }
h4 { font-size: 13px; margin: 12px 0 4px; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
a { color: var(--link); }
code, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
pre { margin: 0; padding: 8px 10px; background: var(--panel); border: 1px solid var(--border); border-radius: 4px;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 460px; overflow: auto; }
table { border-collapse: collapse; margin: 6px 0; }
th, td { border: 1px solid var(--border); padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: var(--panel); }
td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); }
.small { font-size: 12px; }
nav { margin: 10px 0; }
nav a { margin-right: 14px; }
.headline { display: flex; flex-wrap: wrap; gap: 8px; margin: 12px 0; }
.pill { padding: 4px 10px; border-radius: 14px; border: 1px solid var(--border); background: var(--panel); }
.pill.bad { border-color: var(--allowed); background: var(--allowed-bg); }
.pill.good { border-color: var(--blocked); background: var(--blocked-bg); }
table.matrix td.cell { min-width: 118px; text-align: center; padding: 0; vertical-align: middle; }
table.matrix td.cell a { display: block; padding: 5px 6px; color: inherit; text-decoration: none; }
table.matrix td.cell a:hover { text-decoration: underline; }
table.matrix th.control, table.matrix td.control { border-left: 2px dashed var(--muted); border-right: 2px dashed var(--muted); }
.cell[data-verdict="BLOCKED"], .badge[data-verdict="BLOCKED"], .swatch.blocked { background: var(--blocked-bg); }
.cell[data-verdict="ALLOWED"], .badge[data-verdict="ALLOWED"], .swatch.allowed { background: var(--allowed-bg); }
.cell[data-verdict="ALLOWED"][data-expected="true"], .badge[data-verdict="ALLOWED"][data-expected="true"], .swatch.expected {
  background: repeating-linear-gradient(135deg, var(--expected-bg) 0 7px, var(--bg) 7px 11px); }
.cell[data-verdict="ERROR"], .badge[data-verdict="ERROR"], .swatch.error { background: var(--error-bg); }
.cell[data-verdict="NOT RUN"], .badge[data-verdict="NOT RUN"], .swatch.notrun { background: var(--notrun-bg); }
.cell[data-leftovers="true"], .badge[data-leftovers="true"], .swatch.leftovers { box-shadow: inset 0 0 0 3px var(--allowed); }
.verdict { display: block; font-weight: 700; letter-spacing: 0.03em; }
.cell[data-verdict="BLOCKED"] .verdict { color: var(--blocked); }
.cell[data-verdict="ALLOWED"] .verdict { color: var(--allowed); }
.cell[data-verdict="ALLOWED"][data-expected="true"] .verdict { color: var(--expected); }
.cell[data-verdict="ERROR"] .verdict, .cell[data-verdict="NOT RUN"] .verdict { color: var(--error); }
.layer { display: block; font-size: 12px; color: var(--muted); }
.inferred { font-style: italic; }
.tag { display: inline-block; margin: 2px 2px 0; padding: 0 6px; border-radius: 8px; font-size: 11px; font-weight: 600;
  color: #ffffff; background: var(--muted); }
.tag.expected { background: var(--expected); color: #1d2026; }
.tag.leftovers { background: var(--allowed); }
.tag.root { background: var(--error); }
.badge { display: inline-block; min-width: 74px; text-align: center; padding: 1px 8px; border-radius: 4px; font-weight: 700; }
.legend { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 8px 0; font-size: 12.5px; }
.legend.solid .swatch.blocked { background: var(--blocked); }
.legend.solid .swatch.allowed { background: var(--allowed); }
.legend.solid .swatch.expected { background: var(--expected); }
.legend.solid .swatch.error { background: var(--error); }
.legend.solid .swatch.notrun { background: var(--border); }
.legend span.swatch { display: inline-block; width: 26px; height: 16px; vertical-align: middle; margin-right: 6px;
  border: 1px solid var(--border); }
svg { display: block; max-width: 100%; height: auto; margin: 8px 0; }
svg text { fill: var(--fg); font-size: 12px; font-family: system-ui, sans-serif; }
svg text.on-bar { fill: #ffffff; font-weight: 700; }
svg text.axis-title { fill: var(--muted); }
svg .grid { stroke: var(--border); stroke-width: 1; }
svg .axis { stroke: var(--muted); stroke-width: 1; }
svg .blocked { fill: var(--blocked); }
svg .allowed { fill: var(--allowed); }
svg .expected { fill: var(--expected); }
svg .error { fill: var(--error); }
svg .notrun { fill: var(--border); }
svg circle { fill-opacity: 0.8; }
svg .median { stroke: var(--fg); stroke-width: 3; }
svg .max { fill: none; stroke: var(--fg); stroke-width: 1.5; }
svg text.warning { fill: var(--allowed); font-weight: 700; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 3px 16px; margin: 6px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.tier { border: 1px solid var(--border); border-radius: 6px; padding: 8px 14px; margin: 10px 0; }
.tier h3 { margin: 4px 0; }
section.attack { border-top: 1px solid var(--border); }
details { margin: 6px 0; }
details > summary { cursor: pointer; padding: 3px 0; }
details.outcome { border: 1px solid var(--border); border-radius: 6px; padding: 4px 12px; }
details.outcome[open] { padding-bottom: 12px; }
details:target { outline: 2px solid var(--link); outline-offset: 2px; }
.note { margin: 4px 0; font-size: 12px; color: var(--muted); }
ul.leftovers { margin: 0; padding-left: 18px; color: var(--allowed); }
@media print {
  body { max-width: none; padding: 0; font-size: 11px; }
  nav { display: none; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  pre { max-height: none; overflow: visible; }
  details::details-content { content-visibility: visible; display: contents; }
  details.outcome, .tier { break-inside: avoid; }
}
)";

void renderHead(std::string& out, const LabRun& run) {
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n";
    out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n";
    out += "<meta name=\"color-scheme\" content=\"light dark\"/>\n";
    // No script, no fetch of anything: the report is only ever viewed, so nothing in it may run or call out.
    out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
           "'unsafe-inline'; "
           "img-src data:; base-uri 'none'; form-action 'none'\"/>\n";
    out += "<meta name=\"generator\" content=\"Sandbench\"/>\n";
    out += "<title>Sandbench attack lab";
    if (!run.startedAt.empty())
        out += " — " + esc(run.startedAt);
    if (!run.machine.hostname.empty())
        out += " — " + esc(run.machine.hostname);
    out += "</title>\n<style>";
    out += kStyle;
    out += "</style>\n</head>\n";
}

void renderHeader(std::string& out, const LabRun& run, const Matrix& matrix) {
    int unexpected = 0;
    int leftovers = 0;
    int errors = 0;
    int notRun = 0;
    int blocked = 0;
    for (const auto& counts : matrix.counts) {
        unexpected += counts.allowedUnexpected;
        leftovers += counts.leftovers;
        errors += counts.error;
        notRun += counts.notRun;
        blocked += counts.blocked;
    }
    out += "<header>\n<h1>Sandbench attack lab</h1>\n<p>";
    out +=
        "Started <strong>" + esc(run.startedAt.empty() ? "at an unknown time" : run.startedAt) + "</strong>";
    if (!run.machine.hostname.empty())
        out += " on <strong>" + esc(run.machine.hostname) + "</strong>";
    out += ": " + std::to_string(matrix.attacks.size()) + " attacks × " +
           std::to_string(matrix.tiers.size()) + " tiers under the policy <em>" + esc(run.policy.summary()) +
           "</em>.</p>\n";
    out += "<p class=\"muted small\">Every attack ran once on every tier. The control tier has no boundary: "
           "its ALLOWED cells show that each attack really works. An ALLOWED cell is a failure of the tier "
           "unless the attack is marked as expected to get through it (an honest caveat, such as a shared "
           "kernel); a cell with leftovers is a failure whatever its verdict.</p>\n";
    out += "<div class=\"headline\">";
    out += std::string("<span class=\"pill ") + (unexpected ? "bad" : "good") + "\">" +
           std::to_string(unexpected) + " unexpected ALLOWED</span>";
    out += std::string("<span class=\"pill ") + (leftovers ? "bad" : "good") + "\">" +
           std::to_string(leftovers) + (leftovers == 1 ? " cell" : " cells") + " with leftovers</span>";
    out += "<span class=\"pill\">" + std::to_string(blocked) + " BLOCKED</span>";
    out += "<span class=\"pill\">" + std::to_string(errors) + " ERROR</span>";
    if (notRun)
        out += "<span class=\"pill bad\">" + std::to_string(notRun) + " not run (the lab was stopped)</span>";
    out += "</div>\n";
    out += "<nav><a href=\"#matrix\">Matrix</a><a href=\"#counts\">Counts</a><a href=\"#latency\">Latency</a>"
           "<a href=\"#tiers\">Tiers</a><a href=\"#machine\">Machine</a><a href=\"#policy\">Policy</a>"
           "<a href=\"#details\">Every cell</a></nav>\n</header>\n";
}

void renderLegend(std::string& out) {
    out +=
        "<div class=\"legend\">"
        "<span><span class=\"swatch blocked\"></span>BLOCKED: the tier stopped the attack</span>"
        "<span><span class=\"swatch allowed\"></span>ALLOWED: the attack got through (a failure)</span>"
        "<span><span class=\"swatch expected\"></span>ALLOWED, expected: a documented caveat of the "
        "tier</span>"
        "<span><span class=\"swatch error\"></span>ERROR: the attack never got to try</span>"
        "<span><span class=\"swatch notrun\"></span>NOT RUN: the lab was stopped first</span>"
        "<span><span class=\"swatch leftovers\"></span>red frame: the run left something behind (a failure)"
        "</span>"
        "<span><span class=\"tag root\">needs unmet</span> this machine lacks what the attack needs "
        "(root, kernel modules)</span>"
        "<span>small text: the layer that decided; <span class=\"inferred\">italic</span>: inferred from an "
        "errno or a missing path</span>"
        "</div>\n";
}

void renderMatrix(std::string& out, const Matrix& matrix) {
    out += "<section id=\"matrix\">\n<h2>Matrix</h2>\n";
    renderLegend(out);
    out += "<table class=\"matrix\">\n<thead><tr><th>Attack</th><th>Category</th>";
    for (const auto& tier : matrix.tiers) {
        out += std::string("<th") + (tier.info.control ? " class=\"control\"" : "") + " data-tier=\"" +
               esc(tier.info.name) + "\">" + esc(tierLabel(tier));
        if (tier.info.control)
            out += "<br/><span class=\"muted small\">no boundary</span>";
        out += "</th>";
    }
    out += "</tr></thead>\n<tbody>\n";
    for (std::size_t a = 0; a < matrix.attacks.size(); ++a) {
        const Attack& attack = matrix.attacks[a];
        out += "<tr><th><a href=\"#" + attackId(attack.fileName) + "\">" + esc(attack.name) +
               "</a><br/><code class=\"muted small\">" + esc(attack.fileName) + "</code></th><td>" +
               esc(attack.category) + "</td>";
        for (std::size_t t = 0; t < matrix.tiers.size(); ++t) {
            const LabTier& tier = matrix.tiers[t];
            const AttackOutcome* outcome = matrix.cells[a][t];
            const bool expected = outcome && outcome->expected;
            const bool leftovers = outcome && !outcome->leftovers.empty();
            out += std::string("<td class=\"cell\"") + " data-verdict=\"" + verdictWord(outcome) +
                   "\" data-tier=\"" + esc(tier.info.name) + "\" data-attack=\"" + esc(attack.fileName) +
                   "\" data-expected=\"" + (expected ? "true" : "false") + "\" data-leftovers=\"" +
                   (leftovers ? "true" : "false") + "\"";
            if (outcome)
                out += " title=\"" + esc(outcome->evidence) + "\"";
            out += "><a href=\"#" + cellId(tier.info.name, attack.fileName) + "\"><span class=\"verdict\">" +
                   verdictWord(outcome) + "</span>";
            if (outcome) {
                if (const std::string layer = layerText(*outcome); !layer.empty()) {
                    out += std::string("<span class=\"layer") + (outcome->layerInferred ? " inferred" : "") +
                           "\">" + esc(layer) + "</span>";
                }
                if (outcome->verdict == Verdict::Allowed && expected)
                    out += "<span class=\"tag expected\">expected</span>";
                if (leftovers)
                    out += "<span class=\"tag leftovers\">leftovers</span>";
                // A control that blocks an attack whose needs this machine does not meet proves nothing.
                if (!outcome->unmetNeeds.empty() && outcome->verdict != Verdict::Allowed)
                    out += "<span class=\"tag root\">needs unmet</span>";
            }
            out += "</a></td>";
        }
        out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n</section>\n";
}

// Horizontal stacked bars, one per tier, over the number of attacks.
void renderCountsChart(std::string& out, const Matrix& matrix) {
    const double left = 170;
    const double barWidth = 520;
    const double rowHeight = 30;
    const double top = 14;
    const double width = left + barWidth + 200;
    const double plotBottom = top + rowHeight * static_cast<double>(matrix.tiers.size());
    const double height = plotBottom + 44;
    const std::size_t total = std::max<std::size_t>(matrix.attacks.size(), 1);
    const auto x = [&](double count) { return left + barWidth * count / static_cast<double>(total); };

    out += "<svg id=\"counts-chart\" class=\"chart\" role=\"img\" viewBox=\"0 0 " + fixed(width, 0) + " " +
           fixed(height, 0) + "\" width=\"" + fixed(width, 0) + "\" height=\"" + fixed(height, 0) +
           "\" aria-labelledby=\"counts-chart-title\">\n";
    out +=
        "<title id=\"counts-chart-title\">Verdicts per tier: BLOCKED, expected ALLOWED, unexpected ALLOWED, "
        "ERROR and not run, out of " +
        std::to_string(matrix.attacks.size()) + " attacks</title>\n";
    // Grid and x axis.
    const std::size_t step = total <= 12 ? 1 : total <= 30 ? 5 : 10;
    for (std::size_t tick = 0; tick <= total; tick += step) {
        const std::string at = fixed(x(static_cast<double>(tick)), 1);
        out += "<line class=\"grid\" x1=\"" + at + "\" y1=\"" + fixed(top - 4, 1) + "\" x2=\"" + at +
               "\" y2=\"" + fixed(plotBottom, 1) + "\"/>";
        out += "<text x=\"" + at + "\" y=\"" + fixed(plotBottom + 15, 1) + "\" text-anchor=\"middle\">" +
               std::to_string(tick) + "</text>\n";
    }
    out += "<line class=\"axis\" x1=\"" + fixed(left, 1) + "\" y1=\"" + fixed(plotBottom, 1) + "\" x2=\"" +
           fixed(left + barWidth, 1) + "\" y2=\"" + fixed(plotBottom, 1) + "\"/>\n";
    out += "<text class=\"axis-title\" x=\"" + fixed(left + barWidth / 2, 1) + "\" y=\"" +
           fixed(plotBottom + 34, 1) + "\" text-anchor=\"middle\">attacks (cells per tier)</text>\n";
    out += "<text class=\"axis-title\" x=\"4\" y=\"" + fixed(top - 2, 1) + "\">tier</text>\n";

    for (std::size_t t = 0; t < matrix.tiers.size(); ++t) {
        const TierCounts& counts = matrix.counts[t];
        const double y = top + rowHeight * static_cast<double>(t) + 4;
        const double barHeight = rowHeight - 10;
        out += "<text x=\"" + fixed(left - 8, 1) + "\" y=\"" + fixed(y + barHeight / 2 + 4, 1) +
               "\" text-anchor=\"end\">" + esc(tierLabel(matrix.tiers[t])) + "</text>\n";
        const struct {
            int count;
            const char* cssClass;
            const char* label;
        } segments[] = {{counts.blocked, "blocked", "BLOCKED"},
                        {counts.allowedExpected, "expected", "ALLOWED, expected"},
                        {counts.allowedUnexpected, "allowed", "ALLOWED, unexpected"},
                        {counts.error, "error", "ERROR"},
                        {counts.notRun, "notrun", "not run"}};
        double done = 0;
        for (const auto& segment : segments) {
            if (segment.count == 0)
                continue;
            const double x0 = x(done);
            const double x1 = x(done + segment.count);
            out += "<rect class=\"" + std::string(segment.cssClass) + "\" data-tier=\"" +
                   esc(matrix.tiers[t].info.name) + "\" data-count=\"" + std::to_string(segment.count) +
                   "\" x=\"" + fixed(x0, 1) + "\" y=\"" + fixed(y, 1) + "\" width=\"" + fixed(x1 - x0, 1) +
                   "\" height=\"" + fixed(barHeight, 1) + "\"><title>" + esc(matrix.tiers[t].info.name) +
                   ": " + std::to_string(segment.count) + " " + segment.label + "</title></rect>";
            if (x1 - x0 >= 16 && segment.cssClass != std::string_view("notrun")) {
                out += "<text class=\"on-bar\" x=\"" + fixed((x0 + x1) / 2, 1) + "\" y=\"" +
                       fixed(y + barHeight / 2 + 4, 1) + "\" text-anchor=\"middle\">" +
                       std::to_string(segment.count) + "</text>";
            }
            out += "\n";
            done += segment.count;
        }
        if (counts.leftovers) {
            out += "<text class=\"warning\" x=\"" + fixed(left + barWidth + 10, 1) + "\" y=\"" +
                   fixed(y + barHeight / 2 + 4, 1) + "\">" + std::to_string(counts.leftovers) +
                   (counts.leftovers == 1 ? " cell" : " cells") + " with leftovers</text>\n";
        }
    }
    out += "</svg>\n";
}

void renderCounts(std::string& out, const Matrix& matrix) {
    out += "<section id=\"counts\">\n<h2>Counts per tier</h2>\n";
    out += "<table class=\"counts\">\n<thead><tr><th>Tier</th><th class=\"number\">BLOCKED</th>"
           "<th class=\"number\">ALLOWED</th><th class=\"number\">of which expected</th>"
           "<th class=\"number\">unexpected ALLOWED</th><th class=\"number\">ERROR</th>"
           "<th class=\"number\">not run</th><th class=\"number\">cells with leftovers</th>"
           "<th class=\"number\">median s</th><th class=\"number\">max s</th></tr></thead>\n<tbody>\n";
    for (std::size_t t = 0; t < matrix.tiers.size(); ++t) {
        const TierCounts& c = matrix.counts[t];
        const auto number = [](const char* name, int value) {
            return std::string("<td class=\"number\" data-count=\"") + name + "\">" + std::to_string(value) +
                   "</td>";
        };
        out += "<tr data-tier=\"" + esc(matrix.tiers[t].info.name) + "\"><th>" +
               esc(tierLabel(matrix.tiers[t])) + "</th>";
        out += number("blocked", c.blocked) + number("allowed", c.allowedExpected + c.allowedUnexpected) +
               number("expected", c.allowedExpected) + number("unexpected", c.allowedUnexpected) +
               number("error", c.error) + number("notrun", c.notRun) + number("leftovers", c.leftovers);
        out += "<td class=\"number\">" +
               (c.seconds.empty() ? std::string("–") : fixed(median(c.seconds), 2)) +
               "</td><td class=\"number\">" +
               (c.seconds.empty() ? std::string("–") : fixed(maximum(c.seconds), 2)) + "</td></tr>\n";
    }
    out += "</tbody>\n</table>\n";
    renderCountsChart(out, matrix);
    out += "<div class=\"legend solid\"><span><span class=\"swatch blocked\"></span>BLOCKED</span>"
           "<span><span class=\"swatch expected\"></span>ALLOWED, expected</span>"
           "<span><span class=\"swatch allowed\"></span>ALLOWED, unexpected</span>"
           "<span><span class=\"swatch error\"></span>ERROR</span>"
           "<span><span class=\"swatch notrun\"></span>not run</span></div>\n";
    out += "</section>\n";
}

// Per tier, every run's wall time as a dot on a log scale, with the median and the maximum marked.
void renderLatencyChart(std::string& out, const Matrix& matrix) {
    double smallest = 0;
    double largest = 0;
    for (const auto& counts : matrix.counts) {
        for (const double s : counts.seconds) {
            const double value = std::max(s, 0.001);
            smallest = smallest == 0 ? value : std::min(smallest, value);
            largest = std::max(largest, value);
        }
    }
    if (largest == 0) {
        smallest = 0.01;
        largest = 1;
    }
    int lowDecade = static_cast<int>(std::floor(std::log10(smallest)));
    int highDecade = static_cast<int>(std::ceil(std::log10(largest)));
    if (highDecade <= lowDecade)
        highDecade = lowDecade + 1;
    lowDecade = std::max(lowDecade, -3);

    const double left = 170;
    const double plotWidth = 520;
    const double rowHeight = 36;
    const double top = 14;
    const double width = left + plotWidth + 200;
    const double plotBottom = top + rowHeight * static_cast<double>(matrix.tiers.size());
    const double height = plotBottom + 44;
    const auto x = [&](double seconds) {
        const double value = std::log10(std::max(seconds, 0.001));
        const double fraction = (value - lowDecade) / static_cast<double>(highDecade - lowDecade);
        return left + plotWidth * std::clamp(fraction, 0.0, 1.0);
    };

    out += "<svg id=\"latency-chart\" class=\"chart\" role=\"img\" viewBox=\"0 0 " + fixed(width, 0) + " " +
           fixed(height, 0) + "\" width=\"" + fixed(width, 0) + "\" height=\"" + fixed(height, 0) +
           "\" aria-labelledby=\"latency-chart-title\">\n";
    out += "<title id=\"latency-chart-title\">Wall seconds per attack run, per tier, on a log scale: each "
           "dot is one "
           "run coloured by its verdict, the bar is the median, the diamond the maximum</title>\n";
    for (int decade = lowDecade; decade <= highDecade; ++decade) {
        const double value = std::pow(10.0, decade);
        const std::string at = fixed(x(value), 1);
        out += "<line class=\"grid\" x1=\"" + at + "\" y1=\"" + fixed(top - 4, 1) + "\" x2=\"" + at +
               "\" y2=\"" + fixed(plotBottom, 1) + "\"/>";
        out += "<text x=\"" + at + "\" y=\"" + fixed(plotBottom + 15, 1) + "\" text-anchor=\"middle\">" +
               shortest(value) + " s</text>\n";
        if (decade < highDecade && highDecade - lowDecade <= 4) {
            for (const double minor : {2.0, 5.0}) {
                const std::string minorAt = fixed(x(minor * value), 1);
                out += "<line class=\"grid\" stroke-dasharray=\"2 3\" x1=\"" + minorAt + "\" y1=\"" +
                       fixed(top - 4, 1) + "\" x2=\"" + minorAt + "\" y2=\"" + fixed(plotBottom, 1) +
                       "\"/>\n";
            }
        }
    }
    out += "<line class=\"axis\" x1=\"" + fixed(left, 1) + "\" y1=\"" + fixed(plotBottom, 1) + "\" x2=\"" +
           fixed(left + plotWidth, 1) + "\" y2=\"" + fixed(plotBottom, 1) + "\"/>\n";
    out += "<text class=\"axis-title\" x=\"" + fixed(left + plotWidth / 2, 1) + "\" y=\"" +
           fixed(plotBottom + 34, 1) +
           "\" text-anchor=\"middle\">wall seconds per attack run (log scale)</text>\n";
    out += "<text class=\"axis-title\" x=\"4\" y=\"" + fixed(top - 2, 1) + "\">tier</text>\n";
    out += "<text class=\"axis-title\" x=\"" + fixed(left + plotWidth + 12, 1) + "\" y=\"" +
           fixed(top - 2, 1) + "\">median · max</text>\n";

    for (std::size_t t = 0; t < matrix.tiers.size(); ++t) {
        const TierCounts& counts = matrix.counts[t];
        const double middle = top + rowHeight * static_cast<double>(t) + rowHeight / 2;
        out += "<text x=\"" + fixed(left - 8, 1) + "\" y=\"" + fixed(middle + 4, 1) +
               "\" text-anchor=\"end\">" + esc(tierLabel(matrix.tiers[t])) + "</text>\n";
        std::size_t dot = 0;
        for (std::size_t a = 0; a < matrix.attacks.size(); ++a) {
            const AttackOutcome* outcome = matrix.cells[a][t];
            if (!outcome)
                continue;
            const double jitter = static_cast<double>(static_cast<int>(dot % 5) - 2) * 3.0;
            ++dot;
            out += "<circle class=\"" + verdictClass(outcome) + "\" data-tier=\"" +
                   esc(matrix.tiers[t].info.name) + "\" cx=\"" + fixed(x(outcome->seconds), 1) + "\" cy=\"" +
                   fixed(middle + jitter, 1) + "\" r=\"4\"><title>" + esc(matrix.attacks[a].name) + " on " +
                   esc(matrix.tiers[t].info.name) + ": " + verdictWord(outcome) + " in " +
                   secondsText(outcome->seconds) + "</title></circle>\n";
        }
        if (counts.seconds.empty()) {
            out += "<text class=\"axis-title\" x=\"" + fixed(left + 8, 1) + "\" y=\"" + fixed(middle + 4, 1) +
                   "\">no runs</text>\n";
            continue;
        }
        const double p50 = median(counts.seconds);
        const double worst = maximum(counts.seconds);
        const std::string mx = fixed(x(p50), 1);
        out += "<line class=\"median\" x1=\"" + mx + "\" y1=\"" + fixed(middle - 12, 1) + "\" x2=\"" + mx +
               "\" y2=\"" + fixed(middle + 12, 1) + "\"><title>" + esc(matrix.tiers[t].info.name) +
               " median " + secondsText(p50) + "</title></line>\n";
        const double wx = x(worst);
        out += "<path class=\"max\" d=\"M " + fixed(wx, 1) + " " + fixed(middle - 7, 1) + " L " +
               fixed(wx + 6, 1) + " " + fixed(middle, 1) + " L " + fixed(wx, 1) + " " + fixed(middle + 7, 1) +
               " L " + fixed(wx - 6, 1) + " " + fixed(middle, 1) + " Z\"><title>" +
               esc(matrix.tiers[t].info.name) + " max " + secondsText(worst) + "</title></path>\n";
        out += "<text x=\"" + fixed(left + plotWidth + 12, 1) + "\" y=\"" + fixed(middle + 4, 1) + "\">" +
               secondsText(p50) + " · " + secondsText(worst) + "</text>\n";
    }
    out += "</svg>\n";
}

void renderLatency(std::string& out, const Matrix& matrix) {
    out += "<section id=\"latency\">\n<h2>Latency</h2>\n";
    out += "<p class=\"muted small\">Wall time of each attack run as the harness saw it, tier setup included "
           "(a container's start, a VM's boot). Attacks that never end on their own run until a limit or the "
           "harness's deadline stops them, so the maximum is usually a timeout.</p>\n";
    renderLatencyChart(out, matrix);
    out +=
        "<div class=\"legend solid\"><span><span class=\"swatch blocked\"></span>dot: one run, BLOCKED</span>"
        "<span><span class=\"swatch allowed\"></span>ALLOWED</span>"
        "<span><span class=\"swatch expected\"></span>ALLOWED, expected</span>"
        "<span><span class=\"swatch error\"></span>ERROR</span>"
        "<span>vertical bar: median · diamond: maximum</span></div>\n";
    out += "</section>\n";
}

void renderTiers(std::string& out, const Matrix& matrix) {
    out += "<section id=\"tiers\">\n<h2>Tiers</h2>\n";
    for (std::size_t t = 0; t < matrix.tiers.size(); ++t) {
        const LabTier& tier = matrix.tiers[t];
        out += "<div class=\"tier\" data-tier=\"" + esc(tier.info.name) + "\">\n<h3>" + esc(tier.info.name);
        if (tier.info.control)
            out += " <span class=\"tag root\">control: no boundary</span>";
        out += "</h3>\n";
        if (!tier.info.description.empty())
            out += "<p>" + esc(tier.info.description) + "</p>\n";
        // What the runs themselves reported about the tier.
        std::vector<std::string> accelerators;
        int warm = 0;
        int runs = 0;
        for (std::size_t a = 0; a < matrix.attacks.size(); ++a) {
            if (const AttackOutcome* outcome = matrix.cells[a][t]) {
                ++runs;
                warm += outcome->result.warmStart ? 1 : 0;
                const std::string& accelerator = outcome->result.accelerator;
                if (!accelerator.empty() &&
                    std::find(accelerators.begin(), accelerators.end(), accelerator) == accelerators.end())
                    accelerators.push_back(accelerator);
            }
        }
        std::vector<std::string> notes = tier.notes;
        if (!accelerators.empty()) {
            std::string joined;
            for (const auto& accelerator : accelerators)
                joined += (joined.empty() ? "" : ", ") + accelerator;
            notes.push_back("the runs' guests ran under: " + joined);
        }
        if (warm)
            notes.push_back(std::to_string(warm) + " of " + std::to_string(runs) +
                            " runs took a warm sandbox");
        if (!notes.empty()) {
            out += "<ul class=\"notes\">";
            for (const auto& note : notes)
                out += "<li>" + esc(note) + "</li>";
            out += "</ul>\n";
        }
        out += "</div>\n";
    }
    out += "</section>\n";
}

void renderMachine(std::string& out, const MachineDetails& machine) {
    const auto row = [&](const std::string& key, const std::string& value) {
        out += "<dt>" + esc(key) + "</dt><dd>" + esc(value.empty() ? "unknown" : value) + "</dd>\n";
    };
    out += "<section id=\"machine\">\n<h2>Machine</h2>\n<dl class=\"facts\">\n";
    row("Hostname", machine.hostname);
    row("Operating system", machine.os);
    row("Kernel", machine.kernel);
    std::string cpu = machine.cpuModel.empty() ? "unknown model" : machine.cpuModel;
    if (machine.cpuCount > 0)
        cpu += " × " + std::to_string(machine.cpuCount) + " threads";
    row("CPU", cpu);
    row("Memory", machine.memoryKb > 0 ? fixed(static_cast<double>(machine.memoryKb) / (1024.0 * 1024.0), 1) +
                                             " GiB (" + withThousands(machine.memoryKb) + " kB)"
                                       : std::string());
    row("Running as root", machine.runningAsRoot ? "yes" : "no");
    for (const auto& [key, value] : machine.facts)
        row(key, value);
    out += "</dl>\n</section>\n";
}

void renderPolicy(std::string& out, const Policy& policy) {
    const auto row = [&](const std::string& key, const std::string& value) {
        out += "<tr><th>" + esc(key) + "</th><td>" + esc(value) + "</td></tr>\n";
    };
    out += "<section id=\"policy\">\n<h2>Policy</h2>\n<p>" + esc(policy.summary()) + "</p>\n";
    out += "<table class=\"policy\">\n<tbody>\n";
    row("Wall-clock timeout", shortest(policy.timeoutSeconds) + " s");
    row("CPU time per process", policy.cpuSeconds == 0
                                    ? "auto: " + std::to_string(policy.effectiveCpuSeconds()) + " s"
                                    : std::to_string(policy.cpuSeconds) + " s");
    row("Memory", std::to_string(policy.memoryMb) + " MB");
    row("Processes at once", std::to_string(policy.processes));
    row("CPUs", shortest(policy.cpus));
    row("Largest file", std::to_string(policy.fileSizeMb) + " MB");
    row("Working folder", std::to_string(policy.workdirMb) + " MB");
    row("Output kept per stream", withThousands(policy.outputCapBytes) + " bytes");
    row("Network", policy.network ? "on" : "off");
    out += "<tr><th>Environment</th><td>";
    for (const auto& [key, value] : policy.environment)
        out += "<code>" + esc(key) + "=" + esc(value) + "</code><br/>";
    out += "</td></tr>\n</tbody>\n</table>\n";
    out += "<details><summary>As JSON</summary><pre class=\"policy-json\">" + esc(policy.toJson()) +
           "</pre></details>\n</section>\n";
}

void renderStream(std::string& out, const char* name, const std::string& bytes, bool truncatedByTier,
                  const Policy& policy) {
    out += std::string("<h4>") + name + "</h4>\n";
    if (bytes.empty()) {
        out += "<p class=\"note\">(empty)</p>\n";
    } else {
        const std::string_view shown = capped(bytes, kOutputShownBytes);
        out += std::string("<pre class=\"") + name + "\">" + esc(shown) + "</pre>\n";
        if (shown.size() < bytes.size()) {
            out += "<p class=\"note\">The report shows the first " +
                   withThousands(static_cast<long long>(shown.size())) + " of " +
                   withThousands(static_cast<long long>(bytes.size())) + " bytes.</p>\n";
        }
    }
    if (truncatedByTier) {
        out += "<p class=\"note\">The tier kept only the first " + withThousands(policy.outputCapBytes) +
               " bytes of this stream (the policy's output cap); the rest was dropped.</p>\n";
    }
}

std::string expectationText(const Attack& attack) {
    switch (attack.expectation) {
    case Expectation::Marker:
        return "ALLOWED when the marker " + attack.marker + " appears in stdout";
    case Expectation::Stopped:
        return "never ends on its own: BLOCKED when the tier stops it, ALLOWED when only the harness can";
    case Expectation::Survivor:
        return "ALLOWED when a process it started outlives the run";
    case Expectation::Starves:
        return "ALLOWED when, while it holds all it could take of the " + attack.quota +
               " quota, Sandbench's own process on the host cannot use it";
    }
    return {};
}

void renderOutcome(std::string& out, const LabRun& run, const Attack& attack, const LabTier& tier,
                   const AttackOutcome* outcome) {
    const bool expected = outcome && outcome->expected;
    const bool leftovers = outcome && !outcome->leftovers.empty();
    out += "<details class=\"outcome\" id=\"" + cellId(tier.info.name, attack.fileName) + "\" data-tier=\"" +
           esc(tier.info.name) + "\" data-attack=\"" + esc(attack.fileName) +
           "\">\n<summary><span class=\"badge\" "
           "data-verdict=\"" +
           verdictWord(outcome) + "\" data-expected=\"" + (expected ? "true" : "false") +
           "\" data-leftovers=\"" + (leftovers ? "true" : "false") + "\">" + verdictWord(outcome) +
           "</span> on <strong>" + esc(tierLabel(tier)) + "</strong>";
    if (!outcome) {
        out += "</summary>\n<p>Not run: the lab was stopped before this attack ran on this "
               "tier.</p>\n</details>\n";
        return;
    }
    if (const std::string layer = layerText(*outcome); !layer.empty())
        out += " · " + esc(layer);
    out += " · " + secondsText(outcome->seconds);
    if (expected && outcome->verdict == Verdict::Allowed)
        out += " <span class=\"tag expected\">expected</span>";
    if (leftovers)
        out += " <span class=\"tag leftovers\">leftovers</span>";
    out += "</summary>\n<dl class=\"facts\">\n";
    const auto row = [&](const std::string& key, const std::string& escapedValue) {
        out += "<dt>" + key + "</dt><dd>" + escapedValue + "</dd>\n";
    };
    row("Verdict", verdictWord(outcome));
    row("Evidence", esc(outcome->evidence.empty() ? "(none)" : outcome->evidence));
    std::string layer = outcome->layer.empty() ? "(none recorded)" : outcome->layer;
    if (!outcome->layerDetail.empty())
        layer += " — " + outcome->layerDetail;
    row("Layer",
        esc(layer) + (outcome->layerInferred
                          ? " <span class=\"inferred\">(inferred from an errno or a missing path, not "
                            "reported by the tier)</span>"
                          : ""));
    row("Expected", expected ? "yes: the attack is expected to get through this tier"
                             : "no: an ALLOWED here is a failure of the tier");
    if (leftovers) {
        std::string list = "<ul class=\"leftovers\">";
        for (const auto& leftover : outcome->leftovers)
            list += "<li>" + esc(leftover) + "</li>";
        row("Leftovers", list + "</ul>");
    } else {
        row("Leftovers", "none");
    }
    if (outcome->needsRoot)
        row("Needs root", std::string("yes: on the control it works only as root; this lab ran ") +
                              (run.machine.runningAsRoot ? "as root" : "as another user"));
    if (!outcome->unmetNeeds.empty())
        row("Unmet needs",
            esc(outcome->unmetNeeds) + " — so a BLOCKED on the control says nothing about the attack");
    const RunResult& result = outcome->result;
    row("Exit", esc(result.summary()));
    row("Stopped by", esc(toString(result.stoppedBy)));
    std::string timing = secondsText(outcome->seconds) + " as the harness saw it; " +
                         secondsText(result.wallSeconds) + " on the tier's clock; CPU " +
                         secondsText(result.cpuSeconds);
    if (result.peakMemoryKb)
        timing += "; peak memory " + withThousands(*result.peakMemoryKb) + " kB";
    row("Time", esc(timing));
    if (!result.accelerator.empty() || result.warmStart) {
        std::string sandbox = result.accelerator.empty() ? "" : "accelerator " + result.accelerator;
        if (result.warmStart)
            sandbox += (sandbox.empty() ? "" : "; ") + std::string("warm start");
        row("Sandbox", esc(sandbox));
    }
    out += "</dl>\n";
    renderStream(out, "stdout", result.stdoutBytes, result.stdoutTruncated, run.policy);
    renderStream(out, "stderr", result.stderrBytes, result.stderrTruncated, run.policy);
    out += "<p class=\"note\"><a href=\"#" + attackId(attack.fileName) +
           "\">the attack's code</a> · "
           "<a href=\"#matrix\">back to the matrix</a></p>\n</details>\n";
}

void renderDetails(std::string& out, const LabRun& run, const Matrix& matrix) {
    out += "<section id=\"details\">\n<h2>Every cell</h2>\n";
    out +=
        "<p class=\"muted small\">Per attack: its code as it is in the suite (the harness fills the @…@ "
        "placeholders when it runs it), then each tier's outcome. Output is the program's own, shown as "
        "text, "
        "capped at " +
        withThousands(static_cast<long long>(kOutputShownBytes)) +
        " bytes per stream; bytes that are not UTF-8 show as U+FFFD and control characters as their symbols "
        "(␀ for NUL).</p>\n";
    for (std::size_t a = 0; a < matrix.attacks.size(); ++a) {
        const Attack& attack = matrix.attacks[a];
        out += "<section class=\"attack\" id=\"" + attackId(attack.fileName) + "\">\n<h3>" +
               esc(attack.name) + " <span class=\"muted small\">" + esc(attack.category) + " · <code>" +
               esc(attack.fileName) + "</code></span></h3>\n<p class=\"small\">";
        out += esc(expectationText(attack));
        if (!attack.expectedOn.empty()) {
            std::string tiers;
            for (const auto& name : attack.expectedOn)
                tiers += (tiers.empty() ? "" : ", ") + name;
            out += " · expected to get through: " + esc(tiers);
        }
        if (attack.needsRoot)
            out += " · needs root on the control";
        if (attack.needsModules)
            out += " · needs a kernel with loadable modules";
        if (attack.kernelSurface)
            out += " · probes a kernel facility";
        out += "</p>\n";
        if (!attack.code.empty()) {
            const auto lines = std::count(attack.code.begin(), attack.code.end(), '\n');
            out += "<details class=\"code\"><summary>Code (" + std::to_string(lines) +
                   " lines)</summary><pre class=\"code\">" + esc(attack.code) + "</pre></details>\n";
        }
        for (std::size_t t = 0; t < matrix.tiers.size(); ++t)
            renderOutcome(out, run, attack, matrix.tiers[t], matrix.cells[a][t]);
        out += "</section>\n";
    }
    out += "</section>\n";
}

} // namespace

std::string renderLabReportHtml(const LabRun& run) {
    const Matrix matrix = buildMatrix(run);
    std::string out;
    out.reserve(64 * 1024);
    renderHead(out, run);
    out += "<body>\n";
    renderHeader(out, run, matrix);
    renderMatrix(out, matrix);
    renderCounts(out, matrix);
    renderLatency(out, matrix);
    renderTiers(out, matrix);
    renderMachine(out, run.machine);
    renderPolicy(out, run.policy);
    renderDetails(out, run, matrix);
    out += "<footer class=\"muted small\"><p>Written by Sandbench. This file is self-contained: it loads "
           "nothing "
           "and runs no script.</p></footer>\n</body>\n</html>\n";
    return out;
}

} // namespace sandbench
