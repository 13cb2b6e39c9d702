# name: Reach internal service
# category: network
# expect: marker REACHED
# The harness's own loopback listener stands in for a service on the host.
import socket

s = socket.socket()
s.settimeout(2)
s.connect(("127.0.0.1", @SERVICE_PORT@))
print("REACHED")
