#include "attack_harness.h"

#include "harness_services.h"
#include "random_token.h"
#include "start_sentinel.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <system_error>
#include <unistd.h>

extern char** environ;

namespace sandbench {

namespace {

void replaceAll(std::string& text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

} // namespace

namespace {

std::string firstLineStartingWith(const char* path, const std::string& prefix) {
    std::ifstream file(path);
    std::string line;
    while (std::getline(file, line))
        if (line.rfind(prefix, 0) == 0)
            return line;
    return {};
}

std::string valueAfterColon(const std::string& line) {
    const size_t colon = line.find(':');
    if (colon == std::string::npos)
        return {};
    const size_t start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? std::string() : line.substr(start);
}

std::string homeFolder() {
    if (const char* home = std::getenv("HOME"); home && *home)
        return home;
    if (const passwd* entry = ::getpwuid(::geteuid()); entry && entry->pw_dir)
        return entry->pw_dir;
    return {};
}

} // namespace

// What the harness plants and serves beyond the seed's file and listener.
struct AttackHarness::Targets {
    std::unique_ptr<HarnessServices> services;
    std::string homeSecretPath;
    std::string canaryVariable;
    std::string canaryName;
    pid_t canaryPid = -1;
    std::string hostHostname, hostKernel, hostMemoryKb, hostCpuModel, hostBootId;

    ~Targets() {
        if (canaryPid > 0) {
            ::kill(canaryPid, SIGKILL);
            ::waitpid(canaryPid, nullptr, 0);
        }
        if (!canaryVariable.empty())
            ::unsetenv(canaryVariable.c_str());
        if (!homeSecretPath.empty())
            ::unlink(homeSecretPath.c_str());
    }
};

AttackHarness::AttackHarness() {
    const char* tmpdir = std::getenv("TMPDIR");
    std::string pattern = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/sandbench-harness-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr)
        throw HarnessError("cannot create the harness folder " + pattern + ": " + std::strerror(errno));
    m_folder = pattern;
    try {
        std::string lockProblem;
        m_owner = FolderOwnerLock::take(pattern, lockProblem);
        if (!m_owner.valid())
            throw HarnessError(lockProblem);
        if (::chmod(pattern.c_str(), 0755) != 0)
            throw HarnessError("cannot make " + pattern + " world-readable: " + std::strerror(errno));
        m_secretPath = (m_folder / "credentials").string();
        m_secretValue = "aws_secret_access_key=NOT-A-REAL-KEY-" + randomHexToken(8);
        {
            std::ofstream secret(m_secretPath, std::ios::binary | std::ios::trunc);
            secret << m_secretValue;
            secret.close();
            if (!secret)
                throw HarnessError("cannot write the planted secret " + m_secretPath);
        }
        // Explicitly, whatever the umask: the file must be as readable as a careless real one.
        if (::chmod(m_secretPath.c_str(), 0644) != 0)
            throw HarnessError("cannot make " + m_secretPath + " world-readable: " + std::strerror(errno));
        m_listener = std::make_unique<LoopbackListener>();
        m_targets = std::make_unique<Targets>();
        plantTargets();
    } catch (const std::system_error& error) {
        m_targets.reset();
        std::error_code ignored;
        std::filesystem::remove_all(m_folder, ignored);
        throw HarnessError(error.what());
    } catch (...) {
        m_targets.reset();
        std::error_code ignored;
        std::filesystem::remove_all(m_folder, ignored);
        throw;
    }
}

void AttackHarness::plantTargets() {
    Targets& targets = *m_targets;
    targets.services = std::make_unique<HarnessServices>(m_folder);

    // The secret in the home folder of whoever runs Sandbench, as a careless dotfile would hold it.
    const std::string home = homeFolder();
    if (home.empty())
        throw HarnessError("cannot find the home folder to plant the canary dotfile (HOME is not set)");
    targets.homeSecretPath = home + "/.sandbench-canary-" + randomHexToken(4);
    {
        std::ofstream secret(targets.homeSecretPath, std::ios::binary | std::ios::trunc);
        secret << m_secretValue;
        secret.close();
        if (!secret)
            throw HarnessError("cannot write the canary dotfile " + targets.homeSecretPath);
    }
    ::chmod(targets.homeSecretPath.c_str(), 0644);

    // The secret in Sandbench's own environment, as an exported API key would be.
    targets.canaryVariable = "SANDBENCH_CANARY_" + randomHexToken(4);
    ::setenv(targets.canaryVariable.c_str(), m_secretValue.c_str(), 1);

    // A process of the host, with a unique name and the secret in its environment: a symlink to sleep
    // whose name becomes the process's name. It dies with the thread that made the harness.
    targets.canaryName = "sbcanary" + randomHexToken(3);
    const std::string canaryPath = (m_folder / targets.canaryName).string();
    if (::symlink("/bin/sleep", canaryPath.c_str()) != 0)
        throw HarnessError("cannot create the canary process's link: " + std::string(std::strerror(errno)));
    std::string hours = "3600";
    std::vector<char*> argv{targets.canaryName.data(), hours.data(), nullptr};
    const std::string canaryEnvironment = targets.canaryVariable + "=" + m_secretValue;
    std::vector<std::string> environmentCopy{"PATH=/usr/bin:/bin", canaryEnvironment};
    std::vector<char*> envp;
    for (auto& entry : environmentCopy)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    const pid_t parent = ::getpid();
    // A close-on-exec pipe tells when the exec happened (end of file) or failed (an errno arrives), so the
    // canary carries its name before any attack looks for it.
    int execPipe[2];
    if (::pipe2(execPipe, O_CLOEXEC) != 0)
        throw HarnessError("cannot start the canary process: " + std::string(std::strerror(errno)));
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(execPipe[0]);
        ::close(execPipe[1]);
        throw HarnessError("cannot start the canary process: " + std::string(std::strerror(errno)));
    }
    if (child == 0) { // only async-signal-safe calls until exec: the parent may be multi-threaded
        ::close(execPipe[0]);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(127);
        ::execve(canaryPath.c_str(), argv.data(), envp.data());
        const int error = errno;
        [[maybe_unused]] auto written = ::write(execPipe[1], &error, sizeof error);
        ::_exit(127);
    }
    ::close(execPipe[1]);
    int execError = 0;
    ssize_t got;
    do
        got = ::read(execPipe[0], &execError, sizeof execError);
    while (got < 0 && errno == EINTR);
    ::close(execPipe[0]);
    if (got > 0) {
        ::waitpid(child, nullptr, 0);
        throw HarnessError("cannot start the canary process: " + std::string(std::strerror(execError)));
    }
    targets.canaryPid = child;

    utsname names{};
    ::uname(&names);
    targets.hostHostname = names.nodename;
    targets.hostKernel = std::string(names.release) + " " + names.version;
    const std::string memory = valueAfterColon(firstLineStartingWith("/proc/meminfo", "MemTotal:"));
    targets.hostMemoryKb = memory.substr(0, memory.find(' '));
    targets.hostCpuModel = valueAfterColon(firstLineStartingWith("/proc/cpuinfo", "model name"));
    targets.hostBootId = firstLineStartingWith("/proc/sys/kernel/random/boot_id", "");
}

AttackHarness::~AttackHarness() {
    m_targets.reset();
    m_listener.reset();
    std::error_code ignored;
    std::filesystem::remove_all(m_folder, ignored);
}

const std::string& AttackHarness::canaryProcessName() const {
    return m_targets->canaryName;
}
int AttackHarness::canaryPid() const {
    return m_targets->canaryPid;
}
const std::string& AttackHarness::homeSecretPath() const {
    return m_targets->homeSecretPath;
}
const std::string& AttackHarness::canaryVariable() const {
    return m_targets->canaryVariable;
}
std::vector<std::string> AttackHarness::dnsQueries() const {
    return m_targets->services->dnsQueries();
}

std::string AttackHarness::fillPlaceholders(const std::string& code, const std::string& runName) const {
    const Targets& targets = *m_targets;
    std::string filled = code;
    replaceAll(filled, "@SECRET_PATH@", m_secretPath);
    replaceAll(filled, "@SERVICE_PORT@", std::to_string(servicePort()));
    replaceAll(filled, "@SERVICE_PORT6@", std::to_string(targets.services->tcp6Port()));
    replaceAll(filled, "@HOME_SECRET_PATH@", targets.homeSecretPath);
    replaceAll(filled, "@CANARY_ENV_NAME@", targets.canaryVariable);
    replaceAll(filled, "@CANARY_PROCESS_NAME@", targets.canaryName);
    replaceAll(filled, "@CANARY_PID@", std::to_string(targets.canaryPid));
    replaceAll(filled, "@UDP_PORT@", std::to_string(targets.services->udpPort()));
    replaceAll(filled, "@UNIX_SOCKET_PATH@", targets.services->unixSocketPath());
    replaceAll(filled, "@ABSTRACT_SOCKET_NAME@", targets.services->abstractSocketName());
    replaceAll(filled, "@DNS_PORT@", std::to_string(targets.services->dnsPort()));
    replaceAll(filled, "@HOST_HOSTNAME@", targets.hostHostname);
    replaceAll(filled, "@HOST_KERNEL@", targets.hostKernel);
    replaceAll(filled, "@HOST_BOOT_ID@", targets.hostBootId);
    replaceAll(filled, "@HOST_MEM_KB@", targets.hostMemoryKb.empty() ? "0" : targets.hostMemoryKb);
    replaceAll(filled, "@HOST_CPU_MODEL@", targets.hostCpuModel);
    if (!runName.empty())
        replaceAll(filled, "@RUN_NAME@", runName);
    return filled;
}

PreparedAttack AttackHarness::prepare(const Attack& attack) const {
    PreparedAttack prepared;
    prepared.sentinel = makeStartSentinel();
    prepared.runName = "sbx" + randomHexToken(5); // 13 characters: fits a process name (15)
    prepared.code = addStartSentinel(fillPlaceholders(attack.code, prepared.runName), prepared.sentinel);
    return prepared;
}

} // namespace sandbench
