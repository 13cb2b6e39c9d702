#include "fake_tier.h"

#include "tiers/host/host_tier.h"

#include <mutex>

using namespace sandbench;

namespace test_support {

namespace {

class FakeTier final : public Tier {
public:
    explicit FakeTier(const TierSettings& settings)
        : m_settings(acceptedSettings(fakeTierInfo().settings, settings)) {
        for (const TierSetting& setting : m_info.settings)
            m_settings.try_emplace(setting.key, setting.defaultValue);
    }

    const TierInfo& info() const override { return m_info; }
    ProbeResult probe() override {
        const TierSettings settings = current();
        return {true, {}, {"mood " + settings.at("mood"), "depth " + settings.at("depth")}, {}};
    }
    RunResult run(const RunRequest& request, const OutputSink& sink, std::stop_token stop) override {
        const TierSettings settings = current();
        RunRequest shown = request;
        shown.policy.environment["FAKE_MOOD"] = settings.at("mood");
        shown.policy.environment["FAKE_DEPTH"] = settings.at("depth");
        RunResult result = m_host.run(shown, sink, stop);
        result.tier = m_info.name;
        return result;
    }
    // Its depth changes under a live tier; a mood makes a new one.
    bool applyInPlace(const TierSettings& settings) override {
        const TierSettings wanted = acceptedSettings(m_info.settings, settings);
        const auto mood = wanted.find("mood");
        std::lock_guard lock(m_mutex);
        if (mood == wanted.end() || mood->second != m_settings.at("mood"))
            return false;
        if (const auto depth = wanted.find("depth"); depth != wanted.end())
            m_settings["depth"] = depth->second;
        return true;
    }

private:
    TierSettings current() const {
        std::lock_guard lock(m_mutex);
        return m_settings;
    }

    TierInfo m_info = fakeTierInfo();
    mutable std::mutex m_mutex;
    TierSettings m_settings;
    HostTier m_host;
};

} // namespace

TierInfo fakeTierInfo() {
    TierInfo info;
    info.name = kFakeTier;
    info.label = "Fake";
    info.description = "a tier only the tests know: the host's processes under another name";

    TierSetting mood;
    mood.key = "mood";
    mood.label = "&Mood";
    mood.kind = SettingKind::Choice;
    mood.choices = {{"calm", "Calm"}, {"loud", "Loud"}};
    mood.defaultValue = "calm";
    mood.help = "How the fake tier feels";
    mood.option = "--mood";

    TierSetting depth;
    depth.key = "depth";
    depth.label = "&Depth";
    depth.kind = SettingKind::Integer;
    depth.minimum = 0;
    depth.maximum = 9;
    depth.minimumLabel = "None";
    depth.defaultValue = "2";
    depth.help = "How deep the fake tier goes";
    depth.option = "--depth";
    info.settings = {mood, depth};
    return info;
}

void addFakeTier(TierRegistry& registry) {
    registry.add(fakeTierInfo(),
                 [](const TierSettings& settings) { return std::make_unique<FakeTier>(settings); });
}

} // namespace test_support
