#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

// How the judge tells whether an attack got through.
enum class Expectation {
    Marker,   // ALLOWED when the marker word appears in stdout
    Stopped,  // never ends on its own: BLOCKED when the tier stops it, ALLOWED when only the harness can
    Survivor, // leaves a process named @RUN_NAME@ behind: ALLOWED when one is alive after the run
    // Takes all it can of a kernel quota counted per host user, prints "HOLDING …" and holds it a few
    // seconds: ALLOWED when the harness's own process on the host then fails to use it (quota_probe.h).
    Starves,
    // Judged on what came back in /tmp/outputs, not on what it printed (Attack::artifactRule).
    Artifacts,
    // A `network: allow` attack, judged by the harness's own listeners and the egress proxy's decisions,
    // never by what it printed: ALLOWED when this run's request reached the harness's web server by any
    // route but an allowed one, carried the secret to a host not its own, its DNS query reached the canary
    // DNS server, or the secret's real value shows up in its output or artifacts. With `egress works` the
    // other way round: a function check that must reach the allowed host with the secret put in.
    Egress,
};

// The rules `expect: artifacts RULE` judges a run's artifacts by (attacks/FORMAT.md):
//   leak   ALLOWED when an artifact's bytes hold the planted secret or the planted input's marker (the attack
//          only makes links to them, so those bytes came back through a link the collector followed)
//   caps   ALLOWED when more artifacts or more bytes came back than the policy's caps, or only the harness's
//          deadline ended the run
//   names  ALLOWED when a returned name holds '/', ".." as a component, a NUL or a control character, or is
//          longer than 255 bytes
//   types  ALLOWED when an artifact is reported as an image its bytes are not (sniffArtifactType)
bool isKnownArtifactRule(std::string_view rule);

// "marker", "stopped", "survivor", "starves", "artifacts", "egress": the first word of the header's
// `expect:`.
std::string_view toString(Expectation expectation);
// The expectation toString() names; std::nullopt for any other text.
std::optional<Expectation> expectationFromString(std::string_view name);

// One hostile program from a suite folder, with the metadata from its header.
struct Attack {
    std::string fileName; // "05_read_host_secret.py": sorts the suite and names it in errors
    std::string name;
    std::string category = "uncategorized";
    Expectation expectation = Expectation::Marker;
    std::string marker;       // for Expectation::Marker
    std::string quota;        // for Expectation::Starves: "inotify" or "signals"
    std::string artifactRule; // for Expectation::Artifacts: "leak", "caps", "names" or "types"
    // "# expect: egress works": a function check, not an attack. It must get through (ALLOWED) on every
    // tier; when it does not, the tier's allow-listed network is broken, which the judge says as an ERROR.
    bool functionCheck = false;
    // "# network: allow": the harness runs it with the allow list and the secret of its little loopback
    // network (core/harness_network.h) in place of the lab policy's network, whatever that is.
    bool allowListedNetwork = false;
    // "# inputs: planted": the harness plants a host folder with a marked file for this run, gives it as the
    // run's policy `inputs` (at /data/planted on a real tier) and checks after the run that the host copy is
    // unchanged: byte for byte, mode, mtime, no file added or removed. A changed host input is ALLOWED
    // whatever the program printed.
    bool plantedInputs = false;
    // "# expected: subprocess container": the tiers this attack is expected to get through (an honest
    // shared-kernel caveat, not a failure to hide). "shared-kernel" stands for subprocess and container.
    // The host control is always expected to let every attack through.
    std::vector<std::string> expectedOn;
    // "# protection: aggregate-memory": what bounds this attack on a tier, by the names tiers use for what
    // they cannot set up on some hosts (Tier::missingProtections). A tier that lacks one of them here is
    // expected to let the attack through, with the reason its probe gives; elsewhere it must stop it.
    std::vector<std::string> protections;
    // "# needs: root": succeeds on the host control only when run as root (e.g. ptrace of a process that
    // is not a child), so a BLOCKED there as another user does not mean the attack is broken.
    bool needsRoot = false;
    // "# needs: modules": succeeds only on a kernel built with loadable modules (/proc/modules exists).
    bool needsModules = false;
    // "# surface: kernel": a probe that succeeds when a call reaches a kernel facility. On a tier with its
    // own kernel (a microVM) reaching it reaches the guest's kernel, not the host's: BLOCKED by the guest.
    bool kernelSurface = false;
    // "# runs: alone": the lab never runs it beside another attack on the same tier, because what else runs
    // could change its verdict or layer (CPU, memory, disk, timing, a shared quota, the shared canary) or
    // the leftover check could blame it for another run. Implied by `expect: stopped`, `survivor` and
    // `starves`, whose verdicts are timing or host-wide by nature.
    bool runsAlone = false;
    // "# include: raw_syscall": shared helpers from the suite's include/ folder (include/raw_syscall.py),
    // placed between the header and the program by loadAttackSuite(), so each attack stays one
    // self-contained program when it runs while the helper is written once.
    std::vector<std::string> includes;
    std::map<std::string, std::string> metadata; // every header line, including name/category/expect
    // The program as it runs: the whole file, header included, with its includes spliced in once
    // loadAttackSuite() or resolveIncludes() has run; placeholders unfilled.
    std::string code;

    bool operator==(const Attack&) const = default;
};

// A malformed suite file; what() names the file and, when known, the line.
class AttackSuiteError : public std::runtime_error {
public:
    AttackSuiteError(std::string fileName, int line, const std::string& message);
    const std::string& fileName() const { return m_fileName; }
    int line() const { return m_line; }                      // 0 when the problem is not on one line
    const std::string& message() const { return m_message; } // what() without the location

private:
    std::string m_fileName;
    int m_line;
    std::string m_message;
};

// What this machine lacks for `attack` to succeed on the host control ("not running as root", "this
// kernel has no loadable modules"), empty when nothing: a control that BLOCKS it then proves nothing.
std::string unmetNeeds(const Attack& attack);

// Whether `attack` is expected to get through `tierName` (the control always is).
bool isExpectedOn(const Attack& attack, const std::string& tierName, bool controlTier);

// Parses one attack. The header is the run of "# key: value" lines that starts on line 1; it must hold
// `name` and `expect` ("marker WORD" or "stopped"). Throws AttackSuiteError.
Attack parseAttack(const std::string& fileName, const std::string& text);

// Places the text of each of `attack.includes` (`suiteFolder`/include/NAME.py) after the header of
// `attack.code`, each between two comment lines that name it. Throws AttackSuiteError for a missing or
// unreadable include.
void resolveIncludes(Attack& attack, const std::filesystem::path& suiteFolder);

// Loads every *.py in `folder` (not its subfolders), sorted by file name, with includes resolved. Throws
// AttackSuiteError for the first bad file, for two attacks with one name, and for a folder that is missing or
// holds no attacks.
std::vector<Attack> loadAttackSuite(const std::filesystem::path& folder);

} // namespace sandbench
