# name: CPU loop
# category: cpu
# expect: stopped
# runs: alone
# Never ends on its own: only a limit (wall clock or CPU time) can stop it.
while True:
    pass
