# name: Host kernel version
# category: host-info
# expect: marker HOST_KERNEL_SEEN
# expected: shared-kernel
# uname's release and version name the kernel the code runs on; no namespace changes them, so a shared
# kernel gives away the host's exact build (what a kernel exploit is chosen by). A sandbox with its own
# kernel shows that kernel instead.
import os
import sys

HOST_KERNEL = "@HOST_KERNEL@"

names = os.uname()
seen = names.release + " " + names.version
if seen == HOST_KERNEL:
    print(f"HOST_KERNEL_SEEN {seen}: the host's own kernel")
    sys.exit(0)
print(f"sandbox value: uname {seen!r} (not the host's {HOST_KERNEL!r})", file=sys.stderr)
sys.exit(1)
