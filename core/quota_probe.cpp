#include "quota_probe.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <pthread.h>
#include <sys/inotify.h>
#include <unistd.h>

namespace sandbench {

namespace {

std::string failure(const char* call, int error) {
    return std::string(call) + ": " + std::strerror(error);
}

std::string useInotify() {
    const int fd = ::inotify_init1(IN_CLOEXEC);
    if (fd < 0)
        return failure("inotify_init1", errno);
    ::close(fd);
    return {};
}

// Queued to this thread with the signal blocked here, so it waits in the queue (charged to our uid like
// any pending signal) and is taken straight back; no handler ever runs.
std::string queueASignal() {
    const int signal = SIGRTMAX - 1;
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal);
    sigset_t before;
    ::pthread_sigmask(SIG_BLOCK, &only, &before);
    const int error = ::pthread_sigqueue(::pthread_self(), signal, sigval{});
    const timespec none{0, 0};
    while (::sigtimedwait(&only, nullptr, &none) == signal) {
    }
    ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
    return error ? failure("pthread_sigqueue", error) : std::string();
}

} // namespace

bool isKnownQuota(const std::string& facility) {
    return facility == "inotify" || facility == "signals";
}

std::string useKernelQuotaOnce(const std::string& facility) {
    if (facility == "inotify")
        return useInotify();
    if (facility == "signals")
        return queueASignal();
    return "unknown kernel quota \"" + facility + "\"";
}

} // namespace sandbench
