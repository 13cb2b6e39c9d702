# name: Images that are not what their names say
# category: filesystem
# expect: artifacts types
# A chart.png that is HTML with a script, a photo.png that is an ELF header, and a logo.svg that is a real
# SVG referring to a host file and an address outside itself (the harness's loopback listener only). A
# collector that trusts extensions reports them as pictures, and whatever shows pictures then renders a
# script, decodes an executable or fetches a file. The judge checks each reported image type against the
# bytes. Nothing here runs or fetches anything.
import errno
import os
import sys

OUT = "@OUTPUTS_DIR@"
FILES = {
    "chart.png": b"<html><body><script>document.title = document.cookie</script></body></html>\n",
    "photo.png": b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 8 + b"\x02\x00\x3e\x00" + b"\x00" * 44,
    "logo.svg": (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                 b'width="10" height="10"><image xlink:href="file:///etc/hostname" width="10" height="10"/>'
                 b'<image href="http://127.0.0.1:@SERVICE_PORT@/pixel.png" width="1" height="1"/></svg>\n'),
}


def errname(e):
    return errno.errorcode.get(e.errno, str(e.errno))


refusals = []
try:
    os.makedirs(OUT, exist_ok=True)
except OSError as e:
    print(f"DENIED mkdir({OUT}) {errname(e)}", file=sys.stderr)
    sys.exit(1)
for name, data in FILES.items():
    try:
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    except OSError as e:
        refusals.append(f"DENIED create({name}) {errname(e)}")
print("made", len(FILES) - len(refusals), "files")
for line in refusals:
    print(line, file=sys.stderr)
sys.exit(1 if refusals else 0)
