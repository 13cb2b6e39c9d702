#!/usr/bin/env bash
# Makes the container tier runnable on this machine: installs the Debian packages of Docker and Podman that
# are missing, makes the engines answer (scripts/start-container-engines.sh) and builds the Python image
# into them (scripts/build-container-image.sh). Safe to run again: when all is in place it only checks, in
# a few seconds. Uses sudo when not run as root. scripts/test.sh and CI run it; scripts/run.sh does not,
# since the subprocess tier needs none of this.
#
# Usage: scripts/setup-container-tier.sh [--engine docker|podman|all] [--image NAME]
#   --engine  which engine(s) to set up. Default: all.
#   --image   the image to build. Default: $SANDBENCH_CONTAINER_IMAGE, else sandbench/python:4 (the image
#             the tier runs, so the tests find the image that was built).
# Environment: DOCKER / PODMAN (the CLIs, default docker / podman), and what the two scripts above read.
set -euo pipefail
cd "$(dirname "$0")/.."

engine=all
image=${SANDBENCH_CONTAINER_IMAGE:-sandbench/python:4}
docker_cli=${DOCKER:-docker}
podman_cli=${PODMAN:-podman}

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "setup-container-tier: $*" >&2; exit 1; }
say() { echo "setup-container-tier: $*"; }

while [ $# -gt 0 ]; do
    case $1 in
        --engine) [ $# -ge 2 ] || die "--engine needs a value"; engine=$2; shift 2 ;;
        --engine=*) engine=${1#*=}; shift ;;
        --image) [ $# -ge 2 ] || die "--image needs a value"; image=$2; shift 2 ;;
        --image=*) image=${1#*=}; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
case $engine in
    all) engines=(docker podman) ;;
    docker|podman) engines=("$engine") ;;
    *) die "--engine must be docker, podman or all, not '$engine'" ;;
esac
[ -n "$image" ] || die "--image needs an image name"

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

# Docker with its daemon; Podman with runc (crun cannot start containers on hosts with hybrid cgroups),
# catatonit (the init its configuration names) and uidmap (for Podman as an ordinary user); debootstrap
# builds the image.
packages=(debootstrap)
for e in "${engines[@]}"; do
    case $e in
        docker) packages+=(docker.io) ;;
        podman) packages+=(podman runc catatonit uidmap) ;;
    esac
done
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    say "installing: ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    # No recommends: Docker's would bring apparmor and needrestart, which restarts services on upgrades.
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

answers() {
    case $1 in
        docker) timeout 10 "$docker_cli" info >/dev/null 2>&1 ;;
        podman) timeout 30 "$podman_cli" info >/dev/null 2>&1 ;;
    esac
}

# An ordinary user outside the docker group is refused by a daemon that runs fine; starting another would
# not help, so say what would.
if [ "$(id -u)" -ne 0 ] && [[ " ${engines[*]} " == *" docker "* ]] &&
    command -v "$docker_cli" >/dev/null 2>&1 && ! out=$(timeout 10 "$docker_cli" info 2>&1) &&
    [[ $out == *"permission denied"* ]]; then
    die "docker refuses $(id -un) (permission denied on its socket): run \`sudo usermod -aG docker $(id -un)\` and log in again, or use --engine podman"
fi

start=0
for e in "${engines[@]}"; do answers "$e" || start=1; done
if [ "$start" -eq 1 ]; then
    scripts/start-container-engines.sh
fi

scripts/build-container-image.sh --engine "$engine" --image "$image"
