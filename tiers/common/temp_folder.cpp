#include "temp_folder.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

namespace sandbench {

TempFolder TempFolder::create(const std::string& prefix, std::string& error) {
    const char* tmpdir = std::getenv("TMPDIR");
    std::string pattern = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/" + prefix + "XXXXXX";
    TempFolder folder;
    if (::mkdtemp(pattern.data()) == nullptr) {
        error = "cannot create a temporary folder " + pattern + ": " + std::strerror(errno);
        return folder;
    }
    folder.m_path = pattern;
    folder.m_owner = FolderOwnerLock::take(folder.m_path, error);
    if (!folder.m_owner.valid())
        return TempFolder(); // removes the folder again
    return folder;
}

TempFolder::TempFolder(TempFolder&& other) noexcept
    : m_path(std::exchange(other.m_path, {}))
    , m_owner(std::move(other.m_owner)) {}

TempFolder& TempFolder::operator=(TempFolder&& other) noexcept {
    if (this != &other) {
        TempFolder old(std::move(*this));
        m_path = std::exchange(other.m_path, {});
        m_owner = std::move(other.m_owner);
    }
    return *this;
}

TempFolder::~TempFolder() {
    if (m_path.empty())
        return;
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
}

bool writeWholeFile(const std::string& path, const std::string& bytes, std::string& error) {
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    file.close();
    if (!file) {
        error = "cannot write " + path + ": " + std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace sandbench
