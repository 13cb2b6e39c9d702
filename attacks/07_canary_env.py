# name: Canary in os.environ
# category: secrets
# expect: marker ENV_LEAKED
# The harness sets @CANARY_ENV_NAME@ in Sandbench's own environment, holding the planted secret. A tier
# that hands the program its caller's environment gives the secret away with it.
import os
import sys

NAME = "@CANARY_ENV_NAME@"
value = os.environ.get(NAME)
if not value:
    # No system call fails here: the variable is simply absent, as getenv() reports with NULL.
    print(f"DENIED getenv({NAME}) ENOENT", file=sys.stderr)
    sys.exit(1)
print("ENV_LEAKED", NAME + "=" + value)
