#include "removal_notes.h"

#include <mutex>
#include <utility>

namespace sandbench {

namespace {

std::mutex& notesMutex() {
    static std::mutex mutex;
    return mutex;
}

std::vector<std::string>& notes() {
    static std::vector<std::string> lines;
    return lines;
}

} // namespace

void noteRemoval(std::string line) {
    std::lock_guard lock(notesMutex());
    notes().push_back(std::move(line));
}

std::vector<std::string> takeRemovalNotes() {
    std::lock_guard lock(notesMutex());
    return std::exchange(notes(), {});
}

} // namespace sandbench
