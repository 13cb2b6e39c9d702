#include "input_files.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench {

namespace {

// A folder with more entries than this is refused rather than walked for minutes before a run.
constexpr std::int64_t kMostEntries = 100000;

std::string megabytes(std::int64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

// Where a relative link target lands, by its words alone, from the link's own folder (a path relative to the
// input's root): outside when ".." climbs above the root. Conservative: a link through another link is
// judged by the words, and a climb the words show is refused even if the real target would stay inside.
bool staysInside(const std::filesystem::path& linkFolder, const std::string& target) {
    if (target.empty() || target.front() == '/')
        return false;
    int depth = 0;
    for (const auto& part : linkFolder) {
        if (part == "..")
            return false;
        if (part != "." && !part.empty())
            ++depth;
    }
    for (const auto& part : std::filesystem::path(target)) {
        if (part == "..") {
            if (--depth < 0)
                return false;
        } else if (part != "." && !part.empty()) {
            ++depth;
        }
    }
    return true;
}

// Walks a folder without following links; empty when it may be shown, else what is wrong, naming the entry.
std::string checkFolder(const std::string& root, const std::string& shownAs, std::int64_t& bytes) {
    namespace fs = std::filesystem;
    std::error_code error;
    fs::recursive_directory_iterator walk(root, fs::directory_options::none, error);
    std::int64_t entries = 0;
    for (; !error && walk != fs::recursive_directory_iterator(); walk.increment(error)) {
        if (++entries > kMostEntries)
            return "input " + shownAs + " holds more than " + std::to_string(kMostEntries) + " entries";
        const fs::path path = walk->path();
        const fs::path relative = path.lexically_relative(root);
        struct stat info {};
        if (::lstat(path.c_str(), &info) != 0)
            return "input " + shownAs + ": cannot read " + relative.string() + ": " + std::strerror(errno);
        if (S_ISLNK(info.st_mode)) {
            char target[PATH_MAX];
            const ssize_t length = ::readlink(path.c_str(), target, sizeof target - 1);
            const std::string text = length > 0 ? std::string(target, static_cast<std::size_t>(length)) : "";
            if (!staysInside(relative.parent_path(), text))
                return "input " + shownAs +
                       " holds a symbolic link that leads outside it: " + relative.string() + " -> " + text +
                       " (remove it or give the target as an input)";
        } else if (S_ISREG(info.st_mode)) {
            bytes += info.st_size;
        } else if (!S_ISDIR(info.st_mode)) {
            return "input " + shownAs + " holds " + relative.string() +
                   ", which is neither a file, a folder nor a link (a FIFO, socket or device)";
        }
    }
    if (error)
        return "input " + shownAs + " cannot be read: " + error.message();
    return {};
}

} // namespace

CheckedInputs checkInputs(const Policy& policy) {
    CheckedInputs checked;
    std::set<std::string> names;
    std::int64_t total = 0;
    for (const std::string& path : policy.inputs) {
        // The user named the path; a link in it is the user's own choice, so it is resolved once, here,
        // and the sandbox is shown what it resolved to.
        char resolved[PATH_MAX];
        if (!::realpath(path.c_str(), resolved)) {
            checked.problem = "input " + path + " is missing: " + std::strerror(errno);
            return checked;
        }
        InputFile input;
        input.hostPath = resolved;
        input.name = std::filesystem::path(input.hostPath).filename().string();
        if (input.name.empty() || input.hostPath == "/") {
            checked.problem = "input " + path + " has no name to show it by under /data (the root folder?)";
            return checked;
        }
        if (!names.insert(input.name).second) {
            checked.problem =
                "input " + path + " would be /data/" + input.name + ", like an earlier input of that name";
            return checked;
        }
        struct stat info {};
        if (::stat(input.hostPath.c_str(), &info) != 0) {
            checked.problem = "input " + path + " is missing: " + std::strerror(errno);
            return checked;
        }
        if (S_ISDIR(info.st_mode)) {
            input.folder = true;
            if (std::string problem = checkFolder(input.hostPath, path, input.bytes); !problem.empty()) {
                checked.problem = problem;
                return checked;
            }
        } else if (S_ISREG(info.st_mode)) {
            input.bytes = info.st_size;
        } else {
            checked.problem = "input " + path + " is neither a regular file nor a folder";
            return checked;
        }
        total += input.bytes;
        if (total > (policy.inputsMb << 20)) {
            checked.problem = "input " + path + " takes the inputs to " + megabytes(total) +
                              ", more than the policy's " + std::to_string(policy.inputsMb) +
                              " MB (inputs_mb)";
            return checked;
        }
        checked.inputs.push_back(std::move(input));
    }
    return checked;
}

} // namespace sandbench
