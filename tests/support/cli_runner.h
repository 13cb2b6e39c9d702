#pragma once

// The CLI tests' way of running sandbench-cli: through pipes, or with a pseudo-terminal as its standard
// streams, as from a user's shell. The including test defines test_support::cliPath(), the path of the
// program (and links util, for openpty and login_tty).

#include "source_paths.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <cerrno>
#include <csignal>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <utmp.h>
#include <vector>

namespace test_support {

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

inline CliRun runCli(const QStringList& arguments, const QByteArray& input = {}, int timeoutMs = 60000,
                     const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment()) {
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(test_support::cliPath(), arguments);
    if (!process.waitForStarted())
        return {};
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    CliRun run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

// Runs the CLI with a pseudo-terminal as its standard input, output and error, as from a user's shell;
// `out` is everything the terminal received from both streams.
inline CliRun
runCliOnTerminal(const QStringList& arguments,
                 const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment(),
                 int timeoutMs = 60000) {
    int master = -1;
    int slave = -1;
    if (::openpty(&master, &slave, nullptr, nullptr, nullptr) != 0)
        return {};
    termios settings{};
    ::tcgetattr(slave, &settings);
    ::cfmakeraw(&settings); // the bytes as the CLI wrote them: no "\n" to "\r\n" translation
    ::tcsetattr(slave, TCSANOW, &settings);
    QList<QByteArray> words{test_support::cliPath()};
    for (const QString& argument : arguments)
        words.append(argument.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& word : words)
        argv.push_back(word.data());
    argv.push_back(nullptr);
    QList<QByteArray> variables;
    for (const QString& variable : environment.toStringList())
        variables.append(variable.toLocal8Bit());
    std::vector<char*> envp;
    for (QByteArray& variable : variables)
        envp.push_back(variable.data());
    envp.push_back(nullptr);
    const pid_t child = ::fork();
    if (child == 0) { // only async-signal-safe calls until exec: this test process has threads
        ::close(master);
        if (::login_tty(slave) == 0)
            ::execve(argv[0], argv.data(), envp.data());
        ::_exit(127);
    }
    ::close(slave);
    CliRun run;
    QElapsedTimer clock;
    clock.start();
    char buffer[4096];
    while (child > 0 && clock.elapsed() < timeoutMs) {
        pollfd wait{master, POLLIN, 0};
        if (::poll(&wait, 1, 100) <= 0)
            continue;
        const ssize_t count = ::read(master, buffer, sizeof buffer);
        if (count > 0)
            run.out.append(buffer, count);
        else if (count == 0 || errno != EINTR)
            break; // EIO: every holder of the terminal's other side has closed it
    }
    ::close(master);
    int status = 0;
    if (child > 0 && clock.elapsed() >= timeoutMs)
        ::kill(child, SIGKILL);
    if (child > 0 && ::waitpid(child, &status, 0) == child && WIFEXITED(status))
        run.exitCode = WEXITSTATUS(status);
    return run;
}

} // namespace test_support
