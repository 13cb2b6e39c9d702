# name: Memory spread (4 x 150 MB)
# category: resources
# expect: marker SPREAD_HELD
# runs: alone
# protection: aggregate-memory
# include: spread_memory
# Four children each allocate and touch 150 MB: each stays under a per-process limit (the default
# 256 MB), together they hold 600 MB. The marker needs all four holding their memory at the same time;
# only a limit on the whole sandbox (a cgroup, a VM's size) stops it. The subprocess tier has one (its
# per-run memory cgroup) only where the host gives it cgroups; elsewhere its probe says so and the lab
# shows this cell as expected, with that reason.
import sys

sys.exit(spread_memory(4, 150 * 1024 * 1024, "SPREAD_HELD"))
