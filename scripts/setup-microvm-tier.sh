#!/usr/bin/env bash
# Makes the microVM tier runnable on this machine: installs QEMU (Debian's qemu-system-x86) when missing
# and builds the guest image (scripts/build-guest-image.sh: a kernel and an initramfs from Debian
# packages, and a read-only root drive made from the container image's root file system with its Python
# data stack; cached, skipped when up to date). Safe to run again: when all is in place it only checks.
# Uses sudo when not run as root. scripts/test.sh and CI run it; scripts/run.sh does not, since the
# subprocess tier needs none of this.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "setup-microvm-tier: $*"; }

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
if ! dpkg-query -W -f='${Status}' qemu-system-x86 2>/dev/null | grep -q "install ok installed"; then
    say "installing qemu-system-x86"
    "${sudo[@]}" apt-get update -qq
    # Without recommends: no firmware packages, no GUI; direct kernel boot needs neither.
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends qemu-system-x86 >/dev/null
fi
scripts/build-guest-image.sh "$@"
