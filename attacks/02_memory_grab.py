# name: Memory grab (512 MB)
# category: memory
# expect: marker ALLOCATED
# runs: alone
# One 512 MB allocation; under an address-space or cgroup limit it fails with MemoryError or a kill.
x = b"x" * (512 * 1024 * 1024)
print("ALLOCATED")
