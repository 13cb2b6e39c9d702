#pragma once

namespace sandbench {

// Brings loopback up in the calling thread's network namespace (a new one starts with it down; needs
// CAP_NET_ADMIN there, else an engine's is already up) and listens on 127.0.0.1:`port`. The socket, or
// -errno. Allocates nothing, so a freshly cloned sandbox init may call it too.
int listenOnOwnLoopback(int port);

} // namespace sandbench
