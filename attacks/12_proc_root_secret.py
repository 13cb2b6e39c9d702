# name: Read secret via /proc/*/root
# category: secrets
# expect: marker PROC_ROOT_LEAKED
# /proc/<pid>/root is a magic link to a process's root folder: through the canary process's (PID
# @CANARY_PID@ on the host) it leads to the host's own file tree, whatever root this program was given.
import errno
import sys

SECRET = "@SECRET_PATH@"
PATHS = ["/proc/self/root" + SECRET, "/proc/@CANARY_PID@/root" + SECRET]

failures = []
for path in PATHS:
    try:
        with open(path) as f:
            text = f.read(1 << 16)
    except OSError as e:
        failures.append((path, errno.errorcode.get(e.errno, str(e.errno))))
        continue
    print("PROC_ROOT_LEAKED", path + ":", text)
    sys.exit(0)

for path, name in failures[:-1]:
    print(f"open({path}): {name}", file=sys.stderr)
path, name = failures[-1]
print(f"DENIED open({path}) {name}", file=sys.stderr)
sys.exit(1)
