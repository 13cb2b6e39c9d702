#include "vm_launch.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

namespace sandbench {

std::string VmShape::key() const {
    std::string text = accelerator + '\n' + policy.toJson() + '\n';
    for (const auto& part : interpreter)
        text += part + '\0';
    return text + egressCa;
}

namespace {

// A file QEMU reaches through a descriptor it inherited, when there is one.
std::string handedOver(int fd, const std::string& path) {
    return fd >= 0 ? "/proc/self/fd/" + std::to_string(fd) : path;
}

} // namespace

std::vector<std::string> qemuCommand(const VmLaunch& launch, const VmShape& shape, const VmChannelFds& fds,
                                     const std::string& consoleLog) {
    const Policy& policy = shape.policy;
    const int cpus = std::max(1, static_cast<int>(std::ceil(policy.cpus)));
    // cryptomgr.notests skips the crypto self-tests, about 0.4 s of a TCG boot.
    std::string append =
        "console=ttyS0 quiet loglevel=1 panic=-1 random.trust_cpu=on rdinit=/init cryptomgr.notests";
    if (launch.tscKhz > 0) {
        // Under TCG most boots hang calibrating the TSC without it.
        char khz[32];
        std::snprintf(khz, sizeof khz, "%.0f", launch.tscKhz);
        append += std::string(" tsc_early_khz=") + khz;
    }
    std::vector<std::string> line;
    // The VMM itself gets the host-side protections of the subprocess tier that fit a VMM: it never gains
    // privileges through exec, dumps no core, and cannot grow a file past 256 MB or open many descriptors.
    // It dies with the Sandbench thread that started it (the parent-death signal survives both execs), so a
    // Sandbench killed mid-run leaves no VM behind.
    if (!launch.setpriv.empty()) {
        line.insert(line.end(), {launch.setpriv, "--no-new-privs", "--pdeathsig", "KILL"});
        if (launch.qemuUid != 0) {
            // setpriv sets the parent-death signal after the uid change, which would otherwise clear it.
            const std::string id = std::to_string(launch.qemuUid);
            line.insert(line.end(), {"--reuid=" + id, "--regid=" + id});
            if (launch.kvmGroup >= 0)
                line.push_back("--groups=" + std::to_string(launch.kvmGroup));
            else
                line.push_back("--clear-groups");
            line.insert(line.end(), {"--inh-caps=-all", "--bounding-set=-all"});
        }
        line.emplace_back("--");
    }
    if (!launch.prlimit.empty())
        line.insert(line.end(),
                    {launch.prlimit, "--core=0", "--fsize=268435456", "--nofile=1024:1024", "--"});
    const std::vector<std::string> qemu{
        launch.qemu, "-M",
        // Without the RTC the guest kernel waits twice a second for one.
        "microvm,x-option-roms=off,rtc=on", "-accel", shape.accelerator, "-cpu",
        shape.accelerator == "kvm" ? "host" : "max", "-m", std::to_string(guestMemoryMb(policy)), "-smp",
        std::to_string(cpus), "-nodefaults", "-no-user-config", "-display", "none", "-no-reboot", "-nic",
        "none",
        // QEMU's own seccomp filter: no obsolete calls, no privilege changes, no new processes, no
        // scheduler or resource changes, so a bug in its device emulation has less to work with.
        "-sandbox", "on,obsolete=deny,elevateprivileges=deny,spawn=deny,resourcecontrol=deny", "-serial",
        "file:" + handedOver(fds.console, consoleLog), "-kernel", handedOver(fds.kernel, launch.kernel),
        "-initrd", handedOver(fds.initramfs, launch.initramfs), "-append", append, "-device",
        "virtio-serial-device"};
    line.insert(line.end(), qemu.begin(), qemu.end());
    if (!launch.rootDrive.empty()) {
        // Read-only for QEMU too, so no guest can change what the next one boots; no lock (the file is
        // only read, and replaced by a rename when the image is rebuilt).
        line.insert(line.end(), {"-drive",
                                 "id=root,if=none,format=raw,readonly=on,file.locking=off,file=" +
                                     handedOver(fds.rootDrive, launch.rootDrive),
                                 "-device", "virtio-blk-device,drive=root"});
    }
    const std::pair<const char*, int> ports[] = {{"config", fds.config},       {"program", fds.program},
                                                 {"stdout", fds.stdoutPort},   {"stderr", fds.stderrPort},
                                                 {"status", fds.status},       {"inputs", fds.inputs},
                                                 {"artifacts", fds.artifacts}, {"egress", fds.egress}};
    for (const auto& [name, fd] : ports) {
        if (fd < 0 && std::string_view(name) == "egress")
            continue; // runs without an allow list have no way out at all
        line.insert(line.end(),
                    {"-chardev", std::string("socket,id=") + name + ",fd=" + std::to_string(fd), "-device",
                     std::string("virtserialport,chardev=") + name + ",name=sandbench." + name});
    }
    return line;
}

int guestMemoryMb(const Policy& policy) {
    const std::int64_t inputs = policy.inputs.empty() ? 0 : policy.inputsMb + kInputsSlackMb;
    const int egress = policy.egress.active() ? kEgressForwarderMb : 0;
    return static_cast<int>(policy.memoryMb + policy.workdirMb + inputs) + egress + kGuestOverheadMb;
}

// The guest sets the program's RLIMIT_CPU before its interpreter starts, so the start counts too. Under TCG
// that start (Python and its modules read from the root drive, each instruction emulated) costs about a
// second of guest CPU, and a busy loop under a 2 s timeout then met its 3 s CPU limit before the host's
// wall clock, which starts at the hand-over, ended it. The limit gets the start on top: it bounds the
// program, as on the other tiers, not the emulated start-up.
static int interpreterStartCpuSeconds(const VmShape& shape) {
    return shape.accelerator == "tcg" ? 2 : 0;
}

std::string guestConfig(const VmShape& shape, std::string& error) {
    const Policy& policy = shape.policy;
    std::string text =
        "memory_mb=" + std::to_string(policy.memoryMb) + "\n" +
        "processes=" + std::to_string(policy.processes) + "\n" +
        "cpu_s=" + std::to_string(policy.effectiveCpuSeconds() + interpreterStartCpuSeconds(shape)) + "\n" +
        "file_size_mb=" + std::to_string(policy.fileSizeMb) + "\n" +
        "workdir_mb=" + std::to_string(policy.workdirMb) + "\n" +
        // 0: no inputs, so the guest neither makes /data nor waits for an archive.
        "inputs_mb=" + std::to_string(policy.inputs.empty() ? 0 : policy.inputsMb) + "\n" +
        "artifacts_max=" + std::to_string(policy.artifactsMax) + "\n" +
        "artifacts_mb=" + std::to_string(policy.artifactsMb) + "\n";
    std::string interpreter;
    for (const auto& part : shape.interpreter)
        interpreter += (interpreter.empty() ? "" : " ") + part;
    text += "interpreter=" + interpreter + "\n";
    std::map<std::string, std::string> environment = policy.environment;
    for (const auto& [name, value] : shape.egressEnvironment)
        environment[name] = value;
    if (shape.egress()) {
        text += "egress=1\n";
        std::size_t start = 0;
        while (start < shape.egressCa.size()) {
            const std::size_t end = shape.egressCa.find('\n', start);
            const std::string line =
                shape.egressCa.substr(start, end == std::string::npos ? end : end - start);
            if (!line.empty())
                text += "egress_ca=" + line + "\n";
            start = end == std::string::npos ? shape.egressCa.size() : end + 1;
        }
    }
    for (const auto& [name, value] : environment) {
        if (value.find('\n') != std::string::npos || name.find('\n') != std::string::npos) {
            error = "the environment variable " + name +
                    " holds a newline, which the guest's config cannot carry";
            return {};
        }
        text += "env=" + name + "=" + value + "\n";
    }
    return text;
}

double hostTscKhz() {
    if (std::ifstream exact("/sys/devices/system/cpu/cpu0/tsc_freq_khz"); exact) {
        double khz = 0;
        if (exact >> khz && khz > 0)
            return khz;
    }
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("cpu MHz", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos)
                return std::round(std::stod(line.substr(colon + 1)) * 1000);
        }
    }
    return 0;
}

} // namespace sandbench
