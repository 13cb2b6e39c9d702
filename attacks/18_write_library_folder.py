# name: Write into the Python library
# category: filesystem
# expect: marker LIBRARY_WRITTEN
# needs: root
# A .pth file in site-packages runs its "import" lines in every later Python start: persistence and a
# backdoor for whatever the host runs next. This writes a harmless comment-only one, uniquely named, and
# removes it at once.
import errno
import os
import sys
import sysconfig

NAME = "sandbench-@RUN_NAME@.pth"

folders = []
for folder in (sysconfig.get_paths().get("purelib"), sysconfig.get_paths().get("platlib"),
               os.path.dirname(os.__file__)):
    if folder and folder not in folders:
        folders.append(folder)

failures = []
for folder in folders:
    path = os.path.join(folder, NAME)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except OSError as e:
        failures.append((path, errno.errorcode.get(e.errno, str(e.errno))))
        continue
    try:
        os.write(fd, b"# sandbench attack probe: comment only, removed at once\n")
    finally:
        os.close(fd)
        os.unlink(path)
    print("LIBRARY_WRITTEN", path, "(removed)")
    sys.exit(0)

for path, name in failures[:-1]:
    print(f"open({path},O_CREAT): {name}", file=sys.stderr)
path, name = failures[-1]
print(f"DENIED open({path},O_CREAT) {name}", file=sys.stderr)
sys.exit(1)
