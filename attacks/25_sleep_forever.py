# name: Sleep forever (wall clock only)
# category: resources
# expect: stopped
# runs: alone
# Never ends on its own and uses no CPU: a CPU-time limit never fires, only a wall-clock limit stops it.
import time

while True:
    time.sleep(1)
