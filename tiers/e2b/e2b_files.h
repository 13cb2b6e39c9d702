#pragma once

#include "e2b_api.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

// The port of envd, the daemon in every E2B sandbox that serves its files and processes (envdPort in
// e2b-dev/E2B packages/js-sdk/src/sandbox/index.ts).
inline constexpr int kEnvdPort = 49983;

// One entry of a folder in the sandbox, as envd's ListDir described it.
struct E2bEntry {
    enum class Kind { File, Folder, Link, Other };
    std::string name;
    Kind kind = Kind::Other;
    std::int64_t size = 0;
};

// A call to envd that failed: why, in words a user can act on; `missing` when the path does not exist.
struct E2bFilesFailure {
    std::string problem;
    bool missing = false;
};

// envd's files API in one sandbox, as E2B's SDKs speak it: the HTTP routes of e2b-dev/E2B spec/envd/envd.yaml
// (POST and GET /files) and the Connect RPCs of spec/envd/filesystem/filesystem.proto in their JSON form
// (POST /filesystem.Filesystem/<Method>, as the JS SDK's transport sends them: useBinaryFormat false in
// packages/js-sdk/src/sandbox/index.ts). Reached at https://49983-<id>.<domain> (or E2B_SANDBOX_URL) with the
// sandbox's X-Access-Token; the API key never goes there. Every call acts as root: what is uploaded is
// root's, and what the program left is read whatever its mode (the sandbox's files are all its own).
class E2bFiles {
public:
    E2bFiles(const E2bSettings& settings, const E2bSandbox& sandbox);

    const std::string& envdUrl() const { return m_url; }

    // POST /files?path=<path>&username=root as multipart/form-data (a "file" part): envd writes the file,
    // making its folders as needed, all owned by root. False with `failure` when it was not stored.
    bool upload(const std::string& path, std::string_view bytes, std::chrono::milliseconds timeout,
                std::stop_token stop, E2bFilesFailure& failure) const;

    // Filesystem.MakeDir: a folder (root's) that no upload makes, an empty one; one that exists is fine.
    bool makeFolder(const std::string& path, std::chrono::milliseconds timeout, std::stop_token stop,
                    E2bFilesFailure& failure) const;

    // Filesystem.ListDir {path, depth: 1}: the folder's entries (envd does not follow links in it).
    std::optional<std::vector<E2bEntry>> list(const std::string& path, std::chrono::milliseconds timeout,
                                              std::stop_token stop, E2bFilesFailure& failure) const;

    // GET /files?path=<path>: the file's first `limit` bytes at most. Asked for as a Range, and reading
    // stops at `limit` whatever the answer holds: a file that grows, or an endless answer, costs no more.
    std::optional<std::string> download(const std::string& path, std::int64_t limit,
                                        std::chrono::milliseconds timeout, std::stop_token stop,
                                        E2bFilesFailure& failure) const;

private:
    std::string m_url; // without a trailing slash
    E2bSandbox m_sandbox;
};

} // namespace sandbench
