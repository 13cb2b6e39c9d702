// The container tier's warm pool, on Docker and on Podman: each pooled container serves one run, another
// policy starts cold rather than in a container of the wrong shape, and a tier destroyed with a full pool
// leaves no container behind. An engine that is not usable here skips its rows with the probe's reason.

#include "support/container_rows.h"
#include "tiers/container/container_tier.h"

#include <QTest>

using namespace sandbench;

using test_support::labelledContainers;

class TestContainerWarmPool : public QObject, private test_support::ContainerRows {
    Q_OBJECT

private Q_SLOTS:
    void init() { beginRow(); }
    void cleanup() { endRow(); }

    void warmPoolServesEachContainerOnce_data() { engineRows(); }
    void warmPoolServesEachContainerOnce() {
        ContainerTier tier(settings(1));
        if (!usable(tier))
            return;
        RunRequest request;
        request.code = "import os, socket\nprint(socket.gethostname(), "
                       "os.path.exists('/tmp/mark'))\nopen('/tmp/mark', 'w')\n";
        QVERIFY(tier.waitUntilWarm(request, {}));
        const RunResult first = tier.run(request, {}, {});
        QVERIFY(first.warmStart);
        QVERIFY(tier.waitUntilWarm(request, {}));
        const RunResult second = tier.run(request, {}, {});
        QVERIFY(second.warmStart);
        // A fresh container each time: another hostname, and nothing the first run wrote.
        QVERIFY2(first.stdoutBytes.ends_with(" False\n"), first.stdoutBytes.c_str());
        QVERIFY2(second.stdoutBytes.ends_with(" False\n"), second.stdoutBytes.c_str());
        QVERIFY(first.stdoutBytes != second.stdoutBytes);

        // Another policy is another shape: its first run starts cold rather than in a container with the
        // wrong limits.
        RunRequest other = request;
        other.policy.memoryMb = 128;
        const RunResult cold = tier.run(other, {}, {});
        QVERIFY(!cold.warmStart);
        QCOMPARE(cold.exitCode, std::optional<int>(0));

        // The pool's idle containers carry the same label; turning it off ends them.
        QVERIFY(tier.waitUntilWarm(other, {}));
        tier.settle();
        // A replacement of the old shape that was starting when the pool re-aimed goes too.
        QTRY_COMPARE_WITH_TIMEOUT(labelledContainers(m_engine).size(), 1, 10000);
        tier.setWarmPoolSize(0);
        tier.settle();
    }

    void leavesNothingWhenDestroyedWithAFullPool_data() { engineRows(); }
    void leavesNothingWhenDestroyedWithAFullPool() {
        {
            ContainerTier tier(settings(2));
            if (!usable(tier))
                return;
            RunRequest request;
            QVERIFY(tier.waitUntilWarm(request, {}));
            QVERIFY(!labelledContainers(m_engine).isEmpty());
        }
        QCOMPARE(labelledContainers(m_engine), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestContainerWarmPool)
#include "tst_container_warm_pool.moc"
