#pragma once

#include <map>
#include <string>

namespace sandbench {

// This process's environment as a map, read now (the front ends' defaults, the host control's inheritance).
std::map<std::string, std::string> processEnvironment();

} // namespace sandbench
