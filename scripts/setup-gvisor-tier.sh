#!/usr/bin/env bash
# Makes the gVisor tier runnable on this machine: installs Debian's runsc, sets up the container tier it
# builds on (scripts/setup-container-tier.sh: the engines and the Python image), and registers one Docker
# runtime per gVisor platform this runsc has and kind of network, in Docker's daemon.json:
#   sandbench-runsc-<platform>         no network (runsc --network=none);
#   sandbench-runsc-<platform>-net     gVisor's own network stack, for policies with network;
#   sandbench-runsc-<platform>-egress  no network, but the sandbox may connect to the host Unix sockets
#                                      bound into it (--host-uds=open), for policies with an allow list:
#                                      the one such socket Sandbench binds in leads to the egress proxy.
# Podman needs no registration: the tier names runsc's path with --runtime. Safe to run again: when all is
# in place it only checks, in a few seconds; it reloads dockerd (SIGHUP, which keeps running containers)
# only when daemon.json changed. Uses sudo when not run as root. scripts/test.sh and CI run it;
# scripts/run.sh does not.
#
# Usage: scripts/setup-gvisor-tier.sh [--engine docker|podman|all]
#   --engine  which engine(s) to set up. Default: all.
# Environment: DOCKER_DAEMON_JSON (default /etc/docker/daemon.json), RUNSC (default /usr/bin/runsc), and
# what setup-container-tier.sh reads.
set -euo pipefail
cd "$(dirname "$0")/.."

engine=all
daemon_json=${DOCKER_DAEMON_JSON:-/etc/docker/daemon.json}
runsc=${RUNSC:-/usr/bin/runsc}

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "setup-gvisor-tier: $*" >&2; exit 1; }
say() { echo "setup-gvisor-tier: $*"; }

while [ $# -gt 0 ]; do
    case $1 in
        --engine) [ $# -ge 2 ] || die "--engine needs a value"; engine=$2; shift 2 ;;
        --engine=*) engine=${1#*=}; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
case $engine in
    all|docker|podman) ;;
    *) die "--engine must be docker, podman or all, not '$engine'" ;;
esac

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

if ! dpkg-query -W -f='${Status}' runsc 2>/dev/null | grep -q "install ok installed"; then
    say "installing: runsc"
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends runsc >/dev/null
fi
[ -x "$runsc" ] || die "$runsc is missing after installing runsc"

scripts/setup-container-tier.sh --engine "$engine"

[ "$engine" = podman ] && exit 0

# The platforms this runsc knows: its -platform flag's help lists them ("ptrace (default), kvm"; newer
# releases add systrap).
platforms=(ptrace)
help=$("$runsc" flags 2>&1 | sed -n '/^ *-platform string/,/^ *-/p')
for platform in kvm systrap; do
    [[ $help == *"$platform"* ]] && platforms+=("$platform")
done

# Merges the runtimes into daemon.json, keeping every other key; prints "changed" when it wrote the file.
changed=$("${sudo[@]}" /usr/bin/python3 - "$daemon_json" "$runsc" "${platforms[@]}" <<'EOF'
import json, os, sys
path, runsc, platforms = sys.argv[1], sys.argv[2], sys.argv[3:]
config = {}
if os.path.exists(path):
    with open(path) as file:
        text = file.read()
    config = json.loads(text) if text.strip() else {}
runtimes = config.setdefault("runtimes", {})
# runsc refuses Docker's --network none unless told there is no network ("cannot run with network
# enabled in root network namespace"): one runtime without a network, one with gVisor's own netstack, one
# without a network that may reach the egress proxy's socket.
# --oci-seccomp applies the container's seccomp profile inside the sandbox; runsc ignores it otherwise.
wanted = {}
for p in platforms:
    wanted[f"sandbench-runsc-{p}"] = {"path": runsc, "runtimeArgs": [f"--platform={p}", "--oci-seccomp", "--network=none"]}
    wanted[f"sandbench-runsc-{p}-net"] = {"path": runsc, "runtimeArgs": [f"--platform={p}", "--oci-seccomp"]}
    # Open only: the sandbox may connect to a host socket bound into it, never create one on the host.
    wanted[f"sandbench-runsc-{p}-egress"] = {"path": runsc, "runtimeArgs": [f"--platform={p}", "--oci-seccomp", "--network=none", "--host-uds=open"]}
if all(runtimes.get(name) == value for name, value in wanted.items()):
    sys.exit(0)
runtimes.update(wanted)
os.makedirs(os.path.dirname(path), exist_ok=True)
with open(path + ".sandbench-new", "w") as file:
    json.dump(config, file, indent=2)
    file.write("\n")
os.replace(path + ".sandbench-new", path)
print("changed")
EOF
)

if [ "$changed" = changed ]; then
    say "registered the runtimes sandbench-runsc-{${platforms[*]}}[-net|-egress] in $daemon_json"
    if pid=$(pgrep -xo dockerd); then
        # dockerd reloads its runtimes on SIGHUP; running containers are left alone.
        "${sudo[@]}" kill -HUP "$pid"
    fi
fi
for _ in $(seq 30); do
    timeout 10 docker info --format '{{json .Runtimes}}' 2>/dev/null | grep -q sandbench-runsc-ptrace && break
    sleep 1
done
timeout 10 docker info --format '{{json .Runtimes}}' | grep -q sandbench-runsc-ptrace ||
    die "dockerd does not list the sandbench-runsc-ptrace runtime after reloading $daemon_json"
say "gVisor runtimes: sandbench-runsc-{${platforms[*]}}[-net|-egress] (docker), $runsc (podman)"
