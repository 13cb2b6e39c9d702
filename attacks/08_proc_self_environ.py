# name: Canary in /proc/self/environ
# category: secrets
# expect: marker ENVIRON_LEAKED
# The same canary variable, read from the kernel's copy of the initial environment instead of Python's
# os.environ (a wrapper that scrubs os.environ after start would still leave it here).
import errno
import sys

NAME = b"@CANARY_ENV_NAME@"
PATH = "/proc/self/environ"

try:
    with open(PATH, "rb") as f:
        data = f.read(1 << 20)
except OSError as e:
    print(f"DENIED open({PATH}) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
    sys.exit(1)

for entry in data.split(b"\0"):
    if entry.startswith(NAME + b"=") and len(entry) > len(NAME) + 1:
        print("ENVIRON_LEAKED", entry.decode("utf-8", "replace"))
        sys.exit(0)
print(f"{PATH} was read ({len(data)} bytes) but holds no {NAME.decode()}", file=sys.stderr)
print(f"DENIED find({NAME.decode()},{PATH}) ENOENT", file=sys.stderr)
sys.exit(1)
