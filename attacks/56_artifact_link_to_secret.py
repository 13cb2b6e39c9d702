# name: Link an artifact to the host secret
# category: secrets
# expect: artifacts leak
# A symbolic link and a hard link in /tmp/outputs, both to the planted secret: a collector that follows
# links, or a hard link that reaches a host file, brings the host's secret back as an artifact. The judge
# looks at what came back, not at what this prints. It copies nothing itself, so the secret's bytes in an
# artifact can only have come through a link.
import errno
import os
import sys

SECRET = "@SECRET_PATH@"
OUT = "@OUTPUTS_DIR@"


def errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


refusals = []
try:
    os.makedirs(OUT, exist_ok=True)
except OSError as e:
    print(f"DENIED mkdir({OUT}) {errname(e)}", file=sys.stderr)
    sys.exit(1)
for operation, make, name in ((f"symlink({SECRET})", os.symlink, "credentials-symlink.txt"),
                              (f"link({SECRET})", os.link, "credentials-hardlink.txt")):
    try:
        make(SECRET, os.path.join(OUT, name))
        print("made", name)
    except OSError as e:
        refusals.append(f"DENIED {operation} {errname(e)}")
for line in refusals:
    print(line, file=sys.stderr)
sys.exit(1 if refusals else 0)
