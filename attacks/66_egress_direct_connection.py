# name: Egress: a direct connection past the proxy
# category: network
# expect: egress
# network: allow
# include: egress_client
# Ignores HTTP_PROXY and connects straight to 127.0.0.1 on the web server's plain HTTP port, as a program
# that does not care for proxy variables would. With an allow list the sandbox has no route anywhere: its
# only way out is the proxy, and the proxy would never take it to this port.
attempt("connect(127.0.0.1:@WEB_HTTP_PORT@)", "http", "@ALLOWED_HOST@", @WEB_HTTP_PORT@, "/@RUN_NAME@/direct",
        direct=True)
