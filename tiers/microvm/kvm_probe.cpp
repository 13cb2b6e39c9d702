#include "kvm_probe.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <linux/kvm.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sandbench {

namespace {

enum ProbeExit : int {
    kHalted = 0,
    kNoDevice = 10,
    kBadApi,
    kCreateVmFailed,
    kMemoryFailed,
    kVcpuFailed,
    kRegistersFailed,
    kRunFailed,
    kInternalError,
    kUnexpectedExit,
};

// Runs in a child: one vCPU in real mode at 0x1000 executing `out 0x10, al; hlt`.
[[noreturn]] void tryKvmGuest() {
    const int kvm = ::open("/dev/kvm", O_RDWR | O_CLOEXEC);
    if (kvm < 0)
        ::_exit(kNoDevice);
    if (::ioctl(kvm, KVM_GET_API_VERSION, 0) != KVM_API_VERSION)
        ::_exit(kBadApi);
    const int vm = ::ioctl(kvm, KVM_CREATE_VM, 0);
    if (vm < 0)
        ::_exit(kCreateVmFailed);
    void* memory = ::mmap(nullptr, 0x1000, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        ::_exit(kMemoryFailed);
    const unsigned char code[] = {0xb0, 0x42, 0xe6, 0x10, 0xf4}; // mov al,0x42; out 0x10,al; hlt
    std::memcpy(memory, code, sizeof code);
    kvm_userspace_memory_region region{};
    region.guest_phys_addr = 0x1000;
    region.memory_size = 0x1000;
    region.userspace_addr = reinterpret_cast<std::uint64_t>(memory);
    if (::ioctl(vm, KVM_SET_USER_MEMORY_REGION, &region) < 0)
        ::_exit(kMemoryFailed);
    const int vcpu = ::ioctl(vm, KVM_CREATE_VCPU, 0);
    const int runSize = ::ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
    if (vcpu < 0 || runSize <= 0)
        ::_exit(kVcpuFailed);
    auto* run = static_cast<kvm_run*>(
        ::mmap(nullptr, static_cast<std::size_t>(runSize), PROT_READ | PROT_WRITE, MAP_SHARED, vcpu, 0));
    if (run == MAP_FAILED)
        ::_exit(kVcpuFailed);
    kvm_sregs sregs{};
    if (::ioctl(vcpu, KVM_GET_SREGS, &sregs) < 0)
        ::_exit(kRegistersFailed);
    sregs.cs.base = 0;
    sregs.cs.selector = 0;
    if (::ioctl(vcpu, KVM_SET_SREGS, &sregs) < 0)
        ::_exit(kRegistersFailed);
    kvm_regs regs{};
    regs.rip = 0x1000;
    regs.rflags = 0x2;
    if (::ioctl(vcpu, KVM_SET_REGS, &regs) < 0)
        ::_exit(kRegistersFailed);
    bool sawOut = false;
    for (int step = 0; step < 4; ++step) {
        if (::ioctl(vcpu, KVM_RUN, 0) < 0)
            ::_exit(kRunFailed);
        switch (run->exit_reason) {
        case KVM_EXIT_IO:
            sawOut = run->io.port == 0x10;
            continue;
        case KVM_EXIT_HLT:
            ::_exit(sawOut ? kHalted : kUnexpectedExit);
        case KVM_EXIT_INTERNAL_ERROR:
            ::_exit(kInternalError);
        default:
            ::_exit(kUnexpectedExit);
        }
    }
    ::_exit(kUnexpectedExit);
}

std::string describe(int code) {
    switch (code) {
    case kNoDevice:
        return "/dev/kvm cannot be opened (" +
               std::string(::access("/dev/kvm", F_OK) == 0 ? "permission denied: add "
                                                             "yourself to the kvm group"
                                                           : "no KVM on this host") +
               ")";
    case kBadApi:
        return "/dev/kvm speaks an unexpected KVM API version";
    case kCreateVmFailed:
        return "/dev/kvm exists but refuses to create a VM";
    case kMemoryFailed:
    case kVcpuFailed:
    case kRegistersFailed:
        return "/dev/kvm exists but cannot set up a vCPU";
    case kRunFailed:
        return "/dev/kvm exists but running a vCPU fails";
    case kInternalError:
        return "/dev/kvm exists but a test guest stopped with \"KVM internal error\"";
    default:
        return "/dev/kvm exists but a test guest did not run as a CPU would";
    }
}

} // namespace

std::string kvmUnusableReason() {
    if (::access("/dev/kvm", F_OK) != 0)
        return "no /dev/kvm on this host";
    const pid_t child = ::fork();
    if (child < 0)
        return std::string("cannot test KVM: fork: ") + std::strerror(errno);
    if (child == 0)
        tryKvmGuest();
    // Some hosts hang in KVM_RUN: give the test guest two seconds.
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, child, 0));
    pollfd done{pidfd, POLLIN, 0};
    const bool ended = pidfd >= 0 && ::poll(&done, 1, 2000) > 0;
    if (!ended)
        ::kill(child, SIGKILL);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (pidfd >= 0)
        ::close(pidfd);
    if (!ended)
        return "/dev/kvm exists but a test guest hung";
    if (WIFEXITED(status) && WEXITSTATUS(status) == kHalted)
        return {};
    if (WIFSIGNALED(status))
        return "/dev/kvm exists but testing it killed the test process (" + std::to_string(WTERMSIG(status)) +
               ")";
    return describe(WEXITSTATUS(status));
}

} // namespace sandbench
