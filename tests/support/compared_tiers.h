#pragma once

// What the comparison and replay tests share: the subprocess and container tiers as the builtin registry
// makes them (each skipped with its probe's reason where it cannot run here), a program that imports a
// module the host has and the container image lacks, and the check that nothing was left behind.

#include "../process_census.h"
#include "container_rows.h"
#include "core/tier.h"
#include "temp_folder_watch.h"
#include "tiers/builtin_tiers.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTest>
#include <memory>
#include <string>
#include <unistd.h>

namespace test_support {

// A module Debian's python3 has (python3-apt) and the python:3 image does not.
inline constexpr const char* kHostOnlyModule = "apt_pkg";

inline bool hostHasModule(const char* module) {
    QProcess python;
    python.start("/usr/bin/python3", {"-I", "-c", QString("import ") + module});
    return python.waitForFinished(30000) && python.exitStatus() == QProcess::NormalExit &&
           python.exitCode() == 0;
}

// The tier, probed; nullptr with `reason` set where it cannot run here.
inline std::shared_ptr<sandbench::Tier> usableTier(const std::string& name, std::string& reason) {
    std::shared_ptr<sandbench::Tier> tier = sandbench::builtinTiers().create(name);
    if (!tier) {
        reason = "no tier named " + name;
        return nullptr;
    }
    const sandbench::ProbeResult probe = tier->probe();
    if (!probe.available) {
        reason = name + " cannot run here: " + probe.reason;
        return nullptr;
    }
    return tier;
}

// The folders the subprocess and container tiers make in the temporary folder; not "sandbench-*", which
// also matches what a bench or lab running beside the test keeps there.
inline const QStringList kTierFolders{"sandbench-sandbox*", "sandbench-work*", "sandbench-program*",
                                      "sandbench-seccomp*", "sandbench-engine-*"};

// No container this process started is left on either engine, no sandbox folder appeared in the
// temporary folder since `folders` was made, and each tier lists no leftovers once settled.
inline bool leftNothing(const std::vector<sandbench::Tier*>& tiers, const TempFolderWatch& folders,
                        QString& problem) {
    for (sandbench::Tier* tier : tiers) {
        tier->settle();
        for (const std::string& leftover : tier->leftovers())
            problem += QString::fromStdString(tier->name() + ": " + leftover + "; ");
    }
    for (const char* engine : {"docker", "podman"})
        if (!QStandardPaths::findExecutable(engine).isEmpty())
            for (const QString& name : ownContainers(engine))
                problem += QString(engine) + " container " + name + "; ";
    for (const QString& folder : folders.leftSince())
        problem += "folder " + folder + "; ";
    return problem.isEmpty();
}

} // namespace test_support
