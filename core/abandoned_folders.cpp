#include "abandoned_folders.h"

#include "removal_notes.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <filesystem>
#include <sys/file.h>
#include <unistd.h>
#include <utility>

namespace sandbench {

FolderOwnerLock FolderOwnerLock::take(const std::string& folder, std::string& error) {
    FolderOwnerLock lock;
    const std::string path = folder + "/" + kOwnerLockName;
    // Locked under another name first, then renamed into place: a reaper never finds it unlocked.
    const std::string staging = path + ".new";
    lock.m_fd = ::open(staging.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (lock.m_fd < 0 || ::flock(lock.m_fd, LOCK_EX | LOCK_NB) != 0 ||
        ::rename(staging.c_str(), path.c_str()) != 0) {
        error = "cannot take the owner lock " + path + ": " + std::strerror(errno);
        ::unlink(staging.c_str());
        return FolderOwnerLock();
    }
    return lock;
}

FolderOwnerLock::FolderOwnerLock(FolderOwnerLock&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)) {}

FolderOwnerLock& FolderOwnerLock::operator=(FolderOwnerLock&& other) noexcept {
    if (this != &other) {
        FolderOwnerLock old(std::move(*this));
        m_fd = std::exchange(other.m_fd, -1);
    }
    return *this;
}

FolderOwnerLock::~FolderOwnerLock() {
    if (m_fd >= 0)
        ::close(m_fd);
}

std::vector<std::string> removeAbandonedFolders() {
    std::vector<std::string> removed;
    const char* tmpdir = std::getenv("TMPDIR");
    const std::string parent = tmpdir && *tmpdir ? tmpdir : "/tmp";
    DIR* listing = ::opendir(parent.c_str());
    if (!listing)
        return removed;
    std::vector<std::string> candidates;
    while (const dirent* entry = ::readdir(listing)) {
        if (std::strncmp(entry->d_name, "sandbench-", 10) == 0)
            candidates.push_back(parent + "/" + entry->d_name);
    }
    ::closedir(listing);
    for (const std::string& folder : candidates) {
        // O_NOFOLLOW on the lock and the folder's own type: a link planted under the name is never followed.
        std::error_code error;
        if (!std::filesystem::is_directory(std::filesystem::symlink_status(folder, error)))
            continue;
        const int fd = ::open((folder + "/" + kOwnerLockName).c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0)
            continue;
        // Held: its owner lives. Taken: nobody will ever use the folder again, and holding the lock while
        // removing keeps a second reaper out.
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
            std::filesystem::remove_all(folder, error);
            removed.push_back(error ? "could not remove " + folder +
                                          " (left by a Sandbench process that died): " + error.message()
                                    : "removed " + folder + ", left by a Sandbench process that died");
            noteRemoval(removed.back());
        }
        ::close(fd);
    }
    return removed;
}

} // namespace sandbench
