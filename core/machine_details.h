#pragma once

#include <string>
#include <utility>
#include <vector>

namespace sandbench {

// The machine a lab ran on, for the report: what a trainer needs to say where the results came from.
struct MachineDetails {
    std::string hostname;
    std::string kernel; // uname: release and version
    std::string os;     // PRETTY_NAME of /etc/os-release
    std::string cpuModel;
    int cpuCount = 0;
    long long memoryKb = 0;
    bool runningAsRoot = false;
    std::vector<std::pair<std::string, std::string>> facts; // anything else worth showing, in order
};

// Reads /proc, uname and /etc/os-release; never fails (what it cannot read stays empty).
MachineDetails collectMachineDetails();

} // namespace sandbench
