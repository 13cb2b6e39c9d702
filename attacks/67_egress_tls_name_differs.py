# name: Egress: a TLS name other than the CONNECT's
# category: network
# expect: egress
# network: allow
# include: egress_client
# CONNECT to the allowed @ALLOWED_HOST@, then a TLS handshake naming @OTHER_HOST@ (domain fronting turned
# around): a proxy that checks only the CONNECT tunnels the program to whatever the server behind answers
# for the other name.
attempt("TLS(@OTHER_HOST@)", "https", "@ALLOWED_HOST@", @WEB_PORT@, "/@RUN_NAME@/tls-name",
        tls_name="@OTHER_HOST@")
