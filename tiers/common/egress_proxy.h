#pragma once

#include "core/egress_policy.h"
#include "temp_folder.h"
#include "unique_fd.h"

#include <map>
#include <string>
#include <sys/types.h>
#include <vector>

namespace sandbench {

// The host side of a sandbox's allow-listed network: mitmproxy's mitmdump, run for one run with
// Sandbench's rules as its addon (tiers/common/egress/egress_addon.py), listening on a loopback port of
// its own choosing. It resolves names itself, lets CONNECT and plain HTTP through to the allowed names and
// ports only, terminates TLS with a CA made for this run alone, puts the secrets' real values in place of
// their placeholders for their hosts, and writes every decision down. Its folder (the CA's key, the
// settings with the secrets' values) and its process are gone when this object is.
class EgressProxy {
public:
    struct Settings {
        EgressPolicy policy;
        std::map<std::string, std::string> secretValues; // secret name -> real value, held in memory
        // Names the proxy resolves without a resolver (the lab's and the tests' loopback servers);
        // addresses it gives are trusted as if listed in allow_ips.
        std::map<std::string, std::string> hosts;
        // What the real servers' certificates are checked against: the host's trust store by default.
        std::string upstreamCaFile = "/etc/ssl/certs/ca-certificates.crt";
    };

    EgressProxy() = default;
    EgressProxy(const EgressProxy&) = delete;
    EgressProxy& operator=(const EgressProxy&) = delete;
    ~EgressProxy();

    // Starts mitmdump and waits until it listens (or `timeoutSeconds` pass). False with `error` in words a
    // user can act on (mitmproxy missing, a secret without a value, the proxy's own complaint).
    bool start(const Settings& settings, std::string& error, double timeoutSeconds = 20);
    // Kills the proxy and removes its folder; the events read so far stay readable.
    void stop();

    bool running() const { return m_pid > 0; }
    int port() const { return m_port; }
    // The run's CA certificate (PEM): the only certificate the sandbox trusts.
    const std::string& caCertificate() const { return m_caPem; }
    // The same certificate as a file on the host, in the proxy's private folder (for an engine to mount).
    std::string caCertificatePath() const;
    // The proxy URL a sandbox is given for its own listener on `port` (127.0.0.1 inside it), with this
    // run's proxy credentials: the proxy listens on the host's loopback, where any local process (another
    // run's program with the whole network among them) can connect, and it serves only the client that
    // presents them, so no one else can use the allow list or have the secrets put in.
    std::string urlInside(int port) const;
    // "sandbench:<random>", what urlInside() carries (for tests that speak to the proxy themselves).
    const std::string& credentials() const { return m_credentials; }
    // Secret name -> the random placeholder the sandbox's variable holds instead of the value.
    const std::map<std::string, std::string>& placeholders() const { return m_placeholders; }
    // Every decision so far, in order (reads what the proxy has written since the last call).
    const std::vector<EgressEvent>& events();

    // The mitmdump this host runs the proxy with ($SANDBENCH_MITMDUMP, else mitmdump on $PATH), or empty.
    static std::string mitmdumpPath();
    // Why no allow-listed network can be had here, or empty: "mitmproxy is not installed: ...".
    static std::string unavailableReason();

private:
    TempFolder m_folder;
    pid_t m_pid = -1;
    int m_port = 0;
    std::string m_caPem;
    std::map<std::string, std::string> m_placeholders;
    std::string m_credentials;
    std::string m_eventsPath;
    std::size_t m_eventsRead = 0;
    std::string m_partialLine;
    std::vector<EgressEvent> m_events;
};

// The environment a sandbox gets to use the proxy at `proxyUrl` (EgressProxy::urlInside) and trust only
// the run's CA at `caPath` inside the sandbox: HTTP_PROXY, HTTPS_PROXY, ALL_PROXY (and lower case),
// SSL_CERT_FILE, REQUESTS_CA_BUNDLE, CURL_CA_BUNDLE, and each secret's placeholder.
std::map<std::string, std::string> egressEnvironment(const std::string& proxyUrl, const std::string& caPath,
                                                     const std::map<std::string, std::string>& placeholders);

struct RunRequest;
struct RunResult;

// Starts the proxy for `request` (its policy's allow list and secrets, the secrets' values from the request
// or Sandbench's environment, the hosts file and trusted CA from the request or $SANDBENCH_EGRESS_HOSTS and
// $SANDBENCH_EGRESS_CA). False with `error` ending in "; no user code ran".
bool startEgressProxyFor(const RunRequest& request, EgressProxy& proxy, std::string& error);

// After the run: the proxy stopped, its decisions in the result, and a program that failed after the proxy
// refused it said to be stopped by the allow list (or the secret rules).
void finishEgress(EgressProxy& proxy, RunResult& result);

// "127.0.0.1 api.example.test other.example.test" lines (comments after '#'), as name -> address. False
// with `error` for a file that cannot be read or a line whose address is not one.
bool readHostsFile(const std::string& path, std::map<std::string, std::string>& hosts, std::string& error);

// The real value of each of the policy's secrets: `given` (the workbench's key fields) first, else
// Sandbench's own environment variable `from_env`. False with `error` naming a secret that has none.
bool resolveSecretValues(const EgressPolicy& policy, const std::map<std::string, std::string>& given,
                         std::map<std::string, std::string>& values, std::string& error);

} // namespace sandbench
