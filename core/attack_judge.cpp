#include "attack_judge.h"

#include "artifacts.h"
#include "enum_names.h"
#include "stop_evidence.h"
#include "utf8.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <initializer_list>
#include <regex>

namespace sandbench {

std::string_view toString(Verdict verdict) {
    switch (verdict) {
    case Verdict::Blocked:
        return "BLOCKED";
    case Verdict::Allowed:
        return "ALLOWED";
    case Verdict::Error:
        return "ERROR";
    }
    return "ERROR";
}

std::optional<Verdict> verdictFromString(std::string_view name) {
    return enumFromString(name, Verdict::Error);
}

namespace {

// Evidence is one line in a table cell; a runaway traceback line must not swamp it.
std::string oneLine(std::string text, std::size_t limit = 200) {
    for (char& c : text) {
        if (c == '\n' || c == '\r' || c == '\t')
            c = ' ';
    }
    if (text.size() > limit)
        text = text.substr(0, limit) + "...";
    return text;
}

// A name as evidence shows it: every byte outside printable ASCII as \xHH, quoted, at most 80 bytes of it.
std::string printableName(const std::string& name) {
    std::string shown = "\"";
    for (std::size_t i = 0; i < name.size() && i < 80; ++i) {
        const auto byte = static_cast<unsigned char>(name[i]);
        if (byte < 0x20 || byte >= 0x7F || byte == '"' || byte == '\\') {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
            shown += escaped;
        } else {
            shown += static_cast<char>(byte);
        }
    }
    return shown + (name.size() > 80 ? "...\"" : "\"");
}

} // namespace

std::string unsafeArtifactName(std::string_view name) {
    if (name.find('/') != std::string_view::npos)
        return "it holds a '/'";
    if (name.find('\0') != std::string_view::npos)
        return "it holds a NUL";
    if (name == "." || name == ".." || name.empty())
        return "it is empty, \".\" or \"..\"";
    if (name.size() > 255)
        return "it is longer than 255 bytes";
    if (!isValidUtf8(name))
        return "it is not valid UTF-8";
    for (std::string_view rest = name; !rest.empty();) {
        const Utf8Sequence sequence = decodeUtf8(rest);
        const char32_t c = sequence.codePoint.value_or(0);
        if (c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F))
            return "it holds a control character";
        if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069))
            return "it holds a bidirectional override";
        rest.remove_prefix(sequence.length);
    }
    return {};
}

namespace {

std::string lastNonEmptyLine(const std::string& text) {
    std::size_t end = text.size();
    while (end > 0) {
        const std::size_t start = text.rfind('\n', end - 1);
        const std::size_t from = start == std::string::npos ? 0 : start + 1;
        std::string line = text.substr(from, end - from);
        if (line.find_first_not_of(" \t\r") != std::string::npos)
            return line;
        if (start == std::string::npos)
            break;
        end = start;
    }
    return {};
}

std::string exitStatus(const RunResult& result) {
    if (result.exitCode)
        return "exit " + std::to_string(*result.exitCode);
    if (result.termSignal)
        return "killed by " + signalName(*result.termSignal);
    return "no exit status";
}

// The exception's type: "ModuleNotFoundError" from "ModuleNotFoundError: No module named 'x'".
std::string exceptionType(const std::string& exceptionLine) {
    const std::string type = exceptionLine.substr(0, exceptionLine.find(':'));
    const std::size_t dot = type.rfind('.');
    return dot == std::string::npos ? type : type.substr(dot + 1);
}

// Failures that mean the program could not even load its attack, so they say nothing about the tier.
bool isLoadFailure(const std::string& exceptionLine) {
    static const std::array<std::string_view, 5> types{"ImportError", "ModuleNotFoundError", "SyntaxError",
                                                       "IndentationError", "TabError"};
    const std::string type = exceptionType(exceptionLine);
    return std::find(types.begin(), types.end(), type) != types.end();
}

// " (line 7)" from the last traceback frame, so a syntax error points at the user's own line.
std::string tracebackLine(const std::string& stderrBytes) {
    static const std::regex frame(R"(File "[^"]*", line ([0-9]+))");
    std::string found;
    for (auto it = std::sregex_iterator(stderrBytes.begin(), stderrBytes.end(), frame);
         it != std::sregex_iterator(); ++it) {
        found = (*it)[1].str();
    }
    return found.empty() ? std::string() : " (line " + found + ")";
}

// Whether `evidence` names `layer` in so many words: case, hyphens and a possessive "'s" aside ("the
// harness's deadline" names "harness deadline", "RLIMIT_AS" names "rlimit").
bool namesLayer(const std::string& evidence, const std::string& layer) {
    const auto normal = [](const std::string& text) {
        std::string out;
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text.compare(i, 2, "'s") == 0) {
                ++i;
                continue;
            }
            const char c = text[i];
            out += c == '-' ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        return out;
    };
    return normal(evidence).find(normal(layer)) != std::string::npos;
}

Judgement judged(Verdict verdict, std::string evidence, std::string layer = {}, std::string detail = {},
                 bool inferred = false) {
    Judgement judgement;
    judgement.verdict = verdict;
    judgement.evidence = std::move(evidence);
    judgement.layer = std::move(layer);
    judgement.layerDetail = std::move(detail);
    judgement.layerInferred = inferred;
    return judgement;
}

Judgement error(std::string evidence) {
    return judged(Verdict::Error, oneLine(std::move(evidence)));
}

Judgement notStarted(const RunResult& result) {
    const std::string exception = lastExceptionLine(result.stderrBytes);
    if (!exception.empty())
        return error("never started: " + exception + tracebackLine(result.stderrBytes));
    if (result.exitCode == 126 || result.exitCode == 127) {
        const std::string last = lastNonEmptyLine(result.stderrBytes);
        return error("the interpreter could not start (" + exitStatus(result) + ")" +
                     (last.empty() ? std::string() : ": " + last));
    }
    const std::string last = lastNonEmptyLine(result.stderrBytes);
    return error("the program never started (no start sentinel; " + exitStatus(result) + ")" +
                 (last.empty() ? std::string() : ": " + last));
}

// Why the attack failed, strongest evidence first: the tier's own account, then the program's last
// exception, then its last words on stderr, then how it ended.
std::string blockedEvidence(const RunResult& result) {
    if (result.stoppedBy != StopReason::None)
        return result.evidence.empty() ? std::string(toString(result.stoppedBy)) : result.evidence;
    if (std::string exception = lastExceptionLine(result.stderrBytes); !exception.empty())
        return exception;
    if (std::string last = lastNonEmptyLine(result.stderrBytes); !last.empty())
        return last + " (" + exitStatus(result) + ")";
    return exitStatus(result);
}

Judgement judgeMarker(const Attack& attack, const RunResult& result, const RunContext& context) {
    if (result.stdoutBytes.find(attack.marker) != std::string::npos) {
        const bool secretShown = !context.plantedSecret.empty() &&
                                 result.stdoutBytes.find(context.plantedSecret) != std::string::npos;
        return judged(Verdict::Allowed, "marker " + attack.marker + " in stdout" +
                                            (secretShown ? ", with the planted secret" : ""));
    }
    if (context.endedByHarnessDeadline) {
        return judged(Verdict::Blocked, "no " + attack.marker +
                                            " in stdout before the harness's deadline (the tier's " +
                                            "own limits did not end the run)");
    }
    std::string evidence = blockedEvidence(result);
    if (result.stoppedBy == StopReason::None && lastExceptionLine(result.stderrBytes).empty() &&
        lastNonEmptyLine(result.stderrBytes).empty()) {
        evidence += ", no " + attack.marker + " in stdout";
    }
    return judged(Verdict::Blocked, oneLine(evidence));
}

Judgement judgeStopped(const RunResult& result, const RunContext& context) {
    if (context.endedByHarnessDeadline)
        return judged(Verdict::Allowed, "ran until the harness's deadline: the tier never stopped it");
    if (context.tier.control && result.stoppedBy == StopReason::Timeout) {
        return judged(Verdict::Allowed,
                      oneLine("only the wall-clock deadline ended it (control tier, no limits of "
                              "its own): " +
                              result.evidence));
    }
    if (result.stoppedBy != StopReason::None)
        return judged(Verdict::Blocked, oneLine(blockedEvidence(result)));
    if (result.exitCode == 0) {
        return error("ended on its own with exit 0 before any limit; an \"expect: stopped\" attack must run "
                     "until something stops it");
    }
    return judged(Verdict::Blocked, oneLine(blockedEvidence(result)));
}

// A process that outlives the run and the tier's cleanup is what the attack was after.
Judgement judgeSurvivor(const RunResult& result, const RunContext& context) {
    if (context.survivorFound)
        return judged(Verdict::Allowed, oneLine("outlived the run: " + context.survivorEvidence), "none", "",
                      false);
    if (context.tier.ownKernel)
        return judged(Verdict::Blocked,
                      "nothing with the run's name is alive after the run: it died with the VM",
                      "guest kernel", "the VM was killed with everything in it", false);
    return judged(Verdict::Blocked,
                  oneLine("nothing with the run's name is alive after the run (" + exitStatus(result) + ")"),
                  "namespace", "PID: everything in the sandbox died with its init process", true);
}

// A quota attack works by its effect on someone else: the harness's own host process, which shares
// nothing with a sandbox that is charged to a uid of its own.
Judgement judgeStarves(const Attack& attack, const RunResult& result, const RunContext& context) {
    if (context.quotaHeld.empty())
        return judged(Verdict::Blocked, oneLine("it never held the " + attack.quota + " quota (" +
                                                blockedEvidence(result) + ")"));
    const std::string held = oneLine(context.quotaHeld, 80);
    if (!context.hostQuotaFailure.empty())
        return judged(Verdict::Allowed,
                      oneLine("while it held all it could (" + held +
                              "), Sandbench's own process on the host (" + context.hostUser +
                              ") failed: " + context.hostQuotaFailure),
                      "none", "", false);
    if (context.tier.ownKernel)
        return judged(Verdict::Blocked,
                      oneLine("it exhausted the guest's " + attack.quota + " quota only (" + held + ")"),
                      "guest kernel", "the quota is the VM kernel's own", false);
    if (context.tier.userSpaceKernel)
        return judged(Verdict::Blocked,
                      oneLine("it exhausted the gVisor Sentry's " + attack.quota + " quota only (" + held +
                              "); Sandbench's own process on the host (" + context.hostUser +
                              ") still could use it"),
                      "gVisor Sentry", "the quota is the Sentry's own, not the host kernel's", false);
    return judged(Verdict::Blocked,
                  oneLine("while it held all it could (" + held + "), Sandbench's own process on the host (" +
                          context.hostUser + ") still could use it"),
                  "kernel quotas", "charged to a host uid of the sandbox's own, and capped per sandbox",
                  true);
}

// A run's artifacts, judged against `attack.artifactRule`: what got through, or "" when nothing did.
std::string artifactHole(const Attack& attack, const RunResult& result, const RunContext& context) {
    if (attack.artifactRule == "leak") {
        for (const Artifact& artifact : result.artifacts) {
            if (!context.plantedSecret.empty() &&
                artifact.bytes.find(context.plantedSecret) != std::string::npos)
                return "artifact " + printableName(artifact.name) + " came back holding the planted secret";
            if (!context.inputMarker.empty() && artifact.bytes.find(context.inputMarker) != std::string::npos)
                return "artifact " + printableName(artifact.name) +
                       " came back holding the planted input's text";
        }
    } else if (attack.artifactRule == "caps") {
        std::int64_t bytes = 0;
        for (const Artifact& artifact : result.artifacts)
            bytes += artifact.size;
        if (static_cast<std::int64_t>(result.artifacts.size()) > context.artifactsMax ||
            bytes > (context.artifactsMb << 20))
            return std::to_string(result.artifacts.size()) + " artifacts of " + std::to_string(bytes) +
                   " bytes came back, more than the policy's " + std::to_string(context.artifactsMax) +
                   " artifacts and " + std::to_string(context.artifactsMb) + " MB";
        if (context.endedByHarnessDeadline)
            return "only the harness's deadline ended the flood: the tier never bounded it";
    } else if (attack.artifactRule == "names") {
        for (const Artifact& artifact : result.artifacts)
            if (const std::string why = unsafeArtifactName(artifact.name); !why.empty())
                return "artifact name " + printableName(artifact.name) + " came back unsanitised: " + why;
    } else if (attack.artifactRule == "types") {
        for (const Artifact& artifact : result.artifacts) {
            if (!artifact.type.starts_with("image/"))
                continue;
            const std::string sniffed = sniffArtifactType(artifact.bytes);
            if (sniffed != artifact.type)
                return "artifact " + printableName(artifact.name) + " came back typed " + artifact.type +
                       ", but its bytes are " + sniffed;
        }
    }
    return {};
}

// An artifacts attack that got nothing through: BLOCKED by the artifact collector when it had something to
// hold back (it returned or dropped files), else by whatever stopped the program before it made any.
Judgement judgeArtifactsBlocked(const Attack& attack, const RunResult& result) {
    const std::size_t count = result.artifacts.size();
    const std::string dropped = result.artifactsDropped.empty()
                                    ? std::string("nothing dropped")
                                    : "dropped " + result.artifactsDropped.front();
    if (result.stoppedBy != StopReason::None || (count == 0 && result.artifactsDropped.empty()))
        return judged(Verdict::Blocked, oneLine(blockedEvidence(result) + "; " + std::to_string(count) +
                                                " artifacts came back (" + dropped + ")"));
    std::string evidence, detail;
    if (attack.artifactRule == "leak") {
        evidence = "no artifact holds the planted secret or input: the artifact collector returned " +
                   std::to_string(count) + " artifacts and followed no link (" + dropped + ")";
        detail = "links not followed";
    } else if (attack.artifactRule == "caps") {
        std::int64_t bytes = 0;
        for (const Artifact& artifact : result.artifacts)
            bytes += artifact.size;
        evidence = "the artifact collector returned " + std::to_string(count) + " artifacts of " +
                   std::to_string(bytes) + " bytes, within the policy's caps (" + dropped + ")";
        detail = "the policy's artifacts_max and artifacts_mb";
    } else if (attack.artifactRule == "names") {
        std::string names;
        for (const Artifact& artifact : result.artifacts)
            names += (names.empty() ? "" : ", ") + printableName(artifact.name);
        evidence = "the artifact collector returned " + std::to_string(count) +
                   " artifacts, each name one safe component (" + names + ")";
        detail = "names sanitised";
    } else {
        std::string types;
        for (const Artifact& artifact : result.artifacts)
            types += (types.empty() ? "" : ", ") + printableName(artifact.name) + " " + artifact.type;
        evidence = "the artifact collector typed " + std::to_string(count) + " artifacts by their bytes (" +
                   types + ")";
        detail = "types sniffed from the bytes";
    }
    if (const Denial denial = lastDenial(result.stderrBytes); !denial.errnoName.empty())
        evidence += "; the program was refused too: " +
                    (denial.operation.empty() ? denial.errnoName : denial.operation + " " + denial.errnoName);
    return judged(Verdict::Blocked, oneLine(evidence, 300), "artifact collector", detail, false);
}

bool isListed(const NetworkContext& network, const std::string& host) {
    return std::find(network.listedHosts.begin(), network.listedHosts.end(), host) !=
           network.listedHosts.end();
}

// "GET https://other.sandbench.test/sbx…/x (TLS name allowed.sandbench.test)", as the server recorded it.
std::string describeRequest(const WebRequest& request) {
    std::string text = request.method + " " + request.scheme + "://" +
                       (request.host.empty() ? std::string("(no Host header)") : request.host) + request.path;
    if (request.scheme == "https")
        text += request.sni.empty() ? " (no TLS name)" : " (TLS name " + request.sni + ")";
    return text;
}

// What of a `network: allow` attack got through, by the harness's own account, or "" when nothing did:
// the secret's real value where the program could show it, a DNS query of the run at the canary DNS
// server, a request of the run that reached the web server by a route the allow list has not (a name not
// listed, the plain HTTP port, an IP literal, a TLS name or Host header other than the other's), or the
// secret (real or its placeholder) at a host that is not its own.
std::string egressHole(const RunResult& result, const RunContext& context) {
    const NetworkContext& network = context.network;
    if (!network.secretValue.empty()) {
        if (result.stdoutBytes.find(network.secretValue) != std::string::npos)
            return "the secret's real value is in stdout: the program held it";
        if (result.stderrBytes.find(network.secretValue) != std::string::npos)
            return "the secret's real value is in stderr: the program held it";
        for (const Artifact& artifact : result.artifacts)
            if (artifact.bytes.find(network.secretValue) != std::string::npos)
                return "artifact " + printableName(artifact.name) + " holds the secret's real value";
    }
    if (!network.dnsQueries.empty())
        return "the harness's canary DNS server was asked for " + network.dnsQueries.front();
    for (const WebRequest& request : network.requests) {
        const bool allowedRoute =
            request.scheme == "https" && isListed(network, request.host) && request.sni == request.host;
        if (!allowedRoute)
            return "the harness's web server received " + describeRequest(request) +
                   ", a route the allow list does not have";
        if (!request.secret.empty() && request.host != network.secretHost)
            return "the secret's " + std::string(request.secret == "real" ? "real value" : "placeholder") +
                   " reached " + request.host + ", not its host " + network.secretHost + ": " +
                   describeRequest(request);
    }
    return {};
}

// The run's first event of the egress proxy with one of `decisions`, from the proxy's own record (never
// from what the program printed); null when there is none.
const EgressEvent* proxyEvent(const RunResult& result, std::initializer_list<std::string_view> decisions) {
    for (const EgressEvent& event : result.egress)
        if (std::find(decisions.begin(), decisions.end(), event.decision) != decisions.end())
            return &event;
    return nullptr;
}

Judgement judgeEgressBlocked(const RunResult& result, const RunContext& context) {
    const std::string nothing = "nothing of this run reached the harness's web or DNS server";
    if (context.endedByHarnessDeadline)
        return judged(Verdict::Blocked, nothing + " before the harness's deadline (the tier's own limits did "
                                                  "not end the run)");
    if (const EgressEvent* refusal = proxyEvent(result, {"denied", "refused"}))
        return judged(Verdict::Blocked, oneLine(nothing + ": the egress proxy " + refusal->text(), 300),
                      "egress proxy", oneLine(refusal->text(), 120), false);
    // The program used the secret and never held it: the proxy put the real value in on the way out.
    if (const EgressEvent* substitution = proxyEvent(result, {"substituted"}))
        return judged(Verdict::Blocked,
                      oneLine(nothing + ", and the program held only a placeholder: the egress proxy " +
                                  substitution->text(),
                              300),
                      "egress proxy", "the secret's real value stays outside the sandbox", false);
    return judged(Verdict::Blocked, oneLine(blockedEvidence(result) + "; " + nothing, 300));
}

// The function check: the allowed host reached over HTTPS under its own name, with the secret's real value
// put in on the way (by the proxy; on the control, which has no proxy, the program holds the value itself).
// Anything else is the tier's allow-listed network not working, which no attack's BLOCKED may hide.
Judgement judgeFunctionCheck(const RunResult& result, const RunContext& context) {
    const NetworkContext& network = context.network;
    const WebRequest* arrived = nullptr;
    for (const WebRequest& request : network.requests) {
        if (request.scheme != "https" || request.host != network.secretHost || request.sni != request.host)
            continue;
        arrived = &request;
        if (request.secret == "real")
            return judged(Verdict::Allowed,
                          oneLine("the allowed host received " + describeRequest(request) +
                                      " with the secret's real value put in: the allow list "
                                      "and the secret work",
                                  300));
    }
    if (arrived)
        return error("the tier's allow-listed network is broken: " + describeRequest(*arrived) +
                     " reached the allowed host without the secret's real value");
    if (const std::string exception = lastExceptionLine(result.stderrBytes); isLoadFailure(exception))
        return error("the attack could not load: " + exception + tracebackLine(result.stderrBytes));
    return error("the tier's allow-listed network is broken: its request never reached the allowed host " +
                 network.secretHost + " (" + blockedEvidence(result) + ")");
}

Judgement judgeVerdict(const Attack& attack, const RunResult& result, const RunContext& context) {
    // The host's own copy of a planted input changed: a hole, whatever the program printed or how it ended.
    if (!context.inputsChanged.empty())
        return judged(Verdict::Allowed,
                      oneLine("the host's copy of the planted input changed: " + context.inputsChanged));
    if (result.stoppedBy == StopReason::SetupFailure)
        return error("the tier could not set up: " + result.evidence);
    if (!context.started)
        return notStarted(result);
    if (result.stoppedBy == StopReason::Cancelled && !context.endedByHarnessDeadline)
        return error("cancelled before the attack finished");

    // A marker in stdout means the attack did its work, whatever failed after it.
    if (attack.expectation == Expectation::Marker &&
        result.stdoutBytes.find(attack.marker) != std::string::npos)
        return judgeMarker(attack, result, context);
    // For the network attacks, only what the harness's own listeners saw (and the secret's real value).
    if (attack.expectation == Expectation::Egress) {
        if (attack.functionCheck)
            return judgeFunctionCheck(result, context);
        if (const std::string hole = egressHole(result, context); !hole.empty())
            return judged(Verdict::Allowed, oneLine(hole, 300));
    }
    // So does what came back: the artifacts are the tier's account, not the program's.
    if (attack.expectation == Expectation::Artifacts) {
        if (const std::string hole = artifactHole(attack, result, context); !hole.empty())
            return judged(Verdict::Allowed, oneLine(hole, 300));
    }
    if (const std::string exception = lastExceptionLine(result.stderrBytes); isLoadFailure(exception))
        return error("the attack could not load: " + exception + tracebackLine(result.stderrBytes));
    // The tier lost track of the program (its engine or VM failed underneath): nothing shows that the
    // boundary held, so this is no BLOCKED.
    if (!result.exitCode && !result.termSignal && result.stoppedBy == StopReason::None &&
        !context.endedByHarnessDeadline)
        return error("the tier lost track of the program: " +
                     (result.evidence.empty() ? std::string("no exit status") : result.evidence));

    if (attack.expectation == Expectation::Survivor)
        return judgeSurvivor(result, context);
    if (attack.expectation == Expectation::Starves)
        return judgeStarves(attack, result, context);
    if (attack.expectation == Expectation::Egress)
        return judgeEgressBlocked(result, context);
    if (attack.expectation == Expectation::Artifacts) {
        if (context.endedByHarnessDeadline)
            return judged(Verdict::Blocked, "nothing got through before the harness's deadline (the tier's "
                                            "own limits did not end the run)");
        return judgeArtifactsBlocked(attack, result);
    }
    return attack.expectation == Expectation::Marker ? judgeMarker(attack, result, context)
                                                     : judgeStopped(result, context);
}

// A kernel probe that got through, but to a kernel of the sandbox's own (a VM's, gVisor's Sentry): BLOCKED
// by that kernel, the probe's own evidence kept between `before` and `after`.
Judgement reachedOnlyItsOwnKernel(Judgement judgement, const char* before, const char* after,
                                  const char* layer, const char* detail) {
    judgement.verdict = Verdict::Blocked;
    judgement.evidence = oneLine(before + judgement.evidence + after);
    judgement.layer = layer;
    judgement.layerDetail = detail;
    judgement.layerInferred = false;
    return judgement;
}

} // namespace

Judgement judgeAttack(const Attack& attack, const RunResult& result, const RunContext& context) {
    Judgement judgement = judgeVerdict(attack, result, context);
    if (judgement.verdict == Verdict::Allowed && attack.kernelSurface && context.tier.ownKernel) {
        // The call reached a kernel facility, but the VM's own: the host's kernel never saw it.
        return reachedOnlyItsOwnKernel(std::move(judgement), "reached the guest kernel only (",
                                       "); the host's kernel is behind the hypervisor", "guest kernel",
                                       "the call reached the VM's own kernel");
    }
    if (judgement.verdict == Verdict::Allowed && attack.kernelSurface && context.tier.userSpaceKernel) {
        // The call reached a kernel facility, but the Sentry's implementation of it: the host kernel saw only
        // the Sentry's own calls, which runsc's seccomp filter narrows.
        return reachedOnlyItsOwnKernel(std::move(judgement), "reached the gVisor Sentry only (",
                                       "); the host's kernel sees only the Sentry's own, filtered calls",
                                       "gVisor Sentry", "the call reached the Sentry's own implementation");
    }
    if (judgement.verdict == Verdict::Blocked && attack.plantedInputs)
        judgement.evidence =
            oneLine(judgement.evidence + "; the host's copy of the planted input is unchanged", 320);
    if (judgement.verdict == Verdict::Allowed) {
        judgement.layer = "none";
    } else if (judgement.verdict == Verdict::Blocked && judgement.layer.empty()) {
        if (context.endedByHarnessDeadline) {
            judgement.layer = "harness deadline";
            judgement.layerDetail = "the tier's own limits did not end the run";
        } else {
            const LayerFinding finding = findBlockingLayer(result, context.tier);
            judgement.layer = finding.layer;
            judgement.layerDetail = finding.detail;
            judgement.layerInferred = finding.inferred;
        }
    }
    // The cell, its evidence and its details name one layer: the one found here. An inferred layer is
    // always said; a reported one when the tier's own words do not already name it.
    if (judgement.verdict == Verdict::Blocked && !judgement.layer.empty() &&
        (judgement.layerInferred || !namesLayer(judgement.evidence, judgement.layer)))
        judgement.evidence = oneLine(
            judgement.evidence + (judgement.layerInferred ? " [layer inferred: " : " [layer: ") +
                judgement.layer + (judgement.layerDetail.empty() ? "" : ", " + judgement.layerDetail) + "]",
            320);
    return judgement;
}

} // namespace sandbench
