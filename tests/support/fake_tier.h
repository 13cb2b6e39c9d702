#pragma once

#include "core/tier_registry.h"

// A tier that only tests register: its TierInfo names two settings, a choice ("mood", on the command line
// --mood) and a whole number ("depth", --depth), and no front end knows it. It runs programs as the host
// control tier does, without any boundary, with its settings in the program's environment (FAKE_MOOD,
// FAKE_DEPTH), so a test sees them reach the tier.
namespace test_support {

inline constexpr const char* kFakeTier = "fake";

sandbench::TierInfo fakeTierInfo();

// Adds the fake tier to `registry`, as builtinTiers() adds a real one.
void addFakeTier(sandbench::TierRegistry& registry);

} // namespace test_support
