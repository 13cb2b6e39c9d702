#pragma once

#include "abandoned_folders.h"
#include "attack_suite.h"
#include "loopback_listener.h"

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace sandbench {

class HarnessError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A program ready to hand to a tier, and the sentinel that proves it started.
struct PreparedAttack {
    std::string code;
    std::string sentinel;
    std::string runName; // what @RUN_NAME@ became
};

// The targets every attack run aims at, set up before the runs and removed after them, as the reference
// article does, and more: each attack finds its target through a placeholder the harness fills in.
//
//   @SECRET_PATH@          a fake credentials file any user of this machine can read (its text is the
//                          planted secret, secretValue())
//   @HOME_SECRET_PATH@     the same secret in a dotfile in the home folder of the user running Sandbench
//   @CANARY_ENV_NAME@      a variable set in Sandbench's own environment, holding the planted secret
//   @CANARY_PROCESS_NAME@  the name (comm, at most 15 characters) of a canary process the harness runs on
//   @CANARY_PID@           the host for the whole lab (a sleeping process started with the canary variable
//                          in its environment); its PID as the host sees it
//   @SERVICE_PORT@         a TCP listener on 127.0.0.1 standing in for an internal service
//   @SERVICE_PORT6@        the same on [::1] (0 when this host has no IPv6 loopback)
//   @UDP_PORT@             a UDP echo service on 127.0.0.1: answers each datagram with "ECHO " + payload
//   @UNIX_SOCKET_PATH@     a listening Unix stream socket (a filesystem path) that greets with "HELLO\n"
//   @ABSTRACT_SOCKET_NAME@ a listening abstract Unix stream socket (the name without its leading NUL)
//                          that greets with "HELLO\n"
//   @DNS_PORT@             a canary DNS server on 127.0.0.1 (UDP): answers every A query with 127.0.0.1
//                          and logs the names asked for (exfiltration through DNS)
//   @RUN_NAME@             unique to each run of each attack (at most 15 characters): attacks name their
//                          processes and files with it, and the harness looks for leftovers by it
//   @HOST_HOSTNAME@, @HOST_KERNEL@ (uname's release and version), @HOST_MEM_KB@ (MemTotal),
//   @HOST_CPU_MODEL@, @HOST_BOOT_ID@ (/proc/sys/kernel/random/boot_id)
//                          what the host would give away: an attack that prints one of these has learnt
//                          the host's, not a sandbox's own
//
// Network targets are only ever loopback listeners started here; no attack aims anywhere else.
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
    const std::string& canaryProcessName() const;
    int canaryPid() const;
    const std::string& homeSecretPath() const;
    const std::string& canaryVariable() const; // its value is secretValue()
    // Names the canary DNS server was asked for, in arrival order.
    std::vector<std::string> dnsQueries() const;

    // Fills every placeholder above as raw text (@RUN_NAME@ with `runName`); other @WORDS@ are left alone.
    std::string fillPlaceholders(const std::string& code, const std::string& runName = {}) const;
    // The attack's code with placeholders filled, a fresh run name and a fresh start sentinel in front.
    PreparedAttack prepare(const Attack& attack) const;

private:
    void plantTargets();
    struct Targets; // the listeners, the canary process, the planted files
    std::filesystem::path m_folder;
    FolderOwnerLock m_owner; // lets a later Sandbench remove the folder if this process dies
    std::string m_secretPath;
    std::string m_secretValue;
    std::unique_ptr<LoopbackListener> m_listener;
    std::unique_ptr<Targets> m_targets;
};

} // namespace sandbench
