#!/usr/bin/env bash
# Builds the one root file system that the container image (scripts/build-container-image.sh) and the microVM
# guest's root drive (scripts/build-guest-image.sh) are made from, so that both run the same Python by
# construction: Debian 12's python3 with its whole standard library plus the data stack (python3-numpy,
# python3-pandas, python3-matplotlib, python3-scipy), made with debootstrap from Debian's mirror, slimmed, and
# cached as a tarball. The subprocess tier gets the same packages on the host (scripts/install-deps.sh).
# The root carries /usr/share/sandbench/python-stack: one line "Python 3.11.2; numpy X, pandas Y,
# matplotlib Z, scipy W", printed by its own interpreter after importing each package, which the tiers show.
# A second run finds the cached tarball and only prints its path (in well under a second).
#
# Usage: scripts/build-python-rootfs.sh [--refresh] [--print-path]
#   --refresh     run debootstrap again instead of using the cached tarball.
#   --print-path  print the tarball's path (and nothing else) on stdout once it exists.
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian), DEBIAN_SUITE (default bookworm),
#   XDG_CACHE_HOME (the cache is ${XDG_CACHE_HOME:-$HOME/.cache}/sandbench).
set -euo pipefail

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${DEBIAN_SUITE:-bookworm}
# Raised whenever what goes into the root changes; the container image and the guest carry it, so an image
# made from another version is replaced. 2: the whole standard library (python3, not python3-minimal).
# 3: the data stack (numpy, pandas, matplotlib, scipy).
rootfs_version=3
# Every package named here, installed by apt in the new root with --no-install-recommends, as
# scripts/install-deps.sh installs them on the host, so both resolve the same Depends the same way.
# libblas-dev and liblapack-dev choose the reference BLAS for python3-pythran's "libopenblas-dev |
# libblas-dev": left to itself apt takes OpenBLAS in a new root and keeps a host's reference BLAS, and numpy
# would then compute with different libraries on different tiers.
packages=(python3 python3-numpy python3-pandas python3-matplotlib python3-scipy libblas-dev liblapack-dev)
refresh=0
print_path=0

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "build-python-rootfs: $*" >&2; exit 1; }
say() { echo "build-python-rootfs: $*" >&2; }

while [ $# -gt 0 ]; do
    case $1 in
        --refresh) refresh=1; shift ;;
        --print-path) print_path=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

cache_dir=${XDG_CACHE_HOME:-$HOME/.cache}/sandbench
tarball=$cache_dir/python-rootfs-$suite-v$rootfs_version.tar
mkdir -p "$cache_dir"

if [ "$refresh" -eq 1 ] || [ ! -s "$tarball" ]; then
    if ! command -v debootstrap >/dev/null 2>&1 && [ ! -x /usr/sbin/debootstrap ]; then
        say "installing debootstrap"
        "${sudo[@]}" apt-get update -qq
        DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    fi
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/sandbench-rootfs.XXXXXX")
    partial=$tarball.partial.$$
    # debootstrap mounts proc/sys inside the rootfs; if it is interrupted they may still be mounted, so
    # unmount them before removing, and never let rm cross into another file system.
    cleanup() {
        rm -f "$partial"
        if [ -n "${tmp:-}" ] && [ -d "$tmp" ]; then
            awk -v p="$tmp/" 'index($2, p) == 1 {print $2}' /proc/mounts | sort -r |
                while read -r m; do "${sudo[@]}" umount -l "$m" || true; done
            "${sudo[@]}" rm -rf --one-file-system "$tmp"
        fi
    }
    trap cleanup EXIT
    # Turn Ctrl-C / kill into a normal exit, so the EXIT trap above still cleans up.
    trap 'exit 130' INT TERM HUP
    say "running debootstrap ($suite, then ${packages[*]}, from $mirror); this takes several minutes"
    # The downloaded packages are kept (in the cache the guest image's packages go to too), so a rebuild
    # or a failed run costs no second download.
    debs=$cache_dir/debs
    mkdir -p "$debs"
    "${sudo[@]}" debootstrap --variant=minbase --cache-dir="$debs" "$suite" "$tmp/rootfs" "$mirror" \
        >"$tmp/debootstrap.log" 2>&1 || { tail -20 "$tmp/debootstrap.log" >&2; die "debootstrap failed"; }
    r=$tmp/rootfs
    # apt's own resolver in the root (debootstrap's takes the first of alternatives), from the same cache.
    "${sudo[@]}" find "$debs" -maxdepth 1 -name '*.deb' -exec cp -ln -t "$r/var/cache/apt/archives/" {} +
    "${sudo[@]}" chroot "$r" apt-get update -qq >>"$tmp/debootstrap.log" 2>&1 &&
        "${sudo[@]}" chroot "$r" /usr/bin/env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            --no-install-recommends "${packages[@]}" >>"$tmp/debootstrap.log" 2>&1 ||
        { tail -20 "$tmp/debootstrap.log" >&2; die "apt-get install in the new root failed"; }
    "${sudo[@]}" find "$r/var/cache/apt/archives" -maxdepth 1 -name '*.deb' -exec cp -ln -t "$debs/" {} +
    # The versions, from the root's own interpreter importing each package (matplotlib headless, its config
    # in a throwaway folder), so a package that is there but does not import fails the build here.
    stack=$("${sudo[@]}" chroot "$r" /usr/bin/env -i PATH=/usr/bin:/bin MPLBACKEND=Agg MPLCONFIGDIR=/tmp /usr/bin/python3 -I -c '
import sys, numpy, pandas, matplotlib, scipy
import matplotlib.pyplot
print("Python %s; numpy %s, pandas %s, matplotlib %s, scipy %s" % (sys.version.split()[0],
      numpy.__version__, pandas.__version__, matplotlib.__version__, scipy.__version__))') ||
        die "the data stack does not import in the new root"
    "${sudo[@]}" rm -rf "$r/tmp/matplotlib"* "$r/tmp/"*.tmp 2>/dev/null || true
    "${sudo[@]}" mkdir -p "$r/usr/share/sandbench"
    echo "$stack" | "${sudo[@]}" tee "$r/usr/share/sandbench/python-stack" >/dev/null
    # Only loopback names: the sandbox has no network, and the build host's names are none of its business.
    printf '%s\n' '127.0.0.1 localhost' '::1 localhost' | "${sudo[@]}" tee "$r/etc/hosts" >/dev/null
    # Docs, manuals, translations, package lists and caches are never used in the sandbox.
    "${sudo[@]}" rm -rf "$r/usr/share/doc" "$r/usr/share/man" "$r/usr/share/locale" "$r/usr/share/info"
    "${sudo[@]}" find "$r/var/lib/apt/lists" "$r/var/cache/apt" "$r/var/log" -mindepth 1 -delete
    "${sudo[@]}" find "$r/var/cache/debconf" -name '*-old' -delete
    # Written beside the cache and renamed, so an interrupted run never leaves a truncated tarball.
    "${sudo[@]}" tar -C "$r" --numeric-owner -cf - . >"$partial"
    mv -f "$partial" "$tarball"
    say "cached the root file system ($stack) as $tarball ($(du -h "$tarball" | cut -f1))"
    # Roots cached by other versions of this script are of no further use (this version's is in place).
    find "$cache_dir" -maxdepth 1 -name "python-rootfs-$suite-v*.tar" ! -name "${tarball##*/}" -delete
fi
[ "$print_path" -eq 0 ] || echo "$tarball"
