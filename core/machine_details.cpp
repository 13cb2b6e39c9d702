#include "machine_details.h"

#include <cstdlib>
#include <fstream>
#include <pwd.h>
#include <string_view>
#include <sys/utsname.h>
#include <unistd.h>

namespace sandbench {

namespace {

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

// "key<sep>value" lines of a text file, in order; an unreadable file gives none.
std::vector<std::pair<std::string, std::string>> keyValueLines(const char* path, char separator) {
    std::vector<std::pair<std::string, std::string>> lines;
    std::ifstream file(path);
    std::string line;
    while (std::getline(file, line)) {
        const auto at = line.find(separator);
        if (at != std::string::npos)
            lines.emplace_back(trim(std::string_view(line).substr(0, at)),
                               trim(std::string_view(line).substr(at + 1)));
    }
    return lines;
}

std::string firstLine(const char* path) {
    std::ifstream file(path);
    std::string line;
    std::getline(file, line);
    return trim(line);
}

bool exists(const char* path) {
    return ::access(path, F_OK) == 0;
}

std::string osPrettyName() {
    for (const char* path : {"/etc/os-release", "/usr/lib/os-release"}) {
        for (const auto& [key, value] : keyValueLines(path, '=')) {
            if (key != "PRETTY_NAME")
                continue;
            std::string name = value;
            if (name.size() >= 2 && (name.front() == '"' || name.front() == '\'') &&
                name.back() == name.front())
                name = name.substr(1, name.size() - 2);
            return name;
        }
    }
    return {};
}

std::string kvmFact() {
    if (!exists("/dev/kvm"))
        return "/dev/kvm absent: microVM guests can only run under TCG emulation";
    if (::access("/dev/kvm", R_OK | W_OK) == 0)
        return "/dev/kvm present, readable and writable by this user";
    return "/dev/kvm present, but this user cannot open it";
}

} // namespace

MachineDetails collectMachineDetails() {
    MachineDetails machine;
    std::string architecture;
    utsname names{};
    if (::uname(&names) == 0) {
        machine.hostname = names.nodename;
        machine.kernel = std::string(names.release) + " " + names.version;
        architecture = names.machine;
    }
    machine.os = osPrettyName();

    bool hypervisor = false;
    for (const auto& [key, value] : keyValueLines("/proc/cpuinfo", ':')) {
        if (key == "processor")
            ++machine.cpuCount;
        else if (machine.cpuModel.empty() && (key == "model name" || key == "Hardware" || key == "cpu model"))
            machine.cpuModel = value;
        else if (key == "flags" && (" " + value + " ").find(" hypervisor ") != std::string::npos)
            hypervisor = true;
    }
    if (machine.cpuCount == 0) {
        const long online = ::sysconf(_SC_NPROCESSORS_ONLN);
        machine.cpuCount = online > 0 ? static_cast<int>(online) : 0;
    }
    for (const auto& [key, value] : keyValueLines("/proc/meminfo", ':')) {
        if (key == "MemTotal") {
            machine.memoryKb = std::atoll(value.c_str());
            break;
        }
    }
    machine.runningAsRoot = ::geteuid() == 0;

    auto& facts = machine.facts;
    if (!architecture.empty())
        facts.emplace_back("Architecture", architecture);
    facts.emplace_back("KVM", kvmFact());
    facts.emplace_back("Hypervisor", hypervisor
                                         ? "this machine is itself a virtual machine (CPU hypervisor flag)"
                                         : "none reported by the CPU");
    if (exists("/.dockerenv") || exists("/run/.containerenv"))
        facts.emplace_back("Container", "this machine is itself a container");
    facts.emplace_back("cgroups", exists("/sys/fs/cgroup/cgroup.controllers") ? "v2 (unified hierarchy)"
                                                                              : "v1 or hybrid");
    if (const std::string limit = firstLine("/proc/sys/user/max_user_namespaces"); !limit.empty())
        facts.emplace_back("User namespaces", "at most " + limit + " per user");
    if (const std::string clone = firstLine("/proc/sys/kernel/unprivileged_userns_clone"); !clone.empty())
        facts.emplace_back("Unprivileged user namespaces",
                           clone == "0" ? "disabled (sysctl)" : "allowed (sysctl)");
    if (const std::string restrict = firstLine("/proc/sys/kernel/apparmor_restrict_unprivileged_userns");
        !restrict.empty()&& restrict != "0")
        facts.emplace_back("AppArmor", "restricts unprivileged user namespaces");
    const uid_t uid = ::geteuid();
    std::string user = "uid " + std::to_string(uid);
    passwd entry{};
    passwd* found = nullptr;
    char buffer[4096];
    if (::getpwuid_r(uid, &entry, buffer, sizeof buffer, &found) == 0 && found)
        user = std::string(found->pw_name) + " (" + user + ")";
    facts.emplace_back("User", user);
    return machine;
}

} // namespace sandbench
