#pragma once

#include "core/tier_info.h"

#include <string>
#include <vector>

namespace sandbench {

// How the e2b tier reaches E2B. Chosen by the workbench (the environment, or a front end's settings), never
// by the program that runs. The API key stays on this machine: it goes only to the API URL, in the
// X-API-KEY header, and never into a sandbox.
struct E2bSettings {
    std::string apiKey;             // E2B_API_KEY
    std::string domain = "e2b.app"; // E2B_DOMAIN: sandboxes are reached at https://<port>-<id>.<domain>
    std::string apiUrl;             // E2B_API_URL; empty means https://api.<domain>
    std::string sandboxUrl;         // E2B_SANDBOX_URL: every sandbox request goes here instead (tests)
    std::string templateId = "code-interpreter-v1"; // SANDBENCH_E2B_TEMPLATE
    double requestTimeoutSeconds = 60;              // each API request (create, kill); E2B's SDKs use 60 s
    // E2B_MAX_RETRIES, Sandbench's own (E2B's SDKs do not read it): how often the create call is sent again
    // after an answer that proves no sandbox was made (a refused connection, 429).
    int maxRetries = 3;
    bool validateApiKey = true; // E2B_VALIDATE_API_KEY=false: send a key of any shape to E2B unchecked
    // Added to the run's timeout to make the sandbox's own lifetime, E2B's backstop should the kill after
    // the run never arrive (this machine lost its network, Sandbench was killed).
    int sandboxGraceSeconds = 30;

    // E2B_API_KEY, E2B_DOMAIN, E2B_API_URL, E2B_SANDBOX_URL (the names E2B's own SDKs read), and
    // Sandbench's own E2B_MAX_RETRIES, E2B_VALIDATE_API_KEY and SANDBENCH_E2B_TEMPLATE override the defaults.
    static E2bSettings fromEnvironment();
    // The environment's settings with what `given` sets; a value describe() does not accept is ignored.
    static E2bSettings from(const TierSettings& given);
    // The settings a front end offers: the API key (a secret, held in memory only) and the template, their
    // defaults the environment's.
    static std::vector<TierSetting> describe();

    std::string effectiveApiUrl() const; // without a trailing slash
    bool hasApiKey() const { return !apiKey.empty(); }
    // True for the shape of E2B's keys: "e2b_" and lower-case hex digits, /^e2b_[0-9a-f]+$/.
    bool apiKeyLooksValid() const;
    // An empty string when the key may be sent (it has E2B's shape, or validateApiKey is off and it can go
    // into an HTTP header), else why not and what to do.
    std::string apiKeyProblem() const;
};

} // namespace sandbench
