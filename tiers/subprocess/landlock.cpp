#include "landlock.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sandbench {

namespace {

constexpr std::uint64_t kExecute = 1ULL << 0;
constexpr std::uint64_t kWriteFile = 1ULL << 1;
constexpr std::uint64_t kReadFile = 1ULL << 2;
constexpr std::uint64_t kReadDir = 1ULL << 3;
constexpr std::uint64_t kMakeChar = 1ULL << 6;
constexpr std::uint64_t kMakeBlock = 1ULL << 11;
constexpr std::uint64_t kAbi1All = (1ULL << 13) - 1;
constexpr std::uint64_t kRefer = 1ULL << 13;            // ABI 2
constexpr std::uint64_t kTruncate = 1ULL << 14;         // ABI 3
constexpr std::uint64_t kIoctlDev = 1ULL << 15;         // ABI 5
constexpr std::uint64_t kScopeAbstractUnix = 1ULL << 0; // ABI 6
constexpr std::uint64_t kScopeSignal = 1ULL << 1;       // ABI 6
constexpr unsigned kCreateRulesetVersion = 1U << 0;
constexpr int kRuleTypePathBeneath = 1;

struct RulesetAttr {
    std::uint64_t handledAccessFs;
    std::uint64_t handledAccessNet;
    std::uint64_t scoped;
};

struct __attribute__((packed)) PathBeneathAttr {
    std::uint64_t allowedAccess;
    std::int32_t parentFd;
};

int addPathRule(int ruleset, const char* path, std::uint64_t access) {
    const int fd = ::open(path, O_PATH | O_CLOEXEC);
    if (fd < 0)
        return errno;
    PathBeneathAttr rule{access, fd};
    const long rc = ::syscall(SYS_landlock_add_rule, ruleset, kRuleTypePathBeneath, &rule, 0);
    const int savedErrno = errno;
    ::close(fd);
    return rc == 0 ? 0 : savedErrno;
}

} // namespace

int landlockAbiVersion() {
    const long abi = ::syscall(SYS_landlock_create_ruleset, nullptr, 0, kCreateRulesetVersion);
    return abi < 0 ? 0 : static_cast<int>(abi);
}

LandlockPlan planLandlock(int abi) {
    LandlockPlan plan;
    plan.abi = abi;
    if (abi <= 0)
        return plan;
    plan.handledFs = kAbi1All;
    if (abi >= 2)
        plan.handledFs |= kRefer;
    if (abi >= 3)
        plan.handledFs |= kTruncate;
    if (abi >= 5)
        plan.handledFs |= kIoctlDev;
    plan.readOnlyFs = kExecute | kReadFile | kReadDir;
    // Everything in the working folder except creating device nodes.
    plan.readWriteFs = plan.handledFs & ~(kMakeChar | kMakeBlock | kIoctlDev);
    plan.deviceFs = kReadFile | kWriteFile | (plan.handledFs & (kTruncate | kIoctlDev));
    if (abi >= 6)
        plan.scoped = kScopeAbstractUnix | kScopeSignal;
    return plan;
}

int applyLandlock(const LandlockPlan& plan, const char* workFolder, const char* const* devicePaths) {
    if (plan.abi <= 0)
        return 0;
    RulesetAttr attr{plan.handledFs, 0, plan.scoped};
    const std::size_t attrSize = plan.abi >= 6 ? sizeof(RulesetAttr) : sizeof(std::uint64_t);
    const int ruleset = static_cast<int>(::syscall(SYS_landlock_create_ruleset, &attr, attrSize, 0));
    if (ruleset < 0)
        return errno;
    int error = addPathRule(ruleset, "/", plan.readOnlyFs);
    if (error == 0)
        error = addPathRule(ruleset, workFolder, plan.readWriteFs);
    for (const char* const* device = devicePaths; error == 0 && *device; ++device)
        error = addPathRule(ruleset, *device, plan.deviceFs);
    if (error == 0 && ::syscall(SYS_landlock_restrict_self, ruleset, 0) != 0)
        error = errno;
    ::close(ruleset);
    return error;
}

} // namespace sandbench
