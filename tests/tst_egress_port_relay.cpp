// The host's end of a microVM's egress port against a hostile guest: the test plays the guest on one end of
// a socket pair and the egress proxy on a loopback listener, and checks that honest framing is relayed both
// ways and that every breach (oversized length, unknown id, id reuse, data beyond the window, a malformed
// frame, end-of-file mid-frame) drops the whole channel and every proxy connection, while more than 64
// connections are refused one by one and the channel goes on.
#include "tiers/microvm/egress_port_relay.h"

#include <QElapsedTimer>
#include <QTest>
#include <arpa/inet.h>
#include <cstring>
#include <netinet/in.h>
#include <optional>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace sandbench;
using Relay = EgressPortRelay;

namespace {

struct Frame {
    std::uint32_t id = 0;
    int kind = 0;
    std::string payload;
};

std::string credit(std::uint32_t bytes) {
    const std::uint32_t value = htonl(bytes);
    return std::string(reinterpret_cast<const char*>(&value), sizeof value);
}

std::uint32_t creditOf(const Frame& frame) {
    std::uint32_t value = 0;
    std::memcpy(&value, frame.payload.data(), sizeof value);
    return ntohl(value);
}

bool waitReadable(int fd, int timeoutMs) {
    pollfd polled{fd, POLLIN, 0};
    return ::poll(&polled, 1, timeoutMs) == 1;
}

// Everything `fd` has until end-of-file, or nullopt if it stays open for `timeoutMs`.
std::optional<std::string> readToEnd(int fd, int timeoutMs) {
    std::string bytes;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < timeoutMs) {
        if (!waitReadable(fd, 50))
            continue;
        char buffer[65536];
        const ssize_t count = ::recv(fd, buffer, sizeof buffer, 0);
        if (count <= 0)
            return bytes;
        bytes.append(buffer, static_cast<std::size_t>(count));
    }
    return std::nullopt;
}

} // namespace

class EgressPortRelayTest : public QObject {
    Q_OBJECT

    UniqueFd m_guest; // the test's end of the channel
    UniqueFd m_proxyListener;
    int m_proxyPort = 0;
    std::optional<Relay> m_relay;
    std::string m_pending; // bytes from the relay not yet a whole frame
    bool m_ended = false;  // the relay's end of the channel said end-of-file

    // As much of `bytes` as the relay takes (all of it, unless it drops the channel meanwhile).
    void send(const std::string& bytes) {
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t sent =
                ::send(m_guest.get(), bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
            if (sent <= 0)
                return;
            done += static_cast<std::size_t>(sent);
        }
    }

    // The relay's next frame for the guest, or nullopt at end-of-file or after `timeoutMs`.
    std::optional<Frame> nextFrame(int timeoutMs = 5000) {
        QElapsedTimer clock;
        clock.start();
        while (true) {
            if (m_pending.size() >= Relay::kHeaderBytes) {
                std::uint32_t id = 0, length = 0;
                std::memcpy(&id, m_pending.data(), 4);
                std::memcpy(&length, m_pending.data() + 5, 4);
                length = ntohl(length);
                if (m_pending.size() >= Relay::kHeaderBytes + length) {
                    Frame frame{ntohl(id), static_cast<unsigned char>(m_pending[4]),
                                m_pending.substr(Relay::kHeaderBytes, length)};
                    m_pending.erase(0, Relay::kHeaderBytes + length);
                    return frame;
                }
            }
            if (clock.elapsed() > timeoutMs)
                return std::nullopt;
            if (!waitReadable(m_guest.get(), 50))
                continue;
            char buffer[65536];
            const ssize_t count = ::recv(m_guest.get(), buffer, sizeof buffer, MSG_DONTWAIT);
            if (count == 0) {
                m_ended = true;
                return std::nullopt;
            }
            if (count > 0)
                m_pending.append(buffer, static_cast<std::size_t>(count));
        }
    }

    // The proxy's side of the next connection the relay makes.
    UniqueFd acceptAtProxy() {
        if (!waitReadable(m_proxyListener.get(), 5000))
            return {};
        return UniqueFd(::accept4(m_proxyListener.get(), nullptr, nullptr, SOCK_CLOEXEC));
    }

    // Opens `id` as the guest does, and waits for the relay's grant of its window.
    UniqueFd open(std::uint32_t id) {
        send(Relay::frame(id, Relay::Open));
        UniqueFd proxySide = acceptAtProxy();
        const auto grant = nextFrame();
        if (!grant || grant->id != id || grant->kind != Relay::Credit || creditOf(*grant) != Relay::kWindow)
            return {};
        return proxySide;
    }

    // True when the relay dropped the channel: its end reads end-of-file (after whatever it sent before).
    bool channelDropped() {
        while (nextFrame(5000)) {
        }
        return m_ended;
    }

private slots:
    void init() {
        int pair[2];
        QCOMPARE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair), 0);
        m_guest.reset(pair[0]);
        m_proxyListener.reset(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QCOMPARE(::bind(m_proxyListener.get(), reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        QCOMPARE(::listen(m_proxyListener.get(), 128), 0);
        socklen_t size = sizeof address;
        ::getsockname(m_proxyListener.get(), reinterpret_cast<sockaddr*>(&address), &size);
        m_proxyPort = ntohs(address.sin_port);
        m_pending.clear();
        m_ended = false;
        m_relay.emplace(UniqueFd(pair[1]), m_proxyPort);
    }

    void cleanup() {
        QElapsedTimer clock;
        clock.start();
        m_relay.reset(); // stops and joins at once, whatever the guest did
        QVERIFY(clock.elapsed() < 2000);
        m_guest.reset();
        m_proxyListener.reset();
    }

    void relaysBothWaysAndCloses() {
        UniqueFd proxySide = open(7);
        QVERIFY(proxySide.valid());
        send(Relay::frame(7, Relay::Data, "CONNECT api.example.test:443 HTTP/1.1\r\n\r\n"));
        char buffer[256];
        QVERIFY(waitReadable(proxySide.get(), 5000));
        const ssize_t got = ::recv(proxySide.get(), buffer, sizeof buffer, 0);
        QCOMPARE(std::string(buffer, static_cast<std::size_t>(got)),
                 std::string("CONNECT api.example.test:443 HTTP/1.1\r\n\r\n"));
        // Delivered bytes are credited back, so the guest's window refills.
        auto frame = nextFrame();
        QVERIFY(frame);
        QCOMPARE(frame->kind, int(Relay::Credit));
        QCOMPARE(creditOf(*frame), std::uint32_t(got));

        const std::string answer = "HTTP/1.1 200 Connection established\r\n\r\n";
        QCOMPARE(::send(proxySide.get(), answer.data(), answer.size(), 0), ssize_t(answer.size()));
        frame = nextFrame();
        QVERIFY(frame);
        QCOMPARE(frame->id, 7u);
        QCOMPARE(frame->kind, int(Relay::Data));
        QCOMPARE(frame->payload, answer);

        // The guest's close is the proxy's end-of-file; the proxy's close is the guest's CLOSE.
        send(Relay::frame(7, Relay::Credit, credit(static_cast<std::uint32_t>(answer.size()))));
        send(Relay::frame(7, Relay::Close));
        QCOMPARE(readToEnd(proxySide.get(), 5000), std::optional<std::string>(""));
        proxySide.reset();
        frame = nextFrame();
        QVERIFY(frame);
        QCOMPARE(frame->id, 7u);
        QCOMPARE(frame->kind, int(Relay::Close));
        // Both sides closed: the id is free again, and opens a new proxy connection.
        QVERIFY(open(7).valid());
        QVERIFY(m_relay->problem().empty());
    }

    void moreThanTheMostConnectionsAreRefusedOneByOne() {
        std::vector<UniqueFd> proxySides;
        for (int id = 0; id < Relay::kMostConnections; ++id) {
            proxySides.push_back(open(static_cast<std::uint32_t>(id)));
            QVERIFY2(proxySides.back().valid(), qPrintable(QString::number(id)));
        }
        send(Relay::frame(1000, Relay::Open));
        const auto refusal = nextFrame();
        QVERIFY(refusal);
        QCOMPARE(refusal->id, 1000u);
        QCOMPARE(refusal->kind, int(Relay::Close));         // no window granted: no data may follow
        QVERIFY(!waitReadable(m_proxyListener.get(), 200)); // no 65th proxy connection
        // The guest's own close of the refused id is taken, and the channel goes on.
        send(Relay::frame(1000, Relay::Close));
        send(Relay::frame(3, Relay::Data, "still here"));
        QVERIFY(waitReadable(proxySides[3].get(), 5000));
        char buffer[32];
        QCOMPARE(::recv(proxySides[3].get(), buffer, sizeof buffer, 0), ssize_t(10));
        QVERIFY(m_relay->problem().empty());
    }

    void hostileFramingDropsTheChannel_data() {
        QTest::addColumn<std::string>("bytes");
        QTest::addColumn<bool>("endOfFile"); // the guest then closes its sending side
        QTest::addColumn<QString>("problem");
        // Connection 1 is open (its window granted) before each row's bytes.
        std::string oversized = Relay::frame(1, Relay::Data, "x");
        const std::uint32_t huge = htonl(Relay::kMaxPayload + 1);
        std::memcpy(oversized.data() + 5, &huge, 4);
        QTest::newRow("oversized length") << oversized << false << "data frame of 65537 bytes";
        std::string fourGigabytes = Relay::frame(1, Relay::Data, "x");
        std::memset(fourGigabytes.data() + 5, 0xff, 4);
        QTest::newRow("length of 4 GiB") << fourGigabytes << false << "data frame of 4294967295 bytes";
        QTest::newRow("unknown id") << Relay::frame(2, Relay::Data, "x") << false
                                    << "data for connection 2, which is not open";
        QTest::newRow("credit for an unknown id")
            << Relay::frame(9, Relay::Credit, credit(1)) << false << "credit for connection 9";
        QTest::newRow("id out of range")
            << Relay::frame(Relay::kMostIds, Relay::Open) << false << "connection id 65536 is out of range";
        QTest::newRow("id reuse") << Relay::frame(1, Relay::Open) << false << "opened while still open";
        QTest::newRow("unknown kind")
            << Relay::frame(1, static_cast<Relay::Kind>(9)) << false << "unknown kind 9";
        // A credit frame cut short: its 2 bytes would be read as the start of the next header.
        QTest::newRow("truncated credit frame")
            << Relay::frame(1, Relay::Credit, std::string(2, '\0')) << false << "credit frame of 2 bytes";
        QTest::newRow("payload on a close")
            << Relay::frame(1, Relay::Close, "x") << false << "close frame with a payload";
        QTest::newRow("credit beyond what was sent")
            << Relay::frame(1, Relay::Credit, credit(1)) << false << "more than it was sent";
        // The window of a new connection opens only with the relay's grant, a turn later at the earliest.
        QTest::newRow("data before its window is granted")
            << Relay::frame(2, Relay::Open) + Relay::frame(2, Relay::Data, "x") << false
            << "than its window allows";
        QTest::newRow("data after close") << Relay::frame(1, Relay::Close) + Relay::frame(1, Relay::Data, "x")
                                          << false << "after its close";
        QTest::newRow("closed twice")
            << Relay::frame(1, Relay::Close) + Relay::frame(1, Relay::Close) << false << "closed twice";
        QTest::newRow("end-of-file mid-header") << std::string("\0\0\0\1\2", 5) << true << "";
        QTest::newRow("end-of-file mid-payload")
            << Relay::frame(1, Relay::Data, "0123456789").substr(0, Relay::kHeaderBytes + 4) << true << "";
    }

    void hostileFramingDropsTheChannel() {
        QFETCH(std::string, bytes);
        QFETCH(bool, endOfFile);
        QFETCH(QString, problem);
        UniqueFd proxySide = open(1);
        QVERIFY(proxySide.valid());
        send(bytes);
        if (endOfFile)
            ::shutdown(m_guest.get(), SHUT_WR);
        // The channel is dropped (end-of-file here) and so is every proxy connection it had opened.
        QVERIFY(channelDropped());
        QVERIFY(readToEnd(proxySide.get(), 5000).has_value());
        ::send(m_guest.get(), Relay::frame(5, Relay::Open).data(), Relay::kHeaderBytes, MSG_NOSIGNAL);
        while (waitReadable(m_proxyListener.get(), 300)) {
            UniqueFd another = acceptAtProxy();
            QVERIFY(readToEnd(another.get(), 5000).has_value());
        }
        const QString said = QString::fromStdString(m_relay->problem());
        if (problem.isEmpty())
            QVERIFY2(said.isEmpty(), qPrintable(said));
        else
            QVERIFY2(said.contains(problem) && said.contains("framing"), qPrintable(said));
    }

    void aSilentGuestNeverHoldsTheHost() {
        // Half a header, then nothing: the relay waits, and stops at once when the run ends.
        UniqueFd proxySide = open(1);
        QVERIFY(proxySide.valid());
        send(std::string("\0\0", 2));
        QVERIFY(!readToEnd(proxySide.get(), 300).has_value()); // still open meanwhile
    }
};

QTEST_GUILESS_MAIN(EgressPortRelayTest)
#include "tst_egress_port_relay.moc"
