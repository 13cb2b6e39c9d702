#!/usr/bin/env bash
# Proves that README's set-up works on a fresh Debian 12 system, whatever this machine has installed by
# hand: makes a minimal Debian 12 root with debootstrap (cached), copies the working tree into it, and
# there runs scripts/install-deps.sh, configures and builds the release preset, and runs
# `sandbench-cli tiers` and one program on the subprocess tier. Exits non-zero naming the failing step.
# Needs root (or sudo) for debootstrap, mounts and namespaces. CI runs it before anything else.
#
# Usage: scripts/check-fresh-install.sh [--refresh] [--keep] [--target T]...
#   --refresh  run debootstrap again instead of using the cached root (~/.cache/sandbench).
#   --keep     keep the root afterwards (its path is printed), to look around in it.
#   --target   build this target instead of the default set; may be given more than once. Default: the
#              workbench and the CLI (sandbench, sandbench-cli); `--target all` builds every target, the
#              tests too, as scripts/run.sh does (their packages are the same, and CI builds them anyway).
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian), DEBIAN_SUITE (default bookworm).
set -euo pipefail
cd "$(dirname "$0")/.."

mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=${DEBIAN_SUITE:-bookworm}
# Raised whenever what goes into the cached root changes, so an older cache is replaced.
root_version=1
refresh=0
keep=0
targets=()

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "check-fresh-install: $*" >&2; exit 1; }
say() { echo "check-fresh-install: $*"; }

while [ $# -gt 0 ]; do
    case $1 in
        --refresh) refresh=1; shift ;;
        --keep) keep=1; shift ;;
        --target) [ $# -ge 2 ] || die "--target needs a value"; targets+=("$2"); shift 2 ;;
        --target=*) targets+=("${1#*=}"); shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

# Everything below needs root: re-run through sudo rather than sprinkling it over each command.
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "needs root (debootstrap, mounts, namespaces), and sudo is not installed"
    exec sudo --preserve-env=DEBIAN_MIRROR,DEBIAN_SUITE,XDG_CACHE_HOME "$0" "$@"
fi

started=$SECONDS
# Each step is timed and named, so a failure says which one and a success says what it cost.
step() {
    local name=$1 begun=$SECONDS status=0
    shift
    say "step '$name'"
    "$@" || status=$?
    if [ "$status" -ne 0 ]; then
        echo "check-fresh-install: FAILED at step '$name' (exit $status) after $((SECONDS - started)) s" >&2
        exit "$status"
    fi
    say "step '$name' done in $((SECONDS - begun)) s"
}

cache_dir=${XDG_CACHE_HOME:-$HOME/.cache}/sandbench
tarball=$cache_dir/fresh-root-$suite-v$root_version.tar
archives=$cache_dir/fresh-root-apt-archives
mkdir -p "$cache_dir" "$archives/partial"
find "$cache_dir" -maxdepth 1 -name "fresh-root-$suite*.tar" ! -name "${tarball##*/}" -delete

# Folders of earlier checks that were killed before they could clean up (their pid is in the name).
for stale in "${TMPDIR:-/var/tmp}"/sandbench-fresh-*; do
    [ -d "$stale" ] || continue
    pid=${stale##*-}
    [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && continue
    say "removing $stale, left by a check that did not finish"
    rm -rf --one-file-system "$stale"
done

# A big folder on disk, not a tmpfs: the root grows to about 2 GB with the build.
work=$(mktemp -d "${TMPDIR:-/var/tmp}/sandbench-fresh-XXXXXX")
mv "$work" "$work-$$"
work=$work-$$
root=$work/root
cleanup() {
    # The mounts live in a mount namespace of their own and are gone with it; never cross into another
    # file system all the same.
    if [ "$keep" -eq 1 ]; then
        say "kept the root: $root"
    else
        rm -rf --one-file-system "$work"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

make_root() {
    if ! command -v debootstrap >/dev/null 2>&1 && [ ! -x /usr/sbin/debootstrap ]; then
        say "installing debootstrap on this machine (the check's only host package)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    fi
    local tmp=$work/debootstrap
    # minbase: essential packages and apt, less than any installed Debian system has, so nothing the
    # project needs can come from the root by luck.
    say "running debootstrap ($suite, minbase, from $mirror); a few minutes the first time"
    debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >"$work/debootstrap.log" 2>&1 || {
        tail -20 "$work/debootstrap.log" >&2
        return 1
    }
    rm -rf "$tmp/var/cache/apt/archives"/*.deb "$tmp/var/lib/apt/lists"/*_Packages
    tar -C "$tmp" --numeric-owner -cf "$tarball.partial.$$" .
    mv -f "$tarball.partial.$$" "$tarball"
    rm -rf --one-file-system "$tmp"
    say "cached the root as $tarball ($(du -h "$tarball" | cut -f1))"
}

unpack_root() {
    mkdir -p "$root"
    tar -C "$root" --numeric-owner -xf "$tarball"
    # The machine's way to names (not its packages): apt in the root must reach the mirror.
    cp -L /etc/resolv.conf "$root/etc/resolv.conf"
    mkdir -p "$root/src"
}

copy_tree() {
    # What git tracks plus untracked files it does not ignore: the work tree as a commit would have it,
    # without build folders.
    if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git ls-files -z --cached --others --exclude-standard |
            while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
            tar --null -T - -cf - | tar -C "$root/src" -xf -
    else
        tar --exclude=./build -cf - . | tar -C "$root/src" -xf -
    fi
}

# Runs a command inside the root as a fresh system would: its own mount and PID namespaces, /proc, /dev,
# /tmp, and pivot_root rather than chroot, since a chrooted process may not create user namespaces (the
# subprocess tier's first step). The apt archive is shared with later checks so that packages are
# downloaded once; they are still installed only by what the scripts ask for.
in_root() {
    unshare --mount --pid --fork --propagation private /bin/bash -euc '
        root=$1 archives=$2; shift 2
        mount --bind "$root" "$root"
        mount -t proc proc "$root/proc"
        mount -t sysfs -o ro sysfs "$root/sys"
        mount --rbind /dev "$root/dev"
        mount --make-rslave "$root/dev"
        mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
        mount --bind "$archives" "$root/var/cache/apt/archives"
        if [ -n "${SANDBENCH_CHECK_CCACHE:-}" ]; then
            mkdir -p "$root/ccache"
            mount --bind "$SANDBENCH_CHECK_CCACHE" "$root/ccache"
        fi
        mkdir -p "$root/.oldroot"
        cd "$root"
        pivot_root . .oldroot
        exec /usr/sbin/chroot . /bin/sh -c "umount -l /.oldroot && rmdir /.oldroot && cd /src && exec \"\$@\"" sh "$@"
    ' in_root "$root" "$archives" \
        /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
        LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive "$@"
}

# The host's compiler cache, when it has one, serves the root's build too: a hit needs the same compiler,
# headers and flags, so it proves nothing away (the root still preprocesses every file against its own
# packages), and CI's check costs minutes instead of a full release build. ccache is installed in the root
# only after install-deps.sh has been proven alone, and brings no header or library the build uses.
ccache_dir=
if command -v ccache >/dev/null 2>&1; then
    ccache_dir=$(ccache -k cache_dir 2>/dev/null || true)
    [ -n "$ccache_dir" ] && mkdir -p "$ccache_dir" && export SANDBENCH_CHECK_CCACHE=$ccache_dir
fi

configure() {
    if [ -z "$ccache_dir" ]; then
        in_root cmake --preset release
        return
    fi
    if ! in_root apt-get install -y -qq --no-install-recommends ccache >/dev/null; then
        say "ccache did not install in the root: building without the host's cache"
        ccache_dir=
        in_root cmake --preset release
        return
    fi
    in_root cmake --preset release -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
}

build() {
    [ ${#targets[@]} -gt 0 ] || targets=(sandbench sandbench-cli)
    if [ -n "$ccache_dir" ]; then
        in_root env CCACHE_DIR=/ccache CCACHE_BASEDIR=/src CCACHE_NOHASHDIR=1 cmake --build --preset release --target "${targets[@]}"
    else
        in_root cmake --build --preset release --target "${targets[@]}"
    fi
}

# The one run: a program whose answer the tier cannot produce unless it really ran it.
run_one() {
    local out
    out=$(in_root /bin/sh -c "echo 'import sys; print(6 * 7, sys.flags.isolated)' | build/release/cli/sandbench-cli run --tier subprocess -")
    echo "$out"
    [ "$out" = "42 1" ] || { echo "expected '42 1' from the subprocess tier, got: $out" >&2; return 1; }
}

if [ "$refresh" -eq 1 ] || [ ! -s "$tarball" ]; then
    step debootstrap make_root
else
    say "using the cached root $tarball"
fi
step "unpack root" unpack_root
step "copy work tree" copy_tree
step "scripts/install-deps.sh" in_root scripts/install-deps.sh
step "configure release" configure
step "build release" build
step "sandbench-cli tiers" in_root build/release/cli/sandbench-cli tiers
step "sandbench-cli run (subprocess)" run_one
say "a fresh Debian $suite root installs, builds and runs Sandbench ($((SECONDS - started)) s in all)"
