# name: Host disk and storage paths in the mount table
# category: host-info
# expect: marker HOST_STORAGE_SEEN
# expected: container
# /proc/self/mountinfo lists each mount's source: a bind mount of a host folder names the host's block
# device, its device number and its mount options; a container engine's overlay names its storage folder
# (/var/lib/docker/overlay2/<layer ids>, /var/lib/containers/storage). Through when the sandbox's own
# mount table names a host block device or an engine's storage path. Neither Docker nor Podman can hide
# their storage paths from a container's mount table, so the container tier expects it.
import errno
import sys

try:
    with open("/proc/self/mountinfo") as f:
        lines = f.read().splitlines()
except OSError as e:
    print(f"DENIED open(/proc/self/mountinfo) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
    sys.exit(1)

for line in lines:
    fields = line.split(" - ", 1)
    if len(fields) != 2:
        continue
    kind, source, options = (fields[1].split(" ") + ["", "", ""])[:3]
    if source.startswith("/dev/") and kind not in ("devtmpfs", "tmpfs", "devpts", "mqueue"):
        print(f"HOST_STORAGE_SEEN the host's disk {source} ({kind}, device {line.split()[2]})")
        sys.exit(0)
    for storage in ("/var/lib/docker", "/var/lib/containers"):
        if storage in options or storage in line.split(" - ")[0]:
            print(f"HOST_STORAGE_SEEN the engine's storage path {storage} in {kind} options")
            sys.exit(0)
sources = sorted({(line.split(" - ", 1)[1].split(" ") + [""])[0] for line in lines if " - " in line})
print("sandbox value: mount table of " + ", ".join(sources) + " mounts, no host disk or storage path",
      file=sys.stderr)
sys.exit(1)
