#include "core/utf8.h"

#include <QTest>

using namespace sandbench;

namespace {

std::string bytes(const QByteArray& array) {
    return std::string(array.constData(), static_cast<std::size_t>(array.size()));
}

} // namespace

class TestUtf8 : public QObject {
    Q_OBJECT

private slots:
    void decoding_data();
    void decoding();
    void prefix_data();
    void prefix();
};

void TestUtf8::decoding_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("valid");   // validUtf8(input)
    QTest::addColumn<int>("firstLength");    // decodeUtf8(input).length
    QTest::addColumn<int>("firstCodePoint"); // -1 when ill-formed

    const QByteArray fffd = "\xEF\xBF\xBD";
    QTest::newRow("ASCII") << QByteArray("abc") << QByteArray("abc") << 1 << int('a');
    QTest::newRow("two bytes") << QByteArray("\xC3\xA9") << QByteArray("\xC3\xA9") << 2 << 0xE9;
    QTest::newRow("three bytes") << QByteArray("\xE2\x82\xAC") << QByteArray("\xE2\x82\xAC") << 3 << 0x20AC;
    QTest::newRow("four bytes") << QByteArray("\xF0\x9F\x98\x80") << QByteArray("\xF0\x9F\x98\x80") << 4
                                << 0x1F600;
    QTest::newRow("highest code point")
        << QByteArray("\xF4\x8F\xBF\xBF") << QByteArray("\xF4\x8F\xBF\xBF") << 4 << 0x10FFFF;
    QTest::newRow("lone continuation byte") << QByteArray("\x80x") << fffd + "x" << 1 << -1;
    QTest::newRow("bytes that start nothing") << QByteArray("\xFF\xFE") << fffd + fffd << 1 << -1;
    QTest::newRow("overlong two bytes") << QByteArray("\xC0\xAF") << fffd + fffd << 1 << -1;
    QTest::newRow("overlong three bytes") << QByteArray("\xE0\x80\xAF") << fffd + fffd + fffd << 1 << -1;
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80") << fffd + fffd + fffd << 1 << -1;
    QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << fffd + fffd + fffd + fffd << 1 << -1;
    // A sequence cut short is one U+FFFD for all its bytes: its maximal subpart.
    QTest::newRow("cut three-byte sequence") << QByteArray("\xE2\x82(") << fffd + "(" << 2 << -1;
    QTest::newRow("cut four-byte sequence at the end") << QByteArray("\xF0\x9F\x98") << fffd << 3 << -1;
    QTest::newRow("cut, then a new character")
        << QByteArray("\xE2\x82\xC3\xA9") << fffd + "\xC3\xA9" << 2 << -1;
}

void TestUtf8::decoding() {
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, valid);
    QFETCH(int, firstLength);
    QFETCH(int, firstCodePoint);
    const Utf8Sequence first = decodeUtf8(bytes(input));
    QCOMPARE(int(first.length), firstLength);
    QCOMPARE(first.codePoint ? int(*first.codePoint) : -1, firstCodePoint);
    QCOMPARE(QByteArray::fromStdString(validUtf8(bytes(input))), valid);
    QCOMPARE(isValidUtf8(bytes(input)), input == valid);
    QVERIFY(isValidUtf8(validUtf8(bytes(input))));
}

void TestUtf8::prefix_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<int>("limit");
    QTest::addColumn<QByteArray>("prefix");

    QTest::newRow("short enough") << QByteArray("abc") << 5 << QByteArray("abc");
    QTest::newRow("ASCII cut") << QByteArray("abcdef") << 3 << QByteArray("abc");
    QTest::newRow("cut before a character") << QByteArray("ab\xC3\xA9") << 2 << QByteArray("ab");
    QTest::newRow("cut inside a character") << QByteArray("ab\xC3\xA9") << 3 << QByteArray("ab");
    QTest::newRow("cut inside a four-byte character")
        << QByteArray("a\xF0\x9F\x98\x80z") << 4 << QByteArray("a");
    QTest::newRow("cut after a four-byte character")
        << QByteArray("a\xF0\x9F\x98\x80z") << 5 << QByteArray("a\xF0\x9F\x98\x80");
}

void TestUtf8::prefix() {
    QFETCH(QByteArray, input);
    QFETCH(int, limit);
    QFETCH(QByteArray, prefix);
    const std::string text = bytes(input);
    const std::string_view cut = utf8Prefix(text, static_cast<std::size_t>(limit));
    QCOMPARE(QByteArray(cut.data(), qsizetype(cut.size())), prefix);
}

QTEST_GUILESS_MAIN(TestUtf8)
#include "tst_utf8.moc"
