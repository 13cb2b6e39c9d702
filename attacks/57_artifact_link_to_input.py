# name: Link an artifact to a host input
# category: filesystem
# expect: artifacts leak
# inputs: planted
# A symbolic link and a hard link in /tmp/outputs to the planted input (a host file shown read-only at
# /data). A collector that follows the symbolic link reads a host path; a hard link that works is the host
# file itself, writable from a writable folder, and this then appends through it: the harness's check of the
# host's copy sees that. The input's bytes in an artifact can only have come through a link: it copies
# nothing itself.
import errno
import os
import sys

INPUT = os.path.abspath("@INPUT_PATH@")
OUT = "@OUTPUTS_DIR@"


def errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


refusals = []
try:
    os.makedirs(OUT, exist_ok=True)
except OSError as e:
    print(f"DENIED mkdir({OUT}) {errname(e)}", file=sys.stderr)
    sys.exit(1)
try:
    os.symlink(INPUT, os.path.join(OUT, "input-symlink.txt"))
    print("made input-symlink.txt")
except OSError as e:
    refusals.append(f"DENIED symlink({INPUT}) {errname(e)}")
hard = os.path.join(OUT, "input-hardlink.txt")
try:
    os.link(INPUT, hard)
    print("made input-hardlink.txt")
    try:
        with open(hard, "a") as f:
            f.write("changed through a hard link\n")
        print("wrote through the hard link")
    except OSError as e:
        refusals.append(f"DENIED write({hard}) {errname(e)}")
except OSError as e:
    refusals.append(f"DENIED link({INPUT}) {errname(e)}")
for line in refusals:
    print(line, file=sys.stderr)
sys.exit(1 if refusals else 0)
