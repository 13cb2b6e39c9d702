# name: Memory across processes (4 x 200 MB)
# category: resources
# expect: marker ACROSS_HELD
# runs: alone
# protection: aggregate-memory
# include: spread_memory
# The case: four processes of 200 MB each, every one under the default 256 MB per-process
# address-space limit (RLIMIT_AS), 800 MB together, more than three times the policy's memory. ALLOWED
# only when all four hold their 200 MB at the same time. A memory cgroup for the whole run (the subprocess
# tier's, the container's --memory) or a VM's size stops it; where the subprocess tier cannot have a
# cgroup (an ordinary user on cgroup v1), its probe says so and the cell is expected, with that reason.
import sys

sys.exit(spread_memory(4, 200 * 1024 * 1024, "ACROSS_HELD"))
