#pragma once

#include <string>

namespace sandbench {

// Whether KVM can run a guest here, tried for real rather than judged by /dev/kvm existing: some hosts
// (nested or paravirtualised ones) expose /dev/kvm but hang or fail with "KVM internal error" when a guest
// runs. Returns empty when a small real-mode guest ran to its `hlt`, else why KVM is not usable.
std::string kvmUnusableReason();

} // namespace sandbench
