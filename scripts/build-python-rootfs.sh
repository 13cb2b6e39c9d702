#!/usr/bin/env bash
# Builds the one root file system that the container image (scripts/build-container-image.sh) and the microVM
# guest's root drive (scripts/build-guest-image.sh) are made from, so that both run the same Python by
# construction: Debian 12's python3 with its whole standard library plus the data stack (python3-numpy,
# python3-pandas, python3-matplotlib, python3-scipy), made with debootstrap from Debian's mirror, slimmed, and
# cached as a tarball. The subprocess tier gets the same packages on the host (scripts/install-deps.sh).
# The root carries /usr/share/sandbench/python-stack: one line "Python 3.11.2; numpy X, pandas Y,
# matplotlib Z, scipy W", printed by its own interpreter after importing each package, which the tiers show.
# No compiler: Debian's python3-scipy depends on python3-pythran, an ahead-of-time compiler that needs g++,
# Boost and Python's headers at build time only (scipy's compiled modules never import it). A stand-in
# package of our own provides python3-pythran and conflicts with every compiler and assembler, so apt
# installs none, and the build fails if any cc, gcc, g++, cpp, as or ld is left in the root.
# The tarball is named by a content key (this script and the suite), so a changed root never replaces an
# image or a guest made from another one by mistake, and two checkouts with different scripts keep
# their own roots side by side. A second run finds the cached tarball and only prints its path (in well
# under a second).
#
# Usage: scripts/build-python-rootfs.sh [--refresh] [--print-path] [--print-key]
#   --refresh     run debootstrap again instead of using the cached tarball.
#   --print-path  print the tarball's path (and nothing else) on stdout once it exists.
#   --print-key   print the content key (and nothing else) and exit; builds nothing.
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian), DEBIAN_SUITE (default bookworm),
#   XDG_CACHE_HOME (the cache is ${XDG_CACHE_HOME:-$HOME/.cache}/sandbench/rootfs).
set -euo pipefail

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${DEBIAN_SUITE:-bookworm}
# Every package named here, installed by apt in the new root with --no-install-recommends, as
# scripts/install-deps.sh installs them on the host. libblas3 and liblapack3 name the reference BLAS and
# LAPACK, numpy's and scipy's first alternatives, which the host has too (install-deps.sh names their -dev
# packages, which pythran's dependencies would otherwise resolve to OpenBLAS in a new root): numpy computes
# with the same libraries on every tier.
packages=(python3 python3-numpy python3-pandas python3-matplotlib python3-scipy libblas3 liblapack3)
# What must not be in the root: a compiler, an assembler or a linker would let a program build and run
# native code it brought as text (every tier allows exec of what is there, nothing else).
toolchain_names=(cc c++ c89 c99 gcc g++ cpp as ld ld.bfd ld.gold gold clang clang++ tcc)
refresh=0
print_path=0
print_key=0

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "build-python-rootfs: $*" >&2; exit 1; }
say() { echo "build-python-rootfs: $*" >&2; }

while [ $# -gt 0 ]; do
    case $1 in
        --refresh) refresh=1; shift ;;
        --print-path) print_path=1; shift ;;
        --print-key) print_key=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

# The content key: what decides the root's content (the package list, the stand-in, the slimming, all in
# this script) and the suite. The mirror is left out: every mirror serves the same suite.
key=$( { cat "$0"; echo "suite=$suite"; } | sha256sum | cut -c1-12)
if [ "$print_key" -eq 1 ]; then echo "$key"; exit 0; fi
cache_root=${XDG_CACHE_HOME:-$HOME/.cache}/sandbench
cache_dir=$cache_root/rootfs
tarball=$cache_dir/python-$suite-$key.tar
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
    debs=$cache_root/debs
    mkdir -p "$debs"
    "${sudo[@]}" debootstrap --variant=minbase --cache-dir="$debs" "$suite" "$tmp/rootfs" "$mirror" \
        >"$tmp/debootstrap.log" 2>&1 || { tail -20 "$tmp/debootstrap.log" >&2; die "debootstrap failed"; }
    r=$tmp/rootfs
    # The stand-in for python3-pythran (see above): provides it, and conflicts with every compiler,
    # assembler and linker package, so apt stops rather than install one for some other package.
    stand_in=$tmp/stand-in
    mkdir -p "$stand_in/DEBIAN"
    cat >"$stand_in/DEBIAN/control" <<'CONTROL'
Package: sandbench-no-compiler
Version: 1
Architecture: all
Maintainer: Sandbench <sandbench@localhost>
Provides: python3-pythran
Conflicts: python3-pythran, gcc, g++, cpp, binutils, clang, tcc, c-compiler, c++-compiler
Description: stands in for python3-pythran, keeping compilers out of Sandbench's sandbox root
 python3-scipy depends on python3-pythran, which needs g++ only to compile, never to import scipy.
CONTROL
    dpkg-deb --root-owner-group -b "$stand_in" "$tmp/sandbench-no-compiler.deb" >/dev/null
    "${sudo[@]}" cp "$tmp/sandbench-no-compiler.deb" "$tmp/rootfs/tmp/"
    # apt's own resolver in the root (debootstrap's takes the first of alternatives), from the same cache.
    "${sudo[@]}" find "$debs" -maxdepth 1 -name '*.deb' -exec cp -ln -t "$r/var/cache/apt/archives/" {} +
    "${sudo[@]}" chroot "$r" apt-get update -qq >>"$tmp/debootstrap.log" 2>&1 &&
        "${sudo[@]}" chroot "$r" /usr/bin/env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
            --no-install-recommends /tmp/sandbench-no-compiler.deb "${packages[@]}" >>"$tmp/debootstrap.log" 2>&1 ||
        { tail -20 "$tmp/debootstrap.log" >&2; die "apt-get install in the new root failed"; }
    "${sudo[@]}" rm -f "$r/tmp/sandbench-no-compiler.deb"
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
    # debootstrap copies the build host's name and resolver into the root: where no engine mounts its own
    # over them (the microVM's root drive) a program would read the host's (the attack suite's "Host
    # hostname" and "Host identifiers" find them), so the root gets a name and a resolver of its own.
    echo sandbox | "${sudo[@]}" tee "$r/etc/hostname" >/dev/null
    echo '# no network in the sandbox' | "${sudo[@]}" tee "$r/etc/resolv.conf" >/dev/null
    # Docs, manuals, translations, package lists and caches are never used in the sandbox; nor are the
    # packages' own test suites (pandas' alone is tens of MB). The compiled bytecode (__pycache__) stays:
    # the root is read-only in every tier, so Python could not write it, and would compile every module
    # it imports on every run.
    "${sudo[@]}" rm -rf "$r/usr/share/doc" "$r/usr/share/man" "$r/usr/share/locale" "$r/usr/share/info" \
        "$r/usr/share/lintian" "$r/usr/share/bug"
    "${sudo[@]}" find "$r/usr/lib/python3/dist-packages" -depth -type d -name tests -exec rm -rf {} +
    "${sudo[@]}" find "$r/var/lib/apt/lists" "$r/var/cache/apt" "$r/var/log" -mindepth 1 -delete
    "${sudo[@]}" find "$r/var/cache/debconf" -name '*-old' -delete
    # The proof that no toolchain is left: no such name on any bin folder, no compiler proper anywhere.
    names=(-false)
    for n in "${toolchain_names[@]}"; do names+=(-o -name "$n"); done
    found=$("${sudo[@]}" find "$r/bin" "$r/sbin" "$r/usr/bin" "$r/usr/sbin" "$r/usr/local/bin" \
        \( "${names[@]}" \) 2>/dev/null | sed "s|^$r||")
    found+=$("${sudo[@]}" find "$r" -xdev \( -name 'cc1*' -o -name collect2 -o -name '*-linux-gnu-gcc*' \
        -o -name '*-linux-gnu-as' -o -name '*-linux-gnu-ld*' \) 2>/dev/null | sed "s|^$r||")
    [ -z "$found" ] || die "a compiler toolchain is in the root: $(echo $found)"
    # Written beside the cache and renamed, so an interrupted run never leaves a truncated tarball.
    "${sudo[@]}" tar -C "$r" --numeric-owner -cf - . >"$partial"
    mv -f "$partial" "$tarball"
    say "cached the root file system ($stack) as $tarball ($(du -h "$tarball" | cut -f1))"
    # Roots of other keys unused for two weeks are of no further use; a recent one stays (another
    # checkout's, say, whose script differs).
    for old in "$cache_dir"/python-*.tar; do
        [ "$old" != "$tarball" ] && [ -e "$old" ] || continue
        if [ -z "$(find "$old.used" -mtime -14 2>/dev/null)" ]; then rm -f "$old" "$old.used"; fi
    done
fi
# When a root was last used (a stamp beside it: the tarball's own time must not change, the guest image's
# inputs hash includes it).
touch "$tarball.used"
[ "$print_path" -eq 0 ] || echo "$tarball"
