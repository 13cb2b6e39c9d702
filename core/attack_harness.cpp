#include "attack_harness.h"

#include "harness_services.h"
#include "random_token.h"
#include "start_sentinel.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <map>
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
        // Only the network attacks need it: without openssl or python3 they fail, not the whole lab.
        try {
            m_network = std::make_unique<HarnessNetwork>(m_folder / "network");
        } catch (const std::runtime_error& error) {
            m_networkProblem = error.what();
        }
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
    m_network.reset();
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
const HarnessNetwork* AttackHarness::network() const {
    return m_network && m_network->waitUntilListening() ? m_network.get() : nullptr;
}
std::string AttackHarness::networkProblem() const {
    return m_network ? m_network->problem() : m_networkProblem;
}

std::string AttackHarness::fillPlaceholders(const std::string& code, const std::string& runName,
                                            bool control) const {
    const Targets& targets = *m_targets;
    std::string filled = code;
    // The control shows inputs and takes artifacts in folders of its own run folder, where its program
    // starts (tiers/host/host_tier.h); every other tier at the paths the policy promises.
    const std::string dataDir = control ? "data" : "/data";
    replaceAll(filled, "@INPUT_DIR@", dataDir + "/" + PlantedInputs::kFolderName);
    replaceAll(filled, "@INPUT_PATH@",
               dataDir + "/" + PlantedInputs::kFolderName + "/" + PlantedInputs::kFileName);
    replaceAll(filled, "@DATA_DIR@", dataDir);
    replaceAll(filled, "@OUTPUTS_DIR@", control ? "outputs" : "/tmp/outputs");
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
    replaceAll(filled, "@ALLOWED_HOST@", HarnessNetwork::kAllowedHost);
    replaceAll(filled, "@PUBLIC_HOST@", HarnessNetwork::kPublicHost);
    replaceAll(filled, "@OTHER_HOST@", HarnessNetwork::kOtherHost);
    replaceAll(filled, "@SECRET_ENV_NAME@", HarnessNetwork::kSecretName);
    replaceAll(filled, "@SECRET_PREFIX@", HarnessNetwork::kSecretPrefix);
    // Only a program that names the web server's ports waits for it to listen.
    if (filled.find("@WEB_") != std::string::npos) {
        if (const HarnessNetwork* network = this->network()) {
            replaceAll(filled, "@WEB_PORT@", std::to_string(network->httpsPort()));
            replaceAll(filled, "@WEB_HTTP_PORT@", std::to_string(network->httpPort()));
        }
    }
    if (!runName.empty())
        replaceAll(filled, "@RUN_NAME@", runName);
    return filled;
}

PreparedAttack AttackHarness::prepare(const Attack& attack, bool control) const {
    if (attack.allowListedNetwork && !network())
        throw HarnessError("its network could not be set up: " + networkProblem());
    PreparedAttack prepared;
    prepared.sentinel = makeStartSentinel();
    prepared.runName = "sbx" + randomHexToken(5); // 13 characters: fits a process name (15)
    prepared.code =
        addStartSentinel(fillPlaceholders(attack.code, prepared.runName, control), prepared.sentinel);
    if (attack.plantedInputs)
        prepared.inputs = std::make_shared<PlantedInputs>(m_folder);
    return prepared;
}

namespace {

constexpr std::size_t kMostEntriesCompared = 1000;
constexpr long long kMostBytesCompared = 1 << 20;

long long nanoseconds(const timespec& time) {
    return static_cast<long long>(time.tv_sec) * 1000000000LL + time.tv_nsec;
}

// Makes every folder under `root` the owner's to enter and change, without following a link, so a run that
// took a folder's permissions away cannot keep it from being removed.
void restoreFolderModes(const std::filesystem::path& root) {
    struct stat info {};
    if (::lstat(root.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
        return;
    ::chmod(root.c_str(), (info.st_mode & 07777) | S_IRWXU);
    DIR* listing = ::opendir(root.c_str());
    if (!listing)
        return;
    std::vector<std::filesystem::path> folders;
    while (const dirent* entry = ::readdir(listing)) {
        const std::string_view name = entry->d_name;
        if (name != "." && name != "..")
            folders.push_back(root / entry->d_name);
    }
    ::closedir(listing);
    for (const auto& folder : folders)
        restoreFolderModes(folder);
}

} // namespace

// Not named after the run: the path reaches the engines' command lines (a container tier's --volume), where
// the leftover check would take a process of the engine for one of the run's.
PlantedInputs::PlantedInputs(const std::filesystem::path& harnessFolder)
    : m_root(harnessFolder / ("inputs-" + randomHexToken(6)))
    , m_marker("SANDBENCH-INPUT-" + randomHexToken(8)) {
    const std::filesystem::path folder = m_root / kFolderName;
    m_hostPath = folder.string();
    // World-readable, like the planted secret: a tier that runs the program as another uid must not hide
    // the input by accident.
    for (const auto& path : {m_root, folder}) {
        if (::mkdir(path.c_str(), 0755) != 0 || ::chmod(path.c_str(), 0755) != 0)
            throw HarnessError("cannot plant the input folder " + path.string() + ": " +
                               std::strerror(errno));
    }
    const std::string file = (folder / kFileName).string();
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out << m_marker << "\n";
        out.close();
        if (!out)
            throw HarnessError("cannot write the planted input " + file);
    }
    ::chmod(file.c_str(), 0644);
    m_planted = snapshot();
}

PlantedInputs::~PlantedInputs() {
    restoreFolderModes(m_root);
    std::error_code ignored;
    std::filesystem::remove_all(m_root, ignored);
}

std::vector<PlantedInputs::Entry> PlantedInputs::snapshot() const {
    std::vector<Entry> entries;
    std::vector<std::string> pending{"."};
    while (!pending.empty() && entries.size() < kMostEntriesCompared) {
        const std::string name = pending.back();
        pending.pop_back();
        const std::string path = name == "." ? m_hostPath : m_hostPath + "/" + name;
        struct stat info {};
        Entry entry;
        entry.name = name;
        if (::lstat(path.c_str(), &info) != 0) {
            entry.mode = 0; // vanished between the listing and now
            entries.push_back(std::move(entry));
            continue;
        }
        entry.mode = info.st_mode;
        entry.uid = info.st_uid;
        entry.gid = info.st_gid;
        entry.size = info.st_size;
        entry.mtimeNs = nanoseconds(info.st_mtim);
        if (S_ISREG(info.st_mode)) {
            const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
            if (fd >= 0) {
                entry.bytes.resize(
                    static_cast<std::size_t>(std::min<long long>(info.st_size, kMostBytesCompared)));
                std::size_t done = 0;
                while (done < entry.bytes.size()) {
                    const ssize_t got = ::pread(fd, entry.bytes.data() + done, entry.bytes.size() - done,
                                                static_cast<off_t>(done));
                    if (got < 0 && errno == EINTR)
                        continue;
                    if (got <= 0)
                        break;
                    done += static_cast<std::size_t>(got);
                }
                entry.bytes.resize(done);
                ::close(fd);
            }
        } else if (S_ISDIR(info.st_mode)) {
            if (DIR* listing = ::opendir(path.c_str())) {
                while (const dirent* child = ::readdir(listing)) {
                    const std::string_view childName = child->d_name;
                    if (childName != "." && childName != "..")
                        pending.push_back(name == "." ? std::string(childName)
                                                      : name + "/" + std::string(childName));
                }
                ::closedir(listing);
            }
        }
        entries.push_back(std::move(entry));
    }
    return entries;
}

std::string PlantedInputs::changes() const {
    std::map<std::string, Entry> before, after;
    for (const Entry& entry : m_planted)
        before.emplace(entry.name, entry);
    for (Entry& entry : snapshot())
        after.emplace(entry.name, std::move(entry));
    std::string found;
    const auto note = [&found](const std::string& text) {
        if (found.size() < 400)
            found += (found.empty() ? "" : "; ") + text;
    };
    const auto octal = [](unsigned mode) {
        char text[16];
        std::snprintf(text, sizeof text, "%04o", mode & 07777);
        return std::string(text);
    };
    for (const auto& [name, was] : before) {
        const std::string shown = name == "." ? std::string(kFolderName) : name;
        const auto now = after.find(name);
        if (now == after.end() || now->second.mode == 0) {
            note(shown + " is gone");
            continue;
        }
        const Entry& is = now->second;
        if ((was.mode & S_IFMT) != (is.mode & S_IFMT))
            note(shown + " is no longer the same kind of file");
        else if ((was.mode & 07777) != (is.mode & 07777))
            note(shown + ": mode " + octal(was.mode) + " became " + octal(is.mode));
        if (was.uid != is.uid || was.gid != is.gid)
            note(shown + ": owner changed");
        if (was.size != is.size || was.bytes != is.bytes)
            note(shown + ": bytes changed");
        if (was.mtimeNs != is.mtimeNs)
            note(shown + ": modified (mtime changed)");
    }
    for (const auto& [name, is] : after)
        if (!before.contains(name))
            note("new entry " + name);
    return found;
}

} // namespace sandbench
