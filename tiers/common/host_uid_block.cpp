#include "host_uid_block.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <pwd.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench {

namespace {

constexpr const char* kLockFolder = "/run/sandbench/uid-blocks";

// A uid some account already has (in /etc/passwd or any NSS source) is never handed to a sandbox.
bool blockNamesAnAccount(uid_t first) {
    for (int i = 0; i < HostUidBlock::kBlockSize; ++i) {
        if (::getpwuid(first + static_cast<uid_t>(i)) != nullptr)
            return true;
    }
    return false;
}

} // namespace

HostUidBlock& HostUidBlock::instance() {
    static HostUidBlock block;
    return block;
}

HostUidBlock::HostUidBlock() {
    if (::geteuid() != 0) {
        m_problem = "an ordinary user cannot run sandboxes under uids of their own (that needs root, or "
                    "subuids with newuidmap): every sandbox runs as your uid";
        return;
    }
    // Root-only, so no other user can take (or block) the locks.
    ::mkdir("/run/sandbench", 0700);
    if (::mkdir(kLockFolder, 0700) != 0 && errno != EEXIST) {
        m_problem = std::string("cannot create ") + kLockFolder + ": " + std::strerror(errno);
        return;
    }
    for (int block = 0; block < kBlockCount; ++block) {
        const std::string path = std::string(kLockFolder) + "/" + std::to_string(block) + ".lock";
        const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd < 0) {
            m_problem = "cannot open " + path + ": " + std::strerror(errno);
            return;
        }
        const uid_t first = kFirstUid + static_cast<uid_t>(block * kBlockSize);
        if (::flock(fd, LOCK_EX | LOCK_NB) == 0 && !blockNamesAnAccount(first)) {
            m_lockFd = fd; // held until this process ends
            m_first = first;
            return;
        }
        ::close(fd);
    }
    m_problem = "all " + std::to_string(kBlockCount) + " blocks of sandbox uids from " +
                std::to_string(kFirstUid) + " are in use by other Sandbench processes or accounts";
}

HostUidBlock::Slot HostUidBlock::acquire(std::string& error) {
    Slot slot;
    if (!available()) {
        error = m_problem;
        return slot;
    }
    std::lock_guard lock(m_mutex);
    for (int index = 1; index <= kRunSlots; ++index) {
        if (m_used & (1u << index))
            continue;
        m_used |= 1u << index;
        slot.m_block = this;
        slot.m_index = index;
        slot.m_uid = m_first + static_cast<uid_t>(index);
        return slot;
    }
    error = "all " + std::to_string(kRunSlots) + " sandbox uids of this Sandbench process are in use by runs";
    return slot;
}

void HostUidBlock::give(int index) {
    std::lock_guard lock(m_mutex);
    m_used &= ~(1u << index);
}

HostUidBlock::Slot::Slot(Slot&& other) noexcept
    : m_block(other.m_block)
    , m_uid(other.m_uid)
    , m_index(other.m_index) {
    other.m_block = nullptr;
}

HostUidBlock::Slot& HostUidBlock::Slot::operator=(Slot&& other) noexcept {
    if (this != &other) {
        release();
        m_block = other.m_block;
        m_uid = other.m_uid;
        m_index = other.m_index;
        other.m_block = nullptr;
    }
    return *this;
}

HostUidBlock::Slot::~Slot() {
    release();
}

void HostUidBlock::Slot::release() {
    if (m_block)
        m_block->give(m_index);
    m_block = nullptr;
}

} // namespace sandbench
