// One Python environment on every local tier (issue 19): a program that imports numpy, pandas, matplotlib
// (headless, drawing a file into the working folder) and scipy runs on each tier, one row per tier (skipped
// with the probe's reason where the tier cannot run here). Every row must print the same versions, which must
// be the ones the tier's probe lists, with nothing at all on stderr (matplotlib warns there when it has no
// writable config folder or no headless backend).

#include "core/python_stack.h"
#include "support/compared_tiers.h"

#include <QTest>

using namespace sandbench;

namespace {

// The versions as the packages themselves say them once imported: the probe's line reads their metadata.
constexpr const char* kImportEverything = R"(import sys
import numpy, pandas, scipy, scipy.linalg, matplotlib
import matplotlib.pyplot as plt
plt.plot([1, 2], [3, 4])
plt.savefig("plot.png")
import os
print("Python %s; numpy %s, pandas %s, matplotlib %s, scipy %s" % (sys.version.split()[0],
      numpy.__version__, pandas.__version__, matplotlib.__version__, scipy.__version__))
print("backend", matplotlib.get_backend(), "png", os.path.getsize("plot.png") > 0)
print("sum", int(pandas.Series(numpy.arange(4)).sum()), "det", round(float(scipy.linalg.det([[2, 0], [0, 3]]))))
)";

// What the images must lack (issue 19: Debian's scipy depends on pythran, which depends on g++): no compiler,
// assembler or linker on the PATH or under gcc's folders, not pythran itself; and scipy still computes.
constexpr const char* kNoToolchain = R"(import glob, importlib.util, shutil
names = ["cc", "c++", "c89", "c99", "gcc", "g++", "cpp", "as", "ld", "ld.bfd", "ld.gold", "gold", "clang",
         "tcc"]
path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
found = [n for n in names if shutil.which(n, path=path)]
found += glob.glob("/usr/bin/*-linux-gnu-*") + glob.glob("/usr/lib/gcc/*/*/cc1*")
found += ["pythran"] if importlib.util.find_spec("pythran") else []
print("toolchain", found)
import scipy.optimize
print("minimum", round(scipy.optimize.minimize_scalar(lambda x: (x - 2) ** 2).x, 3))
)";

} // namespace

class TestPythonStack : public QObject {
    Q_OBJECT

private slots:
    void sameStackOnEveryTier_data() {
        QTest::addColumn<QString>("tier");
        for (const char* name : {"subprocess", "container", "gvisor", "microvm"})
            QTest::newRow(name) << name;
    }

    void sameStackOnEveryTier() {
        QFETCH(QString, tier);
        std::string reason;
        const auto usable = test_support::usableTier(tier.toStdString(), reason);
        if (!usable)
            QSKIP(reason.c_str());
        const ProbeResult probe = usable->probe();
        std::string listed;
        for (const std::string& note : probe.notes)
            if (note.rfind("Python ", 0) == 0)
                listed = note.substr(0, note.find(" (from "));
        QVERIFY2(isPythonStackLine(listed), ("the probe lists no Python stack: " + listed).c_str());

        RunRequest request;
        request.code = kImportEverything;
        // Importing the whole stack takes tens of seconds under TCG, and more than the default address space.
        request.policy.timeoutSeconds = 240;
        request.policy.memoryMb = 1024;
        const RunResult result = usable->run(
            request, [](Stream, std::string_view) {}, std::stop_token{});
        QVERIFY2(result.stderrBytes.empty(), result.stderrBytes.c_str());
        QVERIFY2(result.exitCode == 0, result.stdoutBytes.c_str());
        const std::string printed = result.stdoutBytes.substr(0, result.stdoutBytes.find('\n'));
        QVERIFY2(isPythonStackLine(printed), result.stdoutBytes.c_str());
        QVERIFY2(result.stdoutBytes.find("backend agg png True\nsum 6 det 6\n") != std::string::npos,
                 result.stdoutBytes.c_str());
        QCOMPARE(QString::fromStdString(printed), QString::fromStdString(listed));
        // Every row against the first that ran: one environment on every tier.
        if (m_firstStack.isEmpty()) {
            m_firstStack = QString::fromStdString(printed);
            m_firstTier = tier;
        } else {
            QVERIFY2(m_firstStack == QString::fromStdString(printed),
                     qPrintable(tier + " prints " + QString::fromStdString(printed) + ", " + m_firstTier +
                                " printed " + m_firstStack));
        }
        usable->settle();
        const auto leftovers = usable->leftovers();
        QVERIFY2(leftovers.empty(), leftovers.empty() ? "" : leftovers.front().c_str());
    }

    // The tiers that run an image of Sandbench's own (the root file system of
    // scripts/build-python-rootfs.sh). The subprocess tier runs the host's Python beside the host's compiler,
    // which builds Sandbench itself.
    void noCompilerInTheImages_data() {
        QTest::addColumn<QString>("tier");
        for (const char* name : {"container", "gvisor", "microvm"})
            QTest::newRow(name) << name;
    }

    void noCompilerInTheImages() {
        QFETCH(QString, tier);
        std::string reason;
        const auto usable = test_support::usableTier(tier.toStdString(), reason);
        if (!usable)
            QSKIP(reason.c_str());
        RunRequest request;
        request.code = kNoToolchain;
        request.policy.timeoutSeconds = 240;
        request.policy.memoryMb = 1024;
        const RunResult result = usable->run(
            request, [](Stream, std::string_view) {}, std::stop_token{});
        QVERIFY2(result.exitCode == 0, (result.stdoutBytes + result.stderrBytes).c_str());
        QCOMPARE(QString::fromStdString(result.stdoutBytes), QStringLiteral("toolchain []\nminimum 2.0\n"));
        usable->settle();
    }

private:
    QString m_firstStack;
    QString m_firstTier;
};

QTEST_GUILESS_MAIN(TestPythonStack)
#include "tst_python_stack.moc"
