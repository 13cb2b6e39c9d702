#include "artifacts.h"

#include "utf8.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench {

namespace {

// A program may leave thousands of files: the result lists this many of those dropped, then counts the rest.
constexpr std::size_t kDroppedListed = 50;
constexpr std::size_t kLongestName = 255;

bool isControlOrInvisible(char32_t c) {
    return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F) ||
           // Bidirectional overrides and isolates: a name that reads differently from what it is.
           (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

bool startsWith(std::string_view bytes, std::string_view prefix) {
    return bytes.substr(0, prefix.size()) == prefix;
}

bool looksLikeText(std::string_view bytes) {
    if (!isValidUtf8(bytes))
        return false;
    return std::none_of(bytes.begin(), bytes.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\f';
    });
}

// Two or more lines, the first few with the same number of commas (at least one): a table.
bool looksLikeCsv(std::string_view text) {
    std::size_t lines = 0;
    long commas = -1;
    std::size_t start = 0;
    while (start < text.size() && lines < 5) {
        std::size_t end = text.find('\n', start);
        const bool last = end == std::string_view::npos;
        if (last)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (!line.empty()) {
            const long count = static_cast<long>(std::count(line.begin(), line.end(), ','));
            if (count == 0 || (commas >= 0 && count != commas))
                return false;
            commas = count;
            ++lines;
        }
        if (last)
            break;
        start = end + 1;
    }
    return lines >= 2;
}

bool looksLikeSvg(std::string_view text) {
    std::string_view head = text.substr(0, 4096);
    if (startsWith(head, "\xEF\xBB\xBF"))
        head.remove_prefix(3);
    const std::size_t first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || head[first] != '<')
        return false;
    const std::size_t svg = head.find("<svg");
    return svg != std::string_view::npos &&
           (svg + 4 == head.size() ||
            std::string_view(" \t\r\n>").find(head[svg + 4]) != std::string_view::npos);
}

std::string lowered(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::size_t skipSpace(const std::string& text, std::size_t at) {
    while (at < text.size() && std::string_view(" \t\r\n").find(text[at]) != std::string_view::npos)
        ++at;
    return at;
}

// Whether what starts at `at` stays inside the document: a fragment or inline data.
bool staysInside(const std::string& text, std::size_t at) {
    return text.compare(at, 1, "#") == 0 || text.compare(at, 5, "data:") == 0;
}

std::string describeSize(std::int64_t bytes) {
    if (bytes < 1024 * 1024)
        return std::to_string(bytes) + " bytes";
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

const char* describeFileKind(mode_t mode) {
    if (S_ISDIR(mode))
        return "a folder (only files directly in /tmp/outputs come back)";
    if (S_ISFIFO(mode))
        return "a FIFO, not a regular file";
    if (S_ISSOCK(mode))
        return "a socket, not a regular file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device node, not a regular file";
    return "not a regular file";
}

} // namespace

std::string sanitizeArtifactName(std::string_view raw) {
    std::string name;
    while (!raw.empty()) {
        const Utf8Sequence sequence = decodeUtf8(raw);
        const bool safe = sequence.codePoint && !isControlOrInvisible(*sequence.codePoint) &&
                          *sequence.codePoint != '/' && *sequence.codePoint != '\\';
        if (safe)
            name.append(raw.substr(0, sequence.length));
        else
            name.push_back('_');
        raw.remove_prefix(sequence.length);
    }
    // No hidden files, and never "." or "..".
    if (!name.empty() && name.front() == '.')
        name.front() = '_';
    name = std::string(utf8Prefix(name, kLongestName));
    return name.empty() ? "artifact" : name;
}

bool svgReachesOutside(std::string_view svg) {
    const std::string text = lowered(svg);
    if (text.find("<!doctype") != std::string::npos || text.find("<!entity") != std::string::npos ||
        text.find("@import") != std::string::npos)
        return true;
    // href="…" and src="…" (xlink:href too), quoted as XML wants them.
    for (const std::string_view name : {std::string_view("href"), std::string_view("src")}) {
        for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
            std::size_t next = skipSpace(text, at + name.size());
            if (next >= text.size() || text[next] != '=')
                continue;
            next = skipSpace(text, next + 1);
            if (next >= text.size() || (text[next] != '"' && text[next] != '\''))
                continue;
            if (!staysInside(text, skipSpace(text, next + 1)))
                return true;
        }
    }
    for (std::size_t at = text.find("url("); at != std::string::npos; at = text.find("url(", at + 1)) {
        std::size_t next = skipSpace(text, at + 4);
        if (next < text.size() && (text[next] == '"' || text[next] == '\''))
            next = skipSpace(text, next + 1);
        if (!staysInside(text, next))
            return true;
    }
    return false;
}

std::string sniffArtifactType(std::string_view bytes) {
    if (startsWith(bytes, "\x89PNG\r\n\x1A\n"))
        return "image/png";
    if (startsWith(bytes, "\xFF\xD8\xFF"))
        return "image/jpeg";
    // Text is judged on its start, so a large file costs no more than a small one.
    const std::string_view head = utf8Prefix(bytes, 65536);
    if (bytes.empty() || !looksLikeText(head))
        return "application/octet-stream";
    if (looksLikeSvg(head))
        return svgReachesOutside(head) ? "text/plain" : "image/svg+xml";
    if (looksLikeCsv(head))
        return "text/csv";
    return "text/plain";
}

ArtifactCollector::ArtifactCollector(const Policy& policy)
    : m_maxCount(policy.artifactsMax)
    , m_maxBytes(policy.artifactsMb << 20) {}

bool ArtifactCollector::admits(std::string_view rawName, std::int64_t size) {
    if (static_cast<int>(m_artifacts.size()) >= m_maxCount) {
        drop(rawName,
             "past the policy's cap of " + std::to_string(m_maxCount) + " artifacts (artifacts_max)");
        return false;
    }
    if (size < 0 || size > m_maxBytes - m_totalBytes) {
        drop(rawName, describeSize(size) + ", more than the " + describeSize(m_maxBytes - m_totalBytes) +
                          " left of the policy's " + std::to_string(m_maxBytes >> 20) +
                          " MB for artifacts (artifacts_mb)");
        return false;
    }
    m_admittedSize = size;
    return true;
}

void ArtifactCollector::take(std::string_view rawName, std::string bytes) {
    if (static_cast<std::int64_t>(bytes.size()) > m_admittedSize)
        bytes.resize(static_cast<std::size_t>(m_admittedSize));
    Artifact artifact;
    artifact.name = uniqueName(sanitizeArtifactName(rawName));
    artifact.size = static_cast<std::int64_t>(bytes.size());
    artifact.type = sniffArtifactType(bytes);
    artifact.bytes = std::move(bytes);
    m_totalBytes += artifact.size;
    m_admittedSize = 0;
    m_artifacts.push_back(std::move(artifact));
}

void ArtifactCollector::drop(std::string_view rawName, const std::string& why) {
    if (m_dropped.size() >= kDroppedListed) {
        ++m_droppedUnlisted;
        return;
    }
    m_dropped.push_back(sanitizeArtifactName(rawName) + ": " + why);
}

std::string ArtifactCollector::uniqueName(std::string name) {
    // Two raw names may sanitise alike ("a\nb" and "a\tb"): the second becomes "a_b-2".
    const auto taken = [this](const std::string& candidate) {
        return std::any_of(m_artifacts.begin(), m_artifacts.end(),
                           [&candidate](const Artifact& artifact) { return artifact.name == candidate; });
    };
    if (!taken(name))
        return name;
    for (int suffix = 2;; ++suffix) {
        std::string candidate =
            std::string(utf8Prefix(name, kLongestName - 8)) + "-" + std::to_string(suffix);
        if (!taken(candidate))
            return candidate;
    }
}

void ArtifactCollector::finish(RunResult& result) {
    result.artifacts = std::move(m_artifacts);
    result.artifactsDropped = std::move(m_dropped);
    if (m_droppedUnlisted > 0)
        result.artifactsDropped.push_back("and " + std::to_string(m_droppedUnlisted) + " more files");
    m_artifacts.clear();
    m_dropped.clear();
    m_droppedUnlisted = 0;
}

void collectArtifactsFrom(int workFolder, ArtifactCollector& collector) {
    const int outputs =
        ::openat(workFolder, kOutputsFolderName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (outputs < 0) {
        if (errno != ENOENT)
            collector.drop(kOutputsFolderName, std::string("the folder itself could not be opened without "
                                                           "following a link: ") +
                                                   std::strerror(errno));
        return;
    }
    struct stat folder {};
    DIR* listing = ::fdopendir(outputs);
    if (!listing || ::fstat(outputs, &folder) != 0) {
        if (listing)
            ::closedir(listing);
        else
            ::close(outputs);
        return;
    }
    // Names first, in order, so which files a cap drops does not depend on the directory's hash order.
    std::set<std::string> names;
    while (const dirent* entry = ::readdir(listing)) {
        const std::string_view name = entry->d_name;
        if (name != "." && name != "..")
            names.emplace(name);
    }
    for (const std::string& name : names) {
        // O_NONBLOCK: a FIFO opens at once instead of waiting for a writer; O_NOCTTY: never a terminal.
        const int fd =
            ::openat(outputs, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
        if (fd < 0) {
            collector.drop(name, errno == ELOOP
                                     ? std::string("a symbolic link, not followed")
                                     : std::string("could not be opened: ") + std::strerror(errno));
            continue;
        }
        struct stat file {};
        if (::fstat(fd, &file) != 0 || !S_ISREG(file.st_mode)) {
            collector.drop(name, describeFileKind(file.st_mode));
            ::close(fd);
            continue;
        }
        // A hard link can only name a file of the same filesystem: the sandbox's own working folder.
        if (file.st_dev != folder.st_dev) {
            collector.drop(name, "on another filesystem than the working folder");
            ::close(fd);
            continue;
        }
        if (!collector.admits(name, file.st_size)) {
            ::close(fd);
            continue;
        }
        // Never more than the size fstat gave and the cap admitted: a file that grows meanwhile is cut.
        std::string bytes(static_cast<std::size_t>(file.st_size), '\0');
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t count =
                ::pread(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
            if (count < 0 && errno == EINTR)
                continue;
            if (count <= 0)
                break;
            done += static_cast<std::size_t>(count);
        }
        bytes.resize(done);
        ::close(fd);
        collector.take(name, std::move(bytes));
    }
    ::closedir(listing);
}

void noteArtifactsNotCollected(RunResult& result, const std::string& tier) {
    result.artifacts.clear();
    result.artifactsNote = "artifacts are not collected on the " + tier + " tier yet: files in " +
                           std::string(kOutputsFolderInside) + " stay in the sandbox";
}

const char* skippedArtifactReason(std::string_view kind) {
    if (kind == "link")
        return "a symbolic link, not followed";
    if (kind == "folder")
        return "a folder (only files directly in /tmp/outputs come back)";
    if (kind == "special")
        return "not a regular file (a FIFO, socket or device)";
    if (kind == "unreadable")
        return "not readable by others (the program's own uid only), so not collected";
    return nullptr;
}

} // namespace sandbench
