#pragma once

#include "sandbox_child.h"

namespace sandbench {

// The steps that build the read-only filesystem template, run by the sandbox zygote (its table in
// sandbox_zygote.cpp says in which order): the view under plan.stagingRoot, then a /proc (mounted from
// inside a PID namespace the zygote owns), then pivot and seal. Every sandbox's mount namespace is a copy
// of this small tree. Raw system calls only; each returns 0 or the errno.
int dropGroups(const ChildPlan& plan);
int makeMountsPrivate(const ChildPlan& plan);
int mountRootTmpfs(const ChildPlan& plan);
int buildFilesystemView(const ChildPlan& plan);
int mountTemplateProc(const ChildPlan& plan);
int pivotIntoRoot(const ChildPlan& plan);
int makeRootReadOnly(const ChildPlan& plan);

// Whether a /proc limited to processes (subset=pid, Linux 5.8+) mounts over the template's, as each
// sandbox mounts its own: tried once and taken down again. `mounts` says; the errno is the unmount's.
int tryProcSubsetPid(const ChildPlan& plan, bool& mounts);

} // namespace sandbench
