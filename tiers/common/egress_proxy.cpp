#include "egress_proxy.h"

#include "core/random_token.h"
#include "core/run_result.h"
#include "core/tier.h"
#include "egress_addon_py.h"
#include "process_spawn.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <spawn.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>

extern char** environ;

namespace sandbench {

using nlohmann::json;

namespace {

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The proxy's own last words, for a start that failed: its log's last few lines.
std::string logTail(const std::string& path) {
    std::string text = readFile(path);
    if (text.size() > 600)
        text = "…" + text.substr(text.size() - 600);
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    return text;
}

bool writePrivateFile(const std::string& path, const std::string& bytes, std::string& error) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        error = "cannot write " + path + ": " + std::strerror(errno);
        return false;
    }
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t written = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0) {
            error = "cannot write " + path + ": " + std::strerror(errno);
            ::close(fd);
            return false;
        }
        done += static_cast<std::size_t>(written);
    }
    return ::close(fd) == 0;
}

} // namespace

std::string EgressProxy::mitmdumpPath() {
    if (const char* chosen = std::getenv("SANDBENCH_MITMDUMP"); chosen && *chosen)
        return ::access(chosen, X_OK) == 0 ? chosen : std::string();
    return findOnPath("mitmdump");
}

std::string EgressProxy::unavailableReason() {
    if (mitmdumpPath().empty())
        return "a network allow list needs mitmproxy's mitmdump, which is not installed here: install the "
               "Debian package mitmproxy (scripts/install-deps.sh does), or set SANDBENCH_MITMDUMP";
    if (findOnPath("setpriv").empty())
        return "a network allow list needs setpriv (util-linux) to tie the proxy's life to Sandbench's";
    return {};
}

bool startEgressProxyFor(const RunRequest& request, EgressProxy& proxy, std::string& error) {
    if (const std::string why = EgressProxy::unavailableReason(); !why.empty()) {
        error = why + "; no user code ran";
        return false;
    }
    EgressProxy::Settings settings;
    settings.policy = request.policy.egress;
    if (!resolveSecretValues(request.policy.egress, request.secretValues, settings.secretValues, error))
        return false;
    const char* hostsFromEnvironment = std::getenv("SANDBENCH_EGRESS_HOSTS");
    const std::string hostsFile = !request.egressHostsFile.empty() ? request.egressHostsFile
                                  : hostsFromEnvironment           ? hostsFromEnvironment
                                                                   : "";
    if (!hostsFile.empty() && !readHostsFile(hostsFile, settings.hosts, error)) {
        error += "; no user code ran";
        return false;
    }
    const char* caFromEnvironment = std::getenv("SANDBENCH_EGRESS_CA");
    if (!request.egressTrustedCa.empty())
        settings.upstreamCaFile = request.egressTrustedCa;
    else if (caFromEnvironment && *caFromEnvironment)
        settings.upstreamCaFile = caFromEnvironment;
    if (!proxy.start(settings, error)) {
        error += "; no user code ran";
        return false;
    }
    return true;
}

void finishEgress(EgressProxy& proxy, RunResult& result) {
    proxy.stop();
    result.egress = proxy.events();
    if (result.stoppedBy != StopReason::None || result.exitCode.value_or(0) == 0)
        return;
    for (const EgressEvent& event : result.egress) {
        if (event.decision == "denied" || event.decision == "refused") {
            result.stoppedBy = StopReason::NoNetwork;
            result.evidence = "the egress proxy " + event.text() + " (the policy's allow list" +
                              (event.decision == "refused" ? " and secret rules)" : ")");
            return;
        }
    }
}

bool readHostsFile(const std::string& path, std::map<std::string, std::string>& hosts, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "cannot read the egress hosts file " + path + ": " + std::strerror(errno);
        return false;
    }
    std::string line;
    while (std::getline(in, line)) {
        line = line.substr(0, line.find('#'));
        std::istringstream words(line);
        std::string address, name;
        if (!(words >> address))
            continue;
        if (!isAddressRange(address) || address.find('/') != std::string::npos) {
            error = "the egress hosts file " + path + " has \"" + address + "\" where an address belongs";
            return false;
        }
        while (words >> name) {
            for (char& c : name)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            hosts[name] = address;
        }
    }
    return true;
}

bool resolveSecretValues(const EgressPolicy& policy, const std::map<std::string, std::string>& given,
                         std::map<std::string, std::string>& values, std::string& error) {
    for (const SecretRule& secret : policy.secrets) {
        if (const auto found = given.find(secret.name); found != given.end() && !found->second.empty()) {
            values[secret.name] = found->second;
            continue;
        }
        const char* fromEnvironment = secret.fromEnv.empty() ? nullptr : std::getenv(secret.fromEnv.c_str());
        if (!fromEnvironment || !*fromEnvironment) {
            error = "secret " + secret.name + " has no value: " +
                    (secret.fromEnv.empty() ? std::string("give it in the workbench's secret field")
                                            : "set " + secret.fromEnv + " in Sandbench's environment") +
                    "; no user code ran";
            return false;
        }
        values[secret.name] = fromEnvironment;
    }
    return true;
}

std::map<std::string, std::string> egressEnvironment(const std::string& proxyUrl, const std::string& caPath,
                                                     const std::map<std::string, std::string>& placeholders) {
    std::map<std::string, std::string> environment;
    for (const char* name :
         {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"})
        environment[name] = proxyUrl;
    for (const char* name : {"SSL_CERT_FILE", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"})
        environment[name] = caPath;
    for (const auto& [name, placeholder] : placeholders)
        environment[name] = placeholder;
    return environment;
}

std::string EgressProxy::urlInside(int port) const {
    return "http://" + m_credentials + "@127.0.0.1:" + std::to_string(port);
}

EgressProxy::~EgressProxy() {
    stop();
}

bool EgressProxy::start(const Settings& settings, std::string& error, double timeoutSeconds) {
    if (const std::string why = unavailableReason(); !why.empty()) {
        error = why;
        return false;
    }
    std::map<std::string, std::string> values = settings.secretValues;
    for (const SecretRule& secret : settings.policy.secrets) {
        if (values[secret.name].empty()) {
            error = "secret " + secret.name + " has no value; no user code ran";
            return false;
        }
    }
    m_folder = TempFolder::create("sandbench-egress-", error);
    if (!m_folder.valid())
        return false;
    const std::string& folder = m_folder.path();
    ::chmod(folder.c_str(), 0700);

    json allow = json::array();
    for (const AllowedHost& host : settings.policy.allow) {
        json entry{{"host", host.host}, {"port", nullptr}};
        if (host.port)
            entry["port"] = host.port;
        allow.push_back(entry);
    }
    json secrets = json::array();
    for (const SecretRule& secret : settings.policy.secrets) {
        // Random, and long enough that no program guesses another run's: the only form of the secret the
        // sandbox ever holds.
        const std::string placeholder = "sandbench-secret-" + randomHexToken(24);
        m_placeholders[secret.name] = placeholder;
        secrets.push_back({{"name", secret.name},
                           {"placeholder", placeholder},
                           {"value", values[secret.name]},
                           {"hosts", secret.hosts},
                           {"header", secret.header}});
    }
    // Basic proxy credentials, random per run: the sandbox's proxy URL holds them, no other client has them.
    m_credentials = "sandbench:" + randomHexToken(16);
    m_eventsPath = folder + "/events.jsonl";
    const json config{
        {"credentials", m_credentials}, {"allow", allow},     {"allow_ips", settings.policy.allowIps},
        {"hosts", settings.hosts},      {"secrets", secrets}, {"events", m_eventsPath}};
    const std::string addonPath = folder + "/egress_addon.py";
    const std::string configPath = folder + "/settings.json";
    const std::string logPath = folder + "/proxy.log";
    if (!writePrivateFile(addonPath, std::string(kEgressAddon), error) ||
        !writePrivateFile(configPath, config.dump(), error) || !writePrivateFile(m_eventsPath, {}, error))
        return false;

    // setpriv ties the proxy's life to this thread's: if Sandbench is killed, the kernel kills the proxy.
    const std::vector<std::string> argv{findOnPath("setpriv"),
                                        "--pdeathsig",
                                        "KILL",
                                        "--",
                                        mitmdumpPath(),
                                        "-q",
                                        "--listen-host",
                                        "127.0.0.1",
                                        "--listen-port",
                                        "0",
                                        "--set",
                                        "confdir=" + folder + "/ca",
                                        "--set",
                                        "connection_strategy=lazy",
                                        "--set",
                                        "ssl_verify_upstream_trusted_ca=" + settings.upstreamCaFile,
                                        "--set",
                                        "termlog_verbosity=warn",
                                        "-s",
                                        addonPath,
                                        "--set",
                                        "sandbench_config=" + configPath};
    std::vector<std::string> args = argv;
    std::vector<char*> pointers;
    for (auto& arg : args)
        pointers.push_back(arg.data());
    pointers.push_back(nullptr);
    // Its own environment: nothing of Sandbench's (API keys among it) is the proxy's business.
    std::string home = "HOME=" + folder, path = "PATH=/usr/bin:/bin", lang = "LANG=C.UTF-8";
    char* environment[] = {home.data(), path.data(), lang.data(), nullptr};
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, logPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    const int spawnError =
        ::posix_spawn(&m_pid, pointers[0], &actions, &attributes, pointers.data(), environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (spawnError != 0) {
        m_pid = -1;
        error = "cannot start the egress proxy: " + std::string(std::strerror(spawnError));
        return false;
    }

    // Ready when the addon has written the port mitmproxy listens on.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeoutSeconds);
    while (m_port == 0) {
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            error = "the egress proxy (mitmdump) ended before it listened: " + logTail(logPath);
            stop();
            return false;
        }
        if (std::chrono::steady_clock::now() > deadline) {
            error = "the egress proxy (mitmdump) did not listen within " +
                    std::to_string(int(timeoutSeconds)) + " s: " + logTail(logPath);
            stop();
            return false;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        const std::string text = readFile(m_eventsPath);
        if (const std::size_t at = text.find("\"ready\""); at != std::string::npos) {
            const std::size_t end = text.find('\n', at);
            if (end == std::string::npos)
                continue;
            const std::size_t start = text.rfind('\n', at);
            const json line = json::parse(text.substr(start == std::string::npos ? 0 : start + 1,
                                                      end - (start == std::string::npos ? 0 : start + 1)),
                                          nullptr, false);
            if (line.is_object() && line.value("port", 0) > 0)
                m_port = line.value("port", 0);
            m_eventsRead = end + 1;
        }
    }
    m_caPem = readFile(folder + "/ca/mitmproxy-ca-cert.pem");
    if (m_caPem.find("BEGIN CERTIFICATE") == std::string::npos) {
        error = "the egress proxy made no CA certificate: " + logTail(logPath);
        stop();
        return false;
    }
    return true;
}

std::string EgressProxy::caCertificatePath() const {
    return m_folder.valid() ? m_folder.path() + "/ca/mitmproxy-ca-cert.pem" : std::string();
}

const std::vector<EgressEvent>& EgressProxy::events() {
    if (m_eventsPath.empty() || !m_folder.valid())
        return m_events;
    std::ifstream in(m_eventsPath, std::ios::binary);
    in.seekg(static_cast<std::streamoff>(m_eventsRead));
    std::string chunk((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    m_eventsRead += chunk.size();
    m_partialLine += chunk;
    std::size_t start = 0;
    for (std::size_t end; (end = m_partialLine.find('\n', start)) != std::string::npos; start = end + 1) {
        const json line = json::parse(m_partialLine.substr(start, end - start), nullptr, false);
        if (!line.is_object() || line.value("decision", "") == "ready")
            continue;
        m_events.push_back({line.value("decision", ""), line.value("method", ""), line.value("target", ""),
                            line.value("reason", "")});
    }
    m_partialLine.erase(0, start);
    return m_events;
}

void EgressProxy::stop() {
    if (m_pid > 0) {
        events(); // what it decided up to now stays readable
        ::kill(-m_pid, SIGKILL);
        ::kill(m_pid, SIGKILL);
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {
        }
        m_pid = -1;
    }
    m_folder = TempFolder(); // the CA's key and the secrets' values go with it
}

} // namespace sandbench
