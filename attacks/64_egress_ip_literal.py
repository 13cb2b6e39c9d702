# name: Egress: an IP literal
# category: network
# expect: egress
# network: allow
# include: egress_client
# HTTPS to 127.0.0.1 itself, the allowed name's address, on the allowed port. An allow list of names means
# nothing if an address gets past it.
attempt("CONNECT(127.0.0.1:@WEB_PORT@)", "https", "127.0.0.1", @WEB_PORT@, "/@RUN_NAME@/ip-literal")
