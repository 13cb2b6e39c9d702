# name: Read host secret
# category: filesystem
# expect: marker LEAKED
# The harness plants a fake credentials file readable by every user of this machine.
print("LEAKED", open("@SECRET_PATH@").read())
