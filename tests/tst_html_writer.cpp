#include "core/html_writer.h"

#include <QTest>
#include <QXmlStreamReader>
#include <functional>
#include <stdexcept>

using namespace sandbench;

using Build = std::function<void(HtmlWriter&)>;
Q_DECLARE_METATYPE(Build)

namespace {

QByteArray written(const Build& build) {
    HtmlWriter w;
    build(w);
    return QByteArray::fromStdString(w.finish());
}

// The text and the title attribute of the document's one element, as an XML parser reads them; empty
// strings and the parser's error when it is not well-formed.
struct Parsed {
    QString text;
    QString title;
    QString error;
};

Parsed parse(const QByteArray& xml) {
    Parsed parsed;
    QXmlStreamReader reader(xml);
    int depth = 0;
    while (!reader.atEnd()) {
        reader.readNext();
        if (reader.isStartElement()) {
            ++depth;
            parsed.title = reader.attributes().value("title").toString();
        } else if (reader.isEndElement()) {
            --depth;
        } else if (reader.isCharacters() && depth > 0) {
            parsed.text += reader.text();
        }
    }
    if (reader.hasError())
        parsed.error = reader.errorString();
    return parsed;
}

} // namespace

class TestHtmlWriter : public QObject {
    Q_OBJECT

private slots:
    void escaping_data();
    void escaping();
    void markup_data();
    void markup();
    void misuse_data();
    void misuse();
};

void TestHtmlWriter::escaping_data() {
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("escaped");
    QTest::addColumn<QString>("shown"); // what an XML parser (and a browser) reads back

    QTest::newRow("plain") << QByteArray("plain text") << QByteArray("plain text") << "plain text";
    QTest::newRow("the five XML characters")
        << QByteArray("& < > \" '") << QByteArray("&amp; &lt; &gt; &quot; &#39;") << "& < > \" '";
    QTest::newRow("markup stays text") << QByteArray("</pre><script>alert(1)</script>")
                                       << QByteArray("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
                                       << "</pre><script>alert(1)</script>";
    QTest::newRow("an entity stays text")
        << QByteArray("&amp; &nbsp;") << QByteArray("&amp;amp; &amp;nbsp;") << "&amp; &nbsp;";
    QTest::newRow("tab and newline kept") << QByteArray("a\tb\nc") << QByteArray("a\tb\nc") << "a\tb\nc";
    QTest::newRow("NUL as its control picture") << QByteArray("a\0b", 3)
                                                << QByteArray("a\xE2\x90\x80"
                                                              "b")
                                                << QString::fromUtf8("a\u2400b");
    QTest::newRow("ESC as its control picture")
        << QByteArray("\x1b[31m") << QByteArray("\xE2\x90\x9B[31m") << QString::fromUtf8("\u241B[31m");
    QTest::newRow("DEL as its control picture")
        << QByteArray("\x7F") << QByteArray("\xE2\x90\xA1") << QString::fromUtf8("\u2421");
    QTest::newRow("C1 control replaced")
        << QByteArray("\xC2\x85") << QByteArray("\xEF\xBF\xBD") << QString::fromUtf8("\uFFFD");
    QTest::newRow("U+FFFE replaced") << QByteArray("\xEF\xBF\xBE") << QByteArray("\xEF\xBF\xBD")
                                     << QString::fromUtf8("\uFFFD");
    QTest::newRow("U+FFFF replaced") << QByteArray("\xEF\xBF\xBF") << QByteArray("\xEF\xBF\xBD")
                                     << QString::fromUtf8("\uFFFD");
    QTest::newRow("valid characters kept")
        << QByteArray("\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80")
        << QByteArray("\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80") << QString::fromUtf8("é € 😀");
    QTest::newRow("bytes that start nothing")
        << QByteArray("\xFF\xFE x") << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD x")
        << QString::fromUtf8("\uFFFD\uFFFD x");
    QTest::newRow("cut sequence, one U+FFFD")
        << QByteArray("\xE2\x82(") << QByteArray("\xEF\xBF\xBD(") << QString::fromUtf8("\uFFFD(");
    QTest::newRow("overlong form") << QByteArray("\xC0\xAF") << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD")
                                   << QString::fromUtf8("\uFFFD\uFFFD");
    QTest::newRow("surrogate") << QByteArray("\xED\xA0\x80")
                               << QByteArray("\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD")
                               << QString::fromUtf8("\uFFFD\uFFFD\uFFFD");
}

void TestHtmlWriter::escaping() {
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, escaped);
    QFETCH(QString, shown);
    const std::string_view bytes(input.constData(), static_cast<std::size_t>(input.size()));
    QCOMPARE(QByteArray::fromStdString(escapeHtml(bytes)), escaped);

    const QByteArray page =
        written([&](HtmlWriter& w) { w.open("p").attr("title", bytes).text(bytes).close(); });
    QCOMPARE(page, "<p title=\"" + escaped + "\">" + escaped + "</p>\n");
    const Parsed parsed = parse(page);
    QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
    QCOMPARE(parsed.text, shown);
    // An attribute value's tab and newline are normalised to spaces by XML and HTML alike.
    QCOMPARE(parsed.title, QString(shown).replace('\t', ' ').replace('\n', ' '));
}

void TestHtmlWriter::markup_data() {
    QTest::addColumn<Build>("build");
    QTest::addColumn<QByteArray>("page");

    QTest::newRow("doctype") << Build([](HtmlWriter& w) {
        w.doctype().open("html").attr("lang", "en").close();
    }) << QByteArray("<!DOCTYPE html>\n<html lang=\"en\"></html>\n");
    QTest::newRow("void element self-closes")
        << Build([](HtmlWriter& w) { w.open("p").text("a").open("br").close().text("b").close(); })
        << QByteArray("<p>a<br/>b</p>\n");
    QTest::newRow("void element with attributes")
        << Build([](HtmlWriter& w) { w.open("head").open("meta").attr("charset", "utf-8").close().close(); })
        << QByteArray("<head><meta charset=\"utf-8\"/>\n</head>\n");
    QTest::newRow("empty element keeps its end tag")
        << Build([](HtmlWriter& w) { w.open("div").open("span").attr("class", "swatch").close().close(); })
        << QByteArray("<div><span class=\"swatch\"></span></div>\n");
    QTest::newRow("empty SVG element self-closes")
        << Build([](HtmlWriter& w) { w.open("svg").open("line").attr("x1", "0").close().close(); })
        << QByteArray("<svg><line x1=\"0\"/>\n</svg>\n");
    QTest::newRow("SVG element with a title") << Build([](HtmlWriter& w) {
        w.open("svg").open("rect").element("title", "3 BLOCKED").close().close();
    }) << QByteArray("<svg><rect><title>3 BLOCKED</title>\n</rect>\n</svg>\n");
    QTest::newRow("close by name") << Build([](HtmlWriter& w) {
        w.open("tr").open("td").text("1").close("td").close("tr");
    }) << QByteArray("<tr><td>1</td></tr>\n");
    QTest::newRow("element") << Build([](HtmlWriter& w) { w.open("dl").element("dt", "a<b").close(); })
                             << QByteArray("<dl><dt>a&lt;b</dt></dl>\n");
    QTest::newRow("style sheet as it is")
        << Build([](HtmlWriter& w) { w.open("style").rawText("details > summary { font: \"x\"; }").close(); })
        << QByteArray("<style>details > summary { font: \"x\"; }</style>\n");
}

void TestHtmlWriter::markup() {
    QFETCH(Build, build);
    QFETCH(QByteArray, page);
    const QByteArray html = written(build);
    QCOMPARE(html, page);
    if (!html.startsWith("<!DOCTYPE")) { // the XML reader wants no HTML doctype
        const Parsed parsed = parse(html);
        QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
    }
}

void TestHtmlWriter::misuse_data() {
    QTest::addColumn<Build>("build");

    QTest::newRow("close with nothing open") << Build([](HtmlWriter& w) { w.close(); });
    QTest::newRow("close by name with nothing open") << Build([](HtmlWriter& w) { w.close("p"); });
    QTest::newRow("close under another name")
        << Build([](HtmlWriter& w) { w.open("div").open("p").close("div"); });
    QTest::newRow("close once too often")
        << Build([](HtmlWriter& w) { w.open("div").open("p").close().close().close(); });
    QTest::newRow("finish with an element open")
        << Build([](HtmlWriter& w) { w.open("div").open("p").close(); });
    QTest::newRow("attribute after text")
        << Build([](HtmlWriter& w) { w.open("p").text("x").attr("id", "a"); });
    QTest::newRow("attribute after a child")
        << Build([](HtmlWriter& w) { w.open("p").open("b").close().attr("id", "a"); });
    QTest::newRow("attribute after the end tag")
        << Build([](HtmlWriter& w) { w.open("div").open("p").close().attr("id", "a"); });
    QTest::newRow("attribute twice") << Build(
        [](HtmlWriter& w) { w.open("p").attr("id", "a").attr("id", "b"); });
    QTest::newRow("attribute outside any element") << Build([](HtmlWriter& w) { w.attr("id", "a"); });
    QTest::newRow("text in a void element") << Build([](HtmlWriter& w) { w.open("p").open("br").text("x"); });
    QTest::newRow("element in a void element")
        << Build([](HtmlWriter& w) { w.open("head").open("meta").open("p"); });
    QTest::newRow("text outside the root") << Build([](HtmlWriter& w) { w.text("x"); });
    QTest::newRow("text after the root") << Build([](HtmlWriter& w) { w.open("html").close().text("x"); });
    QTest::newRow("a second root") << Build(
        [](HtmlWriter& w) { w.open("html").close().open("html").close(); });
    QTest::newRow("doctype after content") << Build([](HtmlWriter& w) { w.open("html").doctype(); });
    QTest::newRow("element name with a space") << Build([](HtmlWriter& w) { w.open("a b"); });
    QTest::newRow("element name with markup") << Build([](HtmlWriter& w) { w.open("p><script"); });
    QTest::newRow("empty element name") << Build([](HtmlWriter& w) { w.open(""); });
    QTest::newRow("element name starting with a digit") << Build([](HtmlWriter& w) { w.open("1p"); });
    QTest::newRow("attribute name with a quote")
        << Build([](HtmlWriter& w) { w.open("p").attr("x=\"y\" onclick", "z"); });
    QTest::newRow("raw text that ends its element")
        << Build([](HtmlWriter& w) { w.open("style").rawText("</style><script>"); });
    QTest::newRow("raw text with an entity")
        << Build([](HtmlWriter& w) { w.open("style").rawText("&amp;"); });
    QTest::newRow("raw text that is not UTF-8")
        << Build([](HtmlWriter& w) { w.open("style").rawText("\xFF"); });
}

void TestHtmlWriter::misuse() {
    QFETCH(Build, build);
    QVERIFY_THROWS_EXCEPTION(std::logic_error, written(build));
}

QTEST_GUILESS_MAIN(TestHtmlWriter)
#include "tst_html_writer.moc"
