# name: Hostile artifact names
# category: filesystem
# expect: artifacts names
# Names a collector must not pass on as they are: an ANSI escape sequence (clears a terminal and recolours
# it), a newline that forges a line of a listing, a right-to-left override that disguises an extension, an
# over-long name, a file in a subfolder, a link to the folder above, and a write to "../" beside
# /tmp/outputs. A name that comes back holding '/', "..", a control character or more than 255 bytes would
# write outside the folder it is saved to, or rewrite the screen it is shown on. Everything stays in the
# run's own folder.
import errno
import os
import sys

OUT = "@OUTPUTS_DIR@"


def errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


def write(path):
    with open(path, "w") as f:
        f.write("hostile name\n")


refusals = []
try:
    os.makedirs(os.path.join(OUT, "sub"), exist_ok=True)
except OSError as e:
    print(f"DENIED mkdir({OUT}/sub) {errname(e)}", file=sys.stderr)
    sys.exit(1)
names = [
    "\x1b[2J\x1b[31mRED\x1b[0m.txt",
    "report.txt\nINJECTED: all tests passed.txt",
    "invoice-\u202egnp.exe",
    "sub/inner.txt",
]
for name in names:
    try:
        write(os.path.join(OUT, name))
    except OSError as e:
        refusals.append(f"DENIED create({name!r}) {errname(e)}")
# Longer than any filesystem takes first, then the longest one that does (255 bytes).
try:
    write(os.path.join(OUT, "L" * 300))
except OSError:
    try:
        write(os.path.join(OUT, "L" * 251 + ".txt"))
    except OSError as e:
        refusals.append(f"DENIED create(long name) {errname(e)}")
try:
    write(os.path.join(OUT, "../escaped-@RUN_NAME@.txt"))
except OSError as e:
    refusals.append(f"DENIED create(../escaped) {errname(e)}")
try:
    os.symlink("..", os.path.join(OUT, "up"))
except OSError as e:
    refusals.append(f"DENIED symlink(up->..) {errname(e)}")
print("made", len(os.listdir(OUT)), "entries")
for line in refusals:
    print(line, file=sys.stderr)
sys.exit(1 if refusals else 0)
