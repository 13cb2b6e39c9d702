#include "engine_phrases.h"

#include "translatable.h"

#include <algorithm>
#include <array>
#include <regex>

namespace sandbench {

namespace {

// The forms the tiers, the judge and the harness fill. A tier that writes a new sentence adds its form
// here, or the workbench shows it in English (tst_visible_translations finds it).
constexpr std::array kForms = std::to_array<std::string_view>({
    // How a run ended (tiers/*/*_tier.cpp, core/stop_evidence.cpp).
    SANDBENCH_TRANSLATABLE("Engine", "cancelled by the user"),
    SANDBENCH_TRANSLATABLE("Engine", "cancelled by the user at %1 s; the sandbox's PID namespace was killed"),
    SANDBENCH_TRANSLATABLE("Engine", "killed at %1 s wall timeout (SIGKILL to the sandbox's PID namespace)"),
    SANDBENCH_TRANSLATABLE("Engine", "killed at the %1 s wall-clock limit"),
    SANDBENCH_TRANSLATABLE("Engine", "%1: the VM's QEMU process was killed and reaped (%2)"),
    SANDBENCH_TRANSLATABLE("Engine", "%1: `%2 kill` ended the container and it is gone"),
    SANDBENCH_TRANSLATABLE("Engine", "%1: `%2 kill` ended the container; %3"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the guest kernel's OOM killer ended %1 process(es) in the VM's %2 MB of RAM"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "ended by the deadline after %1 s (the host tier has no limits of its own)"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "the run's memory cgroup (%1 MB for all its processes, kernel memory included) was full, and its "
        "OOM killer ended %2 process"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "the run's memory cgroup (%1 MB for all its processes, kernel memory included) was full, and its "
        "OOM killer ended %2 processes"),
    SANDBENCH_TRANSLATABLE("Engine", "the sandbox ended before reporting the program's status"),
    SANDBENCH_TRANSLATABLE("Engine", "seccomp denied %1 (answered EOPNOTSUPP)"),
    SANDBENCH_TRANSLATABLE("Engine", "the run's pids cgroup (pids.max %1, init included) refused %2 fork"),
    SANDBENCH_TRANSLATABLE("Engine", "the run's pids cgroup (pids.max %1, init included) refused %2 forks"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 (the run's pids cgroup refused %2 fork too)"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 (the run's pids cgroup refused %2 forks too)"),
    SANDBENCH_TRANSLATABLE("Engine", "output beyond %1 bytes per stream was drained and dropped"),
    SANDBENCH_TRANSLATABLE("Engine", "the kernel's OOM killer ran %1 time(s) at the container's %2 MB %3"),
    SANDBENCH_TRANSLATABLE("Engine", "the %1 refused %2 fork(s) at %3 processes"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 (the pids cgroup counted %2 refusal)"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 (the pids cgroup counted %2 refusals)"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "the host still saw %1 process(es) of the container after its waiter's report, and `%2 kill` "
        "ended them"),
    SANDBENCH_TRANSLATABLE("Engine", "killed by %1 at the %2 s CPU limit (%3 s CPU used)"),
    SANDBENCH_TRANSLATABLE("Engine", "killed by %1 at the %2 s CPU limit"),
    SANDBENCH_TRANSLATABLE("Engine", "killed by SIGXFSZ: file larger than the %1 MB %2"),
    SANDBENCH_TRANSLATABLE("Engine", "killed by SIGSYS: a system call forbidden by seccomp"),
    SANDBENCH_TRANSLATABLE("Engine", "killed by %1: %2"), SANDBENCH_TRANSLATABLE("Engine", "killed by %1"),
    SANDBENCH_TRANSLATABLE("Engine", "MemoryError under the %1 MB %2"),
    SANDBENCH_TRANSLATABLE("Engine", "fork: EAGAIN under the %1-process %2"),
    SANDBENCH_TRANSLATABLE("Engine", "write: EFBIG, file larger than the %1 MB %2"),
    SANDBENCH_TRANSLATABLE("Engine", "write: ENOSPC, the %1 MB %2 is full"),
    SANDBENCH_TRANSLATABLE("Engine", "connect: network unreachable (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "connect: connection refused (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "path not present in sandbox (%1): %2"),
    SANDBENCH_TRANSLATABLE("Engine", "write: EROFS, read-only file system (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "exit %1"), SANDBENCH_TRANSLATABLE("Engine", "no exit status"),
    // What bounded it, as each tier names its layers.
    SANDBENCH_TRANSLATABLE("Engine", "address-space limit (RLIMIT_AS)"),
    SANDBENCH_TRANSLATABLE("Engine", "limit (RLIMIT_NPROC, counted in the sandbox's own user namespace)"),
    SANDBENCH_TRANSLATABLE("Engine", "file-size limit (RLIMIT_FSIZE)"),
    SANDBENCH_TRANSLATABLE("Engine", "tmpfs working folder"),
    SANDBENCH_TRANSLATABLE("Engine", "empty network namespace"),
    SANDBENCH_TRANSLATABLE("Engine", "private mount namespace with a minimal read-only view"),
    SANDBENCH_TRANSLATABLE("Engine", "memory cgroup limit (--memory, no swap)"),
    SANDBENCH_TRANSLATABLE("Engine", "pids cgroup limit (--pids-limit)"),
    SANDBENCH_TRANSLATABLE("Engine", "file-size rlimit (--ulimit fsize)"),
    SANDBENCH_TRANSLATABLE("Engine", "size-capped tmpfs /tmp (--tmpfs size)"),
    SANDBENCH_TRANSLATABLE("Engine", "the engine's default network"),
    SANDBENCH_TRANSLATABLE("Engine", "no network namespace route (--network none)"),
    SANDBENCH_TRANSLATABLE("Engine", "read-only container root (--read-only), no host folder mounted"),
    SANDBENCH_TRANSLATABLE("Engine", "guest RLIMIT_AS (the guest's own kernel)"),
    SANDBENCH_TRANSLATABLE("Engine", "guest RLIMIT_NPROC (the guest's own kernel)"),
    SANDBENCH_TRANSLATABLE("Engine", "guest RLIMIT_FSIZE (the guest's own kernel)"),
    SANDBENCH_TRANSLATABLE("Engine", "size-capped tmpfs /tmp in the guest"),
    SANDBENCH_TRANSLATABLE("Engine", "no network device in the VM (-nic none)"),
    SANDBENCH_TRANSLATABLE("Engine", "the guest's own root filesystem, no host folder shared"),
    SANDBENCH_TRANSLATABLE("Engine", "a separate microVM on E2B's hosts: no file of this machine is there"),
    // A network allow list (tiers/common/egress_proxy.cpp and each tier's way to the proxy).
    SANDBENCH_TRANSLATABLE("Engine",
                           "network namespace with loopback only: its one way out is the egress proxy"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "no network namespace route (--network none): its one way out is the egress proxy"),
    SANDBENCH_TRANSLATABLE("Engine", "no network device in the VM (-nic none): its one way out is the egress "
                                     "proxy, through a virtio-serial port"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the %1 tier cannot enforce a network allow list (the policy's \"network\": "
                           "{\"allow\": ...} and \"secrets\"): run it on the subprocess, container, gVisor "
                           "or microVM tier, or with \"network\": false or true; no user code ran"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "secret %1 has no value: give it in the workbench's secret field; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "secret %1 has no value: set %2 in Sandbench's environment; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "a network allow list needs mitmproxy's mitmdump, which is not installed here: "
                           "install the Debian package mitmproxy (scripts/install-deps.sh does), or set "
                           "SANDBENCH_MITMDUMP"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "a network allow list needs mitmproxy's mitmdump, which is not installed here: "
                           "install the Debian package mitmproxy (scripts/install-deps.sh does), or set "
                           "SANDBENCH_MITMDUMP; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "a network allow list needs setpriv (util-linux) to tie the proxy's life "
                           "to Sandbench's"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "a network allow list needs setpriv (util-linux) to tie the proxy's life "
                           "to Sandbench's; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine", "cannot start the egress proxy: %1; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the egress proxy (mitmdump) ended before it listened: %1; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the egress proxy (mitmdump) did not listen within %1 s: %2; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine", "the egress proxy made no CA certificate: %1; no user code ran"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "the egress proxy's CA certificate is larger than a sandbox takes; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine", "the egress proxy %1 (the policy's allow list)"),
    SANDBENCH_TRANSLATABLE("Engine", "the egress proxy %1 (the policy's allow list and secret rules)"),
    // The layers a tier that names none of its own has (TierLayers' defaults, core/stop_evidence.h).
    SANDBENCH_TRANSLATABLE("Engine", "address-space limit"),
    SANDBENCH_TRANSLATABLE("Engine", "process limit"), SANDBENCH_TRANSLATABLE("Engine", "file-size limit"),
    SANDBENCH_TRANSLATABLE("Engine", "size-capped working folder"),
    SANDBENCH_TRANSLATABLE("Engine", "no network"),
    SANDBENCH_TRANSLATABLE("Engine", "private filesystem view"),
    // The judge's verdicts (core/attack_judge.cpp) and the harness's (core/attack_lab.cpp).
    SANDBENCH_TRANSLATABLE("Engine", "marker %1 in stdout"),
    SANDBENCH_TRANSLATABLE("Engine", "marker %1 in stdout, with the planted secret"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "no %1 in stdout before the harness's deadline (the tier's own limits did not end the run)"),
    SANDBENCH_TRANSLATABLE("Engine", "%1, no %2 in stdout"),
    SANDBENCH_TRANSLATABLE("Engine", "ran until the harness's deadline: the tier never stopped it"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "only the wall-clock deadline ended it (control tier, no limits of its own): %1"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "ended on its own with exit 0 before any limit; an \"expect: stopped\" attack must run until "
        "something stops it"),
    SANDBENCH_TRANSLATABLE("Engine", "outlived the run: %1"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "nothing with the run's name is alive after the run: it died with the VM"),
    SANDBENCH_TRANSLATABLE("Engine", "nothing with the run's name is alive after the run (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "it never held the %1 quota (%2)"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "while it held all it could (%1), Sandbench's own process on the host (%2) failed: %3"),
    SANDBENCH_TRANSLATABLE("Engine", "it exhausted the guest's %1 quota only (%2)"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "while it held all it could (%1), Sandbench's own process on the host (%2) still could use it"),
    SANDBENCH_TRANSLATABLE("Engine", "the tier could not set up: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "cancelled before the attack finished"),
    SANDBENCH_TRANSLATABLE("Engine", "the attack could not load: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "the tier lost track of the program: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "never started: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "the interpreter could not start (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "the interpreter could not start (%1): %2"),
    SANDBENCH_TRANSLATABLE("Engine", "the program never started (no start sentinel; %1)"),
    SANDBENCH_TRANSLATABLE("Engine", "the program never started (no start sentinel; %1): %2"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "reached the guest kernel only (%1); the host's kernel is behind the hypervisor"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 [layer inferred: %2, %3]"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 [layer inferred: %2]"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 — expected on this host: %2"),
    SANDBENCH_TRANSLATABLE("Engine", "the harness failed on this attack: %1"),
    // Attacks on inputs and artifacts (core/attack_judge.cpp: `inputs: planted`, `expect: artifacts`).
    SANDBENCH_TRANSLATABLE("Engine", "the host's copy of the planted input changed: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "%1; the host's copy of the planted input is unchanged"),
    SANDBENCH_TRANSLATABLE("Engine", "artifact %1 came back holding the planted secret"),
    SANDBENCH_TRANSLATABLE("Engine", "artifact %1 came back holding the planted input's text"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "%1 artifacts of %2 bytes came back, more than the policy's %3 artifacts and %4 MB"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "only the harness's deadline ended the flood: the tier never bounded it"),
    SANDBENCH_TRANSLATABLE("Engine", "artifact name %1 came back unsanitised: %2"),
    SANDBENCH_TRANSLATABLE("Engine", "artifact %1 came back typed %2, but its bytes are %3"),
    SANDBENCH_TRANSLATABLE("Engine", "%1; %2 artifacts came back (%3)"),
    SANDBENCH_TRANSLATABLE("Engine", "no artifact holds the planted secret or input: the artifact collector "
                                     "returned %1 artifacts and followed no link (%2)"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "the artifact collector returned %1 artifacts of %2 bytes, within the policy's caps (%3)"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the artifact collector returned %1 artifacts, each name one safe component (%2)"),
    SANDBENCH_TRANSLATABLE("Engine", "the artifact collector typed %1 artifacts by their bytes (%2)"),
    SANDBENCH_TRANSLATABLE("Engine", "%1; the program was refused too: %2"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "nothing got through before the harness's deadline (the tier's own limits did not end the run)"),
    // The network attacks (core/attack_judge.cpp: `expect: egress`, core/attack_harness.cpp).
    SANDBENCH_TRANSLATABLE("Engine", "the secret's real value is in stdout: the program held it"),
    SANDBENCH_TRANSLATABLE("Engine", "the secret's real value is in stderr: the program held it"),
    SANDBENCH_TRANSLATABLE("Engine", "artifact %1 holds the secret's real value"),
    SANDBENCH_TRANSLATABLE("Engine", "the harness's canary DNS server was asked for %1"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the harness's web server received %1, a route the allow list does not have"),
    SANDBENCH_TRANSLATABLE("Engine", "the secret's %1 reached %2, not its host %3: %4"),
    SANDBENCH_TRANSLATABLE("Engine", "real value"), SANDBENCH_TRANSLATABLE("Engine", "placeholder"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "nothing of this run reached the harness's web or DNS server before the harness's "
                           "deadline (the tier's own limits did not end the run)"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "nothing of this run reached the harness's web or DNS server: the egress proxy %1"),
    SANDBENCH_TRANSLATABLE("Engine", "nothing of this run reached the harness's web or DNS server, and the "
                                     "program held only a placeholder: the egress proxy %1"),
    SANDBENCH_TRANSLATABLE("Engine", "%1; nothing of this run reached the harness's web or DNS server"),
    SANDBENCH_TRANSLATABLE("Engine", "the allowed host received %1 with the secret's real value put in: the "
                                     "allow list and the secret work"),
    SANDBENCH_TRANSLATABLE("Engine", "the tier's allow-listed network is broken: %1 reached the allowed host "
                                     "without the secret's real value"),
    SANDBENCH_TRANSLATABLE("Engine", "the tier's allow-listed network is broken: its request never reached "
                                     "the allowed host %1 (%2)"),
    SANDBENCH_TRANSLATABLE("Engine", "its network could not be set up: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "nothing dropped"), SANDBENCH_TRANSLATABLE("Engine", "dropped %1"),
    SANDBENCH_TRANSLATABLE("Engine", "it holds a '/'"), SANDBENCH_TRANSLATABLE("Engine", "it holds a NUL"),
    SANDBENCH_TRANSLATABLE("Engine", "it is empty, \".\" or \"..\""),
    SANDBENCH_TRANSLATABLE("Engine", "it is longer than 255 bytes"),
    SANDBENCH_TRANSLATABLE("Engine", "it is not valid UTF-8"),
    SANDBENCH_TRANSLATABLE("Engine", "it holds a control character"),
    SANDBENCH_TRANSLATABLE("Engine", "it holds a bidirectional override"),
    // Layers and their details (core/layer_evidence.cpp, core/attack_judge.cpp).
    SANDBENCH_TRANSLATABLE("Engine", "none"), SANDBENCH_TRANSLATABLE("Engine", "timeout"),
    SANDBENCH_TRANSLATABLE("Engine", "wall clock"), SANDBENCH_TRANSLATABLE("Engine", "rlimit"),
    SANDBENCH_TRANSLATABLE("Engine", "cgroup"), SANDBENCH_TRANSLATABLE("Engine", "memory.max (OOM kill)"),
    SANDBENCH_TRANSLATABLE("Engine", "guest kernel"), SANDBENCH_TRANSLATABLE("Engine", "the VM's memory"),
    SANDBENCH_TRANSLATABLE("Engine", "tmpfs size"),
    SANDBENCH_TRANSLATABLE("Engine", "the working folder's size cap"),
    SANDBENCH_TRANSLATABLE("Engine", "output cap"), SANDBENCH_TRANSLATABLE("Engine", "bytes kept per stream"),
    SANDBENCH_TRANSLATABLE("Engine", "seccomp"), SANDBENCH_TRANSLATABLE("Engine", "namespace"),
    SANDBENCH_TRANSLATABLE("Engine", "the VM has no network device"),
    SANDBENCH_TRANSLATABLE("Engine", "network"), SANDBENCH_TRANSLATABLE("Engine", "landlock"),
    SANDBENCH_TRANSLATABLE("Engine", "read-only filesystem"),
    SANDBENCH_TRANSLATABLE("Engine", "the host's files are not in the VM"),
    SANDBENCH_TRANSLATABLE("Engine", "mount"), SANDBENCH_TRANSLATABLE("Engine", "harness deadline"),
    SANDBENCH_TRANSLATABLE("Engine", "the tier's own limits did not end the run"),
    SANDBENCH_TRANSLATABLE("Engine", "kernel"), SANDBENCH_TRANSLATABLE("Engine", "kernel quotas"),
    SANDBENCH_TRANSLATABLE("Engine", "artifact collector"), SANDBENCH_TRANSLATABLE("Engine", "egress proxy"),
    SANDBENCH_TRANSLATABLE("Engine", "the secret's real value stays outside the sandbox"),
    SANDBENCH_TRANSLATABLE("Engine", "links not followed"),
    SANDBENCH_TRANSLATABLE("Engine", "the policy's artifacts_max and artifacts_mb"),
    SANDBENCH_TRANSLATABLE("Engine", "names sanitised"),
    SANDBENCH_TRANSLATABLE("Engine", "types sniffed from the bytes"),
    SANDBENCH_TRANSLATABLE("Engine", "environment"), SANDBENCH_TRANSLATABLE("Engine", "nosuid mount"),
    SANDBENCH_TRANSLATABLE("Engine", "noexec mount"), SANDBENCH_TRANSLATABLE("Engine", "permissions"),
    SANDBENCH_TRANSLATABLE("Engine", "no terminal"), SANDBENCH_TRANSLATABLE("Engine", "unknown"),
    SANDBENCH_TRANSLATABLE("Engine", "the call reached the VM's own kernel"),
    SANDBENCH_TRANSLATABLE("Engine", "PID: everything in the sandbox died with its init process"),
    SANDBENCH_TRANSLATABLE("Engine", "the VM was killed with everything in it"),
    SANDBENCH_TRANSLATABLE("Engine", "the quota is the VM kernel's own"),
    SANDBENCH_TRANSLATABLE("Engine", "charged to a host uid of the sandbox's own, and capped per sandbox"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 inside the VM, whose kernel and files are its own"),
    SANDBENCH_TRANSLATABLE("Engine", "the host's kernel refused %1"),
    SANDBENCH_TRANSLATABLE("Engine", "only the policy's variables are passed (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "PID: the host's processes are not visible (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "RLIMIT_AS or cgroup memory (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "RLIMIT_NPROC or cgroup pids.max (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "network (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "mount: not in the sandbox's view (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "PID: the process is not visible (%1)"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "ptrace access refused: the process is not dumpable or another user's (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "or file permissions (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "the sandbox's unprivileged user may not (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "or missing capabilities (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "or the socket family is absent (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "the VM shows its own: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "UTS: the sandbox has its own hostname (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "PID: the sandbox sees only its own processes (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "the sandbox shows its own value (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "the attack failed inside the VM"),
    SANDBENCH_TRANSLATABLE("Engine", "the attack failed without saying why"),
    // What a control attack needs that this machine lacks (core/attack_suite.cpp).
    SANDBENCH_TRANSLATABLE("Engine", "not running as root"),
    SANDBENCH_TRANSLATABLE("Engine", "this kernel has no loadable modules (no /proc/modules)"),
    // What the agent needs before it can start (core/agent/provider_settings.cpp).
    SANDBENCH_TRANSLATABLE("Engine", "No base URL is set for the %1 provider."),
    SANDBENCH_TRANSLATABLE("Engine", "The base URL \"%1\" must start with http:// or https://."),
    SANDBENCH_TRANSLATABLE("Engine",
                           "No model is set: enter a model name in the agent settings or pass --model."),
    SANDBENCH_TRANSLATABLE(
        "Engine", "No API key for %1: set %2 in Sandbench's environment or enter a key in the agent "
                  "settings. For a local model server, choose the OpenAI-compatible provider and its "
                  "base URL (Ollama: http://localhost:11434/v1)."),
    // What the tiers' probes note (tiers/*/*_tier.cpp and the helpers they call).
    SANDBENCH_TRANSLATABLE("Engine",
                           "control tier: runs with no isolation, with Sandbench's own environment"),
    SANDBENCH_TRANSLATABLE("Engine", "namespaces: user, mount, PID, network, IPC, UTS, cgroup"),
    SANDBENCH_TRANSLATABLE("Engine", "no per-run memory cgroup: %1, memory bounded per process only "
                                     "(RLIMIT_AS); kernel memory such as socket buffers is not bounded"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "cgroup memory: each run in memory, pids and CPU cgroups of its own (cgroup v%1, in %2): "
                  "memory_mb for all its processes together, kernel memory and Unix socket buffers included"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "cgroup memory: each run in memory, pids cgroups of its own (cgroup v%1, in %2): memory_mb "
                  "for all its processes together, kernel memory and Unix socket buffers included"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "TCP buffers on v1's separate counter, capped at a quarter of memory_mb"),
    SANDBENCH_TRANSLATABLE("Engine", "TCP buffers not counted (this kernel has no memory.kmem.tcp)"),
    SANDBENCH_TRANSLATABLE("Engine", "no swap"),
    SANDBENCH_TRANSLATABLE("Engine", "swap not accounted here (no memory.memsw), so not limited"),
    SANDBENCH_TRANSLATABLE("Engine", "no CPU quota (no cpu controller)"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "seccomp: allow list, everything else denied and reported to the supervisor"),
    SANDBENCH_TRANSLATABLE("Engine", "seccomp: allow list, everything else denied (no user notification on "
                                     "this kernel: denials are silent)"),
    SANDBENCH_TRANSLATABLE("Engine", "Landlock ABI %1: second filesystem layer on"),
    SANDBENCH_TRANSLATABLE("Engine", "Landlock unavailable on this kernel: second filesystem layer off (the "
                                     "mount namespace still hides host files)"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "each run has a host uid of its own (%1–%2), uid 1000 inside; the zygote runs as %3, never as root"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "runs as your uid on the host, uid 1000 inside, with no capability; all runs share your "
                  "uid's pipe-buffer and in-flight-descriptor quotas (separate uids need root)"),
    SANDBENCH_TRANSLATABLE("Engine", "per-sandbox quotas: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "%1, %2 pending signals, no message queues, 256 descriptors"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "%1 inotify instances, %2 inotify watches, %3 fanotify groups, %4 fanotify "
                           "marks, %5 pending signals, no message queues, 256 descriptors"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "/proc: the sandbox's own processes only (subset=pid), no host meminfo, cpuinfo or sys"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "/proc: this kernel refused a /proc limited to processes (subset=pid, Linux "
                           "5.8+), so each run mounts a full one: the sandbox's processes still, but also "
                           "the host's meminfo, cpuinfo and the readable parts of /proc/sys"),
    SANDBENCH_TRANSLATABLE("Engine", "image %1"),
    // Each tier's Python and data stack (core/python_stack.h), and where the tier read it.
    SANDBENCH_TRANSLATABLE("Engine", "%1 (from the image's label)"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 (from the guest image's manifest)"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "image %1 does not say its Python packages (it has no %2 label: not made by "
                           "scripts/build-container-image.sh)"),
    SANDBENCH_TRANSLATABLE("Engine", "Sandbench's seccomp profile in place of the engine's default"),
    SANDBENCH_TRANSLATABLE("Engine", "warm pool of %1"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "socket buffers: TCP's are not counted by --memory on this cgroup v1 host (no "
                           "engine flag sets memory.kmem.tcp.limit_in_bytes); Unix socket buffers are"),
    SANDBENCH_TRANSLATABLE("Engine", "shares the host kernel"),
    SANDBENCH_TRANSLATABLE("Engine", "accelerator: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "QEMU %1, guest %2"),
    SANDBENCH_TRANSLATABLE("Engine", "own guest kernel"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "QEMU jailed: own mount, PID, network, IPC and UTS namespaces, a root of /usr and "
                           "its devices only; uid %1, no capabilities, QEMU's own seccomp filter"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "QEMU jailed: own mount, PID, network, IPC and UTS namespaces (in a user namespace of your "
                  "uid), a root of /usr and its devices only; no capabilities, QEMU's own seccomp filter"),
    SANDBENCH_TRANSLATABLE("Engine", "TCG emulation: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "KVM cannot run guests here, a few seconds a run"),
    SANDBENCH_TRANSLATABLE("Engine", "KVM (a trial guest booted under it)"),
    SANDBENCH_TRANSLATABLE("Engine", "TCG emulation (chosen in the settings)"),
    SANDBENCH_TRANSLATABLE("Engine", "KVM (chosen in the settings)"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "/dev/kvm runs a test guest, but a Linux guest did not boot under KVM (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "template %1 via %2"),
    SANDBENCH_TRANSLATABLE("Engine", "sandbox requests go to %1 (E2B_SANDBOX_URL)"),
    SANDBENCH_TRANSLATABLE("Engine", "own kernel: a Firecracker microVM on E2B's hosts"),
    SANDBENCH_TRANSLATABLE("Engine", "billed by E2B for every run; the key was not checked online"),
    // Why a tier cannot run here, as its probe says (tiers/*): what to install, start or choose.
    SANDBENCH_TRANSLATABLE("Engine",
                           "QEMU is not installed: install it with `sudo apt install qemu-system-x86`"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "QEMU is not installed: install it with `sudo apt install qemu-system-x86` "
                           "(or fix SANDBENCH_QEMU=%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "the guest image is missing from %1: run scripts/build-guest-image.sh"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "the guest image is missing from %1: run scripts/build-guest-image.sh --output %2"),
    SANDBENCH_TRANSLATABLE("Engine", "util-linux's setpriv and prlimit are not on PATH, and the microVM tier "
                                     "does not start QEMU without them: install util-linux (sudo apt install "
                                     "util-linux)"),
    SANDBENCH_TRANSLATABLE("Engine", "KVM was chosen but is not usable: %1; choose tcg or auto"),
    SANDBENCH_TRANSLATABLE("Engine", "unknown accelerator \"%1\": choose kvm, tcg or auto"),
    SANDBENCH_TRANSLATABLE("Engine", "unknown gVisor platform \"%1\": choose auto, kvm, systrap or ptrace"),
    SANDBENCH_TRANSLATABLE("Engine", "this runsc (%1) has no %2 platform: choose auto or one of its own"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "the gVisor platform %1 was chosen but does not start here (%2): choose auto or another platform"),
    SANDBENCH_TRANSLATABLE("Engine", "the gVisor platform %1 does not start here (%2)"),
    SANDBENCH_TRANSLATABLE("Engine", "this runsc offers no platform Sandbench can use"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "SANDBENCH_RUNSC names %1, which is not an executable runsc: unset it, or "
                           "install runsc with scripts/setup-gvisor-tier.sh"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "gVisor's runsc is not installed: run scripts/setup-gvisor-tier.sh (it "
                           "installs Debian's runsc package and registers it with Docker), or sudo apt "
                           "install runsc"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "%1 does not answer (`runsc --version`: %2): reinstall it (sudo apt install "
                           "--reinstall runsc)"),
    SANDBENCH_TRANSLATABLE("Engine", "Docker has no %1 runtime registered: run scripts/setup-gvisor-tier.sh, "
                                     "which registers runsc with Docker, or choose the podman engine"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "Docker has no %1 runtime registered (docker info: %2): run "
                           "scripts/setup-gvisor-tier.sh, which registers runsc with Docker, or choose "
                           "the podman engine"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "Docker has no %1 runtime registered, which a network allow list needs on the "
                           "gVisor tier: run scripts/setup-gvisor-tier.sh again, which registers it, or "
                           "choose the podman engine; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "Docker has no %1 runtime registered, which a network allow list needs on the "
                           "gVisor tier (docker info: %2): run scripts/setup-gvisor-tier.sh again, which "
                           "registers it, or choose the podman engine; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "cannot give the container its way to the egress proxy: %1; no user code ran"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "Podman is installed but cannot run containers here: check `podman info`, "
                           "or choose the docker engine"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "Docker is running but this user may not use it: add yourself to the "
                           "docker group (sudo usermod -aG docker $USER, then log in again), or use "
                           "Podman"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "Docker is installed but its daemon is not running: start it with `sudo "
                           "systemctl start docker` (or `sudo scripts/start-container-engines.sh` on a "
                           "machine without systemd), or set DOCKER_HOST to a running engine"),
    SANDBENCH_TRANSLATABLE("Engine", "Docker is installed but its engine does not answer: check `docker "
                                     "version`, or set DOCKER_HOST to a running engine"),
    SANDBENCH_TRANSLATABLE("Engine", "the docker CLI is not installed: install Docker (sudo apt install "
                                     "docker.io), or choose the podman engine"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the podman CLI is not installed: install Podman (sudo apt install podman "
                           "runc), or choose the docker engine"),
    SANDBENCH_TRANSLATABLE("Engine", "unknown container engine \"%1\": choose docker, podman or auto"),
    SANDBENCH_TRANSLATABLE("Engine", "no container engine is installed: install Docker (sudo apt install "
                                     "docker.io) or Podman (sudo apt install podman runc)"),
    SANDBENCH_TRANSLATABLE("Engine", "the %1 engine did not answer whether image %2 exists"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "image %1 not found in %2: run scripts/build-container-image.sh --engine %3"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "no E2B API key: set E2B_API_KEY (get one at https://e2b.dev/dashboard)"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the e2b tier runs programs in its sandbox's Python kernel and cannot use "
                           "the interpreter \"%1\""),
    SANDBENCH_TRANSLATABLE("Engine", "%1. The subprocess tier will not run without its seccomp filter."),
    SANDBENCH_TRANSLATABLE("Engine",
                           "cannot reserve host uids for the sandboxes: %1. The subprocess tier will "
                           "not run its sandboxes under a shared uid."),
    SANDBENCH_TRANSLATABLE("Engine", "%1. The subprocess tier will not run without it."),

    // The gVisor tier (tiers/gvisor) and what the judge says of a user-space kernel.
    SANDBENCH_TRANSLATABLE("Engine", "gVisor runsc %1 (%2), platform %3"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the program's system calls reach gVisor's Sentry, which shows its own kernel "
                           "(4.4.0), memory and CPU count; the Sentry runs on the host kernel under runsc's "
                           "seccomp filter, and a gofer process mediates its file access"),
    SANDBENCH_TRANSLATABLE("Engine", "not kvm: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "a trial sandbox did not start within %1 s"),
    SANDBENCH_TRANSLATABLE("Engine", "kvm (a trial sandbox ran under it)"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 (chosen in the settings)"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "the host's memory cgroup around the whole gVisor sandbox (--memory, no swap)"),
    SANDBENCH_TRANSLATABLE("Engine", "RLIMIT_NPROC in the gVisor Sentry (--ulimit nproc)"),
    SANDBENCH_TRANSLATABLE("Engine", "file-size rlimit in the gVisor Sentry (--ulimit fsize)"),
    SANDBENCH_TRANSLATABLE("Engine", "size-capped tmpfs /tmp in the gVisor Sentry (--tmpfs size)"),
    SANDBENCH_TRANSLATABLE("Engine", "the gVisor Sentry's own network stack on the engine's default network"),
    SANDBENCH_TRANSLATABLE("Engine", "no network in the gVisor Sentry (runsc --network=none)"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "no network in the gVisor Sentry (runsc --network=none): its one way out is the "
                           "egress proxy, through a host socket bound in (runsc --host-uds=open)"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "read-only container root (--read-only) served through gVisor's gofer, no host folder"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "killed by SIGKILL: the host's memory cgroup (--memory %1 MB, no swap) was full and its OOM killer "
        "ended the whole gVisor sandbox (the engine reported status 137 and the waiter never reported)"),
    SANDBENCH_TRANSLATABLE("Engine", "it exhausted the gVisor Sentry's %1 quota only (%2)"),
    SANDBENCH_TRANSLATABLE("Engine", "gVisor Sentry"),
    SANDBENCH_TRANSLATABLE("Engine", "the quota is the Sentry's own, not the host kernel's"),
    SANDBENCH_TRANSLATABLE(
        "Engine",
        "reached the gVisor Sentry only (%1); the host's kernel sees only the Sentry's own, filtered calls"),
    SANDBENCH_TRANSLATABLE("Engine", "the call reached the Sentry's own implementation"),
    SANDBENCH_TRANSLATABLE("Engine", "the Sentry does not implement it, or seccomp (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "the Sentry shows its own: %1"),
    SANDBENCH_TRANSLATABLE("Engine", "cancelled before the program started"),
    // A policy as a transcript keeps it (Policy::summary(), core/policy.cpp).
    SANDBENCH_TRANSLATABLE("Engine",
                           "timeout %1 s, memory %2 MB, %3 processes, %4 CPU, files %5 MB, network %6"),
    SANDBENCH_TRANSLATABLE("Engine",
                           "timeout %1 s, memory %2 MB, %3 processes, %4 CPUs, files %5 MB, network %6"),
    SANDBENCH_TRANSLATABLE("Engine", "on"), SANDBENCH_TRANSLATABLE("Engine", "off"),
    // Read-only files, a layer of their own (core/stop_evidence.cpp, each tier's layers).
    SANDBENCH_TRANSLATABLE("Engine", "write: EROFS, read-only filesystem (%1)"),
    SANDBENCH_TRANSLATABLE("Engine", "read-only mount"),
    SANDBENCH_TRANSLATABLE("Engine", "the guest's files are read-only"),
    SANDBENCH_TRANSLATABLE("Engine", "a read-only folder of the guest's own root filesystem"),
    SANDBENCH_TRANSLATABLE("Engine", "the sandbox's minimal view is mounted read-only"),
    SANDBENCH_TRANSLATABLE("Engine", "read-only container root (--read-only)"),
    SANDBENCH_TRANSLATABLE("Engine", "private mount namespace: a minimal view of the host's files"),
    SANDBENCH_TRANSLATABLE("Engine", "the container's own mount namespace, no host folder mounted"),
    SANDBENCH_TRANSLATABLE(
        "Engine", "the container's own mount namespace, served through gVisor's gofer, no host folder"),
    SANDBENCH_TRANSLATABLE("Engine", "read-only container root (--read-only), served through gVisor's gofer"),
    SANDBENCH_TRANSLATABLE("Engine", "E2B's default network"),
    SANDBENCH_TRANSLATABLE("Engine", "E2B's egress block (allow_internet_access false)"),
    // A saved agent transcript that cannot be replayed (core/agent/session_replay.cpp).
    SANDBENCH_TRANSLATABLE("Engine", "cannot read the transcript %1: %2"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 is not JSON: %2"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 is not a Sandbench agent transcript (its \"format\" is not "
                                     "\"sandbench-agent-transcript\")"),
    SANDBENCH_TRANSLATABLE("Engine", "%1: a run's result is malformed: %2"),
    SANDBENCH_TRANSLATABLE("Engine", "%1: its policy is malformed: %2"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 is not a complete transcript: %2"),
    // Joins, tried last: each side is translated on its own.
    SANDBENCH_TRANSLATABLE("Engine", "%1; %2"),
    SANDBENCH_TRANSLATABLE("Engine", "%1 (%2)"), // a program's last line and how it ended
});

// Literal characters: a form with more of them says more, so it is tried first.
std::size_t literalLength(std::string_view form) {
    std::size_t length = form.size();
    for (std::size_t at = form.find('%'); at != std::string_view::npos; at = form.find('%', at + 1))
        if (at + 1 < form.size() && form[at + 1] >= '1' && form[at + 1] <= '9')
            length -= 2;
    return length;
}

struct CompiledForm {
    std::string_view form;
    std::regex pattern;
    std::vector<int> order; // the placeholder number of each capture group
};

const std::vector<CompiledForm>& compiledForms() {
    static const std::vector<CompiledForm> compiled = [] {
        std::vector<std::string_view> forms(kForms.begin(), kForms.end());
        std::stable_sort(forms.begin(), forms.end(), [](std::string_view a, std::string_view b) {
            return literalLength(a) > literalLength(b);
        });
        std::vector<CompiledForm> result;
        for (std::string_view form : forms) {
            CompiledForm entry{form, {}, {}};
            std::string pattern;
            for (std::size_t i = 0; i < form.size(); ++i) {
                if (form[i] == '%' && i + 1 < form.size() && form[i + 1] >= '1' && form[i + 1] <= '9') {
                    pattern += "(.+?)";
                    entry.order.push_back(form[i + 1] - '0');
                    ++i;
                } else {
                    if (std::string_view("\\^$.|?*+()[]{}").find(form[i]) != std::string_view::npos)
                        pattern += '\\';
                    pattern += form[i];
                }
            }
            entry.pattern = std::regex(pattern);
            result.push_back(std::move(entry));
        }
        return result;
    }();
    return compiled;
}

} // namespace

std::span<const std::string_view> engineForms() {
    return kForms;
}

std::string fillForm(std::string_view form, const std::vector<std::string>& values) {
    std::string text;
    for (std::size_t i = 0; i < form.size(); ++i) {
        const bool placeholder =
            form[i] == '%' && i + 1 < form.size() && form[i + 1] >= '1' && form[i + 1] <= '9';
        const std::size_t index = placeholder ? std::size_t(form[i + 1] - '1') : 0;
        if (placeholder && index < values.size()) {
            text += values[index];
            ++i;
        } else {
            text += form[i];
        }
    }
    return text;
}

std::optional<PhraseMatch> matchPhrase(std::string_view text) {
    for (const CompiledForm& entry : compiledForms()) {
        std::match_results<std::string_view::const_iterator> match;
        if (!std::regex_match(text.begin(), text.end(), match, entry.pattern))
            continue;
        PhraseMatch found{entry.form, std::vector<std::string>(entry.order.size())};
        for (std::size_t group = 0; group < entry.order.size(); ++group) {
            const std::size_t index = std::size_t(entry.order[group] - 1);
            if (index >= found.values.size())
                found.values.resize(index + 1);
            found.values[index] = match[group + 1].str();
        }
        return found;
    }
    return std::nullopt;
}

} // namespace sandbench
