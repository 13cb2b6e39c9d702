// The leftover check the tier tests use (support/temp_folder_watch.h): it must see a folder this process
// left, and must not blame the test for a folder a crashed Sandbench left earlier or one another live
// process holds, so tier tests pass on a machine that is not clean and fail when a run leaves a folder.

#include "core/abandoned_folders.h"
#include "support/temp_folder_watch.h"

#include <QDir>
#include <QTest>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using test_support::TempFolderWatch;

namespace {

// A folder in the temporary folder, with an owner lock file nobody holds (as a process that died leaves it).
QString makeFolder(const QString& name) {
    const QString path = QDir::tempPath() + "/" + name;
    if (!QDir().mkpath(path))
        return {};
    QFile lock(path + "/" + sandbench::kOwnerLockName);
    if (!lock.open(QIODevice::WriteOnly))
        return {};
    return path;
}

} // namespace

class TestTempFolderWatch : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() {
        for (const QString& name : QDir(QDir::tempPath()).entryList({"sandbench-watchtest-*"}, QDir::Dirs))
            QDir(QDir::tempPath() + "/" + name).removeRecursively();
    }

    void staleFolderFromBeforeIsNotTheTests() {
        const QString stale = QStringLiteral("sandbench-watchtest-%1-stale").arg(::getpid());
        QVERIFY(!makeFolder(stale).isEmpty());
        TempFolderWatch watch({"sandbench-watchtest-*"});
        QCOMPARE(watch.leftSince(), QStringList());
        // A folder this test makes afterwards is its own, locked by it or not.
        const QString mine = QStringLiteral("sandbench-watchtest-%1-mine").arg(::getpid());
        const QString path = makeFolder(mine);
        QCOMPARE(watch.leftSince(), QStringList{mine});
        std::string error;
        const sandbench::FolderOwnerLock lock = sandbench::FolderOwnerLock::take(path.toStdString(), error);
        QVERIFY2(lock.valid(), error.c_str());
        QCOMPARE(watch.leftSince(), QStringList{mine});
    }

    void folderAnotherLiveProcessHoldsIsNotTheTests() {
        TempFolderWatch watch({"sandbench-watchtest-*"});
        const QString name = QStringLiteral("sandbench-watchtest-%1-other").arg(::getpid());
        const QString path = makeFolder(name);
        QVERIFY(!path.isEmpty());
        int ready[2];
        QCOMPARE(::pipe(ready), 0);
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            std::string error;
            const sandbench::FolderOwnerLock lock =
                sandbench::FolderOwnerLock::take(path.toStdString(), error);
            const char byte = lock.valid() ? '1' : '0';
            (void)!::write(ready[1], &byte, 1);
            ::pause();
            ::_exit(0);
        }
        ::close(ready[1]);
        char byte = 0;
        QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
        ::close(ready[0]);
        const bool locked = byte == '1';
        const QStringList whileHeld = watch.leftSince();
        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
        QVERIFY(locked);
        QCOMPARE(whileHeld, QStringList());
        // Once that process is gone nobody holds it: a folder left behind, which the check reports.
        QCOMPARE(watch.leftSince(), QStringList{name});
    }
};

QTEST_GUILESS_MAIN(TestTempFolderWatch)
#include "tst_temp_folder_watch.moc"
