# name: Egress: a Host header other than the CONNECT's
# category: network
# expect: egress
# network: allow
# include: egress_client
# CONNECT to the allowed @ALLOWED_HOST@ and a TLS handshake naming it too, then a request whose Host header
# is @OTHER_HOST@: a server that hosts both names answers for the one not listed.
attempt("Host(@OTHER_HOST@)", "https", "@ALLOWED_HOST@", @WEB_PORT@, "/@RUN_NAME@/host-header",
        host_header="@OTHER_HOST@:@WEB_PORT@")
