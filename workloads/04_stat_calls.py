# name: stat_calls
# measures: system-call-heavy code: 100,000 os.stat() calls on the working folder
# prints: 100000
# policy: {"timeout_s": 120, "cpu_s": 120}
import os

done = 0
for _ in range(100_000):
    if os.stat(".").st_ino:
        done += 1
print(done)
