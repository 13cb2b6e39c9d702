// The microVM's inputs archive, checked without a VM: GNU cpio (the tool the guest image's build uses)
// unpacks it to the inputs' own bytes, folders and links, everything read-only; an input that changed past
// its check, or past inputs_mb, ends the writing naming it.

#include "tiers/microvm/inputs_archive.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>
#include <unistd.h>

using namespace sandbench;

namespace {

void writeWhole(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

} // namespace

class TestInputsArchive : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unpacksToTheInputs() {
        if (QStandardPaths::findExecutable("cpio").isEmpty())
            QSKIP("GNU cpio is not installed (scripts/build-guest-image.sh installs it)");
        QTemporaryDir host;
        QVERIFY(host.isValid());
        writeWhole(host.filePath("table.csv"), "a,b\n1,2\n");
        QVERIFY(QDir(host.path()).mkpath("folder/inner"));
        const QByteArray binary = QByteArray(100003, '\0') + "end";
        writeWhole(host.filePath("folder/inner/data.bin"), binary);
        writeWhole(host.filePath("folder/run.sh"), "#!/bin/sh\n");
        ::chmod(host.filePath("folder/run.sh").toLocal8Bit().constData(), 0700);
        const std::string longName(200, 'n'); // past ustar's 100 bytes: newc has no such limit
        writeWhole(host.filePath(QString::fromStdString("folder/" + longName)), "long");
        QVERIFY(::symlink("inner/data.bin", host.filePath("folder/link").toLocal8Bit().constData()) == 0);

        Policy policy;
        policy.inputs = {host.filePath("table.csv").toStdString(), host.filePath("folder").toStdString()};
        const CheckedInputs checked = checkInputs(policy);
        QVERIFY2(checked.ok(), checked.problem.c_str());
        std::string archive;
        std::string error;
        std::size_t pieces = 0;
        std::size_t largest = 0;
        const ArchiveSink collect = [&](std::string_view bytes) {
            ++pieces;
            largest = std::max(largest, bytes.size());
            archive.append(bytes);
            return true;
        };
        QVERIFY2(writeInputsArchive(checked.inputs, policy.inputsMb << 20, collect, error), error.c_str());
        QVERIFY(largest <= 64 * 1024);
        QVERIFY(pieces > 2); // streamed, not built whole
        QCOMPARE(archive.size() % 4, std::size_t(0));

        QTemporaryDir out;
        QProcess cpio;
        cpio.setWorkingDirectory(out.path());
        cpio.start("cpio", {"-i", "-d", "--quiet", "--no-absolute-filenames"});
        QVERIFY(cpio.waitForStarted());
        cpio.write(archive.data(), static_cast<qint64>(archive.size()));
        cpio.closeWriteChannel();
        QVERIFY(cpio.waitForFinished(30000));
        QVERIFY2(cpio.exitCode() == 0, cpio.readAllStandardError().constData());

        QFile table(out.filePath("table.csv"));
        QVERIFY(table.open(QIODevice::ReadOnly));
        QCOMPARE(table.readAll(), QByteArray("a,b\n1,2\n"));
        QFile data(out.filePath("folder/inner/data.bin"));
        QVERIFY(data.open(QIODevice::ReadOnly));
        QCOMPARE(data.readAll(), binary);
        QCOMPARE(QFile::symLinkTarget(out.filePath("folder/link")), out.filePath("folder/inner/data.bin"));
        QVERIFY(QFile::exists(out.filePath(QString::fromStdString("folder/" + longName))));
        struct stat info {};
        QVERIFY(::stat(out.filePath("table.csv").toLocal8Bit().constData(), &info) == 0);
        QCOMPARE(info.st_mode & 07777, mode_t(0444));
        QVERIFY(::stat(out.filePath("folder/run.sh").toLocal8Bit().constData(), &info) == 0);
        QCOMPARE(info.st_mode & 07777, mode_t(0555));
        QVERIFY(::stat(out.filePath("folder/inner").toLocal8Bit().constData(), &info) == 0);
        QCOMPARE(info.st_mode & 07777, mode_t(0555));
        // Read-only folders: let QTemporaryDir remove them.
        QProcess::execute("chmod", {"-R", "u+w", out.path()});
    }

    void inputThatGrewPastTheCapStops() {
        QTemporaryDir host;
        QVERIFY(host.isValid());
        writeWhole(host.filePath("grows.bin"), QByteArray(1000, 'x'));
        Policy policy;
        policy.inputs = {host.filePath("grows.bin").toStdString()};
        const CheckedInputs checked = checkInputs(policy);
        QVERIFY(checked.ok());
        writeWhole(host.filePath("grows.bin"), QByteArray(5000, 'x')); // after the check
        std::string error;
        QVERIFY(!writeInputsArchive(
            checked.inputs, 4096, [](std::string_view) { return true; }, error));
        QVERIFY2(error.find("grows.bin") != std::string::npos && error.find("inputs_mb") != std::string::npos,
                 error.c_str());
        // 4 GB or more does not fit newc's size field: refused, not wrapped (a sparse file, nothing read).
        QFile huge(host.filePath("huge.bin"));
        QVERIFY(huge.open(QIODevice::WriteOnly) && huge.resize(qint64(4) << 30));
        huge.close();
        Policy hugePolicy;
        hugePolicy.inputs = {host.filePath("huge.bin").toStdString()};
        hugePolicy.inputsMb = 8192;
        const CheckedInputs hugeChecked = checkInputs(hugePolicy);
        QVERIFY(hugeChecked.ok());
        error.clear();
        QVERIFY(!writeInputsArchive(
            hugeChecked.inputs, hugePolicy.inputsMb << 20, [](std::string_view) { return true; }, error));
        QVERIFY2(error.find("huge.bin") != std::string::npos && error.find("4 GB") != std::string::npos,
                 error.c_str());
        // A sink that stops (the guest went away) stops the writing.
        error.clear();
        QVERIFY(!writeInputsArchive(
            checked.inputs, 1 << 20, [](std::string_view) { return false; }, error));
    }
};

QTEST_GUILESS_MAIN(TestInputsArchive)
#include "tst_inputs_archive.moc"
