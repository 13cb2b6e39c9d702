# name: Egress: a name not listed
# category: network
# expect: egress
# network: allow
# include: egress_client
# HTTPS to @OTHER_HOST@, which the allow list does not hold, on the port it does. The proxy must refuse the
# CONNECT; a tier that lets the name through hands the program any host it can name.
attempt("CONNECT(@OTHER_HOST@:@WEB_PORT@)", "https", "@OTHER_HOST@", @WEB_PORT@, "/@RUN_NAME@/not-listed")
