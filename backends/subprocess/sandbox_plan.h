#pragma once

#include "core/policy.h"
#include "sandbox_child.h"

#include <map>
#include <string>
#include <vector>

namespace sandbench {

// The filesystem view and limits of one run: /usr and the library folders read-only, a handful of /etc
// files, five device nodes, a fresh /proc, the program under /sandbench, and a size-capped tmpfs at /tmp
// as the working folder. Nothing else of the host is visible.
ChildPlan planSandbox(std::size_t codeSize, const Policy& policy);

// Where the program's text is placed inside the sandbox.
inline constexpr const char* kProgramPathInside = "/sandbench/main.py";

// Owns the argv and environment strings the child's execve() points into.
class ProgramCommand {
public:
    ProgramCommand(const std::vector<std::string>& interpreter,
                   const std::map<std::string, std::string>& environment);
    void applyTo(ChildPlan& plan);

private:
    std::vector<std::string> m_arguments;
    std::vector<std::string> m_environment;
};

} // namespace sandbench
