#pragma once

#include "attack_suite.h"
#include "loopback_listener.h"

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

namespace sandbench {

class HarnessError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A program ready to hand to a tier, and the sentinel that proves it started.
struct PreparedAttack {
    std::string code;
    std::string sentinel;
};

// The targets every attack run aims at, set up before the runs and removed after them, as the reference
// article does: a fake credentials file any user of this machine can read, and an "internal service" on
// the loopback interface.
class AttackHarness {
public:
    AttackHarness(); // throws HarnessError
    ~AttackHarness();
    AttackHarness(const AttackHarness&) = delete;
    AttackHarness& operator=(const AttackHarness&) = delete;

    // World-readable (0755), so a tier that runs the program as another user does not hide the file by
    // accident: hiding it must be the tier's own doing.
    const std::filesystem::path& folder() const { return m_folder; }
    const std::string& secretPath() const { return m_secretPath; }
    // "aws_secret_access_key=NOT-A-REAL-KEY-<random>": the exact text a leak would show.
    const std::string& secretValue() const { return m_secretValue; }
    int servicePort() const { return m_listener->port(); }
    int connectionsAccepted() const { return m_listener->connectionsAccepted(); }

    // Fills @SECRET_PATH@ and @SERVICE_PORT@ as raw text; other @WORDS@ are left alone.
    std::string fillPlaceholders(const std::string& code) const;
    // The attack's code with placeholders filled and a fresh start sentinel in front.
    PreparedAttack prepare(const Attack& attack) const;

private:
    std::filesystem::path m_folder;
    std::string m_secretPath;
    std::string m_secretValue;
    std::unique_ptr<LoopbackListener> m_listener;
};

} // namespace sandbench
