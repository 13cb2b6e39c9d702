# name: cpu_loop
# measures: CPU-bound Python: a fixed loop of about 0.5 s on a bare host here (work, not time, is fixed)
# prints: 14999995
# policy: {"timeout_s": 120, "cpu_s": 120}
total = 0
for i in range(5_000_000):
    total += i % 7
print(total)
