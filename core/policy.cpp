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
           ", files " + std::to_string(fileSizeMb) + " MB, network " +
           (network ? std::string("on")
            : egress.active()
                ? "to " + std::to_string(egress.allow.size() + egress.allowIps.size()) +
                      (egress.allow.size() + egress.allowIps.size() == 1 ? " allowed host" : " allowed hosts")
                : std::string("off")) +
           (egress.secrets.empty() ? std::string()
                                   : ", " + std::to_string(egress.secrets.size()) +
                                         (egress.secrets.size() == 1 ? " secret" : " secrets")) +
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

std::vector<std::string> stringsIn(const json& value, const std::string& key) {
    if (!value.is_array())
        throw PolicyError(key, "policy key \"" + key + "\" must be an array of strings");
    std::vector<std::string> strings;
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (!value[i].is_string())
            throw PolicyError(key + "[" + std::to_string(i) + "]",
                              "policy key \"" + key + "[" + std::to_string(i) + "]\" must be a string");
        strings.push_back(value[i].get<std::string>());
    }
    return strings;
}

// "network": false, true, or {"allow": ["api.example.com", "*.example.org:443"], "allow_ips": [...]}.
void readNetwork(const json& value, Policy& policy) {
    if (value.is_boolean()) {
        policy.network = value.get<bool>();
        return;
    }
    if (!value.is_object())
        throw PolicyError("network",
                          "policy key \"network\" must be true, false or {\"allow\": [host names]}");
    policy.network = false;
    for (const auto& [key, entry] : value.items()) {
        const std::string path = "network." + key;
        if (key == "allow") {
            for (const std::string& text : stringsIn(entry, path)) {
                AllowedHost host;
                std::string why;
                if (!AllowedHost::parse(text, host, why))
                    throw PolicyError(path, "policy key \"" + path + "\": " + why);
                policy.egress.allow.push_back(host);
            }
        } else if (key == "allow_ips") {
            for (const std::string& text : stringsIn(entry, path)) {
                if (!isAddressRange(text))
                    throw PolicyError(path, "policy key \"" + path + "\": \"" + text +
                                                "\" is not an address or a range (e.g. 203.0.113.0/24)");
                policy.egress.allowIps.push_back(text);
            }
        } else {
            throw PolicyError(path, "unknown policy key \"" + path + "\" (known: allow, allow_ips)");
        }
    }
    if (!policy.egress.active())
        throw PolicyError("network",
                          "policy key \"network\" has an empty allow list: say false for no network");
}

// "secrets": [{"name": "API_KEY", "from_env": "OUR_API_KEY", "hosts": ["api.example.com"],
//              "header": "Authorization"}]
std::vector<SecretRule> readSecrets(const json& value) {
    if (!value.is_array())
        throw PolicyError("secrets", "policy key \"secrets\" must be an array of objects");
    std::vector<SecretRule> secrets;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const std::string path = "secrets[" + std::to_string(i) + "]";
        const json& entry = value[i];
        if (!entry.is_object())
            throw PolicyError(path, "policy key \"" + path + "\" must be an object");
        SecretRule secret;
        for (const auto& [key, field] : entry.items()) {
            const std::string fieldPath = path + "." + key;
            if (key == "hosts") {
                secret.hosts = stringsIn(field, fieldPath);
                continue;
            }
            if (!field.is_string())
                throw PolicyError(fieldPath, "policy key \"" + fieldPath + "\" must be a string");
            if (key == "name")
                secret.name = field.get<std::string>();
            else if (key == "from_env")
                secret.fromEnv = field.get<std::string>();
            else if (key == "header")
                secret.header = field.get<std::string>();
            else
                throw PolicyError(fieldPath, "unknown policy key \"" + fieldPath +
                                                 "\" (known: name, from_env, hosts, header; a value is never "
                                                 "written in a policy)");
        }
        if (!isVariableName(secret.name))
            throw PolicyError(path + ".name", "policy key \"" + path + ".name\" must be a variable name");
        if (!secret.fromEnv.empty() && !isVariableName(secret.fromEnv))
            throw PolicyError(path + ".from_env",
                              "policy key \"" + path + ".from_env\" must be a variable name");
        if (secret.hosts.empty())
            throw PolicyError(path + ".hosts", "policy key \"" + path +
                                                   ".hosts\" must list the hosts the "
                                                   "secret may go to");
        if (secret.header.empty() || secret.header.find_first_of(":\r\n ") != std::string::npos)
            throw PolicyError(path + ".header", "policy key \"" + path + ".header\" must be a header name");
        for (const SecretRule& earlier : secrets)
            if (earlier.name == secret.name)
                throw PolicyError(path + ".name", "secret " + secret.name + " is listed twice");
        secrets.push_back(std::move(secret));
    }
    return secrets;
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
        else if (key == "network")
            readNetwork(value, policy);
        else if (key == "secrets")
            policy.egress.secrets = readSecrets(value);
        else if (key == "env") {
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
            throw PolicyError(key,
                              "unknown policy key \"" + key +
                                  "\" (known: timeout_s, cpu_s, memory_mb, cpus, processes, file_size_mb, "
                                  "workdir_mb, output_cap_bytes, network, secrets, env, inputs, inputs_mb, "
                                  "artifacts_max, artifacts_mb)");
        }
    }
    // A secret travels only through the egress proxy, to hosts the allow list lets the program reach.
    for (const SecretRule& secret : policy.egress.secrets) {
        if (!policy.egress.active())
            throw PolicyError("secrets",
                              "policy key \"secrets\" needs \"network\": {\"allow\": [...]} naming "
                              "their hosts: only the egress proxy can put a secret into a request");
        for (const std::string& host : secret.hosts) {
            bool allowed = false;
            for (const AllowedHost& entry : policy.egress.allow)
                allowed = allowed || entry.matches(host, entry.port ? entry.port : 443);
            if (!allowed)
                throw PolicyError("secrets", "policy key \"secrets\": " + secret.name + " may go to " + host +
                                                 ", which the network allow list does not name");
        }
        if (policy.environment.count(secret.name))
            throw PolicyError("secrets",
                              "policy key \"secrets\": " + secret.name +
                                  " is also set in env; a secret's variable holds only its placeholder");
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
    if (egress.active()) {
        json allowList = json::array();
        for (const AllowedHost& host : egress.allow)
            allowList.push_back(host.text());
        object["network"] = json{{"allow", allowList}};
        if (!egress.allowIps.empty())
            object["network"]["allow_ips"] = egress.allowIps;
    }
    if (!egress.secrets.empty()) {
        json secretList = json::array();
        for (const SecretRule& secret : egress.secrets) {
            json entry{{"name", secret.name}, {"hosts", secret.hosts}, {"header", secret.header}};
            if (!secret.fromEnv.empty())
                entry["from_env"] = secret.fromEnv;
            secretList.push_back(entry);
        }
        object["secrets"] = secretList;
    }
    return object.dump(2);
}

} // namespace sandbench
