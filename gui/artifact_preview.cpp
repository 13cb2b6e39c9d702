#include "artifact_preview.h"

#include "core/artifacts.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImageReader>
#include <QStringDecoder>

using namespace sandbench;

QImage artifactPicture(const Artifact& artifact, QSize box, QString* why) {
    const QByteArray bytes = QByteArray::fromStdString(artifact.bytes);
    QByteArray format;
    if (artifact.type == "image/png")
        format = "png";
    else if (artifact.type == "image/jpeg")
        format = "jpeg";
    else if (artifact.type == "image/svg+xml")
        format = "svg";
    if (format.isEmpty()) {
        *why = QCoreApplication::translate("ArtifactPreview", "not a picture");
        return {};
    }
    if (format == "svg" && svgReachesOutside(artifact.bytes)) {
        *why = QCoreApplication::translate("ArtifactPreview",
                                           "not drawn: the SVG refers to files or addresses outside itself");
        return {};
    }
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    QImageReader reader(&buffer, format);
    reader.setDecideFormatFromContent(false); // the sniffed type decides, never a name or a claim inside
    const QSize size = reader.size();
    if (!size.isValid() || size.isEmpty()) {
        *why = reader.canRead() ? QCoreApplication::translate("ArtifactPreview", "its size cannot be read")
                                : QCoreApplication::translate("ArtifactPreview", "not a readable %1 picture")
                                      .arg(QString::fromLatin1(format).toUpper());
        return {};
    }
    if (static_cast<qint64>(size.width()) * size.height() > kMaximumPicturePixels) {
        *why = QCoreApplication::translate("ArtifactPreview",
                                           "not drawn: %1 × %2 pixels is too large to preview")
                   .arg(size.width())
                   .arg(size.height());
        return {};
    }
    reader.setScaledSize(size.scaled(box, Qt::KeepAspectRatio).expandedTo(QSize(1, 1)));
    QImage picture = reader.read();
    if (picture.isNull())
        *why =
            QCoreApplication::translate("ArtifactPreview", "cannot be decoded: %1").arg(reader.errorString());
    return picture;
}

std::vector<QStringList> artifactTableRows(const Artifact& artifact, int maxRows, int maxColumns) {
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(QByteArray::fromStdString(artifact.bytes));
    if (decoder.hasError() || text.contains(QChar(0)))
        return {};
    std::vector<QStringList> rows;
    QStringList row;
    QString cell;
    bool quoted = false;
    const auto endCell = [&] {
        if (row.size() < maxColumns)
            row << cell.left(200);
        cell.clear();
    };
    const auto endRow = [&] {
        endCell();
        rows.push_back(row);
        row.clear();
    };
    for (qsizetype i = 0; i < text.size() && static_cast<int>(rows.size()) < maxRows; ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == QLatin1Char('"') && i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
                cell += c;
                ++i;
            } else if (c == QLatin1Char('"')) {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == QLatin1Char('"')) {
            quoted = true;
        } else if (c == QLatin1Char(',')) {
            endCell();
        } else if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            if (c == QLatin1Char('\r') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n'))
                ++i;
            endRow();
        } else {
            cell += c;
        }
    }
    if ((!cell.isEmpty() || !row.isEmpty()) && static_cast<int>(rows.size()) < maxRows)
        endRow();
    return rows;
}
