#include "python_stack.h"

#include "tier.h"

#include <stop_token>

namespace sandbench {

const std::vector<std::string>& dataStackPackages() {
    static const std::vector<std::string> packages{"numpy", "pandas", "matplotlib", "scipy"};
    return packages;
}

std::string pythonStackProgram() {
    std::string names;
    for (const std::string& package : dataStackPackages())
        names += "\"" + package + "\", ";
    return "import sys\n"
           "from importlib.metadata import version, PackageNotFoundError\n"
           "found, missing = [], []\n"
           "for name in (" +
           names +
           "):\n"
           "    try:\n"
           "        found.append('%s %s' % (name, version(name)))\n"
           "    except PackageNotFoundError:\n"
           "        missing.append(name)\n"
           "if missing:\n"
           "    sys.exit('missing: ' + ', '.join(missing))\n"
           "print('Python %s; %s' % (sys.version.split()[0], ', '.join(found)))\n";
}

bool isPythonStackLine(const std::string& line) {
    if (line.rfind("Python 3.", 0) != 0 || line.find('\n') != std::string::npos)
        return false;
    size_t from = line.find("; ");
    if (from == std::string::npos)
        return false;
    for (const std::string& package : dataStackPackages()) {
        const size_t at = line.find(package + " ", from);
        if (at == std::string::npos)
            return false;
        from = at + package.size() + 1;
        if (from >= line.size() || line[from] < '0' || line[from] > '9')
            return false;
    }
    return true;
}

std::string probePythonStack(Tier& tier, std::string& problem) {
    RunRequest request;
    request.code = pythonStackProgram();
    request.policy.timeoutSeconds = 30;
    const RunResult result = tier.run(
        request, [](Stream, std::string_view) {}, std::stop_token{});
    std::string line = result.stdoutBytes;
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
        line.pop_back();
    if (result.exitCode == 0 && isPythonStackLine(line))
        return line;
    std::string said = result.stderrBytes;
    while (!said.empty() && (said.back() == '\n' || said.back() == '\r'))
        said.pop_back();
    if (const size_t lastLine = said.rfind('\n'); lastLine != std::string::npos)
        said = said.substr(lastLine + 1);
    problem = said.empty() ? "the version check printed \"" + line + "\"" : said;
    return {};
}

} // namespace sandbench
