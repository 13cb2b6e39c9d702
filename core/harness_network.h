#pragma once

#include "egress_policy.h"

#include <filesystem>
#include <mutex>
#include <string>
#include <sys/types.h>
#include <vector>

namespace sandbench {

// One request the harness's web server received, as it recorded it (core/harness_web_server.py).
struct WebRequest {
    std::string scheme; // "https" or "http"
    std::string method;
    std::string path;
    std::string host; // the Host header, its port removed
    std::string sni;  // the TLS server name; empty for plain HTTP or a client that sent none
    // What of the secret the request carried anywhere (path, headers, body): "real" (its real value),
    // "placeholder" (a proxy's placeholder for it), or empty.
    std::string secret;
    bool operator==(const WebRequest&) const = default;
};

// The little network the `network: allow` attacks get (attacks/FORMAT.md), set up once per lab: a web
// server on loopback serving HTTPS (a certificate for the names below, from a CA made here) and plain HTTP,
// a hosts file that maps the names to 127.0.0.1 for the egress proxy alone (no resolver is ever asked),
// and a secret whose real value is made here and lives in this process's memory only.
//
//   allowedHost()  listed (HTTPS port only), and the only host the secret may go to
//   publicHost()   listed (HTTPS port only), but not the secret's
//   otherHost()    not listed
//
// Nothing listens anywhere but 127.0.0.1; the server dies with the thread that made this object.
class HarnessNetwork {
public:
    // Makes `folder` (0700) and starts the server in it, without waiting for it (the workbench makes the
    // harness on its GUI thread); throws std::runtime_error when it cannot even be started.
    explicit HarnessNetwork(const std::filesystem::path& folder);
    // Waits, the first time, until the server listens (its CA and certificate made): false when it did not
    // start, and problem() says why (openssl missing, the server's own complaint). Any thread may call it.
    bool waitUntilListening() const;
    const std::string& problem() const { return m_problem; }
    ~HarnessNetwork();
    HarnessNetwork(const HarnessNetwork&) = delete;
    HarnessNetwork& operator=(const HarnessNetwork&) = delete;

    static constexpr const char* kAllowedHost = "allowed.sandbench.test";
    static constexpr const char* kPublicHost = "public.sandbench.test";
    static constexpr const char* kOtherHost = "other.sandbench.test";
    static constexpr const char* kSecretName = "SANDBENCH_API_KEY";
    static constexpr const char* kSecretPrefix = "sk-sandbench-real-";

    // Once waitUntilListening() is true.
    int httpsPort() const { return m_httpsPort; }
    int httpPort() const { return m_httpPort; }
    // For RunRequest::egressHostsFile and RunRequest::egressTrustedCa.
    std::string hostsFile() const { return (m_folder / "hosts").string(); }
    std::string caFile() const { return (m_folder / "ca.pem").string(); }
    // kSecretPrefix + random: what a leak of the real key would show.
    const std::string& secretValue() const { return m_secretValue; }
    // The allow list and the secret rule a `network: allow` attack runs with.
    EgressPolicy policy() const;

    // Every request the server received whose path holds `runName`, oldest first.
    std::vector<WebRequest> requestsOf(const std::string& runName) const;

private:
    void readPorts() const;

    std::filesystem::path m_folder;
    std::string m_secretValue;
    pid_t m_pid = -1;
    int m_output = -1; // the server's stdout, until it said where it listens
    mutable std::once_flag m_listening;
    mutable int m_httpsPort = 0;
    mutable int m_httpPort = 0;
    mutable std::string m_problem;
};

} // namespace sandbench
