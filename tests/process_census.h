#pragma once

// What is running on the host, read from /proc: the tests' check that nothing is left behind.

#include <dirent.h>
#include <fstream>
#include <string>

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

} // namespace test_support
