# name: Egress: reach the allowed name (function check)
# category: network
# expect: egress works
# network: allow
# include: egress_client
# Not an attack: the one thing the allow list is for. An HTTPS request to @ALLOWED_HOST@ (listed, and the
# secret's host) with the secret in its Authorization header. Inside a sandbox the variable holds only a
# placeholder, which the egress proxy swaps for the real value on the way out. The judge reads the harness's
# web server: the request must arrive, under its own name, with the real value, or the tier is broken.
import os

key = os.environ.get("@SECRET_ENV_NAME@", "")
attempt("GET(https://@ALLOWED_HOST@:@WEB_PORT@/)", "https", "@ALLOWED_HOST@", @WEB_PORT@,
        "/@RUN_NAME@/function-check", headers={"Authorization": "Bearer " + key})
