#!/usr/bin/env bash
# Builds the Python image that the container tiers run (default sandbench/python:4): Debian 12's python3
# with its whole standard library (json, decimal, sqlite3, ctypes... which agent-written code expects, as on
# the other tiers) and the data stack (numpy, pandas, matplotlib, scipy), and imports it into Docker and/or
# Podman. No container registry is reachable here, so the image is the root file system that
# scripts/build-python-rootfs.sh makes from Debian packages with debootstrap (the microVM guest's root drive
# is made from the same one). Its labels carry this script's image version and the Python stack line
# (org.sandbench.python-stack), which the tier shows and checks, and the root file system's content key
# (org.sandbench.rootfs-key): an image from another root is imported again.
#
# Usage: scripts/build-container-image.sh [--engine docker|podman|all] [--image NAME] [--force] [--refresh]
#   --engine   which engine(s) get the image. Default: every engine whose CLI is installed and answers.
#   --image    image name (default sandbench/python:4).
#   --force    import again even where the current image already exists (from the cached rootfs). An
#              image from an older version of this script is imported again without it.
#   --refresh  run debootstrap again instead of using the cached rootfs tarball.
# Environment: DOCKER / PODMAN (the CLIs to use, default docker / podman), and what
#   scripts/build-python-rootfs.sh reads (DEBIAN_MIRROR, DEBIAN_SUITE).
set -euo pipefail

docker_cli=${DOCKER:-docker}
podman_cli=${PODMAN:-podman}
engine=auto
# The tag's number is the image version: a new one never replaces an image that other checkouts' tests
# still run (the version before the data stack is sandbench/python:3).
image=sandbench/python:4
# Raised whenever the image's shape changes (its tag follows); a change of the root file system alone is
# told by its content key. 2: the whole standard library (python3, not python3-minimal). 3: the data
# stack. 4: the root's content key as a label, no compiler in the root, its own tag.
image_version=4
force=0
refresh=0

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "build-container-image: $*" >&2; exit 1; }
say() { echo "build-container-image: $*"; }

while [ $# -gt 0 ]; do
    case $1 in
        --engine) [ $# -ge 2 ] || die "--engine needs a value"; engine=$2; shift 2 ;;
        --engine=*) engine=${1#*=}; shift ;;
        --image) [ $# -ge 2 ] || die "--image needs a value"; image=$2; shift 2 ;;
        --image=*) image=${1#*=}; shift ;;
        --force) force=1; shift ;;
        --refresh) refresh=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

# An engine counts only when its CLI exists and its daemon/service answers; `timeout` keeps a hung
# daemon socket from hanging the script.
engine_answers() {
    case $1 in
        docker) command -v "$docker_cli" >/dev/null && timeout 30 "$docker_cli" info >/dev/null 2>&1 ;;
        podman) command -v "$podman_cli" >/dev/null && timeout 30 "$podman_cli" info >/dev/null 2>&1 ;;
    esac
}

case $engine in
    auto)
        engines=()
        for e in docker podman; do engine_answers "$e" && engines+=("$e"); done
        [ ${#engines[@]} -gt 0 ] || die "neither docker nor podman is installed and answering (try scripts/start-container-engines.sh)"
        ;;
    all) engines=(docker podman) ;;
    docker|podman) engines=("$engine") ;;
    *) die "--engine must be docker, podman or all, not '$engine'" ;;
esac
for e in "${engines[@]}"; do
    engine_answers "$e" || die "$e is not installed or does not answer ('$e info' failed)"
done

cli() { if [ "$1" = docker ]; then echo "$docker_cli"; else echo "$podman_cli"; fi; }

# The image's version label, empty when the image is missing or has none.
image_version_of() {
    "$(cli "$1")" image inspect --format \
        '{{ index .Config.Labels "org.sandbench.image-version" }}/{{ index .Config.Labels "org.sandbench.rootfs-key" }}' \
        "$image" 2>/dev/null || true
}
rootfs_key=$("$(dirname "$0")/build-python-rootfs.sh" --print-key)

# Podman as root on a host without CAP_SYS_RESOURCE (e.g. inside a CI sandbox) fails to start any container
# ("error setting rlimit type 7/6") because it raises nofile/nproc above the host's hard limits by default;
# explicit limits within them avoid that. crun fails on cgroup v1 hosts while runc works, so runc is
# chosen whenever it is installed.
podman_global=()
if command -v runc >/dev/null 2>&1 || [ -x /usr/sbin/runc ]; then podman_global=(--runtime runc); fi
nofile=$(ulimit -Hn)
if [ "$nofile" = unlimited ] || [ "$nofile" -gt 1024 ]; then nofile=1024; fi
podman_run_flags=(--ulimit "nofile=$nofile:$nofile" --ulimit nproc=1024:1024 --read-only-tmpfs=false)

needed=()
for e in "${engines[@]}"; do
    have=$(image_version_of "$e")
    if [ "$force" -eq 0 ] && [ "$refresh" -eq 0 ] && [ "$have" = "$image_version/$rootfs_key" ]; then
        say "$e already has $image (use --force to import it again)"
    else
        if [ "$force" -eq 0 ] && "$(cli "$e")" image inspect "$image" >/dev/null 2>&1; then
            say "$e has another $image (version/root ${have:-1}, current $image_version/$rootfs_key): importing the current one"
        fi
        needed+=("$e")
    fi
done

verify() {
    local e=$1 out
    local cmd=("$(cli "$e")")
    [ "$e" = podman ] && cmd+=("${podman_global[@]}")
    cmd+=(run --rm --network none --read-only --tmpfs /tmp:size=16m --user 65534:65534)
    cmd+=(-e MPLBACKEND=Agg -e MPLCONFIGDIR=/tmp -w /tmp)
    [ "$e" = podman ] && cmd+=("${podman_run_flags[@]}")
    # A few of the standard library's modules that python3-minimal lacks, the data stack (matplotlib
    # drawing a file), and the label's line, which must be what the image's interpreter says.
    cmd+=("$image" /usr/bin/python3 -I -c '
import ctypes, decimal, json, sqlite3, statistics, sys
import numpy, pandas, scipy, matplotlib, matplotlib.pyplot as plt
plt.plot([1, 2]); plt.savefig("check.png")
print("Python %s; numpy %s, pandas %s, matplotlib %s, scipy %s" % (sys.version.split()[0],
      numpy.__version__, pandas.__version__, matplotlib.__version__, scipy.__version__))')
    out=$("${cmd[@]}" 2>&1) || die "$e: python3 in $image failed as user 65534 with a read-only root: $out"
    label=$("$(cli "$e")" image inspect --format '{{ index .Config.Labels "org.sandbench.python-stack" }}' "$image")
    [ "$out" = "$label" ] || die "$e: expected '$label' from python3 in $image, got: $out"
    say "$e: $image runs $out as user 65534 with a read-only root"
}

if [ ${#needed[@]} -gt 0 ]; then
    # The root file system is cached as a tarball (by scripts/build-python-rootfs.sh), so that a second
    # engine, a --force or a later run imports it without running debootstrap (minutes) again.
    refresh_flag=()
    [ "$refresh" -eq 0 ] || refresh_flag=(--refresh)
    tarball=$("$(dirname "$0")/build-python-rootfs.sh" "${refresh_flag[@]}" --print-path) ||
        die "could not build the root file system"
    stack=$(tar -xOf "$tarball" ./usr/share/sandbench/python-stack) || die "$tarball has no python-stack line"
    say "importing the root file system $tarball ($stack)"
    for e in "${needed[@]}"; do
        say "importing $image into $e"
        old_id=$("$(cli "$e")" image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
        # `import` gives an image with no config at all; PATH and a default command make it usable as is.
        out=$("$(cli "$e")" import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
            --change 'CMD ["/usr/bin/python3"]' --change "LABEL org.sandbench.image-version=$image_version" \
            --change "LABEL org.sandbench.python-stack=\"$stack\"" \
            --change "LABEL org.sandbench.rootfs-key=$rootfs_key" \
            - "$image" < "$tarball" 2>&1) || die "$e import failed: $out"
        # A --force import leaves the replaced image untagged; drop it unless a container still uses it.
        if [ -n "$old_id" ] && [ "$old_id" != "$("$(cli "$e")" image inspect --format '{{.Id}}' "$image")" ]; then
            "$(cli "$e")" rmi "$old_id" >/dev/null 2>&1 || true
        fi
    done
fi

for e in "${engines[@]}"; do verify "$e"; done
