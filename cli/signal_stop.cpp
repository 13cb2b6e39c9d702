#include "signal_stop.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace sandbench::cli {

namespace {

// Written by the handler (async-signal-safe), read by the watcher thread.
int g_signalPipe[2] = {-1, -1};
struct sigaction g_previousInt;
struct sigaction g_previousTerm;
struct sigaction g_previousPipe;

extern "C" void onStopSignal(int) {
    const int saved = errno;
    const char byte = 1;
    [[maybe_unused]] auto written = ::write(g_signalPipe[1], &byte, 1);
    errno = saved;
}

extern "C" void onBrokenPipe(int) {}

void install(int signal, void (*handler)(int), struct sigaction* previous) {
    struct sigaction action {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(signal, &action, previous);
}

} // namespace

SignalStop::SignalStop() {
    if (::pipe2(g_signalPipe, O_CLOEXEC | O_NONBLOCK) != 0)
        return; // no Ctrl-C cancellation, but everything else still works
    install(SIGINT, onStopSignal, &g_previousInt);
    install(SIGTERM, onStopSignal, &g_previousTerm);
    install(SIGPIPE, onBrokenPipe, &g_previousPipe);
    m_watcher = std::jthread([this](std::stop_token done) {
        while (!done.stop_requested()) {
            pollfd fd{g_signalPipe[0], POLLIN, 0};
            if (::poll(&fd, 1, 100) > 0) {
                char byte;
                while (::read(g_signalPipe[0], &byte, 1) > 0) {
                }
                m_source.request_stop();
            }
        }
    });
}

SignalStop::~SignalStop() {
    if (g_signalPipe[0] < 0)
        return;
    m_watcher.request_stop();
    if (m_watcher.joinable())
        m_watcher.join();
    ::sigaction(SIGINT, &g_previousInt, nullptr);
    ::sigaction(SIGTERM, &g_previousTerm, nullptr);
    ::sigaction(SIGPIPE, &g_previousPipe, nullptr);
    ::close(g_signalPipe[0]);
    ::close(g_signalPipe[1]);
    g_signalPipe[0] = g_signalPipe[1] = -1;
}

} // namespace sandbench::cli
