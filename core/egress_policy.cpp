#include "egress_policy.h"

#include <arpa/inet.h>
#include <cctype>
#include <charconv>

namespace sandbench {

namespace {

bool isAddress(const std::string& text) {
    unsigned char buffer[16];
    return ::inet_pton(AF_INET, text.c_str(), buffer) == 1 ||
           ::inet_pton(AF_INET6, text.c_str(), buffer) == 1;
}

// RFC 1123 labels: letters, digits and inner hyphens, 63 characters at most.
bool isHostName(const std::string& name) {
    if (name.empty() || name.size() > 253)
        return false;
    std::size_t start = 0;
    while (start <= name.size()) {
        const std::size_t end = std::min(name.find('.', start), name.size());
        const std::size_t length = end - start;
        if (length == 0 || length > 63 || name[start] == '-' || name[end - 1] == '-')
            return false;
        for (std::size_t i = start; i < end; ++i)
            if (!std::isalnum(static_cast<unsigned char>(name[i])) && name[i] != '-')
                return false;
        start = end + 1;
    }
    return true;
}

} // namespace

bool AllowedHost::parse(const std::string& text, AllowedHost& parsed, std::string& why) {
    std::string host = text;
    int port = 0;
    if (!host.empty() && host.front() == '[') {
        why = "\"" + text + "\" is an IP literal; list addresses under allow_ips";
        return false;
    }
    if (const std::size_t colon = host.rfind(':'); colon != std::string::npos) {
        const std::string portText = host.substr(colon + 1);
        const auto [end, error] = std::from_chars(portText.data(), portText.data() + portText.size(), port);
        if (portText.empty() || error != std::errc() || end != portText.data() + portText.size() ||
            port < 1 || port > 65535) {
            why = "\"" + text + "\" has no port from 1 to 65535 after its colon";
            return false;
        }
        host.resize(colon);
    }
    for (char& c : host)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!host.empty() && host.back() == '.')
        host.pop_back();
    if (isAddress(host)) {
        why = "\"" + text + "\" is an IP literal; list addresses under allow_ips";
        return false;
    }
    const bool wildcard = host.rfind("*.", 0) == 0;
    const std::string name = wildcard ? host.substr(2) : host;
    // A wildcard over a top-level domain alone ("*.com") would allow most of the internet.
    if (!isHostName(name) || (wildcard && name.find('.') == std::string::npos)) {
        why = "\"" + text + "\" is not a host name (e.g. api.example.com, *.example.org:443)";
        return false;
    }
    parsed.host = host;
    parsed.port = port;
    return true;
}

std::string AllowedHost::text() const {
    return port ? host + ":" + std::to_string(port) : host;
}

bool AllowedHost::matches(const std::string& name, int wanted) const {
    const bool portOk = port ? wanted == port : (wanted == 80 || wanted == 443);
    if (!portOk)
        return false;
    if (host.rfind("*.", 0) == 0) {
        const std::string suffix = host.substr(1); // ".example.org"
        return name.size() > suffix.size() &&
               name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0;
    }
    return name == host;
}

std::string EgressEvent::text() const {
    if (decision == "refused")
        return "refused: " + reason + " (" + method + " " + target + ")";
    std::string line = decision + " " + method + " " + target;
    if (!reason.empty())
        line += " (" + reason + ")";
    return line;
}

std::string egressUnsupported(const std::string& tier) {
    return "the " + tier +
           " tier cannot enforce a network allow list (the policy's \"network\": {\"allow\": ...} and "
           "\"secrets\"): run it on the subprocess, container, gVisor or microVM tier, or with \"network\": "
           "false or true; no user code ran";
}

bool isAddressRange(const std::string& text) {
    const std::size_t slash = text.find('/');
    const std::string address = text.substr(0, slash);
    if (!isAddress(address))
        return false;
    if (slash == std::string::npos)
        return true;
    const std::string bits = text.substr(slash + 1);
    int prefix = -1;
    const auto [end, error] = std::from_chars(bits.data(), bits.data() + bits.size(), prefix);
    const int most = address.find(':') == std::string::npos ? 32 : 128;
    return !bits.empty() && error == std::errc() && end == bits.data() + bits.size() && prefix >= 0 &&
           prefix <= most;
}

bool isVariableName(const std::string& text) {
    if (text.empty() || std::isdigit(static_cast<unsigned char>(text.front())))
        return false;
    for (const char c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return false;
    return true;
}

} // namespace sandbench
