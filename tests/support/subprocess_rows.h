#pragma once

// What the subprocess tier's tests share: a tier per test class, its runs (optionally recorded by a sink
// that notes each chunk's arrival time), and skips where the host gives no user namespaces or no run
// cgroups. A test class derives from SubprocessRows and calls skipWithoutTier() from its initTestCase().

#include "tiers/subprocess/subprocess_tier.h"

#include <QElapsedTimer>
#include <QTest>
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace test_support {

struct Chunk {
    sandbench::Stream stream;
    std::string bytes;
    double atSeconds;
};

// Collects what the sink saw, with arrival times, as a front end would.
struct RecordingSink {
    std::vector<Chunk> chunks;
    QElapsedTimer clock;
    RecordingSink() { clock.start(); }
    sandbench::OutputSink sink() {
        return [this](sandbench::Stream stream, std::string_view bytes) {
            chunks.push_back({stream, std::string(bytes), static_cast<double>(clock.nsecsElapsed()) / 1e9});
        };
    }
    std::string all(sandbench::Stream stream) const {
        std::string joined;
        for (const auto& chunk : chunks) {
            if (chunk.stream == stream)
                joined += chunk.bytes;
        }
        return joined;
    }
};

class SubprocessRows {
protected:
    sandbench::SubprocessTier m_tier;

    sandbench::RunResult run(const std::string& code, sandbench::Policy policy = {},
                             RecordingSink* recorder = nullptr) {
        sandbench::RunRequest request;
        request.code = code;
        request.policy = policy;
        return m_tier.run(request, recorder ? recorder->sink() : sandbench::OutputSink{}, {});
    }

    // The rows that need the run's cgroups skip, with the probe's reason, where the host gives none.
    void skipWithoutRunCgroups() {
        for (const sandbench::MissingProtection& missing : m_tier.missingProtections())
            if (missing.name == "aggregate-memory")
                QSKIP(("the host gives this user no cgroup: " + missing.reason).c_str());
    }

    bool hostGivesRunCgroups() {
        const auto missing = m_tier.missingProtections();
        return std::none_of(missing.begin(), missing.end(), [](const sandbench::MissingProtection& m) {
            return m.name == "aggregate-memory";
        });
    }

    // The whole test case skips, with the probe's reason, where the host cannot create user namespaces.
    void skipWithoutTier() {
        const sandbench::ProbeResult probe = m_tier.probe();
        if (!probe.available)
            QSKIP(("subprocess tier unavailable here: " + probe.reason).c_str());
    }
};

} // namespace test_support
