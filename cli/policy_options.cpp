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
    const bool wholeNetwork = arguments.flag("--network");
    if (wholeNetwork) {
        merged["network"] = true;
        changed = true;
    }
    // An allow list, added to the policy file's: the proxy is then the only way out.
    const std::vector<std::string> allowed = arguments.values("--allow");
    const std::vector<std::string> allowedIps = arguments.values("--allow-ip");
    if (!allowed.empty() || !allowedIps.empty()) {
        if (wholeNetwork)
            throw UsageError("--allow and --network: give one (--network is the whole host network)");
        if (!merged["network"].is_object())
            merged["network"] = nlohmann::json::object();
        for (const std::string& host : allowed)
            merged["network"]["allow"].push_back(host);
        for (const std::string& range : allowedIps)
            merged["network"]["allow_ips"].push_back(range);
        changed = true;
    }
    // NAME=ENVVAR@HOST[,HOST]: names and hosts only; the value stays in Sandbench's environment.
    for (const std::string& text : arguments.values("--secret")) {
        const std::size_t equals = text.find('='), at = text.find('@');
        if (equals == std::string::npos || at == std::string::npos || at < equals || at + 1 == text.size())
            throw UsageError("--secret " + text +
                             ": give NAME=ENVVAR@HOST[,HOST], e.g. "
                             "API_KEY=OUR_API_KEY@api.example.com");
        nlohmann::json hosts = nlohmann::json::array();
        std::istringstream list(text.substr(at + 1));
        for (std::string host; std::getline(list, host, ',');)
            hosts.push_back(host);
        merged["secrets"].push_back({{"name", text.substr(0, equals)},
                                     {"from_env", text.substr(equals + 1, at - equals - 1)},
                                     {"hosts", hosts}});
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
        if (error.key().rfind("network", 0) == 0)
            throw UsageError(std::string("--allow: ") + error.what());
        if (error.key().rfind("secrets", 0) == 0)
            throw UsageError(std::string("--secret: ") + error.what());
        throw UsageError(error.what());
    }
}

} // namespace sandbench::cli
