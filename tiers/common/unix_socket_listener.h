#pragma once

#include "unique_fd.h"

#include <string>

namespace sandbench {

// A socket listening at the Unix path `path`, a new file in a private folder of the caller's. Anyone who
// can reach the path may connect (mode 0666): the folder keeps the host's other users out, and whoever is
// given the socket itself (a sandbox, by a bind mount) needs no particular uid to use it. Invalid with
// `error` on failure.
UniqueFd listenOnUnixSocket(const std::string& path, std::string& error);

} // namespace sandbench
