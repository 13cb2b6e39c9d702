#pragma once

#include "core/input_files.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sandbench {

// Receives the archive piece by piece; false stops the writing (the guest went away).
using ArchiveSink = std::function<bool(std::string_view bytes)>;

// Writes checked inputs (core/input_files.h) as a newc cpio archive, the format of the guest's own
// initramfs, which the guest's busybox `cpio -i` unpacks at /data. Everything in it is root's and
// read-only: files 0444 (0555 when the host file is executable), folders 0555, links as links (checkInputs
// let through only links that stay inside their input). Streamed in pieces of at most 64 KiB, so inputs of
// any size cost no more host memory than that. Nothing is followed: each entry is opened with O_NOFOLLOW
// and must still be what the check saw; an input that changed since, or that now holds more than
// `limitBytes` of file bytes, or a file of 4 GB or more (newc's 32-bit size field), ends the writing with
// `error` naming it.
bool writeInputsArchive(const std::vector<InputFile>& inputs, std::int64_t limitBytes,
                        const ArchiveSink& sink, std::string& error);

} // namespace sandbench
