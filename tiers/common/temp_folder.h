#pragma once

#include "core/abandoned_folders.h"

#include <string>

namespace sandbench {

// A private folder under $TMPDIR (or /tmp), removed with everything in it when this object goes. It holds
// an owner lock while it exists, so a later Sandbench removes it if this process dies before it could.
class TempFolder {
public:
    static TempFolder create(const std::string& prefix, std::string& error);
    TempFolder() = default;
    TempFolder(TempFolder&& other) noexcept;
    TempFolder& operator=(TempFolder&& other) noexcept;
    ~TempFolder();

    bool valid() const { return !m_path.empty(); }
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
    FolderOwnerLock m_owner;
};

bool writeWholeFile(const std::string& path, const std::string& bytes, std::string& error);

} // namespace sandbench
