#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <sys/types.h>

namespace sandbench {

// Host uids no account uses, reserved for sandboxes so that no two concurrent sandboxes (and no sandbox and
// the host's root) share a uid, and with it the kernel's per-user counts: pending signals, inotify
// instances, pipe buffers, descriptors in flight over Unix sockets. The range starts above systemd's
// container range (524288-1879048191), as systemd-nspawn's --private-users=pick keeps to its own.
//
// A process claims one block of kBlockSize uids (an exclusive flock on /run/sandbench/uid-blocks/N.lock,
// held for its lifetime, so concurrent Sandbench processes get different blocks and a dead one's block is
// free again). The block's first uid owns the subprocess tier's zygote user namespace; each run takes one
// of the others for as long as it runs. Only root can use uids it does not own, so an ordinary user gets
// no block (available() is false, and problem() says why).
class HostUidBlock {
public:
    static constexpr int kBlockSize = 32;
    static constexpr int kBlockCount = 64;
    static constexpr uid_t kFirstUid = 1879048192; // 0x70000000
    static constexpr int kRunSlots = kBlockSize - 1;

    // This process's block, claimed at the first call.
    static HostUidBlock& instance();

    bool available() const { return m_first != 0; }
    const std::string& problem() const { return m_problem; }
    uid_t ownerUid() const { return m_first; } // the zygote's; a gid of the same number goes with it

    // One run's uid (and gid of the same number), given back when the slot goes.
    class Slot {
    public:
        Slot() = default;
        Slot(Slot&& other) noexcept;
        Slot& operator=(Slot&& other) noexcept;
        ~Slot();
        bool valid() const { return m_block != nullptr; }
        uid_t uid() const { return m_uid; }
        int index() const { return m_index; } // 1 .. kRunSlots

    private:
        friend class HostUidBlock;
        void release();
        HostUidBlock* m_block = nullptr;
        uid_t m_uid = 0;
        int m_index = 0;
    };
    // A free slot; invalid, with the reason in `error`, when there is no block or every slot is in use.
    Slot acquire(std::string& error);

private:
    HostUidBlock();
    void give(int index);

    std::mutex m_mutex;
    unsigned m_used = 0; // bit i: slot i in use
    uid_t m_first = 0;
    int m_lockFd = -1;
    std::string m_problem;
};

} // namespace sandbench
