#pragma once

#include "policy.h"
#include "run_result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

// Where a program leaves the files it wants back, on every tier.
inline constexpr const char* kOutputsFolderInside = "/tmp/outputs";
// Its name inside the working folder (/tmp).
inline constexpr const char* kOutputsFolderName = "outputs";

// A name the program chose, made safe to show and to write under a folder of the user's: one path component
// (separators become '_'), no control characters (C0, DEL, C1: no escape sequence reaches a terminal),
// valid UTF-8, never hidden, "." or "..", at most 255 bytes. Never empty.
std::string sanitizeArtifactName(std::string_view raw);

// The type the bytes say, never the name: image/png, image/jpeg, image/svg+xml, text/csv, text/plain, or
// application/octet-stream. An SVG that refers to anything outside itself (svgReachesOutside) is text, not
// a picture: nothing that draws image/svg+xml is ever asked to fetch a file or an address.
std::string sniffArtifactType(std::string_view bytes);

// Whether an SVG document refers to anything outside itself: an href or src that is not a fragment (#id) or
// inline data, a DTD (entities), or a CSS import or url() to a file. Case aside, as a viewer reads it.
bool svgReachesOutside(std::string_view svg);

// Applies the policy's caps as artifacts are offered, in the order given: a file past the count or one
// that would take the total past the size cap is dropped whole, and said so; names are sanitised and made
// unique. The one place the caps and the wording of what was dropped live, for every tier.
class ArtifactCollector {
public:
    explicit ArtifactCollector(const Policy& policy);

    // Whether a file of `size` bytes would still be taken (the count and size caps); false records why.
    bool admits(std::string_view rawName, std::int64_t size);
    // Takes a file admits() accepted; `bytes` beyond its admitted size are cut.
    void take(std::string_view rawName, std::string bytes);
    // A file that is not taken, for a reason of the tier's ("a symbolic link, not followed").
    void drop(std::string_view rawName, const std::string& why);
    // Bytes still free under the size cap.
    std::int64_t bytesLeft() const { return m_maxBytes - m_totalBytes; }

    // Moves what was collected into the result.
    void finish(RunResult& result);

private:
    std::string uniqueName(std::string name);

    int m_maxCount;
    std::int64_t m_maxBytes;
    std::int64_t m_totalBytes = 0;
    std::int64_t m_admittedSize = 0;
    std::vector<Artifact> m_artifacts;
    std::vector<std::string> m_dropped;
    std::size_t m_droppedUnlisted = 0;
};

// Collects /tmp/outputs from the host side: `workFolder` is a descriptor of the sandbox's own working folder
// (its /tmp), held by the host. Nothing here follows a link: "outputs" and every file in it are opened
// relative to descriptors with O_NOFOLLOW, only regular files on the working folder's own filesystem are
// read (fstat), and at most their admitted size. A program racing the collection (a file swapped for a
// link, grown, replaced by a FIFO) gets at most its own bytes back, never a host file's.
void collectArtifactsFrom(int workFolder, ArtifactCollector& collector);

// Why an entry of /tmp/outputs a sandbox-side collector skipped is not an artifact, by the kind it reported
// ("link", "folder", "special", "unreadable"); nullptr for a kind no collector reports.
const char* skippedArtifactReason(std::string_view kind);

// For tiers that collect none yet: the result says so.
void noteArtifactsNotCollected(RunResult& result, const std::string& tier);

} // namespace sandbench
