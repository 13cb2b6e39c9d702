#pragma once

// The tests' check that their runs left no folder in the temporary folder. A machine may hold folders that
// are not the test's: ones a Sandbench that crashed earlier left (the next start-up sweep removes them), and
// ones a test running beside this one is using. A watch counts only folders that appeared after it was made
// (in the temporary folder, or another one such as the home folder for canary files) and that no other live
// process holds by its owner lock (core/abandoned_folders.h): /proc/locks names the
// process holding each lock.

#include "core/abandoned_folders.h"

#include <QDir>
#include <QFile>
#include <QSet>
#include <QStringList>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace test_support {

// The process holding a flock on the file with this device and inode, or 0 when none does.
inline pid_t flockHolder(dev_t device, ino_t inode) {
    std::ifstream locks("/proc/locks");
    std::string line;
    while (std::getline(locks, line)) {
        // "1: FLOCK  ADVISORY  WRITE 4321 fd:01:123456 0 EOF" (a "->" marks a waiter; it holds nothing)
        std::istringstream fields(line);
        std::string number, type, mode, access, where;
        long pid = 0;
        if (!(fields >> number >> type) || type != "FLOCK" || !(fields >> mode) || mode == "->" ||
            !(fields >> access >> pid >> where))
            continue;
        unsigned major = 0, minor = 0;
        unsigned long long node = 0;
        if (std::sscanf(where.c_str(), "%x:%x:%llu", &major, &minor, &node) == 3 && node == inode &&
            makedev(major, minor) == device)
            return static_cast<pid_t>(pid);
    }
    return 0;
}

class TempFolderWatch {
public:
    // Watches `folder` (the temporary folder unless given) for entries matching `patterns`.
    explicit TempFolderWatch(QStringList patterns, QString folder = QDir::tempPath())
        : m_folder(std::move(folder))
        , m_patterns(std::move(patterns)) {
        const QStringList present = matching();
        m_before = QSet<QString>(present.begin(), present.end());
    }

    // The matching folders made since the watch began that are this process's, or nobody's.
    QStringList leftSince() const {
        QStringList left;
        for (const QString& name : matching()) {
            if (!m_before.contains(name) && !heldByAnotherProcess(m_folder + "/" + name))
                left << name;
        }
        return left;
    }

private:
    QStringList matching() const {
        return QDir(m_folder).entryList(m_patterns, QDir::AllEntries | QDir::Hidden | QDir::System);
    }

    static bool heldByAnotherProcess(const QString& folder) {
        struct stat info {};
        const QByteArray lock = QFile::encodeName(folder + "/" + sandbench::kOwnerLockName);
        if (::stat(lock.constData(), &info) != 0)
            return false;
        const pid_t holder = flockHolder(info.st_dev, info.st_ino);
        return holder != 0 && holder != ::getpid();
    }

    QString m_folder;
    QStringList m_patterns;
    QSet<QString> m_before;
};

} // namespace test_support
