#pragma once

#include "arguments.h"
#include "core/policy.h"

#include <string>
#include <vector>

namespace sandbench::cli {

// The policy options `run` and `attacks` share, in the order they apply: --policy FILE first, then each
// limit given on the command line. Validated by Policy's own rules; throws CliError or UsageError with
// the file or option named.
Policy policyFromArguments(Arguments& arguments);

// --interpreter "PATH ARGS…": the interpreter command, split on spaces (default /usr/bin/python3 -I -u).
std::vector<std::string> interpreterFromArguments(Arguments& arguments);

inline constexpr const char* kPolicyOptionsHelp =
    "  --policy FILE       start from this policy JSON (docs/cli-json.md lists the keys)\n"
    "  --timeout S         wall-clock limit in seconds\n"
    "  --memory MB         memory limit\n"
    "  --cpus N            CPU share (container quota, microVM vCPUs)\n"
    "  --processes N       processes the program may have at once\n"
    "  --file-size MB      largest file the program may write\n"
    "  --output-cap BYTES  bytes kept per stream; the rest is dropped\n"
    "  --network           allow network access (default: none)\n"
    "  --allow HOST[:PORT] no route anywhere but through Sandbench's egress proxy, to this name only\n"
    "                      (repeatable; *.example.org for the names under it; ports 80 and 443 unless\n"
    "                      given)\n"
    "  --allow-ip CIDR     let the proxy reach this address or range too (repeatable; never implied)\n"
    "  --secret NAME=ENVVAR@HOST[,HOST]  the program's NAME holds a placeholder; the proxy puts the real\n"
    "                      value (Sandbench's ENVVAR) into the Authorization header of requests to HOST\n"
    "                      only (repeatable; HOST must be allowed)\n"
    "  --input PATH        show this host file or folder to the program, read-only, at /data/<its name>\n"
    "                      (repeatable; a missing one, or inputs over the policy's inputs_mb, refuse the "
    "run)\n"
    "  --artifacts-max N   files of /tmp/outputs that come back (default 20)\n"
    "  --artifacts-mb MB   their total size (default 10)\n"
    "  --interpreter CMD   the interpreter and its flags, e.g. \"/usr/bin/python3.11 -I -u\"\n"
    "                      (default: /usr/bin/python3 -I -u; must be an absolute path visible in the tier)\n";

} // namespace sandbench::cli
