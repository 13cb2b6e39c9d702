#pragma once

#include <string>
#include <vector>

namespace sandbench {

// One entry of a network allow list: a host name, or "*.domain" for every name under it (not the domain
// itself), and a port; port 0 means the web's two, 80 and 443. Never an IP literal: those go in allowIps.
struct AllowedHost {
    std::string host; // lower case, no trailing dot
    int port = 0;

    // "api.example.com", "*.example.org:443"; false with `why` for anything else (an IP literal, a path,
    // an empty label, a port out of range).
    static bool parse(const std::string& text, AllowedHost& parsed, std::string& why);
    std::string text() const;
    bool matches(const std::string& name, int port) const;
    bool operator==(const AllowedHost&) const = default;
};

// A credential the program may use but never see: inside the sandbox its variable holds a random
// placeholder, and the egress proxy puts the real value (Sandbench's environment variable fromEnv, or the
// workbench's key field, held in memory only) into `header` of requests to `hosts` alone.
struct SecretRule {
    std::string name;    // the variable the program reads
    std::string fromEnv; // where Sandbench reads the real value; never saved with the value
    std::vector<std::string> hosts;
    std::string header = "Authorization";
    bool operator==(const SecretRule&) const = default;
};

// The "network" of a policy that is neither off nor the whole host network: the sandbox has no route
// anywhere, and an HTTP(S) proxy Sandbench runs on the host takes it to the listed names only.
struct EgressPolicy {
    std::vector<AllowedHost> allow;
    std::vector<std::string> allowIps; // CIDR ranges or addresses, only when asked for explicitly
    std::vector<SecretRule> secrets;

    bool active() const { return !allow.empty() || !allowIps.empty(); }
    bool operator==(const EgressPolicy&) const = default;
};

// One decision of the egress proxy: "allowed CONNECT api.example.com:443", "denied CONNECT
// 203.0.113.9:443 (IP literal)", "refused GET https://other.example:443/ (secret placeholder API_KEY sent
// to other.example)".
struct EgressEvent {
    std::string decision; // allowed, denied, refused (a secret's placeholder), substituted, error
    std::string method;   // CONNECT, GET, TLS, connect, ...
    std::string target;
    std::string reason;
    std::string text() const;
    bool operator==(const EgressEvent&) const = default;
};

// Why `tier` refuses a run with an allow list it cannot enforce yet (fail closed: never the whole network
// instead, never none while the program expects some), in words a user can act on.
std::string egressUnsupported(const std::string& tier);

// "10.0.0.0/8", "2001:db8::1": true when `text` is an address or a range of them.
bool isAddressRange(const std::string& text);
// A secret's variable name: letters, digits and underscores, not starting with a digit.
bool isVariableName(const std::string& text);

} // namespace sandbench
