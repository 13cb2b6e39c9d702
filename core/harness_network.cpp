#include "harness_network.h"

#include "core/harness_web_server_py.h"
#include "random_token.h"

#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <sstream>
#include <stdexcept>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sandbench {

namespace {

constexpr int kStartTimeoutMs = 60000; // two RSA keys and a Python start-up, on a busy machine

[[noreturn]] void fail(const std::string& what) {
    throw std::runtime_error("the attack harness's web server: " + what);
}

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeText(const std::filesystem::path& path, std::string_view text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out)
        fail("cannot write " + path.string());
}

std::string withoutPort(std::string host) {
    if (const std::size_t colon = host.rfind(':'); colon != std::string::npos && host.find(']') == host.npos)
        host.resize(colon);
    for (char& c : host)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return host;
}

} // namespace

HarnessNetwork::HarnessNetwork(const std::filesystem::path& folder)
    : m_folder(folder)
    , m_secretValue(kSecretPrefix + randomHexToken(12)) {
    // Private: the log and the hosts file are the harness's business, never a program's to read.
    if (::mkdir(folder.c_str(), 0700) != 0)
        fail("cannot create " + folder.string() + ": " + std::strerror(errno));
    const std::string script = (folder / "harness_web_server.py").string();
    writeText(script, kHarnessWebServer);
    writeText(folder / "hosts",
              std::string("127.0.0.1 ") + kAllowedHost + " " + kPublicHost + " " + kOtherHost + "\n");
    if (::access("/usr/bin/python3", X_OK) != 0)
        fail("/usr/bin/python3 is missing");

    // Everything the child needs is made before fork: between fork and exec only async-signal-safe calls.
    const std::string logPath = (folder / "server.log").string();
    std::vector<std::string> args{"/usr/bin/python3", "-I",        script,    folder.string(),
                                  kAllowedHost,       kPublicHost, kOtherHost};
    std::vector<char*> argv;
    for (auto& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    std::string path = "PATH=/usr/bin:/bin", lang = "LANG=C.UTF-8";
    char* envp[] = {path.data(), lang.data(), nullptr};
    int input[2], output[2];
    // A socket, not a pipe, for the value: send() can refuse a reader that died without a SIGPIPE.
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, input) != 0)
        fail(std::string("socketpair: ") + std::strerror(errno));
    if (::pipe2(output, O_CLOEXEC) != 0) {
        ::close(input[0]);
        ::close(input[1]);
        fail(std::string("pipe: ") + std::strerror(errno));
    }
    const int log = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    const pid_t parent = ::getpid();
    m_pid = ::fork();
    if (m_pid == 0) {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(127);
        ::dup2(input[0], 0);
        ::dup2(output[1], 1);
        if (log >= 0)
            ::dup2(log, 2);
        ::execve(argv[0], argv.data(), envp);
        ::_exit(127);
    }
    ::close(input[0]);
    ::close(output[1]);
    if (log >= 0)
        ::close(log);
    if (m_pid < 0) {
        ::close(input[1]);
        ::close(output[0]);
        fail(std::string("fork: ") + std::strerror(errno));
    }
    // The real value through a socket: in no file, no argument, no environment of the host.
    const std::string line = m_secretValue + "\n";
    [[maybe_unused]] const auto sent = ::send(input[1], line.data(), line.size(), MSG_NOSIGNAL);
    ::close(input[1]);
    m_output = output[0];
}

bool HarnessNetwork::waitUntilListening() const {
    std::call_once(m_listening, [this] { readPorts(); });
    return m_httpsPort > 0;
}

void HarnessNetwork::readPorts() const {
    std::string answer;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kStartTimeoutMs);
    while (answer.find('\n') == std::string::npos) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        pollfd ready{m_output, POLLIN, 0};
        if (left.count() <= 0 || ::poll(&ready, 1, static_cast<int>(left.count())) <= 0)
            break;
        char buffer[256];
        const ssize_t got = ::read(m_output, buffer, sizeof buffer);
        if (got <= 0)
            break;
        answer.append(buffer, static_cast<std::size_t>(got));
    }
    ::close(m_output);
    std::istringstream words(answer);
    std::string word;
    int https = 0, http = 0;
    if ((words >> word >> https >> http) && word == "PORTS" && https > 0 && http > 0) {
        m_httpsPort = https;
        m_httpPort = http;
        return;
    }
    std::string complaint = readText(m_folder / "server.log");
    if (complaint.size() > 400)
        complaint = "…" + complaint.substr(complaint.size() - 400);
    m_problem = "the attack harness's web server did not start" +
                (complaint.empty() ? std::string() : ": " + complaint);
}

HarnessNetwork::~HarnessNetwork() {
    std::call_once(m_listening, [this] { ::close(m_output); }); // never waited for: its pipe still open
    if (m_pid > 0) {
        ::kill(m_pid, SIGKILL);
        while (::waitpid(m_pid, nullptr, 0) < 0 && errno == EINTR) {
        }
    }
}

EgressPolicy HarnessNetwork::policy() const {
    EgressPolicy policy;
    policy.allow.push_back({kAllowedHost, m_httpsPort});
    policy.allow.push_back({kPublicHost, m_httpsPort});
    policy.secrets.push_back({kSecretName, "", {kAllowedHost}, "Authorization"});
    return policy;
}

std::vector<WebRequest> HarnessNetwork::requestsOf(const std::string& runName) const {
    std::vector<WebRequest> found;
    if (runName.empty())
        return found;
    std::istringstream lines(readText(m_folder / "received.jsonl"));
    for (std::string line; std::getline(lines, line);) {
        const nlohmann::json record = nlohmann::json::parse(line, nullptr, false);
        if (!record.is_object() || record.value("path", "").find(runName) == std::string::npos)
            continue;
        found.push_back({record.value("scheme", ""), record.value("method", ""), record.value("path", ""),
                         withoutPort(record.value("host", "")), record.value("sni", ""),
                         record.value("secret", "")});
    }
    return found;
}

} // namespace sandbench
