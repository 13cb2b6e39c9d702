#pragma once

#include <string>
#include <vector>

namespace sandbench {

// What this process removed that earlier, dead Sandbench processes left behind (temp folders, containers),
// one line each, kept until a front end takes them to tell the user. Thread-safe: tiers note removals from
// whichever thread first reaches their engine.
void noteRemoval(std::string line);
std::vector<std::string> takeRemovalNotes();

} // namespace sandbench
