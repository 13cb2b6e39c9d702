# name: Dotfile persistence in home
# category: filesystem
# expect: marker HOME_PERSISTED
# A file written into a home folder (a .bashrc line, an ssh key) outlives the run and runs at the next
# login. This writes a harmless, uniquely named dotfile and removes it at once. A home that is this
# run's own working folder does not count: it vanishes with the run.
import errno
import os
import pwd
import sys

NAME = ".sandbench-persist-@RUN_NAME@"

candidates = [os.path.expanduser("~"), "/root"]
try:
    candidates.append(pwd.getpwuid(os.getuid()).pw_dir)
except KeyError:
    pass
work = os.path.realpath(os.getcwd())

notes = []
failures = []
seen = set()
for home in candidates:
    if not home.startswith("/"):
        continue  # "~" left unexpanded: no home at all
    real = os.path.realpath(home)
    if real in seen:
        continue
    seen.add(real)
    if real == work or real.startswith(work + os.sep):
        notes.append(f"{home}: skipped, it is this run's own working folder")
        continue
    path = os.path.join(home, NAME)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as e:
        failures.append((path, errno.errorcode.get(e.errno, str(e.errno))))
        continue
    try:
        os.write(fd, b"# sandbench persistence probe: comment only, removed at once\n")
    finally:
        os.close(fd)
        os.unlink(path)
    print("HOME_PERSISTED", path, "(removed)")
    sys.exit(0)

for note in notes:
    print(note, file=sys.stderr)
for path, name in failures[:-1]:
    print(f"open({path},O_CREAT): {name}", file=sys.stderr)
if not failures:
    print(f"DENIED open(~/{NAME},O_CREAT) ENOENT", file=sys.stderr)  # no home but the working folder
    sys.exit(1)
path, name = failures[-1]
print(f"DENIED open({path},O_CREAT) {name}", file=sys.stderr)
sys.exit(1)
