// What a program's bytes become on the user's terminal: escaped controls and invalid UTF-8, valid text
// unchanged, however the output is cut into chunks.

#include "cli/terminal_filter.h"

#include <QTest>

using sandbench::cli::TerminalFilter;

namespace {

std::string filtered(const QList<QByteArray>& chunks) {
    TerminalFilter filter;
    std::string out;
    for (const QByteArray& chunk : chunks)
        out += filter.filter(std::string_view(chunk.constData(), static_cast<std::size_t>(chunk.size())));
    return out + filter.finish();
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
};

QTEST_GUILESS_MAIN(TestTerminalFilter)
#include "tst_terminal_filter.moc"
