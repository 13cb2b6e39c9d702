#include "inputs_archive.h"

#include "tiers/common/unique_fd.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace sandbench {

// Why newc cpio and hand-written: the guest's busybox has cpio (the initramfs is one), and newc is the
// simplest archive there is: a header of fixed-width hex fields, the name (any length, NUL-ended), the
// bytes, each padded to 4. No checksum, no 100-byte name limit and no pax extensions as in ustar, so the
// writer is the few lines below and needs no new library (libarchive) on the host or in CI.

namespace {

constexpr std::size_t kPiece = 64 * 1024;

std::string padding(std::size_t length) {
    return std::string((4 - length % 4) % 4, '\0');
}

class NewcWriter {
public:
    explicit NewcWriter(const ArchiveSink& sink)
        : m_sink(sink) {}

    bool header(const std::string& name, mode_t mode, std::uint32_t size, std::int64_t mtime) {
        char fields[111];
        // magic, ino, mode, uid, gid, nlink, mtime, filesize, devmajor, devminor, rdevmajor, rdevminor,
        // namesize (with its NUL), check. One link each, so nothing is taken for a hard link.
        std::snprintf(fields, sizeof fields, "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
                      ++m_inode, static_cast<unsigned>(mode), 0u, 0u, S_ISDIR(mode) ? 2u : 1u,
                      static_cast<unsigned>(std::max<std::int64_t>(0, mtime) & 0xFFFFFFFF), size, 0u, 0u, 0u,
                      0u, static_cast<unsigned>(name.size() + 1), 0u);
        std::string head(fields, 110);
        head += name;
        head.push_back('\0');
        head += padding(head.size());
        return put(head);
    }
    bool put(std::string_view bytes) {
        m_written += bytes.size();
        return m_sink(bytes);
    }
    bool align() { return put(padding(m_written)); }
    bool trailer() { return header("TRAILER!!!", 0, 0, 0); }

private:
    const ArchiveSink& m_sink;
    std::uint32_t m_inode = 0;
    std::size_t m_written = 0;
};

mode_t readOnlyMode(const struct stat& info) {
    if (S_ISDIR(info.st_mode))
        return S_IFDIR | 0555;
    return S_IFREG | ((info.st_mode & 0111) ? 0555 : 0444);
}

// One entry: `path` on the host, `name` in the archive. Links are written as links; files with their bytes.
bool writeEntry(NewcWriter& writer, const std::string& path, const std::string& name,
                const std::string& shownAs, std::int64_t& bytesLeft, std::string& error) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0) {
        error = "input " + shownAs + " changed before it was copied: " + name + ": " + std::strerror(errno);
        return false;
    }
    if (S_ISLNK(info.st_mode)) {
        char target[PATH_MAX];
        const ssize_t length = ::readlink(path.c_str(), target, sizeof target);
        if (length <= 0) {
            error = "input " + shownAs + ": cannot read the link " + name;
            return false;
        }
        return writer.header(name, S_IFLNK | 0777, static_cast<std::uint32_t>(length), info.st_mtime) &&
               writer.put(std::string_view(target, static_cast<std::size_t>(length))) && writer.align();
    }
    if (S_ISDIR(info.st_mode))
        return writer.header(name, readOnlyMode(info), 0, info.st_mtime);
    if (!S_ISREG(info.st_mode)) {
        error = "input " + shownAs + " holds " + name + ", which is no longer a file, a folder or a link";
        return false;
    }
    UniqueFd file(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    struct stat opened {};
    if (!file.valid() || ::fstat(file.get(), &opened) != 0 || !S_ISREG(opened.st_mode)) {
        error = "input " + shownAs + ": cannot open " + name + " as a file";
        return false;
    }
    if (opened.st_size > 0xFFFFFFFF) {
        error = "input " + shownAs + " holds " + name +
                ", 4 GB or more: newc's size field cannot carry it, so the microVM cannot copy it in";
        return false;
    }
    if (opened.st_size > bytesLeft) {
        error = "input " + shownAs + " grew past the policy's inputs_mb while it was copied (" + name + ")";
        return false;
    }
    bytesLeft -= opened.st_size;
    if (!writer.header(name, readOnlyMode(opened), static_cast<std::uint32_t>(opened.st_size),
                       opened.st_mtime))
        return false;
    // Exactly the size in the header: a file that shrinks meanwhile is refused, one that grows is cut.
    std::string piece(kPiece, '\0');
    std::int64_t done = 0;
    while (done < opened.st_size) {
        const auto want = static_cast<std::size_t>(std::min<std::int64_t>(kPiece, opened.st_size - done));
        const ssize_t count = ::pread(file.get(), piece.data(), want, static_cast<off_t>(done));
        if (count < 0 && errno == EINTR)
            continue;
        if (count <= 0) {
            error = "input " + shownAs + " shrank while it was copied (" + name + ")";
            return false;
        }
        if (!writer.put(std::string_view(piece.data(), static_cast<std::size_t>(count))))
            return false;
        done += count;
    }
    return writer.align();
}

} // namespace

bool writeInputsArchive(const std::vector<InputFile>& inputs, std::int64_t limitBytes,
                        const ArchiveSink& sink, std::string& error) {
    namespace fs = std::filesystem;
    NewcWriter writer(sink);
    std::int64_t bytesLeft = limitBytes;
    for (const InputFile& input : inputs) {
        if (!writeEntry(writer, input.hostPath, input.name, input.hostPath, bytesLeft, error))
            return false;
        if (!input.folder)
            continue;
        // Parents come before their entries, so cpio -d makes each folder with its own mode.
        std::error_code walkError;
        fs::recursive_directory_iterator walk(input.hostPath, fs::directory_options::none, walkError);
        for (; !walkError && walk != fs::recursive_directory_iterator(); walk.increment(walkError)) {
            const fs::path relative = walk->path().lexically_relative(input.hostPath);
            if (!writeEntry(writer, walk->path().string(), input.name + "/" + relative.string(),
                            input.hostPath, bytesLeft, error))
                return false;
        }
        if (walkError) {
            error = "input " + input.hostPath + " cannot be read: " + walkError.message();
            return false;
        }
    }
    return writer.trailer();
}

} // namespace sandbench
