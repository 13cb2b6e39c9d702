#include "e2b_file_transfer.h"

#include "core/artifacts.h"
#include "core/input_files.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench {

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

std::string megabytes(std::int64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

// Adds a folder input's files to the plan, walking it without following links; empty when it can be shown.
std::string planFolder(const InputFile& input, E2bInputPlan& plan, std::int64_t& total, std::int64_t budget) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::is_empty(input.hostPath, error) && !error)
        plan.emptyFolders.push_back(input.insidePath());
    fs::recursive_directory_iterator walk(input.hostPath, fs::directory_options::none, error);
    for (; !error && walk != fs::recursive_directory_iterator(); walk.increment(error)) {
        const fs::path path = walk->path();
        const std::string relative = path.lexically_relative(input.hostPath).string();
        const std::string inside = input.insidePath() + "/" + relative;
        struct stat info {};
        if (::lstat(path.c_str(), &info) != 0)
            return "input " + input.hostPath + ": cannot read " + relative + ": " + std::strerror(errno);
        std::string source = path.string();
        if (S_ISLNK(info.st_mode)) {
            // checkInputs() judged the link by its words; where it really leads is checked here once more.
            char resolved[PATH_MAX];
            if (!::realpath(path.c_str(), resolved) || ::stat(resolved, &info) != 0)
                return "input " + input.hostPath + " holds a symbolic link that leads nowhere: " + relative;
            source = resolved;
            if (source.rfind(input.hostPath + "/", 0) != 0)
                return "input " + input.hostPath +
                       " holds a symbolic link that leads outside it: " + relative;
            if (S_ISDIR(info.st_mode))
                return "input " + input.hostPath + " holds a symbolic link to a folder (" + relative +
                       " -> " + fs::read_symlink(path, error).string() +
                       "), which the e2b tier cannot show: E2B's files API makes files and folders only; "
                       "replace the link with the folder, or give the folder as an input";
        }
        if (S_ISDIR(info.st_mode)) {
            if (fs::is_empty(path, error) && !error)
                plan.emptyFolders.push_back(inside);
            continue;
        }
        if (!S_ISREG(info.st_mode))
            return "input " + input.hostPath + " holds " + relative + ", which is not a regular file";
        total += info.st_size;
        if (total > budget)
            return "input " + input.hostPath + " takes the inputs to " + megabytes(total) +
                   " once its links are uploaded as copies, more than the policy's " + megabytes(budget) +
                   " (inputs_mb)";
        plan.files.push_back({source, inside, info.st_size});
    }
    if (error)
        return "input " + input.hostPath + " cannot be read: " + error.message();
    return {};
}

// The file's bytes, exactly as planned: a file that is no longer a regular file of that size is refused,
// so no more than was counted against inputs_mb is ever read or sent.
std::string readPlanned(const E2bInputPlan::Upload& upload, std::string& bytes) {
    const int fd = ::open(upload.hostPath.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return "input file " + upload.hostPath + " cannot be opened: " + std::strerror(errno);
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size != upload.bytes) {
        ::close(fd);
        return "input file " + upload.hostPath + " changed after it was checked (" +
               std::to_string(upload.bytes) + " bytes then); run again";
    }
    bytes.assign(static_cast<std::size_t>(upload.bytes), '\0');
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t count = ::pread(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
        if (count < 0 && errno == EINTR)
            continue;
        if (count <= 0)
            break;
        done += static_cast<std::size_t>(count);
    }
    ::close(fd);
    if (done != bytes.size())
        return "input file " + upload.hostPath + " shrank while it was read; run again";
    return {};
}

} // namespace

E2bInputPlan planInputs(const Policy& policy) {
    E2bInputPlan plan;
    const CheckedInputs checked = checkInputs(policy);
    if (!checked.ok()) {
        plan.problem = checked.problem;
        return plan;
    }
    const std::int64_t budget = policy.inputsMb << 20;
    std::int64_t total = 0;
    for (const InputFile& input : checked.inputs) {
        if (!input.folder) {
            total += input.bytes;
            plan.files.push_back({input.hostPath, input.insidePath(), input.bytes});
            continue;
        }
        if (std::string problem = planFolder(input, plan, total, budget); !problem.empty()) {
            plan.problem = problem;
            return plan;
        }
    }
    return plan;
}

std::chrono::milliseconds E2bInputPlan::allowance(std::chrono::milliseconds requestTimeout) const {
    std::int64_t bytes = 0;
    for (const Upload& upload : files)
        bytes += upload.bytes;
    return requestTimeout + std::chrono::seconds(bytes >> 20);
}

std::string uploadInputs(const E2bFiles& files, const E2bInputPlan& plan, std::chrono::milliseconds budget,
                         std::stop_token stop) {
    const auto deadline = Clock::now() + budget;
    const auto left = [&deadline] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    };
    const auto outOfTime = [&budget] {
        return "the inputs' uploads did not finish within " +
               std::to_string(std::chrono::ceil<std::chrono::seconds>(budget).count()) +
               " s (one request's timeout, and a second for each MB)";
    };
    for (const E2bInputPlan::Upload& upload : plan.files) {
        std::string bytes;
        if (std::string problem = readPlanned(upload, bytes); !problem.empty())
            return problem;
        if (left() <= 0ms)
            return outOfTime();
        E2bFilesFailure failure;
        if (!files.upload(upload.insidePath, bytes, left(), stop, failure))
            return "input " + upload.hostPath + " could not be put at " + upload.insidePath + ": " +
                   failure.problem;
    }
    for (const std::string& folder : plan.emptyFolders) {
        if (left() <= 0ms)
            return outOfTime();
        E2bFilesFailure failure;
        if (!files.makeFolder(folder, left(), stop, failure))
            return "the empty input folder " + folder + " could not be made: " + failure.problem;
    }
    return {};
}

void collectE2bArtifacts(const E2bFiles& files, ArtifactCollector& collector,
                         std::chrono::milliseconds budget, std::stop_token stop) {
    // The program's execution has ended, but a process it started may still run in the sandbox and swap
    // files while they are listed and read (a file for a link, a FIFO, a larger file). That is acceptable
    // here: whatever envd reads is in the sandbox's own microVM, which holds no file of this machine, so the
    // bytes can only be the program's own; and every answer is held to the caps: a file is admitted by its
    // listed size and read no further, whatever the download holds, and all of it ends within `budget`.
    // The channel is envd's, not the program's output: nothing it prints can add or rename an artifact.
    const auto deadline = Clock::now() + budget;
    const auto left = [&deadline] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    };
    const std::string folder = kOutputsFolderInside;
    if (budget <= 0ms) {
        collector.drop(kOutputsFolderName, "not listed: the sandbox's own timeout was about to end it");
        return;
    }
    E2bFilesFailure failure;
    std::optional<std::vector<E2bEntry>> entries = files.list(folder, left(), stop, failure);
    if (!entries) {
        if (!failure.missing) // no /tmp/outputs: the program left nothing
            collector.drop(kOutputsFolderName, "the folder could not be listed: " + failure.problem);
        return;
    }
    // In name order, so which files a cap drops does not depend on the listing's order.
    std::sort(entries->begin(), entries->end(),
              [](const E2bEntry& a, const E2bEntry& b) { return a.name < b.name; });
    for (const E2bEntry& entry : *entries) {
        switch (entry.kind) {
        case E2bEntry::Kind::Folder:
            collector.drop(entry.name, "a folder (only files directly in /tmp/outputs come back)");
            continue;
        case E2bEntry::Kind::Link:
            collector.drop(entry.name, "a symbolic link, not followed");
            continue;
        case E2bEntry::Kind::Other:
            collector.drop(entry.name, "not a regular file (a FIFO, socket or device)");
            continue;
        case E2bEntry::Kind::File:
            break;
        }
        if (!collector.admits(entry.name, entry.size))
            continue;
        if (stop.stop_requested()) {
            collector.drop(entry.name, "not downloaded: the run was cancelled");
            continue;
        }
        if (left() <= 0ms) {
            collector.drop(entry.name,
                           "not downloaded: the " +
                               std::to_string(std::chrono::ceil<std::chrono::seconds>(budget).count()) +
                               " s for collecting artifacts had passed");
            continue;
        }
        std::optional<std::string> bytes =
            files.download(folder + "/" + entry.name, entry.size, left(), stop, failure);
        if (!bytes) {
            collector.drop(entry.name, "not downloaded: " + failure.problem);
            continue;
        }
        collector.take(entry.name, std::move(*bytes));
    }
}

} // namespace sandbench
