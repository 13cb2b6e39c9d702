#include "attack_harness.h"

#include "random_token.h"
#include "start_sentinel.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace sandbench {

namespace {

void replaceAll(std::string& text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

} // namespace

AttackHarness::AttackHarness() {
    const char* tmpdir = std::getenv("TMPDIR");
    std::string pattern = std::string(tmpdir && *tmpdir ? tmpdir : "/tmp") + "/sandbench-harness-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr)
        throw HarnessError("cannot create the harness folder " + pattern + ": " + std::strerror(errno));
    m_folder = pattern;
    try {
        if (::chmod(pattern.c_str(), 0755) != 0)
            throw HarnessError("cannot make " + pattern + " world-readable: " + std::strerror(errno));
        m_secretPath = (m_folder / "credentials").string();
        m_secretValue = "aws_secret_access_key=NOT-A-REAL-KEY-" + randomHexToken(8);
        {
            std::ofstream secret(m_secretPath, std::ios::binary | std::ios::trunc);
            secret << m_secretValue;
            secret.close();
            if (!secret)
                throw HarnessError("cannot write the planted secret " + m_secretPath);
        }
        // Explicitly, whatever the umask: the file must be as readable as a careless real one.
        if (::chmod(m_secretPath.c_str(), 0644) != 0)
            throw HarnessError("cannot make " + m_secretPath + " world-readable: " + std::strerror(errno));
        m_listener = std::make_unique<LoopbackListener>();
    } catch (const std::system_error& error) {
        std::error_code ignored;
        std::filesystem::remove_all(m_folder, ignored);
        throw HarnessError(error.what());
    } catch (...) {
        std::error_code ignored;
        std::filesystem::remove_all(m_folder, ignored);
        throw;
    }
}

AttackHarness::~AttackHarness() {
    m_listener.reset();
    std::error_code ignored;
    std::filesystem::remove_all(m_folder, ignored);
}

std::string AttackHarness::fillPlaceholders(const std::string& code) const {
    std::string filled = code;
    replaceAll(filled, "@SECRET_PATH@", m_secretPath);
    replaceAll(filled, "@SERVICE_PORT@", std::to_string(servicePort()));
    return filled;
}

PreparedAttack AttackHarness::prepare(const Attack& attack) const {
    PreparedAttack prepared;
    prepared.sentinel = makeStartSentinel();
    prepared.code = addStartSentinel(fillPlaceholders(attack.code), prepared.sentinel);
    return prepared;
}

} // namespace sandbench
