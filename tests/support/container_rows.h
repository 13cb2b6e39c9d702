#pragma once

// What the container tier's tests share: rows per engine (docker, podman) that skip with the probe's reason
// where the engine is not usable, and the check after every test that it left no labelled container, no
// engine client and no engine-client folder behind. A test class derives from ContainerRows and calls
// beginRow() from its init() and endRow() from its cleanup().

#include "../process_census.h"
#include "temp_folder_watch.h"
#include "tiers/container/container_tier.h"

#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTest>
#include <cstdlib>
#include <optional>
#include <stop_token>
#include <string>
#include <unistd.h>

namespace test_support {

// Names of containers carrying Sandbench's label, running or not.
inline QStringList labelledContainers(const QString& engine) {
    QProcess ps;
    ps.start(engine, {"ps", "-a", "--filter", "label=sandbench", "--format", "{{.Names}}"});
    if (!ps.waitForFinished(30000) || ps.exitCode() != 0)
        return {"(" + engine + " ps failed: " + QString::fromLocal8Bit(ps.readAllStandardError()) + ")"};
    return QString::fromUtf8(ps.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

// Containers this test process started (their owner label is its pid), running or not: other
// engineers' tests on the same machine start containers of their own.
inline QStringList ownContainers(const QString& engine) {
    QProcess ps;
    ps.start(engine, {"ps", "-a", "--filter", QString("label=sandbench.owner=%1").arg(::getpid()), "--format",
                      "{{.Names}}"});
    if (!ps.waitForFinished(30000) || ps.exitCode() != 0)
        return {"(" + engine + " ps failed: " + QString::fromLocal8Bit(ps.readAllStandardError()) + ")"};
    return QString::fromUtf8(ps.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts);
}

// Sets an environment variable for one scope.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value)
        : m_name(name) {
        if (const char* old = std::getenv(name))
            m_old = old;
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ~ScopedEnv() {
        if (m_old)
            ::setenv(m_name, m_old->c_str(), 1);
        else
            ::unsetenv(m_name);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

class ContainerRows {
protected:
    QString m_engine;                               // the engine of the row being run
    std::optional<TempFolderWatch> m_engineFolders; // since the test began

    sandbench::ContainerSettings settings(int pool = 0) const {
        sandbench::ContainerSettings chosen;
        chosen.engine = m_engine.toStdString();
        chosen.warmPoolSize = pool;
        return chosen;
    }

    // Skips the row when its engine cannot run containers here, with the probe's own words.
    bool usable(sandbench::ContainerTier& tier) {
        const sandbench::ProbeResult probe = tier.probe();
        if (!probe.available) {
            QTest::qSkip(
                qPrintable(m_engine + " is not usable here: " + QString::fromStdString(probe.reason)),
                __FILE__, __LINE__);
            return false;
        }
        return true;
    }

    static sandbench::RunResult run(sandbench::Tier& tier, const std::string& code,
                                    sandbench::Policy policy = {}, std::stop_token stop = {}) {
        sandbench::RunRequest request;
        request.code = code;
        request.policy = std::move(policy);
        return tier.run(request, {}, stop);
    }

    void engineRows() {
        QTest::addColumn<QString>("engine");
        QTest::newRow("docker") << "docker";
        QTest::newRow("podman") << "podman";
    }

    void beginRow() {
        const char* tag = QTest::currentDataTag();
        m_engine = tag ? QString::fromUtf8(tag).section(' ', 0, 0) : QString();
        m_engineFolders.emplace(QStringList{"sandbench-engine-*"});
    }

    // After every test: no container of this test and no engine client is left. Podman's own cleanup
    // process may still be finishing for a moment after the container went, and a loaded machine's engine
    // takes seconds to remove one, so allow it some; other tests' containers on the machine are theirs.
    void endRow() {
        if (m_engine.isEmpty() || QStandardPaths::findExecutable(m_engine).isEmpty())
            return;
        QTRY_COMPARE_WITH_TIMEOUT(ownContainers(m_engine), QStringList(), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(countProcessesNamed(m_engine.toStdString()), 0, 10000);
        // The engine clients' private folder goes with the tier, with what Podman's conmon wrote into it.
        QCOMPARE(m_engineFolders->leftSince(), QStringList());
    }
};

} // namespace test_support
