#include "policy.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace sandbench {

using nlohmann::json;

int Policy::effectiveCpuSeconds() const {
    return cpuSeconds > 0 ? cpuSeconds : static_cast<int>(std::ceil(timeoutSeconds)) + 1;
}

std::string Policy::summary() const {
    char cpuText[32];
    std::snprintf(cpuText, sizeof cpuText, "%g", cpus);
    char timeoutText[32];
    std::snprintf(timeoutText, sizeof timeoutText, "%g", timeoutSeconds);
    return std::string("timeout ") + timeoutText + " s, memory " + std::to_string(memoryMb) + " MB, " +
           std::to_string(processes) + " processes, " + cpuText + (cpus == 1.0 ? " CPU" : " CPUs") +
           ", files " + std::to_string(fileSizeMb) + " MB, network " + (network ? "on" : "off") +
           (inputs.empty()
                ? std::string()
                : ", " + std::to_string(inputs.size()) + (inputs.size() == 1 ? " input" : " inputs"));
}

namespace {

template <typename Number>
Number numberIn(const json& object, const char* key, double min, double max, const char* unit) {
    const json& value = object.at(key);
    const bool isInteger = value.is_number_integer() || value.is_number_unsigned();
    if constexpr (std::is_integral_v<Number>) {
        if (!isInteger)
            throw PolicyError(key,
                              std::string("policy key \"") + key + "\" must be a whole number of " + unit);
    } else if (!value.is_number()) {
        throw PolicyError(key, std::string("policy key \"") + key + "\" must be a number of " + unit);
    }
    const double asDouble = value.get<double>();
    if (!(asDouble >= min && asDouble <= max)) {
        throw PolicyError(key, std::string("policy key \"") + key + "\" is " + value.dump() + ", outside " +
                                   json(min).dump() + " to " + json(max).dump() + " " + unit);
    }
    return value.get<Number>();
}

std::vector<std::string> inputPaths(const json& value) {
    if (!value.is_array())
        throw PolicyError("inputs", "policy key \"inputs\" must be an array of absolute host paths");
    std::vector<std::string> paths;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const json& entry = value[i];
        const std::string key = "inputs[" + std::to_string(i) + "]";
        if (!entry.is_string())
            throw PolicyError(key, "policy key \"" + key + "\" must be a string, an absolute host path");
        const std::string path = entry.get<std::string>();
        // Relative paths would depend on where the policy happens to be read; NULs cannot name a file.
        if (path.empty() || path.front() != '/' || path.find('\0') != std::string::npos)
            throw PolicyError(key,
                              "policy key \"" + key + "\" is \"" + path + "\", not an absolute host path");
        paths.push_back(path);
    }
    return paths;
}

} // namespace

Policy Policy::fromJson(const std::string& text) {
    json object;
    try {
        object = json::parse(text);
    } catch (const json::parse_error& error) {
        throw PolicyError("", std::string("policy is not valid JSON: ") + error.what());
    }
    if (!object.is_object())
        throw PolicyError("", "policy must be a JSON object");

    Policy policy;
    for (const auto& [key, value] : object.items()) {
        if (key == "timeout_s")
            policy.timeoutSeconds = numberIn<double>(object, "timeout_s", 0.1, 3600, "seconds");
        else if (key == "cpu_s")
            policy.cpuSeconds = numberIn<int>(object, "cpu_s", 0, 3600, "seconds");
        else if (key == "memory_mb")
            policy.memoryMb = numberIn<std::int64_t>(object, "memory_mb", 32, 65536, "MB");
        else if (key == "cpus")
            policy.cpus = numberIn<double>(object, "cpus", 0.1, 64, "CPUs");
        else if (key == "processes")
            policy.processes = numberIn<int>(object, "processes", 1, 4096, "processes");
        else if (key == "file_size_mb")
            policy.fileSizeMb = numberIn<std::int64_t>(object, "file_size_mb", 1, 65536, "MB");
        else if (key == "workdir_mb")
            policy.workdirMb = numberIn<std::int64_t>(object, "workdir_mb", 1, 65536, "MB");
        else if (key == "output_cap_bytes")
            policy.outputCapBytes = numberIn<std::int64_t>(object, "output_cap_bytes", 1, 1 << 30, "bytes");
        else if (key == "inputs")
            policy.inputs = inputPaths(value);
        else if (key == "inputs_mb")
            policy.inputsMb = numberIn<std::int64_t>(object, "inputs_mb", 0, 65536, "MB");
        else if (key == "artifacts_max")
            policy.artifactsMax = numberIn<int>(object, "artifacts_max", 0, 1000, "files");
        else if (key == "artifacts_mb")
            policy.artifactsMb = numberIn<std::int64_t>(object, "artifacts_mb", 0, 1024, "MB");
        else if (key == "network") {
            if (!value.is_boolean())
                throw PolicyError(key, "policy key \"network\" must be true or false");
            policy.network = value.get<bool>();
        } else if (key == "env") {
            if (!value.is_object())
                throw PolicyError(key, "policy key \"env\" must be an object of strings");
            policy.environment.clear();
            for (const auto& [name, setting] : value.items()) {
                if (!setting.is_string())
                    throw PolicyError("env." + name, "policy key \"env." + name + "\" must be a string");
                if (name.empty() || name.find('=') != std::string::npos ||
                    name.find('\0') != std::string::npos)
                    throw PolicyError("env." + name,
                                      "policy key \"env." + name + "\" is not a valid variable name");
                policy.environment[name] = setting.get<std::string>();
            }
        } else {
            throw PolicyError(
                key, "unknown policy key \"" + key +
                         "\" (known: timeout_s, cpu_s, memory_mb, cpus, processes, file_size_mb, "
                         "workdir_mb, output_cap_bytes, network, env, inputs, inputs_mb, artifacts_max, "
                         "artifacts_mb)");
        }
    }
    return policy;
}

std::string Policy::toJson() const {
    json object{{"timeout_s", timeoutSeconds},
                {"cpu_s", cpuSeconds},
                {"memory_mb", memoryMb},
                {"cpus", cpus},
                {"processes", processes},
                {"file_size_mb", fileSizeMb},
                {"workdir_mb", workdirMb},
                {"output_cap_bytes", outputCapBytes},
                {"network", network},
                {"env", environment},
                {"inputs", inputs},
                {"inputs_mb", inputsMb},
                {"artifacts_max", artifactsMax},
                {"artifacts_mb", artifactsMb}};
    return object.dump(2);
}

} // namespace sandbench
