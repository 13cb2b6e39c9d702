# name: Host boot id
# category: host-info
# expect: marker HOST_BOOT_ID_SEEN
# expected: container
# /proc/sys/kernel/random/boot_id is a random id the kernel draws at each boot: it identifies the host
# machine and its uptime across every sandbox on it. A sandbox with its own kernel has its own; a
# container shares the host's unless the engine masks the file (Podman can, `--security-opt mask=`;
# Docker's CLI has no way to, so the container tier expects it under Docker). Through when it is the
# host's.
import errno
import sys

HOST_BOOT_ID = "@HOST_BOOT_ID@"

try:
    with open("/proc/sys/kernel/random/boot_id") as f:
        boot_id = f.read().strip()
except OSError as e:
    if e.errno == errno.ENOENT:  # not a hidden process: a /proc without the kernel's settings
        print("sandbox value: no /proc/sys/kernel/random/boot_id (its /proc shows processes only)", file=sys.stderr)
    else:
        print(f"DENIED open(/proc/sys/kernel/random/boot_id) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
    sys.exit(1)
if HOST_BOOT_ID and boot_id == HOST_BOOT_ID:
    print(f"HOST_BOOT_ID_SEEN {boot_id}: the host's own boot id")
    sys.exit(0)
print(f"sandbox value: boot_id = {boot_id!r} (not the host's)", file=sys.stderr)
sys.exit(1)
