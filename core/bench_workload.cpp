#include "bench_workload.h"

#include "metadata_header.h"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

namespace sandbench {

namespace {

WorkloadError errorIn(const std::string& fileName, int line, const std::string& message) {
    return WorkloadError(fileName + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": " + message);
}

std::vector<std::string> splitAtCommas(const std::string& text) {
    std::vector<std::string> parts;
    std::istringstream stream(text);
    for (std::string part; std::getline(stream, part, ',');)
        if (std::string word = trimmed(part); !word.empty())
            parts.push_back(std::move(word));
    return parts;
}

} // namespace

Workload printWorkload() {
    Workload workload;
    workload.name = "print";
    workload.measures = "interpreter start: print(1) and nothing else";
    workload.prints = "1";
    workload.code = "print(1)\n";
    return workload;
}

Workload parseWorkload(const std::string& fileName, const std::string& text) {
    if (text.size() > kMaximumWorkloadBytes)
        throw errorIn(fileName, 0,
                      "is " + std::to_string(text.size()) + " bytes; a workload may have at most " +
                          std::to_string(kMaximumWorkloadBytes));
    Workload workload;
    workload.fileName = fileName;
    workload.code = text;
    std::set<std::string> seen;
    int lineNumber = 0;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        ++lineNumber;
        std::string key, value;
        if (!parseHeaderLine(line, key, value))
            break;
        if (value.empty())
            throw errorIn(fileName, lineNumber, "header key \"" + key + "\" has no value");
        if (!seen.insert(key).second)
            throw errorIn(fileName, lineNumber, "header key \"" + key + "\" appears twice");
        if (key == "name")
            workload.name = value;
        else if (key == "measures")
            workload.measures = value;
        else if (key == "prints")
            workload.prints = value;
        else if (key == "policy")
            workload.policyJson = value;
        else
            throw errorIn(fileName, lineNumber,
                          "unknown header key \"" + key +
                              "\" (a workload has name, measures, prints, policy)");
    }
    if (seen.empty())
        throw errorIn(fileName, 1,
                      "missing the metadata header: line 1 must be a comment like \"# name: ...\"");
    for (const char* required : {"name", "measures", "prints"})
        if (!seen.contains(required))
            throw errorIn(fileName, 0, std::string("the header has no \"# ") + required + ": ...\" line");
    if (!std::all_of(workload.name.begin(), workload.name.end(), isKeyCharacter))
        throw errorIn(fileName, 0,
                      "the name \"" + workload.name +
                          "\" may hold only a-z, 0-9, '_' and '-' (--workload uses it)");
    workloadPolicy(Policy{}, workload); // a bad policy fails at load, not in the middle of a bench
    return workload;
}

Workload loadWorkloadFile(const std::filesystem::path& path) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error))
        throw WorkloadError(path.string() + ": no such workload file");
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof())
        throw WorkloadError(path.string() + ": cannot read it");
    return parseWorkload(path.filename().string(), text.str());
}

std::vector<Workload> loadWorkloadFolder(const std::filesystem::path& folder) {
    std::error_code error;
    if (!std::filesystem::is_directory(folder, error))
        throw WorkloadError(folder.string() + ": not a folder of workloads");
    std::vector<std::filesystem::path> files;
    for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
        if (it->path().extension() == ".py" && it->is_regular_file())
            files.push_back(it->path());
    if (error)
        throw WorkloadError(folder.string() + ": cannot list the folder: " + error.message());
    if (files.empty())
        throw WorkloadError(folder.string() + ": holds no *.py workloads");
    std::sort(files.begin(), files.end());
    std::vector<Workload> workloads;
    std::set<std::string> names;
    for (const auto& file : files) {
        Workload workload = loadWorkloadFile(file);
        if (!names.insert(workload.name).second)
            throw errorIn(workload.fileName, 0,
                          "another workload is already named \"" + workload.name + "\"");
        workloads.push_back(std::move(workload));
    }
    return workloads;
}

std::vector<Workload> chooseWorkloads(const std::vector<std::string>& choices,
                                      const std::filesystem::path& folder) {
    std::vector<Workload> bundled;
    bool bundledLoaded = false;
    const auto folderWorkloads = [&]() -> const std::vector<Workload>& {
        if (!bundledLoaded) {
            bundled = loadWorkloadFolder(folder);
            bundledLoaded = true;
        }
        return bundled;
    };
    std::vector<Workload> chosen;
    const auto add = [&chosen](const Workload& workload) {
        if (std::find(chosen.begin(), chosen.end(), workload) == chosen.end())
            chosen.push_back(workload);
    };
    for (const std::string& choice : choices) {
        for (const std::string& word : splitAtCommas(choice)) {
            if (word == "all") {
                for (const Workload& workload : folderWorkloads())
                    add(workload);
            } else if (word.find('/') != std::string::npos || word.ends_with(".py")) {
                add(loadWorkloadFile(word));
            } else {
                const auto& inFolder = folderWorkloads();
                const auto found =
                    std::find_if(inFolder.begin(), inFolder.end(),
                                 [&](const Workload& workload) { return workload.name == word; });
                if (found == inFolder.end()) {
                    std::string known;
                    for (const Workload& workload : inFolder)
                        known += (known.empty() ? "" : ", ") + workload.name;
                    throw WorkloadError("no workload named \"" + word + "\" in " + folder.string() +
                                        " (there are: " + known + ", or all, or a FILE.py)");
                }
                add(*found);
            }
        }
    }
    if (chosen.empty())
        throw WorkloadError("--workload names no workload");
    return chosen;
}

Policy workloadPolicy(const Policy& base, const Workload& workload) {
    if (workload.policyJson.empty())
        return base;
    const nlohmann::json overlay = nlohmann::json::parse(workload.policyJson, nullptr, false);
    if (!overlay.is_object())
        throw errorIn(workload.fileName, 0,
                      "\"# policy:\" must be a JSON object on one line, e.g. {\"timeout_s\": 60}");
    nlohmann::json merged = nlohmann::json::parse(base.toJson());
    for (const auto& [key, value] : overlay.items())
        merged[key] = value;
    try {
        return Policy::fromJson(merged.dump());
    } catch (const PolicyError& error) {
        throw errorIn(workload.fileName, 0, std::string("its policy: ") + error.what());
    }
}

} // namespace sandbench
