// Input files at /data and artifacts from /tmp/outputs, on every tier that has them (subprocess, Docker,
// Podman, gVisor, the microVM): an input is readable and not writable; a missing, oversized or escaping
// input refuses the run naming it; artifacts come back byte for byte, typed by their bytes, within the
// policy's caps, with names made safe; and a program that plants links, FIFOs or odd names gets none of the
// host's bytes. E2B's uploads and downloads are in tst_e2b_files, against a stand-in for its files API; the
// host control shows them naively, but bounded. A tier not usable here skips its rows with its probe's
// reason.

#include "core/artifacts.h"
#include "support/compared_tiers.h"
#include "support/container_rows.h"
#include "tiers/container/container_tier.h"
#include "tiers/host/host_tier.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>
#include <fstream>
#include <map>
#include <unistd.h>

using namespace sandbench;

namespace {

std::string readWhole(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

void writeWhole(const std::string& path, const std::string& bytes) {
    std::ofstream file(path, std::ios::binary);
    file << bytes;
}

const Artifact* findArtifact(const RunResult& result, const std::string& name) {
    for (const Artifact& artifact : result.artifacts) {
        if (artifact.name == name)
            return &artifact;
    }
    return nullptr;
}

std::string describe(const RunResult& result) {
    std::string text =
        result.summary() + "\nstdout: " + result.stdoutBytes + "\nstderr: " + result.stderrBytes;
    for (const Artifact& artifact : result.artifacts)
        text += "\nartifact " + artifact.name + " " + std::to_string(artifact.size) + " " + artifact.type;
    for (const std::string& dropped : result.artifactsDropped)
        text += "\ndropped " + dropped;
    return text;
}

} // namespace

class TestInputsArtifacts : public QObject {
    Q_OBJECT

private:
    std::map<QString, std::shared_ptr<Tier>> m_tiers;
    std::map<QString, std::string> m_unusable;
    QTemporaryDir m_host; // the host's files: inputs, and a secret no sandbox may show

    void tierRows() {
        QTest::addColumn<QString>("tier");
        for (const char* name : {"subprocess", "docker", "podman", "gvisor", "microvm"})
            QTest::newRow(name) << name;
    }

    // The row's tier, made once per test class; nullptr after a skip with the probe's reason.
    Tier* tierOf(const QString& row) {
        if (!m_tiers.contains(row) && !m_unusable.contains(row)) {
            std::shared_ptr<Tier> tier;
            std::string reason;
            if (row == "docker" || row == "podman") {
                ContainerSettings settings;
                settings.engine = row.toStdString();
                settings.warmPoolSize = 0;
                auto container = std::make_shared<ContainerTier>(settings);
                const ProbeResult probe = container->probe();
                if (probe.available)
                    tier = container;
                else
                    reason = row.toStdString() + " is not usable here: " + probe.reason;
            } else {
                tier = test_support::usableTier(row.toStdString(), reason);
            }
            if (tier)
                m_tiers[row] = tier;
            else
                m_unusable[row] = reason;
        }
        if (m_unusable.contains(row)) {
            QTest::qSkip(m_unusable[row].c_str(), __FILE__, __LINE__);
            return nullptr;
        }
        return m_tiers[row].get();
    }

    RunResult run(Tier& tier, const std::string& code, const Policy& policy = {}) {
        RunRequest request;
        request.code = code;
        request.policy = policy;
        request.policy.timeoutSeconds = 20;
        return tier.run(request, {}, {});
    }

    std::string hostPath(const char* name) const { return m_host.filePath(name).toStdString(); }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_host.isValid());
        // Readable by a sandbox's uid, whichever host uid it has.
        ::chmod(m_host.path().toLocal8Bit().constData(), 0755);
        writeWhole(hostPath("input.txt"), "hello from the host\n");
        writeWhole(hostPath("secret.txt"), "HOST-SECRET-BYTES\n");
        QVERIFY(QDir(m_host.path()).mkpath("folder/inner"));
        writeWhole(hostPath("folder/inner/table.csv"), "a,b\n1,2\n");
        QVERIFY(::symlink("inner/table.csv", hostPath("folder/inside-link").c_str()) == 0);
        QVERIFY(QDir(m_host.path()).mkpath("escaping"));
        QVERIFY(::symlink(hostPath("secret.txt").c_str(), hostPath("escaping/to-secret").c_str()) == 0);
        writeWhole(hostPath("big.bin"), std::string(3 << 20, 'x'));
        for (const char* name : {"input.txt", "secret.txt", "folder/inner/table.csv", "big.bin"})
            ::chmod(hostPath(name).c_str(), 0644);
        for (const char* name : {"folder", "folder/inner", "escaping"})
            ::chmod(hostPath(name).c_str(), 0755);
    }

    void inputReadableNotWritable_data() { tierRows(); }
    void inputReadableNotWritable() {
        QFETCH(QString, tier);
        Tier* under = tierOf(tier);
        if (!under)
            return;
        Policy policy;
        policy.inputs = {hostPath("input.txt"), hostPath("folder")};
        const RunResult result = run(*under, R"(
import os
print(open('/data/input.txt').read().strip())
print(open('/data/folder/inner/table.csv').read().replace('\n', ';'))
print(open('/data/folder/inside-link').read().replace('\n', ';'))
for path in ('/data/input.txt', '/data/folder/inner/table.csv', '/data/new.txt', '/data/folder/new.txt'):
    try:
        with open(path, 'a') as f:
            f.write('x')
        print('WROTE', path)
    except OSError as error:
        print('refused', path, error.errno)
)",
                                     policy);
        QVERIFY2(result.succeeded(), describe(result).c_str());
        QVERIFY2(result.stdoutBytes.find("hello from the host") != std::string::npos,
                 describe(result).c_str());
        QVERIFY2(result.stdoutBytes.find("a,b;1,2;\na,b;1,2;") != std::string::npos,
                 describe(result).c_str());
        QVERIFY2(result.stdoutBytes.find("WROTE") == std::string::npos, describe(result).c_str());
        QCOMPARE(readWhole(hostPath("input.txt")), std::string("hello from the host\n"));
    }

    void refusedInputs_data() {
        QTest::addColumn<QString>("tier");
        QTest::addColumn<QString>("input");
        QTest::addColumn<qint64>("inputsMb");
        QTest::addColumn<QString>("named");
        for (const char* name : {"subprocess", "docker", "podman", "gvisor", "microvm"}) {
            QTest::addRow("%s missing", name) << name << "missing.txt" << qint64(100) << "missing.txt";
            QTest::addRow("%s oversized", name) << name << "big.bin" << qint64(1) << "inputs_mb";
            QTest::addRow("%s link outside", name) << name << "escaping" << qint64(100) << "to-secret";
        }
    }
    void refusedInputs() {
        QFETCH(QString, tier);
        QFETCH(QString, input);
        QFETCH(qint64, inputsMb);
        QFETCH(QString, named);
        Tier* under = tierOf(tier.section(' ', 0, 0));
        if (!under)
            return;
        Policy policy;
        policy.inputs = {hostPath(input.toUtf8().constData())};
        policy.inputsMb = inputsMb;
        const RunResult result = run(*under, "print('RAN')\n", policy);
        QVERIFY2(result.stoppedBy == StopReason::SetupFailure, describe(result).c_str());
        QVERIFY2(result.stdoutBytes.empty(), describe(result).c_str());
        QVERIFY2(result.evidence.find(input.toStdString()) != std::string::npos, result.evidence.c_str());
        QVERIFY2(result.evidence.find(named.toStdString()) != std::string::npos, result.evidence.c_str());
    }

    void artifactsComeBack_data() { tierRows(); }
    void artifactsComeBack() {
        QFETCH(QString, tier);
        Tier* under = tierOf(tier);
        if (!under)
            return;
        const RunResult result = run(*under, R"(
import os
open('/tmp/outputs/table.csv', 'w').write('x,y\n1,2\n3,4\n')
open('/tmp/outputs/picture.txt', 'wb').write(b'\x89PNG\r\n\x1a\n' + bytes(range(256)))
open('/tmp/outputs/notes.png', 'w').write('just words\n')
open('/tmp/outputs/empty', 'w').close()
open('/tmp/outputs/blob', 'wb').write(bytes(range(256)) * 4096)
)");
        QVERIFY2(result.succeeded(), describe(result).c_str());
        QCOMPARE(result.artifacts.size(), std::size_t(5));
        const Artifact* table = findArtifact(result, "table.csv");
        QVERIFY2(table, describe(result).c_str());
        QCOMPARE(table->bytes, std::string("x,y\n1,2\n3,4\n"));
        QCOMPARE(table->type, std::string("text/csv"));
        const Artifact* picture = findArtifact(result, "picture.txt");
        QVERIFY(picture);
        QCOMPARE(picture->type, std::string("image/png")); // the bytes, not the name
        QCOMPARE(picture->size, std::int64_t(8 + 256));
        QCOMPARE(findArtifact(result, "notes.png")->type, std::string("text/plain"));
        QCOMPARE(findArtifact(result, "empty")->size, std::int64_t(0));
        const Artifact* blob = findArtifact(result, "blob");
        QVERIFY(blob);
        QCOMPARE(blob->size, std::int64_t(1 << 20));
        QCOMPARE(blob->bytes.substr(250, 8), std::string("\xfa\xfb\xfc\xfd\xfe\xff\x00\x01", 8));
        QCOMPARE(blob->type, std::string("application/octet-stream"));
        QVERIFY(result.artifactsDropped.empty());
    }

    void capsHold_data() { tierRows(); }
    void capsHold() {
        QFETCH(QString, tier);
        Tier* under = tierOf(tier);
        if (!under)
            return;
        Policy policy;
        policy.artifactsMax = 3;
        policy.artifactsMb = 1;
        policy.fileSizeMb = 2048; // room for a sparse file far past the cap
        const RunResult result = run(*under, R"(
for i in range(2000):
    open('/tmp/outputs/small-%04d' % i, 'w').write('x')
open('/tmp/outputs/a-large', 'wb').write(b'L' * 700000)
open('/tmp/outputs/b-large', 'wb').write(b'M' * 700000)
f = open('/tmp/outputs/0-sparse', 'wb'); f.truncate(10**9); f.close()
)",
                                     policy);
        QVERIFY2(result.succeeded(), describe(result).c_str());
        QCOMPARE(result.artifacts.size(), std::size_t(3));
        std::int64_t total = 0;
        for (const Artifact& artifact : result.artifacts)
            total += artifact.size;
        QVERIFY2(total <= (1 << 20), describe(result).c_str());
        const Artifact* large = findArtifact(result, "a-large");
        QVERIFY2(large && large->bytes == std::string(700000, 'L'), describe(result).c_str());
        QVERIFY(!findArtifact(result, "b-large"));
        QVERIFY(!findArtifact(result, "0-sparse"));
        std::string dropped;
        for (const std::string& line : result.artifactsDropped)
            dropped += line + "\n";
        QVERIFY2(dropped.find("0-sparse") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("b-large") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("artifacts_mb") != std::string::npos, dropped.c_str());
        QVERIFY2(dropped.find("artifacts_max") != std::string::npos, dropped.c_str());
        QVERIFY2(result.artifactsDropped.size() <= 51, dropped.c_str());
        QVERIFY2(result.artifactsDropped.back().find("more") != std::string::npos, dropped.c_str());
    }

    void linksBringNoHostBytes_data() { tierRows(); }
    void linksBringNoHostBytes() {
        QFETCH(QString, tier);
        Tier* under = tierOf(tier);
        if (!under)
            return;
        Policy policy;
        policy.inputs = {hostPath("input.txt")};
        std::string code = R"(
import os
os.symlink('/etc/passwd', '/tmp/outputs/passwd')
os.symlink('/data/input.txt', '/tmp/outputs/input-link')
os.symlink('@SECRET@', '/tmp/outputs/secret-link')
for target in ('/etc/passwd', '/data/input.txt'):
    try:
        os.link(target, '/tmp/outputs/hard-' + os.path.basename(target))
        print('LINKED', target)
    except OSError as error:
        print('no hard link', target, error.errno)
os.mkfifo('/tmp/outputs/fifo')
os.mkdir('/tmp/outputs/folder')
open('/tmp/outputs/folder/nested', 'w').write('nested')
open('/tmp/outputs/plain', 'w').write('mine')
)";
        // The secret's host path, which no sandbox shows.
        code.replace(code.find("@SECRET@"), 8, hostPath("secret.txt"));
        const RunResult result = run(*under, code, policy);
        QVERIFY2(result.exitCode == 0, describe(result).c_str());
        for (const Artifact& artifact : result.artifacts) {
            QVERIFY2(artifact.bytes.find("root:") == std::string::npos, describe(result).c_str());
            QVERIFY2(artifact.bytes.find("hello from the host") == std::string::npos,
                     describe(result).c_str());
            QVERIFY2(artifact.bytes.find("HOST-SECRET") == std::string::npos, describe(result).c_str());
        }
        QCOMPARE(result.artifacts.size(), std::size_t(1));
        QCOMPARE(result.artifacts.front().bytes, std::string("mine"));
        std::string dropped;
        for (const std::string& line : result.artifactsDropped)
            dropped += line + "\n";
        for (const char* name : {"passwd", "input-link", "secret-link", "fifo", "folder"})
            QVERIFY2(dropped.find(name) != std::string::npos,
                     (name + std::string(" not named: ") + dropped).c_str());
        QVERIFY2(dropped.find("symbolic link") != std::string::npos, dropped.c_str());
    }

    void namesSanitised_data() { tierRows(); }
    void namesSanitised() {
        QFETCH(QString, tier);
        Tier* under = tierOf(tier);
        if (!under)
            return;
        const RunResult result = run(*under, R"(
open('/tmp/outputs/..\x1b[31mred\nline\u202e.txt', 'w').write('odd')
open('/tmp/outputs/.hidden', 'w').write('hidden')
)");
        QVERIFY2(result.succeeded(), describe(result).c_str());
        QCOMPARE(result.artifacts.size(), std::size_t(2));
        for (const Artifact& artifact : result.artifacts) {
            QVERIFY2(artifact.name.front() != '.', artifact.name.c_str());
            QVERIFY2(artifact.name.find('/') == std::string::npos, artifact.name.c_str());
            for (const char c : artifact.name)
                QVERIFY2(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f, artifact.name.c_str());
            QVERIFY2(artifact.name.find("\xe2\x80\xae") == std::string::npos, artifact.name.c_str());
        }
        const Artifact* odd = findArtifact(result, "_._[31mred_line_.txt");
        QVERIFY2(odd, describe(result).c_str());
        QCOMPARE(odd->bytes, std::string("odd"));
        QVERIFY(findArtifact(result, "_hidden"));
    }

    // The host control is naive on purpose, so the hostile suite's attacks on inputs and artifacts show that
    // they work: the real input at data/<name>, writable; outputs/ collected following links, walking
    // subfolders, keeping names, typing by extension, without the policy's caps. Yet harmless: a 1 GB sparse
    // file costs a stat (its size is reported, 64 KB of it read), a FIFO is skipped rather than waited on.
    void controlIsNaiveButBounded() {
        HostTier control;
        QTemporaryDir inputs;
        QVERIFY(inputs.isValid());
        const std::string planted = inputs.filePath("planted").toStdString();
        QVERIFY(QDir(inputs.path()).mkpath("planted"));
        writeWhole(planted + "/notes.txt", "PLANTED\n");
        Policy policy;
        policy.inputs = {planted, hostPath("secret.txt")};
        const RunResult result = run(control,
                                     "import os\n"
                                     "print(open('data/planted/notes.txt').read().strip())\n"
                                     "open('data/planted/notes.txt', 'a').write('changed\\n')\n"
                                     "os.symlink(os.path.abspath('data/secret.txt'), 'outputs/link.png')\n"
                                     "os.makedirs('outputs/sub')\n"
                                     "open('outputs/sub/\\x1b[31mred', 'w').write('x')\n"
                                     "with open('outputs/sparse.bin', 'wb') as f: f.truncate(1 << 30)\n"
                                     "os.mkfifo('outputs/fifo')\n",
                                     policy);
        QVERIFY2(result.succeeded(), describe(result).c_str());
        QVERIFY2(result.stdoutBytes == "PLANTED\n", describe(result).c_str());
        QCOMPARE(readWhole(planted + "/notes.txt"), std::string("PLANTED\nchanged\n")); // the real file
        QCOMPARE(result.artifacts.size(), std::size_t(3));
        const Artifact* link = findArtifact(result, "link.png");
        QVERIFY2(link, describe(result).c_str());
        QCOMPARE(link->bytes, std::string("HOST-SECRET-BYTES\n")); // followed
        QCOMPARE(link->type, std::string("image/png"));            // from the extension
        QVERIFY2(findArtifact(result, "sub/\x1b[31mred"), describe(result).c_str());
        const Artifact* sparse = findArtifact(result, "sparse.bin");
        QVERIFY2(sparse, describe(result).c_str());
        QCOMPARE(sparse->size, std::int64_t(1) << 30);
        QCOMPARE(sparse->bytes.size(), std::size_t(64 << 10));
    }
};

QTEST_GUILESS_MAIN(TestInputsArtifacts)
#include "tst_inputs_artifacts.moc"
