#pragma once

#include "abandoned_folders.h"
#include "attack_suite.h"
#include "harness_network.h"
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

// The host folder an `inputs: planted` attack is given as its policy's inputs, planted for one run and
// removed with this object (whatever the run did to its modes): <harness folder>/inputs-<random>/planted,
// holding notes.txt with a marker unique to the run. What it was just after planting is kept, so changes()
// can tell whether the run changed the host's copy.
class PlantedInputs {
public:
    explicit PlantedInputs(const std::filesystem::path& harnessFolder); // throws HarnessError
    ~PlantedInputs();
    PlantedInputs(const PlantedInputs&) = delete;
    PlantedInputs& operator=(const PlantedInputs&) = delete;

    static constexpr const char* kFolderName = "planted"; // shown at /data/planted
    static constexpr const char* kFileName = "notes.txt";
    // The folder to give as the policy's input.
    const std::string& hostPath() const { return m_hostPath; }
    // "SANDBENCH-INPUT-<random>": the file's text, so its bytes can be recognised wherever they turn up.
    const std::string& marker() const { return m_marker; }
    // What differs on the host from just after planting, one line ("notes.txt: bytes changed; new entry
    // x"); empty when nothing did. Compares every entry's type, bytes, size, mode, owner and mtime, and the
    // list of entries; never follows a link, reads at most 1 MB of a file.
    std::string changes() const;

    struct Entry {
        std::string name; // relative to the planted folder, "." for the folder itself
        unsigned mode = 0;
        unsigned uid = 0, gid = 0;
        long long size = 0;
        long long mtimeNs = 0;
        std::string bytes; // regular files only
        bool operator==(const Entry&) const = default;
    };

private:
    std::vector<Entry> snapshot() const;
    std::filesystem::path m_root;
    std::string m_hostPath;
    std::string m_marker;
    std::vector<Entry> m_planted;
};

// A program ready to hand to a tier, and the sentinel that proves it started.
struct PreparedAttack {
    std::string code;
    std::string sentinel;
    std::string runName;                   // what @RUN_NAME@ became
    std::shared_ptr<PlantedInputs> inputs; // for an `inputs: planted` attack; null otherwise
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
//   @DATA_DIR@             where the tier shows inputs: /data; on the control "data", relative to the folder
//                          its program starts in, where it shows them naively (tiers/host/host_tier.h)
//   @OUTPUTS_DIR@          where the tier collects artifacts from: /tmp/outputs; on the control "outputs"
//   @INPUT_DIR@            for an `inputs: planted` attack, its planted input folder: @DATA_DIR@/planted
//   @INPUT_PATH@           ...and the marked file in it: @DATA_DIR@/planted/notes.txt
//   @HOST_HOSTNAME@, @HOST_KERNEL@ (uname's release and version), @HOST_MEM_KB@ (MemTotal),
//   @HOST_CPU_MODEL@, @HOST_BOOT_ID@ (/proc/sys/kernel/random/boot_id)
//                          what the host would give away: an attack that prints one of these has learnt
//                          the host's, not a sandbox's own
//
// For a `network: allow` attack, the little network it is given (core/harness_network.h), whose names only
// the egress proxy can resolve (through a hosts file no program sees):
//   @ALLOWED_HOST@         listed, and the secret's only host
//   @PUBLIC_HOST@          listed, but not the secret's
//   @OTHER_HOST@           not listed
//   @WEB_PORT@             the web server's HTTPS port, the only port listed
//   @WEB_HTTP_PORT@        its plain HTTP port, listed for no name
//   @SECRET_ENV_NAME@      the variable holding the secret (inside a sandbox only a placeholder for it)
//   @SECRET_PREFIX@        how the secret's real value starts, as an API key's format is public
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
    // The `network: allow` attacks' network, once its server listens (the first call waits for it); null
    // when it could not start here (networkProblem() says why, and those attacks are then the harness's
    // failures, never a tier's).
    const HarnessNetwork* network() const;
    std::string networkProblem() const;

    // Fills every placeholder above as raw text (@RUN_NAME@ with `runName`); other @WORDS@ are left alone.
    // `control`: for the control tier, whose /data and /tmp/outputs are folders of its own run folder.
    std::string fillPlaceholders(const std::string& code, const std::string& runName = {},
                                 bool control = false) const;
    // The attack's code with placeholders filled, a fresh run name and a fresh start sentinel in front, and
    // for an `inputs: planted` attack its freshly planted inputs (throws HarnessError if they cannot be).
    PreparedAttack prepare(const Attack& attack, bool control = false) const;

private:
    void plantTargets();
    struct Targets; // the listeners, the canary process, the planted files
    std::filesystem::path m_folder;
    FolderOwnerLock m_owner; // lets a later Sandbench remove the folder if this process dies
    std::string m_secretPath;
    std::string m_secretValue;
    std::unique_ptr<LoopbackListener> m_listener;
    std::unique_ptr<Targets> m_targets;
    std::unique_ptr<HarnessNetwork> m_network;
    std::string m_networkProblem;
};

} // namespace sandbench
