#include "cgroup_files.h"

#include "core/leftover_check.h"

#include <sstream>

namespace sandbench {

namespace {

bool isOctal(char c) {
    return c >= '0' && c <= '7';
}

// mountinfo escapes spaces and the like as \ooo.
std::string unescaped(const std::string& field) {
    std::string text;
    for (std::size_t i = 0; i < field.size(); ++i) {
        if (field[i] == '\\' && i + 3 < field.size() && isOctal(field[i + 1]) && isOctal(field[i + 2]) &&
            isOctal(field[i + 3])) {
            text += static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 +
                                      (field[i + 3] - '0'));
            i += 3;
        } else {
            text += field[i];
        }
    }
    return text;
}

} // namespace

std::vector<CgroupMount> cgroupMounts() {
    std::vector<CgroupMount> mounts;
    std::istringstream lines(readSmallFile("/proc/self/mountinfo"));
    for (std::string line; std::getline(lines, line);) {
        // ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS
        std::istringstream fields(line);
        std::string id, parent, device, root, point;
        fields >> id >> parent >> device >> root >> point;
        std::string word;
        while (fields >> word && word != "-") {
        }
        std::string type, source, superOptions;
        fields >> type >> source >> superOptions;
        if (type != "cgroup" && type != "cgroup2")
            continue;
        mounts.push_back({unescaped(root), unescaped(point), type == "cgroup2", superOptions});
    }
    return mounts;
}

bool hasWord(const std::string& list, const std::string& word, char separator) {
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find(separator, start), list.size());
        if (list.compare(start, end - start, word) == 0)
            return true;
        start = end + 1;
    }
    return false;
}

std::string cgroupOf(const std::string& pid, const std::string& controller) {
    std::istringstream lines(readSmallFile("/proc/" + pid + "/cgroup"));
    for (std::string line; std::getline(lines, line);) {
        const std::size_t first = line.find(':');
        const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos)
            continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        if (controller.empty() ? controllers.empty() : hasWord(controllers, controller, ','))
            return line.substr(second + 1);
    }
    return {};
}

std::string folderOf(const CgroupMount& mount, std::string path) {
    if (mount.root != "/" && path.starts_with(mount.root))
        path.erase(0, mount.root.size());
    if (path.empty() || path == "/")
        return mount.point;
    return mount.point + (path.front() == '/' ? "" : "/") + path;
}

std::int64_t counterIn(const std::string& path, const std::string& key) {
    std::istringstream lines(readSmallFile(path));
    std::string name;
    std::int64_t value = 0;
    while (lines >> name >> value) {
        if (name == key)
            return value;
    }
    return -1;
}

std::int64_t numberIn(const std::string& path) {
    std::istringstream text(readSmallFile(path));
    std::int64_t value = -1;
    text >> value;
    return text ? value : -1;
}

} // namespace sandbench
