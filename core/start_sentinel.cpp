#include "start_sentinel.h"

#include "policy.h"
#include "random_token.h"

#include <regex>

namespace sandbench {

std::string makeStartSentinel() {
    return "@@sandbench-started-" + randomHexToken() + "@@";
}

namespace {

std::string prologue(const std::string& sentinel) {
    // A private alias, deleted again, so the program's own namespace is exactly as it wrote it.
    return "import sys as _sandbench_sys; _sandbench_sys.stderr.write(\"" + sentinel +
           "\\n\"); _sandbench_sys.stderr.flush(); del _sandbench_sys";
}

// Where the last single-line `from __future__ import ...` ends, or npos.
std::size_t endOfLastFutureImport(const std::string& code) {
    static const std::regex futureImport(R"(^from[ \t]+__future__[ \t]+import[^\n()\\#;]*$)",
                                         std::regex::multiline);
    std::size_t end = std::string::npos;
    for (auto it = std::sregex_iterator(code.begin(), code.end(), futureImport); it != std::sregex_iterator();
         ++it) {
        end = static_cast<std::size_t>(it->position(0) + it->length(0));
    }
    return end;
}

} // namespace

std::string addStartSentinel(const std::string& code, const std::string& sentinel) {
    if (const std::size_t futureEnd = endOfLastFutureImport(code); futureEnd != std::string::npos) {
        std::string result = code;
        std::size_t insertAt = futureEnd;
        if (insertAt > 0 && result[insertAt - 1] == '\r')
            --insertAt;
        return result.insert(insertAt, "; " + prologue(sentinel));
    }
    const std::size_t firstContent = code.find_first_not_of(" \t");
    const bool lineOneIsCommentOrBlank = firstContent == std::string::npos || code[firstContent] == '#' ||
                                         code[firstContent] == '\n' || code[firstContent] == '\r';
    if (lineOneIsCommentOrBlank) {
        // Leading blanks would make the prologue an indented statement; they mean nothing in a comment line.
        const std::string rest =
            firstContent == std::string::npos ? std::string() : code.substr(firstContent);
        return prologue(sentinel) + (rest.empty() || rest[0] == '\n' || rest[0] == '\r' ? "" : "  ") + rest;
    }
    return prologue(sentinel) + "\n" + code;
}

bool takeStartSentinel(RunResult& result, const std::string& sentinel) {
    std::string& err = result.stderrBytes;
    const std::string line = sentinel + "\n";
    if (const std::size_t at = err.find(line); at != std::string::npos) {
        err.erase(at, line.size());
        return true;
    }
    if (result.stderrTruncated) {
        const std::string marker = kOutputTruncatedMarker;
        const std::size_t kept = err.ends_with(marker) ? err.size() - marker.size() : err.size();
        if (kept > 0 && line.compare(0, kept, err, 0, kept) == 0) {
            err.erase(0, kept);
            return true;
        }
    }
    return false;
}

} // namespace sandbench
