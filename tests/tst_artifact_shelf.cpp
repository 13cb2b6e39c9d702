// The files a run left, under its output (issue 19): pictures drawn from hostile bytes only within a size
// check, SVG only when it refers to nothing outside itself, CSV as a few rows, Save writing the exact bytes,
// what was dropped said, and a hundred artifacts never growing the pane. Offscreen.

#include "gui/artifact_preview.h"
#include "gui/artifact_shelf.h"
#include "gui/output_pane.h"
#include "gui/tool_call_view.h"

#include <QApplication>
#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QPainter>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

using namespace sandbench;

namespace {

std::string encoded(const QImage& image, const char* format) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, format);
    return bytes.toStdString();
}

QImage chart() {
    QImage image(300, 200, QImage::Format_RGB32);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.fillRect(20, 50, 60, 150, Qt::blue);
    return image;
}

Artifact artifact(const std::string& name, const std::string& type, std::string bytes) {
    const auto size = static_cast<std::int64_t>(bytes.size());
    return Artifact{name, size, type, std::move(bytes)};
}

quint32 crc32(const QByteArray& bytes) {
    quint32 crc = 0xffffffffu;
    for (const char byte : bytes) {
        crc ^= static_cast<quint8>(byte);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

// A well-formed PNG header that claims `width` × `height` pixels, with no pixels behind it.
std::string pngClaiming(quint32 width, quint32 height) {
    QByteArray ihdr("IHDR");
    ihdr += QByteArray(13, '\0');
    qToBigEndian(width, ihdr.data() + 4);
    qToBigEndian(height, ihdr.data() + 8);
    ihdr[12] = 8; // bit depth
    ihdr[13] = 2; // truecolour
    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    QByteArray length(4, '\0');
    qToBigEndian(quint32(13), length.data());
    QByteArray crc(4, '\0');
    qToBigEndian(crc32(ihdr), crc.data());
    // libpng reads the chunks up to the first IDAT before it says a size: an empty one.
    QByteArray idat("\0\0\0\0IDAT", 8);
    QByteArray idatCrc(4, '\0');
    qToBigEndian(crc32("IDAT"), idatCrc.data());
    return (png + length + ihdr + crc + idat + idatCrc).toStdString();
}

constexpr const char* kSafeSvg =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"100\"><rect width=\"400\" "
    "height=\"100\" fill=\"green\"/><use href=\"#a\"/></svg>";

} // namespace

class TestArtifactShelf : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void picturesAreDrawnOnlyWhenSafe_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("drawn");
        QTest::addColumn<QString>("why");
        QTest::newRow("png") << "image/png" << QByteArray::fromStdString(encoded(chart(), "PNG")) << true
                             << QString();
        QTest::newRow("jpeg") << "image/jpeg" << QByteArray::fromStdString(encoded(chart(), "JPEG")) << true
                              << QString();
        QTest::newRow("svg") << "image/svg+xml" << QByteArray(kSafeSvg) << true << QString();
        QTest::newRow("svg naming a host file")
            << "image/svg+xml"
            << QByteArray(
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
                   "<image xlink:href=\"file:///etc/hostname\" width=\"10\" height=\"10\"/></svg>")
            << false << "outside itself";
        QTest::newRow("svg with entities") << "image/svg+xml"
                                           << QByteArray("<!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\">]><svg "
                                                         "xmlns=\"http://www.w3.org/2000/svg\">&a;</svg>")
                                           << false << "outside itself";
        QTest::newRow("png claiming 100000 x 100000 pixels")
            << "image/png" << QByteArray::fromStdString(pngClaiming(100000, 100000)) << false << "too large";
        QTest::newRow("png that is not one")
            << "image/png" << QByteArray("\x89PNG\r\n\x1a\ngarbage", 15) << false << "PNG";
        QTest::newRow("text") << "text/plain" << QByteArray("hello") << false << "not a picture";
    }
    void picturesAreDrawnOnlyWhenSafe() {
        QFETCH(QString, type);
        QFETCH(QByteArray, bytes);
        QFETCH(bool, drawn);
        QFETCH(QString, why);
        QString reason;
        const QImage picture =
            artifactPicture(artifact("a", type.toStdString(), bytes.toStdString()), QSize(188, 120), &reason);
        QCOMPARE(!picture.isNull(), drawn);
        if (drawn) {
            QVERIFY(picture.width() <= 188 && picture.height() <= 120);
            QVERIFY(picture.width() == 188 || picture.height() == 120); // scaled to fit, aspect kept
        } else {
            QVERIFY2(reason.contains(why), qPrintable(reason));
        }
    }

    void csvBecomesRows() {
        const auto rows = artifactTableRows(
            artifact("t.csv", "text/csv",
                     "month,revenue,note\r\n2026-01,10,\"a, b\"\n2026-02,12,\"say \"\"hi\"\"\"\n"),
            8, 6);
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[1], (QStringList{"2026-01", "10", "a, b"}));
        QCOMPARE(rows[2], (QStringList{"2026-02", "12", "say \"hi\""}));
        QVERIFY(
            artifactTableRows(artifact("b.csv", "text/csv", std::string("\xff\xfe\0x", 4)), 8, 6).empty());
        // Bounded, however long the file.
        std::string many;
        for (int i = 0; i < 1000; ++i)
            many += "1,2,3,4,5,6,7,8,9\n";
        const auto bounded = artifactTableRows(artifact("m.csv", "text/csv", many), 8, 6);
        QCOMPARE(bounded.size(), std::size_t(8));
        QCOMPARE(bounded[0].size(), 6);
    }

    void outputPaneShowsAndSavesArtifacts() {
        OutputPane pane;
        pane.resize(800, 500);
        pane.show();
        QVERIFY(!pane.artifacts()->isVisible());
        RunResult result;
        result.tier = "subprocess";
        result.exitCode = 0;
        const std::string png = encoded(chart(), "PNG");
        result.artifacts = {artifact("chart.png", "image/png", png),
                            artifact("table.csv", "text/csv", "a,b\n1,2\n"),
                            artifact("data.bin", "application/octet-stream", std::string("\0\1\2", 3))};
        result.artifactsDropped = {"link.txt: a symbolic link, not followed"};
        pane.showResult(result);
        ArtifactShelf* shelf = pane.artifacts();
        QVERIFY(shelf->isVisible());
        QCOMPARE(shelf->count(), 3);
        QCOMPARE(shelf->previewKind(0), QString("picture"));
        QCOMPARE(shelf->previewKind(1), QString("table"));
        QCOMPARE(shelf->previewKind(2), QString("none"));
        QVERIFY2(shelf->droppedText().contains("link.txt"), qPrintable(shelf->droppedText()));
        QCOMPARE(shelf->findChildren<QPushButton*>("saveArtifact").size(), 3);

        QTemporaryDir dir;
        QString error;
        QVERIFY2(shelf->saveArtifact(0, dir.filePath("saved.png"), &error), qPrintable(error));
        QFile saved(dir.filePath("saved.png"));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll().toStdString(), png);
        QVERIFY(!shelf->saveArtifact(0, dir.filePath("no/such/folder/x.png"), &error));
        QVERIFY(error.contains("Cannot write"));

        pane.clear();
        QVERIFY(!shelf->isVisible());
        QCOMPARE(shelf->count(), 0);
    }

    // A hundred artifacts scroll sideways: the pane asks for no more room than with one.
    void manyArtifactsDoNotGrowThePane() {
        OutputPane pane;
        RunResult one;
        one.exitCode = 0;
        one.artifacts = {artifact("chart.png", "image/png", encoded(chart(), "PNG"))};
        pane.showResult(one);
        const int height = pane.minimumSizeHint().height();
        const int width = pane.minimumSizeHint().width();
        RunResult many = one;
        for (int i = 0; i < 100; ++i)
            many.artifacts.push_back(
                artifact("c" + std::to_string(i) + ".png", "image/png", one.artifacts[0].bytes));
        pane.showResult(many);
        QCOMPARE(pane.artifacts()->count(), 101);
        QCOMPARE(pane.minimumSizeHint().height(), height);
        QCOMPARE(pane.minimumSizeHint().width(), width);
    }

    void toolCallShowsArtifacts() {
        agent::ToolRun run;
        run.call = agent::ToolCall{"toolu_1", "run_python", nlohmann::json{{"code", "print(1)"}}, {}};
        run.code = "print(1)";
        run.tier = "container";
        ToolCallView view(run);
        RunResult result;
        result.exitCode = 0;
        result.artifacts = {artifact("chart.png", "image/png", encoded(chart(), "PNG"))};
        run.result = result;
        run.sentToModel.images = {agent::ToolImage{"chart.png", "image/png", result.artifacts[0].bytes}};
        view.finish(run);
        QCOMPARE(view.artifacts()->count(), 1);
        QCOMPARE(view.artifacts()->previewKind(0), QString("picture"));
        QVERIFY2(view.resultText().contains("pictures shown to the model: 1"), qPrintable(view.resultText()));
    }
};

int main(int argc, char** argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    TestArtifactShelf test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_artifact_shelf.moc"
