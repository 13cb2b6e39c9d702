#include "artifact_files.h"

#include "commands.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench::cli {

namespace {

void writeInto(int folder, const std::string& folderName, const Artifact& artifact) {
    // O_NOFOLLOW: a link of that name in DIR is refused rather than written through.
    const int fd =
        ::openat(folder, artifact.name.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        throw CliError("cannot write " + folderName + "/" + artifact.name + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < artifact.bytes.size()) {
        const ssize_t count = ::write(fd, artifact.bytes.data() + done, artifact.bytes.size() - done);
        if (count < 0 && errno == EINTR)
            continue;
        if (count <= 0) {
            const int error = errno;
            ::close(fd);
            throw CliError("cannot write " + folderName + "/" + artifact.name + ": " + std::strerror(error));
        }
        done += static_cast<std::size_t>(count);
    }
    if (::close(fd) != 0)
        throw CliError("cannot write " + folderName + "/" + artifact.name + ": " + std::strerror(errno));
}

} // namespace

std::string saveArtifacts(const RunResult& result, const std::optional<std::string>& folder) {
    std::string lines;
    if (!result.artifactsNote.empty())
        lines += "artifacts: " + result.artifactsNote + "\n";
    int folderFd = -1;
    if (folder && !result.artifacts.empty()) {
        if (::mkdir(folder->c_str(), 0755) != 0 && errno != EEXIST)
            throw CliError("cannot create the artifacts folder " + *folder + ": " + std::strerror(errno));
        folderFd = ::open(folder->c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (folderFd < 0)
            throw CliError("cannot open the artifacts folder " + *folder + ": " + std::strerror(errno));
    }
    try {
        for (const Artifact& artifact : result.artifacts) {
            std::string line = "artifact: " + artifact.name + " (" + std::to_string(artifact.size) +
                               " bytes, " + artifact.type + ")";
            if (folderFd >= 0) {
                writeInto(folderFd, *folder, artifact);
                line += " saved as " + *folder + "/" + artifact.name;
            } else {
                line += ", not saved (give --artifacts DIR)";
            }
            lines += line + "\n";
        }
    } catch (...) {
        ::close(folderFd);
        throw;
    }
    if (folderFd >= 0)
        ::close(folderFd);
    for (const std::string& dropped : result.artifactsDropped)
        lines += "artifact dropped: " + dropped + "\n";
    return lines;
}

} // namespace sandbench::cli
