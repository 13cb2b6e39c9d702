# name: children
# measures: process creation: start 20 child interpreters one after another, each running `pass`
# prints: 20
# policy: {"timeout_s": 120, "cpu_s": 120}
import subprocess
import sys

started = 0
for _ in range(20):
    if subprocess.run([sys.executable, "-I", "-S", "-c", "pass"]).returncode == 0:
        started += 1
print(started)
