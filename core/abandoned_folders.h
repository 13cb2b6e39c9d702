#pragma once

#include <string>
#include <vector>

namespace sandbench {

// Says "the process that made this folder is alive": an exclusive flock on FOLDER/.sandbench-owner, held
// through a close-on-exec descriptor for as long as this object (and so its process) lives. The kernel
// drops the lock when the process dies, however it dies, so a later Sandbench tells an abandoned folder
// from one in use without trusting process ids, which are reused.
class FolderOwnerLock {
public:
    // Takes the lock for `folder`; an invalid lock (errno-style `error` set) when it cannot.
    static FolderOwnerLock take(const std::string& folder, std::string& error);
    FolderOwnerLock() = default;
    FolderOwnerLock(FolderOwnerLock&& other) noexcept;
    FolderOwnerLock& operator=(FolderOwnerLock&& other) noexcept;
    ~FolderOwnerLock();
    bool valid() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

inline constexpr const char* kOwnerLockName = ".sandbench-owner";

// Removes the folders Sandbench processes that died left in the temporary folder ($TMPDIR, else /tmp):
// every "sandbench-*" folder with an owner lock that nobody holds. Folders without a lock (an older
// Sandbench's, or one being made this instant) are left alone. Returns one line per folder removed, and
// notes each (removal_notes.h).
std::vector<std::string> removeAbandonedFolders();

} // namespace sandbench
