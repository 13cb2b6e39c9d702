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
    int maxRetries = 3; // E2B_MAX_RETRIES: retries of the create call, as the SDKs default
    // Added to the run's timeout to make the sandbox's own lifetime, E2B's backstop should the kill after
    // the run never arrive (this machine lost its network, Sandbench was killed).
    int sandboxGraceSeconds = 30;

    // E2B_API_KEY, E2B_DOMAIN, E2B_API_URL, E2B_SANDBOX_URL (the names E2B's own SDKs read),
    // E2B_MAX_RETRIES and SANDBENCH_E2B_TEMPLATE override the defaults.
    static E2bSettings fromEnvironment();
    // The environment's settings with what `given` sets; a value describe() does not accept is ignored.
    static E2bSettings from(const TierSettings& given);
    // The settings a front end offers: the API key (a secret, held in memory only) and the template, their
    // defaults the environment's.
    static std::vector<TierSetting> describe();

    std::string effectiveApiUrl() const; // without a trailing slash
    bool hasApiKey() const { return !apiKey.empty(); }
    // True for the shape E2B's SDKs accept: "e2b_" and hex digits.
    bool apiKeyLooksValid() const;
};

} // namespace sandbench
