// What a program's bytes become on the user's terminal: escaped controls and invalid UTF-8, valid text
// unchanged, however the output is cut into chunks; and TerminalOutput applying it only on a terminal.

#include "cli/terminal_filter.h"
#include "cli/terminal_output.h"

#include <QTest>
#include <cerrno>
#include <fcntl.h>
#include <pty.h>
#include <termios.h>
#include <unistd.h>

using sandbench::cli::TerminalFilter;
using sandbench::cli::TerminalOutput;

namespace {

std::string filtered(const QList<QByteArray>& chunks) {
    TerminalFilter filter;
    std::string out;
    for (const QByteArray& chunk : chunks)
        out += filter.filter(std::string_view(chunk.constData(), static_cast<std::size_t>(chunk.size())));
    return out + filter.finish();
}

// Everything that can be read from `fd` now, without waiting for more.
std::string drain(int fd) {
    std::string bytes;
    const int flags = ::fcntl(fd, F_GETFL);
    ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    char buffer[4096];
    for (;;) {
        const ssize_t count = ::read(fd, buffer, sizeof buffer);
        if (count > 0)
            bytes.append(buffer, static_cast<std::size_t>(count));
        else if (count < 0 && errno == EINTR)
            continue;
        else
            break;
    }
    ::fcntl(fd, F_SETFL, flags);
    return bytes;
}

} // namespace

class TestTerminalFilter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void escapesWhatControlsATerminal_data() {
        QTest::addColumn<QList<QByteArray>>("chunks");
        QTest::addColumn<QByteArray>("expected");
        QTest::newRow("OSC 0 retitles the window")
            << QList<QByteArray>{"\x1b]0;pwned\x07"} << QByteArray("\\x1b]0;pwned\\x07");
        QTest::newRow("OSC 52 writes the clipboard") << QList<QByteArray>{"\x1b]52;c;Y3VybCBldmlsCg==\x07"}
                                                     << QByteArray("\\x1b]52;c;Y3VybCBldmlsCg==\\x07");
        QTest::newRow("CSI clears the screen")
            << QList<QByteArray>{"\x1b[2J\x1b[H"} << QByteArray("\\x1b[2J\\x1b[H");
        QTest::newRow("a fake result line over the real one")
            << QList<QByteArray>{"\r[subprocess] exit 0 in 0.01 s\x1b[K\n"}
            << QByteArray("\\x0d[subprocess] exit 0 in 0.01 s\\x1b[K\n");
        QTest::newRow("BEL") << QList<QByteArray>{"ding\a"} << QByteArray("ding\\x07");
        QTest::newRow("NUL and backspace")
            << QList<QByteArray>{QByteArray("a\0b\bc", 5)} << QByteArray("a\\x00b\\x08c");
        QTest::newRow("DEL") << QList<QByteArray>{"a\x7f"} << QByteArray("a\\x7f");
        QTest::newRow("C1 CSI as a lone byte") << QList<QByteArray>{"\x9b"
                                                                    "2J"}
                                               << QByteArray("\\x9b2J");
        QTest::newRow("C1 CSI as UTF-8 (U+009B)") << QList<QByteArray>{"\xc2\x9b"
                                                                       "2J"}
                                                  << QByteArray("\\xc2\\x9b2J");
        QTest::newRow("C1 split across chunks")
            << QList<QByteArray>{"\xc2", "\x9b"} << QByteArray("\\xc2\\x9b");
        QTest::newRow("invalid UTF-8 bytes")
            << QList<QByteArray>{"\xff\xfe ok"} << QByteArray("\\xff\\xfe ok");
        QTest::newRow("stray continuation byte") << QList<QByteArray>{"\x80x"} << QByteArray("\\x80x");
        QTest::newRow("overlong slash") << QList<QByteArray>{"\xc0\xaf"} << QByteArray("\\xc0\\xaf");
        QTest::newRow("overlong three bytes")
            << QList<QByteArray>{"\xe0\x80\xaf"} << QByteArray("\\xe0\\x80\\xaf");
        QTest::newRow("UTF-16 surrogate")
            << QList<QByteArray>{"\xed\xa0\x80"} << QByteArray("\\xed\\xa0\\x80");
        QTest::newRow("past U+10FFFF")
            << QList<QByteArray>{"\xf4\x90\x80\x80"} << QByteArray("\\xf4\\x90\\x80\\x80");
        QTest::newRow("a character broken off by ASCII") << QList<QByteArray>{"\xe2\x9c"
                                                                              "A\n"}
                                                         << QByteArray("\\xe2\\x9cA\n");
        QTest::newRow("a character broken off by ESC")
            << QList<QByteArray>{"\xe2", "\x1b[2J"} << QByteArray("\\xe2\\x1b[2J");
        QTest::newRow("UTF-8 split across two chunks")
            << QList<QByteArray>{"h\xc3", "\xa9llo"} << QByteArray("h\xc3\xa9llo");
        QTest::newRow("a check mark byte by byte")
            << QList<QByteArray>{"\xe2", "\x9c", "\x93", "\n"} << QByteArray("\xe2\x9c\x93\n");
        QTest::newRow("output ends mid-character")
            << QList<QByteArray>{"ok \xf0\x9f\x98"} << QByteArray("ok \\xf0\\x9f\\x98");
        QTest::newRow("valid UTF-8 unchanged")
            << QList<QByteArray>{"h\xc3\xa9llo \xe2\x9c\x93 \xf0\x9d\x84\x9e "
                                 "\xc2\xa0nbsp\n"}
            << QByteArray("h\xc3\xa9llo \xe2\x9c\x93 \xf0\x9d\x84\x9e "
                          "\xc2\xa0nbsp\n");
        QTest::newRow("newline and tab unchanged")
            << QList<QByteArray>{"a\tb\nc\n"} << QByteArray("a\tb\nc\n");
        QTest::newRow("a backslash passes") << QList<QByteArray>{"C:\\x1b\\n"} << QByteArray("C:\\x1b\\n");
        QTest::newRow("empty chunks")
            << QList<QByteArray>{"", "\xc3", "", "\xa9", ""} << QByteArray("\xc3\xa9");
    }

    void escapesWhatControlsATerminal() {
        QFETCH(QList<QByteArray>, chunks);
        QFETCH(QByteArray, expected);
        QCOMPARE(QByteArray::fromStdString(filtered(chunks)), expected);
    }

    // However the stream is cut, the result is the same as for the whole.
    void everyCutGivesTheSameResult() {
        const QByteArray text("h\xc3\xa9\x1b]0;t\x07\xe2\x9c\x93\xc2\x9b\xff\xf0\x9d\x84\x9e\r\n\xe2\x9c");
        const std::string whole = filtered({text});
        for (int first = 0; first <= text.size(); ++first) {
            for (int second = first; second <= text.size(); ++second) {
                const std::string pieces =
                    filtered({text.left(first), text.mid(first, second - first), text.mid(second)});
                QVERIFY2(pieces == whole, qPrintable(QString("cut at %1 and %2").arg(first).arg(second)));
            }
        }
        QVERIFY(whole.find('\x1b') == std::string::npos);
    }

    void finishStartsAFreshStream() {
        TerminalFilter filter;
        QCOMPARE(filter.filter("\xe2\x9c"), std::string());
        QVERIFY(filter.holding());
        QCOMPARE(filter.finish(), std::string("\\xe2\\x9c"));
        QVERIFY(!filter.holding());
        QCOMPARE(filter.filter("\x93"), std::string("\\x93")); // not the end of the old character
        QCOMPARE(filter.finish(), std::string());
    }

    // On a terminal: untrusted bytes escaped, Sandbench's own lines in reverse video (their text escaped);
    // --raw passes the untrusted bytes; a pipe gets everything unchanged.
    void outputFiltersOnlyOnATerminal_data() {
        QTest::addColumn<bool>("terminal");
        QTest::addColumn<bool>("raw");
        QTest::addColumn<QByteArray>("expected");
        const QByteArray untrusted("\x1b]0;pwned\x07ok \xe2\x9c");
        const QByteArray own("[subprocess] exit 0\x1b\n");
        QTest::newRow("terminal") << true << false
                                  << QByteArray("\\x1b]0;pwned\\x07ok \\xe2\\x9c\x1b[7m[subprocess] exit "
                                                "0\\x1b\x1b[0m\n");
        QTest::newRow("terminal, --raw")
            << true << true << untrusted + "\x1b[7m[subprocess] exit 0\\x1b\x1b[0m\n";
        QTest::newRow("pipe") << false << false << untrusted + own;
        QTest::newRow("pipe, --raw") << false << true << untrusted + own;
    }

    void outputFiltersOnlyOnATerminal() {
        QFETCH(bool, terminal);
        QFETCH(bool, raw);
        QFETCH(QByteArray, expected);
        int reader = -1;
        int writer = -1;
        if (terminal) {
            QCOMPARE(::openpty(&reader, &writer, nullptr, nullptr, nullptr), 0);
            termios settings{};
            QCOMPARE(::tcgetattr(writer, &settings), 0);
            ::cfmakeraw(&settings); // no "\n" to "\r\n" translation: compare the bytes as written
            QCOMPARE(::tcsetattr(writer, TCSANOW, &settings), 0);
        } else {
            int fds[2];
            QCOMPARE(::pipe(fds), 0);
            reader = fds[0];
            writer = fds[1];
        }
        {
            TerminalOutput output(writer, raw ? TerminalOutput::Mode::Raw : TerminalOutput::Mode::Safe);
            QCOMPARE(output.isTerminal(), terminal);
            output.writeUntrusted("\x1b]0;pwned\x07ok \xe2");
            output.writeUntrusted("\x9c");
            output.writeOwn("[subprocess] exit 0\x1b\n"); // ends the character cut short first
        }
        std::string seen;
        QTRY_COMPARE_WITH_TIMEOUT(QByteArray::fromStdString(seen += drain(reader)), expected, 2000);
        ::close(writer);
        ::close(reader);
    }
};

QTEST_GUILESS_MAIN(TestTerminalFilter)
#include "tst_terminal_filter.moc"
