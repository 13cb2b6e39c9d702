#include "attack_suite.h"

#include "enum_names.h"
#include "metadata_header.h"
#include "quota_probe.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace sandbench {

namespace {

std::string describe(const std::string& fileName, int line, const std::string& message) {
    return fileName + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message;
}

void applyExpectation(Attack& attack, const std::string& value, const std::string& fileName, int line) {
    std::istringstream words(value);
    std::string form, marker, extra;
    words >> form >> marker >> extra;
    if (form == "stopped" && marker.empty()) {
        attack.expectation = Expectation::Stopped;
        return;
    }
    if (form == "survivor" && marker.empty()) {
        attack.expectation = Expectation::Survivor;
        return;
    }
    if (form == "starves" && isKnownQuota(marker) && extra.empty()) {
        attack.expectation = Expectation::Starves;
        attack.quota = marker;
        return;
    }
    if (form == "artifacts" && isKnownArtifactRule(marker) && extra.empty()) {
        attack.expectation = Expectation::Artifacts;
        attack.artifactRule = marker;
        return;
    }
    if (form == "egress" && (marker.empty() || marker == "works") && extra.empty()) {
        attack.expectation = Expectation::Egress;
        attack.functionCheck = marker == "works";
        return;
    }
    if (form == "marker" && !marker.empty() && extra.empty()) {
        attack.expectation = Expectation::Marker;
        attack.marker = marker;
        return;
    }
    throw AttackSuiteError(
        fileName, line,
        "unknown expect form \"" + value +
            "\" (use \"marker WORD\", \"stopped\", \"survivor\", \"starves "
            "inotify|signals\", \"artifacts leak|caps|names|types\" or \"egress [works]\")");
}

} // namespace

std::string_view toString(Expectation expectation) {
    switch (expectation) {
    case Expectation::Marker:
        return "marker";
    case Expectation::Stopped:
        return "stopped";
    case Expectation::Survivor:
        return "survivor";
    case Expectation::Starves:
        return "starves";
    case Expectation::Artifacts:
        return "artifacts";
    case Expectation::Egress:
        return "egress";
    }
    return "marker";
}

std::optional<Expectation> expectationFromString(std::string_view name) {
    return enumFromString(name, Expectation::Egress);
}

bool isKnownArtifactRule(std::string_view rule) {
    return rule == "leak" || rule == "caps" || rule == "names" || rule == "types";
}

AttackSuiteError::AttackSuiteError(std::string fileName, int line, const std::string& message)
    : std::runtime_error(describe(fileName, line, message))
    , m_fileName(std::move(fileName))
    , m_line(line)
    , m_message(message) {}

Attack parseAttack(const std::string& fileName, const std::string& text) {
    Attack attack;
    attack.fileName = fileName;
    attack.code = text;

    int lineNumber = 0;
    int expectLine = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos)
            end = text.size();
        const std::string_view line(text.data() + start, end - start);
        start = end + 1;
        ++lineNumber;

        std::string key, value;
        if (!parseHeaderLine(line, key, value))
            break;
        if (value.empty())
            throw AttackSuiteError(fileName, lineNumber, "header key \"" + key + "\" has no value");
        if (!attack.metadata.emplace(key, value).second)
            throw AttackSuiteError(fileName, lineNumber, "header key \"" + key + "\" appears twice");
        if (key == "expect")
            expectLine = lineNumber;
    }

    if (attack.metadata.empty()) {
        throw AttackSuiteError(fileName, 1,
                               "missing the metadata header: line 1 must be a comment like \"# name: ...\"");
    }
    const auto name = attack.metadata.find("name");
    if (name == attack.metadata.end())
        throw AttackSuiteError(fileName, 0, "the header has no \"# name: ...\" line");
    attack.name = name->second;
    const auto expect = attack.metadata.find("expect");
    if (expect == attack.metadata.end()) {
        throw AttackSuiteError(fileName, 0,
                               "the header has no \"# expect: ...\" line (\"marker WORD\" or \"stopped\")");
    }
    applyExpectation(attack, expect->second, fileName, expectLine);
    if (const auto category = attack.metadata.find("category"); category != attack.metadata.end())
        attack.category = category->second;
    if (const auto expected = attack.metadata.find("expected"); expected != attack.metadata.end()) {
        std::istringstream words(expected->second);
        for (std::string word; words >> word;) {
            if (word == "shared-kernel") {
                attack.expectedOn.insert(attack.expectedOn.end(), {"subprocess", "container"});
            } else if (std::all_of(word.begin(), word.end(), isKeyCharacter)) {
                attack.expectedOn.push_back(word);
            } else {
                throw AttackSuiteError(fileName, 0, "\"expected\" lists tier names, not \"" + word + "\"");
            }
        }
    }
    if (const auto protection = attack.metadata.find("protection"); protection != attack.metadata.end()) {
        std::istringstream words(protection->second);
        for (std::string word; words >> word;) {
            if (!std::all_of(word.begin(), word.end(), isKeyCharacter))
                throw AttackSuiteError(
                    fileName, 0, "\"protection\" lists names such as aggregate-memory, not \"" + word + "\"");
            attack.protections.push_back(word);
        }
    }
    if (const auto needs = attack.metadata.find("needs"); needs != attack.metadata.end()) {
        std::istringstream words(needs->second);
        for (std::string word; words >> word;) {
            if (word == "root")
                attack.needsRoot = true;
            else if (word == "modules")
                attack.needsModules = true;
            else
                throw AttackSuiteError(
                    fileName, 0, "unknown \"needs\" value \"" + word + "\" (use \"root\" or \"modules\")");
        }
    }
    if (const auto includes = attack.metadata.find("include"); includes != attack.metadata.end()) {
        std::istringstream words(includes->second);
        for (std::string word; words >> word;) {
            // Names only, never paths: an include cannot reach outside the suite's include/ folder.
            if (!std::all_of(word.begin(), word.end(), isKeyCharacter))
                throw AttackSuiteError(fileName, 0,
                                       "\"include\" lists names of files in include/ without \".py\" "
                                       "(letters, digits, '_' and '-'), not \"" +
                                           word + "\"");
            attack.includes.push_back(word);
        }
    }
    if (const auto surface = attack.metadata.find("surface"); surface != attack.metadata.end()) {
        if (surface->second != "kernel")
            throw AttackSuiteError(fileName, 0,
                                   "unknown \"surface\" value \"" + surface->second + "\" (use \"kernel\")");
        attack.kernelSurface = true;
    }
    if (const auto inputs = attack.metadata.find("inputs"); inputs != attack.metadata.end()) {
        if (inputs->second != "planted")
            throw AttackSuiteError(fileName, 0,
                                   "unknown \"inputs\" value \"" + inputs->second + "\" (use \"planted\")");
        attack.plantedInputs = true;
    }
    if (const auto network = attack.metadata.find("network"); network != attack.metadata.end()) {
        if (network->second != "allow")
            throw AttackSuiteError(fileName, 0,
                                   "unknown \"network\" value \"" + network->second + "\" (use \"allow\")");
        attack.allowListedNetwork = true;
    }
    if ((attack.expectation == Expectation::Egress) != attack.allowListedNetwork)
        throw AttackSuiteError(fileName, 0,
                               "\"expect: egress\" and \"network: allow\" go together: the judge reads the "
                               "listeners of the network the harness gives the attack");
    if (const auto runs = attack.metadata.find("runs"); runs != attack.metadata.end()) {
        if (runs->second != "alone")
            throw AttackSuiteError(fileName, 0,
                                   "unknown \"runs\" value \"" + runs->second + "\" (use \"alone\")");
        attack.runsAlone = true;
    }
    // Their verdict is a matter of time or of the whole host: never beside another attack.
    if (attack.expectation != Expectation::Marker && attack.expectation != Expectation::Artifacts &&
        attack.expectation != Expectation::Egress)
        attack.runsAlone = true;
    return attack;
}

std::string unmetNeeds(const Attack& attack) {
    std::string unmet;
    if (attack.needsRoot && ::geteuid() != 0)
        unmet = "not running as root";
    std::error_code error;
    if (attack.needsModules && !std::filesystem::exists("/proc/modules", error))
        unmet +=
            std::string(unmet.empty() ? "" : "; ") + "this kernel has no loadable modules (no /proc/modules)";
    return unmet;
}

bool isExpectedOn(const Attack& attack, const std::string& tierName, bool controlTier) {
    // A function check must get through everywhere: that it did is the tier working, not a hole.
    return controlTier || attack.functionCheck ||
           std::find(attack.expectedOn.begin(), attack.expectedOn.end(), tierName) != attack.expectedOn.end();
}

void resolveIncludes(Attack& attack, const std::filesystem::path& suiteFolder) {
    if (attack.includes.empty())
        return;
    // The header ends at the first line that is not "# key: value".
    std::size_t headerEnd = 0;
    while (headerEnd < attack.code.size()) {
        const std::size_t newline = attack.code.find('\n', headerEnd);
        const std::size_t end = newline == std::string::npos ? attack.code.size() : newline;
        std::string key, value;
        if (!parseHeaderLine(std::string_view(attack.code).substr(headerEnd, end - headerEnd), key, value))
            break;
        headerEnd = std::min(end + 1, attack.code.size());
    }
    std::string spliced = attack.code.substr(0, headerEnd);
    if (!spliced.empty() && !spliced.ends_with('\n'))
        spliced += '\n';
    for (const auto& name : attack.includes) {
        const std::filesystem::path path = suiteFolder / "include" / (name + ".py");
        std::ifstream file(path, std::ios::binary);
        std::ostringstream contents;
        contents << file.rdbuf();
        if (!file)
            throw AttackSuiteError(attack.fileName, 0, "cannot read the include " + path.string());
        std::string text = contents.str();
        if (!text.empty() && !text.ends_with('\n'))
            text += '\n';
        spliced +=
            "# ---- include/" + name + ".py ----\n" + text + "# ---- end of include/" + name + ".py ----\n";
    }
    attack.code = spliced + attack.code.substr(headerEnd);
}

std::vector<Attack> loadAttackSuite(const std::filesystem::path& folder) {
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error))
        throw AttackSuiteError(folder.string(), 0, "not a folder of attacks");

    std::vector<std::filesystem::path> files;
    // increment(error), not a range-for, whose increment throws on a read error.
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end;
         it.increment(error)) {
        std::error_code notAFile;
        if (it->path().extension() == ".py" && it->is_regular_file(notAFile))
            files.push_back(it->path());
    }
    if (error)
        throw AttackSuiteError(folder.string(), 0, "cannot list the folder: " + error.message());
    if (files.empty())
        throw AttackSuiteError(folder.string(), 0, "holds no *.py attacks");
    std::sort(files.begin(), files.end(),
              [](const auto& a, const auto& b) { return a.filename().string() < b.filename().string(); });

    std::vector<Attack> suite;
    for (const auto& path : files) {
        std::ifstream file(path, std::ios::binary);
        std::ostringstream contents;
        contents << file.rdbuf();
        if (!file)
            throw AttackSuiteError(path.string(), 0, "cannot read the file");
        Attack attack;
        try {
            attack = parseAttack(path.filename().string(), contents.str());
            resolveIncludes(attack, folder);
        } catch (const AttackSuiteError& bad) { // name the whole path, so the user can open the file
            throw AttackSuiteError(path.string(), bad.line(), bad.message());
        }
        for (const auto& earlier : suite) {
            if (earlier.name == attack.name) {
                throw AttackSuiteError(path.string(), 0,
                                       "the name \"" + attack.name + "\" is already used by " +
                                           earlier.fileName);
            }
        }
        suite.push_back(std::move(attack));
    }
    return suite;
}

} // namespace sandbench
