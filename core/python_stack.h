#pragma once

#include <string>
#include <vector>

namespace sandbench {

class Tier;

// The Python environment every local tier carries (issue 19): Debian 12's python3 with its standard library
// and the data stack, the same package versions on each. A tier shows it as one line,
// "Python 3.11.2; numpy 1.24.2, pandas 1.5.3, matplotlib 3.6.3, scipy 1.10.1", from a real run on the tier
// or from its image's manifest, which scripts/build-python-rootfs.sh writes in the same words.

// numpy, pandas, matplotlib, scipy: the packages the line names, in its order.
const std::vector<std::string>& dataStackPackages();

// A Python program that prints the line from the installed packages' metadata (no import: quick enough for a
// probe), or fails naming the package that is missing.
std::string pythonStackProgram();

// True when `line` names a Python version and every data-stack package with a version, in the words above.
bool isPythonStackLine(const std::string& line);

// Runs pythonStackProgram() on `tier` and returns its line; empty with `problem` set (what was missing, or
// how the run failed) otherwise. Takes as long as one run on the tier.
std::string probePythonStack(Tier& tier, std::string& problem);

} // namespace sandbench
