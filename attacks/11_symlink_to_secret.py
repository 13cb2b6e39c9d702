# name: Read secret through a symlink
# category: secrets
# expect: marker SYMLINK_LEAKED
# A symlink made in the working folder, pointing at the planted secret: a tier that checks only the
# names a program opens, not where they lead, would follow it out.
import errno
import os
import sys

TARGET = "@SECRET_PATH@"
LINK = os.path.join(os.getcwd(), "link-@RUN_NAME@")


def errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


try:
    os.symlink(TARGET, LINK)
except OSError as e:
    print(f"DENIED symlink({LINK}) {errname(e)}", file=sys.stderr)
    sys.exit(1)
try:
    try:
        with open(LINK) as f:
            text = f.read(1 << 16)
    except OSError as e:
        print(f"DENIED open({LINK}->{TARGET}) {errname(e)}", file=sys.stderr)
        sys.exit(1)
    print("SYMLINK_LEAKED", text)
finally:
    try:
        os.unlink(LINK)
    except OSError:
        pass
