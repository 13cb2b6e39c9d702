# name: Egress: the allowed name on another port
# category: network
# expect: egress
# network: allow
# include: egress_client
# Plain HTTP to @ALLOWED_HOST@ on the web server's other port: the name is listed, the port is not. A proxy
# that matches names only lets the program reach every service of an allowed host.
attempt("GET(http://@ALLOWED_HOST@:@WEB_HTTP_PORT@/)", "http", "@ALLOWED_HOST@", @WEB_HTTP_PORT@,
        "/@RUN_NAME@/other-port")
