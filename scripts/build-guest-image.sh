#!/usr/bin/env bash
# Builds the guest image of the QEMU microVM tier: an uncompressed kernel (vmlinux, booted directly
# through PVH by `qemu-system-x86_64 -M microvm -kernel`), a small uncompressed newc initramfs with busybox,
# the kernel modules the guest needs and the guest /init (scripts/guest/init), and a read-only root drive
# (root.erofs, attached as virtio-blk) made from the same root file system as the container image
# (scripts/build-python-rootfs.sh: Debian's Python 3.11 with its standard library, numpy, pandas,
# matplotlib and scipy), in which /init runs the program. The kernel and busybox come from Debian packages
# fetched with `apt-get download`; nothing the host has installed ends up in the image.
#
# Usage: scripts/build-guest-image.sh [--output DIR] [--force] [--minimal-kernel]
#   --output DIR      where vmlinux, initramfs.cpio, root.erofs and manifest.json go
#                     (default ${XDG_CACHE_HOME:-$HOME/.cache}/sandbench/guest, where the tier looks).
#   --force           rebuild even when the outputs exist and their inputs are unchanged.
#   --minimal-kernel  instead of Debian's cloud kernel, compile a small one from Debian's linux-source
#                     package with scripts/guest/minimal-kernel.config (boots about 1 s faster under
#                     TCG; the first build takes several minutes, then the result is cached).
# Environment: SOURCE_DATE_EPOCH (timestamp of every file in the initramfs and the root drive, default 0),
#   GUEST_KERNEL_PACKAGE (default linux-image-cloud-amd64), and what scripts/build-python-rootfs.sh reads.
# Same inputs (package versions, the cached root file system, this script, scripts/guest/*) give
# byte-identical outputs.
set -euo pipefail
umask 022 # file modes in the image must not depend on the caller's umask

cache_root=${XDG_CACHE_HOME:-$HOME/.cache}/sandbench
out_dir=$cache_root/guest
debs_dir=$cache_root/debs
kernel_pkg=${GUEST_KERNEL_PACKAGE:-linux-image-cloud-amd64}
sde=${SOURCE_DATE_EPOCH:-0}
force=0
minimal=0

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }
die() { echo "build-guest-image: $*" >&2; exit 1; }
say() { echo "build-guest-image: $*"; }

while [ $# -gt 0 ]; do
    case $1 in
        --output) [ $# -ge 2 ] || die "--output needs a value"; out_dir=$2; shift 2 ;;
        --output=*) out_dir=${1#*=}; shift ;;
        --force) force=1; shift ;;
        --minimal-kernel) minimal=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done
case $sde in ''|*[!0-9]*) die "SOURCE_DATE_EPOCH must be an integer" ;; esac

script_dir=$(cd "$(dirname "$0")" && pwd)
guest_src=$script_dir/guest
kconfig_fragment=$guest_src/minimal-kernel.config
for f in "$guest_src/init" "$guest_src/egress-forwarder.py" "$kconfig_fragment" "$script_dir/build-python-rootfs.sh"; do [ -f "$f" ] || die "missing $f"; done

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

# --- tools -----------------------------------------------------------------------------------------
# cpio packs the initramfs; lz4 unpacks Debian's kernel (CONFIG_KERNEL_LZ4). Other decompressors are
# used when present, in case the kernel package changes its compression. mkfs.erofs makes the root drive.
for t in apt-get apt-cache dpkg-deb; do command -v "$t" >/dev/null || die "needs a Debian system (no $t)"; done
missing=()
command -v cpio >/dev/null || missing+=(cpio)
command -v lz4 >/dev/null || missing+=(lz4)
command -v mkfs.erofs >/dev/null || missing+=(erofs-utils)
if [ "$minimal" -eq 1 ]; then
    # A kernel build: compiler, make, kconfig's flex/bison, bc, and libelf for objtool.
    for t in gcc:gcc make:make flex:flex bison:bison bc:bc xz:xz-utils; do
        command -v "${t%%:*}" >/dev/null || missing+=("${t#*:}")
    done
    [ -e /usr/include/libelf.h ] || missing+=(libelf-dev)
    [ -e /usr/include/openssl/ssl.h ] || missing+=(libssl-dev)
fi
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]}"
    "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null ||
        { "${sudo[@]}" apt-get update -qq && "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; } ||
        die "could not install ${missing[*]}"
fi

# --- package set -----------------------------------------------------------------------------------
# apt-cache here rebuilds its cache on every call (about a second each), so every query is batched.
apt_depends() {
    apt-cache depends --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
        --no-enhances "$@" 2>/dev/null
}

# The initramfs needs busybox-static alone (Python lives on the root drive); and the versioned kernel image
# (or source) the kernel metapackage depends on.
resolve_packages() {
    echo busybox-static
    if [ "$minimal" -eq 1 ]; then
        apt_depends linux-source | awk '$1 == "Depends:" && $2 ~ /^linux-source-[0-9]/ { print $2; exit }'
    else
        apt_depends "$kernel_pkg" | awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }'
    fi
}

# Writes "name version" lines (sorted, candidate versions) for every package the image uses; fails
# if one is unknown to apt.
package_list() {
    local pkgs=() p v
    mapfile -t pkgs < <(resolve_packages | LC_ALL=C sort -u)
    [ ${#pkgs[@]} -eq 2 ] && [[ ${pkgs[*]} == *linux-[is][mo][au]*-[0-9]* ]] || return 1
    apt-cache show --no-all-versions "${pkgs[@]}" 2>/dev/null |
        awk '/^Package:/ { p = $2 } /^Version:/ { print p, $2 }' | LC_ALL=C sort -u >"$work/versions.txt"
    for p in "${pkgs[@]}"; do
        v=$(awk -v p="$p" '$1 == p { print $2; exit }' "$work/versions.txt")
        if [ -z "$v" ]; then echo "build-guest-image: no candidate for $p" >&2; return 1; fi
        echo "$p $v"
    done
}

# The cached .deb of "name version" (dpkg writes an epoch's ':' as %3a in file names).
deb_file() { compgen -G "$debs_dir/${1}_${2//:/%3a}_*.deb" | head -n1; }

download_missing() {
    local want=() p v
    while read -r p v; do [ -n "$(deb_file "$p" "$v")" ] || want+=("$p=$v"); done <"$1"
    [ ${#want[@]} -gt 0 ] || return 0
    say "downloading ${#want[@]} package(s) into $debs_dir"
    local opts=()
    # As root, apt's _apt sandbox user could not write into a private cache folder.
    [ "$(id -u)" -ne 0 ] || opts=(-o APT::Sandbox::User=root)
    (cd "$debs_dir" && apt-get "${opts[@]}" -q download "${want[@]}" >/dev/null)
}

mkdir -p "$debs_dir" "$out_dir"
work=$(mktemp -d "$cache_root/guest-build.XXXXXX")
trap '"${sudo[@]}" rm -rf --one-file-system "$work"' EXIT

# Stale or missing apt lists show up as an unknown package or a failed download: update once, retry.
if ! package_list >"$work/packages.txt" 2>"$work/resolve.err" || ! download_missing "$work/packages.txt"; then
    say "refreshing the apt lists (apt-get update)"
    "${sudo[@]}" apt-get update -qq || die "apt-get update failed"
    package_list >"$work/packages.txt" || die "could not resolve the packages: $(cat "$work/resolve.err")"
    download_missing "$work/packages.txt" || die "apt-get download failed"
fi

# The root file system the container image is made from too (built and cached on first use).
rootfs_tar=$("$script_dir/build-python-rootfs.sh" --print-path) || die "could not build the root file system"

# --- up to date? -----------------------------------------------------------------------------------
# The root tarball is named by its version and replaced only by a rebuild, so its name, size and time
# stand for its content (hashing 400 MB on every run would cost seconds).
inputs_sha=$( { cat "$work/packages.txt" "$0" "$guest_src/init" "$guest_src/egress-forwarder.py"
    [ "$minimal" -eq 0 ] || cat "$kconfig_fragment"
    stat -c '%n %s %Y' "$rootfs_tar"
    echo "sde=$sde kernel=$kernel_pkg minimal=$minimal"; } | sha256sum | cut -d' ' -f1)
manifest=$out_dir/manifest.json
# The root drive is checked by size (the manifest's), not hashed: hashing it would cost a second or more.
if [ "$force" -eq 0 ] && [ -f "$manifest" ] && [ -f "$out_dir/vmlinux" ] && [ -f "$out_dir/initramfs.cpio" ] &&
    [ -f "$out_dir/root.erofs" ] &&
    grep -q "\"inputs_sha256\": \"$inputs_sha\"" "$manifest" &&
    grep -q "\"sha256\": \"$(sha256sum <"$out_dir/vmlinux" | cut -d' ' -f1)\"" "$manifest" &&
    grep -q "\"sha256\": \"$(sha256sum <"$out_dir/initramfs.cpio" | cut -d' ' -f1)\"" "$manifest" &&
    grep -q "\"root.erofs\": {\"sha256\": \"[0-9a-f]*\", \"size\": $(stat -c %s "$out_dir/root.erofs")}" "$manifest"; then
    say "up to date: $out_dir (use --force to rebuild)"
    exit 0
fi

# --- unpack ----------------------------------------------------------------------------------------
kimg=$(awk '/^linux-(image|source)-[0-9]/ { print $1; exit }' "$work/packages.txt")
kimg_ver=$(awk -v p="$kimg" '$1 == p { print $2 }' "$work/packages.txt")
pkgroot=$work/pkgroot kroot=$work/kernel root=$work/root
mkdir -p "$pkgroot" "$kroot" "$root"
while read -r p v; do
    if [ "$p" = "$kimg" ]; then [ "$minimal" -eq 1 ] || dpkg-deb -x "$(deb_file "$p" "$v")" "$kroot"
    else dpkg-deb -x "$(deb_file "$p" "$v")" "$pkgroot"; fi
done <"$work/packages.txt"

# --- kernel ----------------------------------------------------------------------------------------
is_elf() { [ "$(head -c4 "$1" | od -An -c | tr -d ' ')" = '177ELF' ]; }

# Like the kernel's scripts/extract-vmlinux: find a compressed stream's magic inside the bzImage and
# decompress from there until the result is an ELF (the first hit can be a false positive).
extract_vmlinux() {
    local in=$1 out=$2 magic tool pos
    for pair in '\x02\x21\x4c\x18:lz4 -dc' '\x1f\x8b\x08:gzip -dc' '\xfd\x37\x7a\x58\x5a\x00:xz -dc' \
            '\x28\xb5\x2f\xfd:zstd -dcq'; do
        magic=${pair%%:*} tool=${pair#*:}
        command -v "${tool%% *}" >/dev/null || continue
        while read -r pos; do
            # Trailing data after the stream makes the decompressors exit non-zero; the ELF check decides.
            tail -c+$((pos + 1)) "$in" | $tool >"$out" 2>/dev/null || true
            if is_elf "$out"; then return 0; fi
        done < <(LC_ALL=C grep -obUaP "$magic" "$in" | cut -d: -f1)
    done
    return 1
}

# tinyconfig plus scripts/guest/minimal-kernel.config, compiled from the linux-source package. The
# result is cached by source version and fragment, since a build takes minutes; the tree is not kept.
# Fixed build user/host/timestamp keep the vmlinux reproducible.
build_minimal_kernel() {
    local out=$1 key cached tree tarball
    key=$(cat "$kconfig_fragment" <(echo "$kimg $kimg_ver") | sha256sum | cut -c1-16)
    cached=$cache_root/minimal-kernel/$kimg_ver-$key
    if [ ! -f "$cached/vmlinux" ]; then
        tree=$cache_root/minimal-kernel/build.$$
        rm -rf "$tree"
        mkdir -p "$tree"
        say "compiling a minimal kernel from $kimg $kimg_ver (several minutes, once)"
        dpkg-deb --fsys-tarfile "$(deb_file "$kimg" "$kimg_ver")" | tar -x -C "$tree" --wildcards '*.tar.xz'
        tarball=$(compgen -G "$tree/usr/src/linux-source-*.tar.xz" | head -n1)
        [ -n "$tarball" ] || die "no kernel source tarball in $kimg"
        tar -xJf "$tarball" -C "$tree"
        rm -f "$tarball"
        local src
        src=$(compgen -G "$tree/linux-source-*/" | head -n1)
        (
            cd "$src"
            # (merge_config and olddefconfig warn about every choice the fragment overrides: expected.)
            make -s ARCH=x86_64 tinyconfig >"$tree/config.log" 2>&1
            scripts/kconfig/merge_config.sh -m .config "$kconfig_fragment" >>"$tree/config.log" 2>&1
            make -s ARCH=x86_64 olddefconfig >>"$tree/config.log" 2>&1
            # Every fragment setting must have survived (a dependency the fragment lacks drops it).
            while IFS='=' read -r k v; do
                case $k in CONFIG_*) ;; *) continue ;; esac
                if [ "$v" = n ]; then
                    ! grep -q "^$k=" .config || { echo "$k is still set" >&2; exit 1; }
                else
                    grep -qx "$k=$v" .config || { echo "$k=$v did not take" >&2; exit 1; }
                fi
            done <"$kconfig_fragment"
            KBUILD_BUILD_TIMESTAMP=@0 KBUILD_BUILD_USER=sandbench KBUILD_BUILD_HOST=sandbench \
                KBUILD_BUILD_VERSION=1 make -s -j"$(nproc)" ARCH=x86_64 vmlinux >"$tree/build.log" 2>&1 ||
                { tail -n 30 "$tree/build.log" >&2; exit 1; }
            mkdir -p "$cached"
            cp vmlinux "$cached/vmlinux.new"
            cp .config "$cached/config"
            make -s ARCH=x86_64 kernelrelease >"$cached/release"
            mv "$cached/vmlinux.new" "$cached/vmlinux"
        ) || { rm -rf "$tree"; die "the minimal kernel build failed"; }
        rm -rf "$tree"
    fi
    cp "$cached/vmlinux" "$out"
    kver=$(cat "$cached/release")
}

if [ "$minimal" -eq 1 ]; then
    build_minimal_kernel "$work/vmlinux"
    moddir=''
else
    vmlinuz=$(compgen -G "$kroot/boot/vmlinuz-*" | head -n1) || true
    [ -n "$vmlinuz" ] || die "no vmlinuz in $kimg"
    kver=${vmlinuz##*/vmlinuz-}
    moddir=$kroot/lib/modules/$kver
    say "extracting vmlinux from $kimg"
    extract_vmlinux "$vmlinuz" "$work/vmlinux" || die "could not find the compressed kernel inside $vmlinuz"
fi
# microvm boots an ELF only through its PVH entry (Xen ELF note 18, XEN_ELFNOTE_PHYS32_ENTRY).
if command -v readelf >/dev/null && ! readelf -n "$work/vmlinux" | grep -q 'note type: (0x00000012)\|PHYS32_ENTRY'; then
    die "vmlinux has no PVH entry note (CONFIG_PVH): QEMU could not boot it directly"
fi

# Modules the guest needs that this kernel does not have built in, with their dependencies first.
# Each one's dependencies are read from its .modinfo "depends=" field (there is no modules.dep in the
# package: depmod runs at install time).
declare -A mod_done=()
mod_order=()
mod_path() { find "$moddir/kernel" -name "$1.ko*" -o -name "${1//_/-}.ko*" | head -n1; }
add_module() {
    local name=$1 path deps d
    [ -z "${mod_done[$name]:-}" ] || return 0
    mod_done[$name]=1
    if grep -q "/${name}.ko\$\|/${name//_/-}.ko\$" "$moddir/modules.builtin" 2>/dev/null; then return 0; fi
    path=$(mod_path "$name")
    [ -n "$path" ] || die "kernel $kver has neither a built-in nor a module $name"
    case $path in
        *.ko.xz) xz -dc "$path" >"$work/$name.ko" ;;
        *.ko.zst) zstd -dcq "$path" >"$work/$name.ko" ;;
        *.ko.gz) gzip -dc "$path" >"$work/$name.ko" ;;
        *) cp "$path" "$work/$name.ko" ;;
    esac
    deps=$(tr '\0' '\n' <"$work/$name.ko" | sed -n 's/^depends=//p' | head -n1)
    for d in ${deps//,/ }; do add_module "$d"; done
    mod_order+=("$name")
}
# virtio_mmio: the transport microvm's devices sit on (found through ACPI); virtio_console: the
# virtio-serial ports; virtio_blk and erofs: the root drive. (virtio/virtio_ring and what erofs needs
# come in as their dependencies.) The minimal kernel has them built in and no module support at all.
[ -z "$moddir" ] || for m in virtio_mmio virtio_console virtio_blk erofs; do add_module "$m"; done

# --- initramfs tree --------------------------------------------------------------------------------
say "assembling the initramfs"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,lib/modules,etc,proc,sys,dev,sysroot,root,run/sandbench}
chmod 0700 "$root/root" "$root/run/sandbench"
# The program's stdout/stderr: FIFOs that /init relays to the virtio ports (see there why); idle:
# what /init waits on between looks; pid: how the program's PID reaches the "ready" helper; egress-ready:
# where the egress forwarder says it listens.
mkfifo -m 0600 "$root/run/sandbench/stdout" "$root/run/sandbench/stderr" "$root/run/sandbench/idle" \
    "$root/run/sandbench/pid" "$root/run/sandbench/egress-ready"

# busybox and a link for every applet: /init's own commands. The program never sees them: it runs in the
# root drive (mounted at /sysroot), which has Debian's.
install -m0755 "$pkgroot/bin/busybox" "$root/bin/busybox"
while read -r applet; do
    [ "$applet" = bin/busybox ] && continue
    [ -e "$root/$applet" ] || [ -L "$root/$applet" ] && continue
    mkdir -p "$root/$(dirname "$applet")"
    ln -s /bin/busybox "$root/$applet"
done < <("$root/bin/busybox" --list-full | LC_ALL=C sort)

install -m0755 "$guest_src/init" "$root/init"
# Run by /init with the root drive's Python, for runs with a network allow list.
install -m0644 "$guest_src/egress-forwarder.py" "$root/egress-forwarder.py"

# Modules, numbered so that /init's glob loads them in dependency order.
i=0
for m in "${mod_order[@]}"; do
    i=$((i + 1))
    install -m0644 "$work/$m.ko" "$root/lib/modules/$(printf %02d "$i")-$m.ko"
done

# For /init's own su (the clean-up that kills what the program left): nobody is 65534.
printf '%s\n' 'root:x:0:0:root:/root:/bin/sh' 'nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin' >"$root/etc/passwd"
printf '%s\n' 'root:x:0:' 'nogroup:x:65534:' >"$root/etc/group"
chmod 0644 "$root"/etc/{passwd,group}

# Reproducible archive: no write bits for group/other (umask independence), one fixed timestamp,
# sorted entries, owner 0:0, renumbered inodes and no device numbers (cpio --reproducible).
chmod -R go-w "$root"
find "$root" -exec touch -h -d "@$sde" {} +
(cd "$root" && find . -print0 | LC_ALL=C sort -z |
    cpio --null -o -H newc --owner=0:0 --reproducible --quiet) >"$work/initramfs.cpio"

# --- root drive ------------------------------------------------------------------------------------
# The root file system, unpacked as root (it has device nodes and root-owned files) and made into an
# uncompressed EROFS image: read-only by design, and under TCG a page read from it costs no
# decompression. Fixed timestamps and UUID keep it reproducible.
say "making the root drive from $rootfs_tar"
sysroot=$work/sysroot
mkdir -p "$sysroot"
"${sudo[@]}" tar -C "$sysroot" --numeric-owner -xpf "$rootfs_tar"
stack=$(cat "$sysroot/usr/share/sandbench/python-stack") || die "$rootfs_tar has no usr/share/sandbench/python-stack"
py_full_version=${stack%%;*}
py_full_version=${py_full_version#Python }
[ -x "$sysroot/usr/bin/python3" ] && [ -x "$sysroot/usr/bin/setpriv" ] && [ -x "$sysroot/usr/bin/env" ] ||
    die "$rootfs_tar lacks python3, setpriv or env"
# /data: where /init mounts the inputs' tmpfs (the drive itself cannot get a folder at run time); the
# egress CA's file: where /init bind-mounts the run's CA for runs with a network allow list.
"${sudo[@]}" mkdir -p -m 0755 "$sysroot/data"
"${sudo[@]}" install -m 0644 /dev/null "$sysroot/etc/sandbench-egress-ca.pem"
"${sudo[@]}" mkfs.erofs -T"$sde" -U 00000000-0000-0000-0000-000000000000 --all-root \
    "$work/root.erofs" "$sysroot" >"$work/mkfs.log" 2>&1 || { tail -20 "$work/mkfs.log" >&2; die "mkfs.erofs failed"; }
"${sudo[@]}" rm -rf --one-file-system "$sysroot"
[ "$(id -u)" -eq 0 ] || "${sudo[@]}" chown "$(id -u):$(id -g)" "$work/root.erofs"
chmod 0644 "$work/root.erofs"

# --- outputs ---------------------------------------------------------------------------------------
sha() { sha256sum <"$1" | cut -d' ' -f1; }
size() { stat -c %s "$1"; }
vmlinux_sha=$(sha "$work/vmlinux") cpio_sha=$(sha "$work/initramfs.cpio") root_sha=$(sha "$work/root.erofs")
ver_of() { awk -v p="$1" '$1 == p { print $2 }' "$work/packages.txt"; }
{
    echo '{'
    echo '  "builder": "scripts/build-guest-image.sh",'
    echo "  \"inputs_sha256\": \"$inputs_sha\","
    echo "  \"source_date_epoch\": $sde,"
    echo "  \"kernel\": {\"package\": \"$kimg\", \"package_version\": \"$kimg_ver\", \"release\": \"$kver\", \"minimal\": $([ "$minimal" -eq 1 ] && echo true || echo false)},"
    echo "  \"python\": {\"version\": \"$py_full_version\", \"interpreter\": \"/usr/bin/python3\"},"
    echo "  \"python_stack\": \"$stack\","
    echo "  \"root\": {\"from\": \"${rootfs_tar##*/}\", \"format\": \"erofs\"},"
    printf '  "modules": ['; sep=''
    for m in "${mod_order[@]}"; do printf '%s"%s"' "$sep" "$m"; sep=', '; done; echo '],'
    echo '  "files": {'
    echo "    \"vmlinux\": {\"sha256\": \"$vmlinux_sha\", \"size\": $(size "$work/vmlinux")},"
    echo "    \"initramfs.cpio\": {\"sha256\": \"$cpio_sha\", \"size\": $(size "$work/initramfs.cpio")},"
    echo "    \"root.erofs\": {\"sha256\": \"$root_sha\", \"size\": $(size "$work/root.erofs")}"
    echo '  },'
    echo '  "packages": {'
    sep=''
    while read -r p v; do printf '%s    "%s": "%s"' "$sep" "$p" "$v"; sep=$',\n'; done <"$work/packages.txt"
    printf '\n  }\n}\n'
} >"$work/manifest.json"

# Each file is replaced atomically (rename); the manifest goes last, so it never describes files
# that are not there yet.
for f in vmlinux initramfs.cpio root.erofs manifest.json; do
    cp "$work/$f" "$out_dir/.$f.new"
    mv -f "$out_dir/.$f.new" "$out_dir/$f"
done
say "kernel $kver, $stack, modules: ${mod_order[*]:-none}"
say "vmlinux        $(size "$out_dir/vmlinux") bytes  sha256 $vmlinux_sha"
say "initramfs.cpio $(size "$out_dir/initramfs.cpio") bytes  sha256 $cpio_sha"
say "root.erofs     $(size "$out_dir/root.erofs") bytes  sha256 $root_sha"
say "done: $out_dir"
