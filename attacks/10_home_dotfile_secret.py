# name: Read secret dotfile in home
# category: secrets
# expect: marker HOME_SECRET_LEAKED
# The harness planted the secret as a dotfile in the home folder of the user running Sandbench, where
# real credentials live (~/.aws/credentials, ~/.netrc).
import errno
import sys

PATH = "@HOME_SECRET_PATH@"
try:
    with open(PATH) as f:
        text = f.read(1 << 16)
except OSError as e:
    print(f"DENIED open({PATH}) {errno.errorcode.get(e.errno, e.errno)}", file=sys.stderr)
    sys.exit(1)
print("HOME_SECRET_LEAKED", text)
