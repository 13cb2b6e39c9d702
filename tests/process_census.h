#pragma once

// What is running on the host, read from /proc: the tests' check that nothing is left behind.

#include <dirent.h>
#include <fstream>
#include <string>
#include <unistd.h>

namespace test_support {

// Processes (live or zombie) whose command name is `name`; tests give their programs unique names.
inline int countProcessesNamed(const std::string& name) {
    int count = 0;
    DIR* proc = ::opendir("/proc");
    while (dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        std::ifstream comm(std::string("/proc/") + entry->d_name + "/comm");
        std::string line;
        if (std::getline(comm, line) && line == name)
            ++count;
    }
    ::closedir(proc);
    return count;
}

// This process's own children named `name`: what a tier started for this test, and nothing another
// program on the machine happens to be running.
inline int countChildrenNamed(const std::string& name) {
    int count = 0;
    const std::string parent = std::to_string(::getpid());
    DIR* proc = ::opendir("/proc");
    while (dirent* entry = ::readdir(proc)) {
        if (entry->d_name[0] < '0' || entry->d_name[0] > '9')
            continue;
        std::ifstream status(std::string("/proc/") + entry->d_name + "/status");
        std::string line;
        bool named = false;
        while (std::getline(status, line)) {
            if (line.rfind("Name:", 0) == 0)
                named = line.substr(line.find_first_not_of(" \t", 5)) == name;
            else if (line.rfind("PPid:", 0) == 0) {
                count += named && line.substr(line.find_first_not_of(" \t", 5)) == parent ? 1 : 0;
                break;
            }
        }
    }
    ::closedir(proc);
    return count;
}

} // namespace test_support
