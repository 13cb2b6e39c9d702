// Fail closed: when the kernel will not create user namespaces, the subprocess tier says exactly why and
// how to fix it, and refuses to run anything; it never falls back to less isolation. The condition is made
// for real, inside a user namespace of the test's own whose user.max_user_namespaces is 0.

#include "support/source_paths.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

class TestFailClosed : public QObject {
    Q_OBJECT

private:
    // Runs `command` (a shell line using $CLI) where no further user namespace can be created.
    static QProcess* runWithoutUserNamespaces(const QString& command, const QByteArray& input = {}) {
        auto* process = new QProcess;
        process->setProcessEnvironment([] {
            auto environment = QProcessEnvironment::systemEnvironment();
            environment.insert("CLI", test_support::cliPath());
            return environment;
        }());
        process->start("unshare", {"--user", "--map-root-user", "sh", "-c",
                                   "echo 0 > /proc/sys/user/max_user_namespaces && " + command});
        process->write(input);
        process->closeWriteChannel();
        process->waitForFinished(30000);
        return process;
    }

private Q_SLOTS:
    void initTestCase() {
        QProcess probe;
        probe.start("unshare", {"--user", "--map-root-user", "true"});
        probe.waitForFinished(10000);
        if (probe.exitCode() != 0)
            QSKIP("this host cannot create even one user namespace, so the condition cannot be staged here");
    }

    void probeSaysWhyAndHowToFix() {
        std::unique_ptr<QProcess> process(runWithoutUserNamespaces("exec \"$CLI\" tiers --json"));
        QCOMPARE(process->exitCode(), 0);
        const QJsonArray tiers = QJsonDocument::fromJson(process->readAllStandardOutput()).array();
        QJsonObject subprocess;
        for (const QJsonValue& tier : tiers) {
            if (tier["name"].toString() == "subprocess")
                subprocess = tier.toObject();
        }
        QCOMPARE(subprocess["available"].toBool(true), false);
        const QString reason = subprocess["reason"].toString();
        QVERIFY2(reason.contains("user namespaces"), qPrintable(reason));
        QVERIFY2(reason.contains("sysctl -w user.max_user_namespaces="), qPrintable(reason)); // how to fix it
        QVERIFY2(reason.contains("will not run"), qPrintable(reason));
    }

    void runRefusesAndRunsNothing() {
        // The program would leave a file behind if any of it ran, sandboxed or not.
        const QByteArray marker = QByteArray("/tmp/sandbench-fail-closed-") +
                                  QByteArray::number(QCoreApplication::applicationPid());
        QFile::remove(marker);
        std::unique_ptr<QProcess> process(runWithoutUserNamespaces(
            "exec \"$CLI\" run --tier subprocess --network -", "open('" + marker + "', 'w').write('ran')\n"));
        QCOMPARE(process->exitCode(), 125); // the tier could not run it
        const QByteArray errors = process->readAllStandardError();
        QVERIFY2(errors.contains("cannot run here") && errors.contains("user namespaces"),
                 errors.constData());
        QVERIFY(process->readAllStandardOutput().isEmpty());
        QVERIFY(!QFile::exists(marker));
    }
};

QTEST_GUILESS_MAIN(TestFailClosed)
#include "tst_fail_closed.moc"
