#include "policy_options.h"

#include "commands.h"
#include "core/tier.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace sandbench::cli {

namespace {

std::string readPolicyFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw CliError("cannot read the policy file " + path);
    std::ostringstream contents;
    contents << file.rdbuf();
    return contents.str();
}

} // namespace

std::vector<std::string> interpreterFromArguments(Arguments& arguments) {
    const auto command = arguments.value("--interpreter");
    if (!command)
        return RunRequest{}.interpreter;
    std::vector<std::string> words;
    std::istringstream stream(*command);
    for (std::string word; stream >> word;)
        words.push_back(word);
    if (words.empty())
        throw UsageError("--interpreter: give the interpreter's path, e.g. /usr/bin/python3 -I -u");
    return words;
}

Policy policyFromArguments(Arguments& arguments) {
    Policy policy;
    if (const auto path = arguments.value("--policy")) {
        try {
            policy = Policy::fromJson(readPolicyFile(*path));
        } catch (const PolicyError& error) {
            throw CliError("the policy file " + *path + " is not usable: " + error.what());
        }
    }

    // Overrides go through Policy::fromJson too, so a limit given as an option obeys the same ranges.
    struct Override {
        const char* option;
        const char* key;
        const char* fractionalUnit; // seconds or CPUs; nullptr for a whole number
    };
    static constexpr Override overrides[] = {{"--timeout", "timeout_s", "seconds"},
                                             {"--memory", "memory_mb", nullptr},
                                             {"--cpus", "cpus", "CPUs"},
                                             {"--processes", "processes", nullptr},
                                             {"--file-size", "file_size_mb", nullptr},
                                             {"--output-cap", "output_cap_bytes", nullptr},
                                             {"--artifacts-max", "artifacts_max", nullptr},
                                             {"--artifacts-mb", "artifacts_mb", nullptr}};
    nlohmann::json merged = nlohmann::json::parse(policy.toJson());
    bool changed = false;
    for (const auto& entry : overrides) {
        if (const auto text = arguments.value(entry.option)) {
            if (entry.fractionalUnit)
                merged[entry.key] = parseNumber(entry.option, *text, 0, 1e9, entry.fractionalUnit);
            else
                merged[entry.key] = parseWhole(entry.option, *text, 0, 1LL << 40);
            changed = true;
        }
    }
    if (arguments.flag("--network")) {
        merged["network"] = true;
        changed = true;
    }
    // Added to the policy file's inputs; relative paths are the caller's, so they are made absolute here.
    for (const std::string& path : arguments.values("--input")) {
        if (path.empty())
            throw UsageError("--input: give a file or folder to show the program");
        merged["inputs"].push_back(std::filesystem::absolute(path).lexically_normal().string());
        changed = true;
    }
    if (!changed)
        return policy;
    try {
        return Policy::fromJson(merged.dump());
    } catch (const PolicyError& error) {
        for (const auto& entry : overrides) {
            if (error.key() == entry.key)
                throw UsageError(std::string(entry.option) + ": " + error.what());
        }
        if (error.key().rfind("inputs", 0) == 0)
            throw UsageError(std::string("--input: ") + error.what());
        throw UsageError(error.what());
    }
}

} // namespace sandbench::cli
