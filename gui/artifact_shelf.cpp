#include "artifact_shelf.h"

#include "artifact_preview.h"

#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace sandbench;

namespace {
constexpr int kCardWidth = 200;
constexpr int kTableRows = 8;
constexpr int kTableColumns = 6;
} // namespace

ArtifactShelf::ArtifactShelf(QWidget* parent)
    : QScrollArea(parent)
    , m_cards(new QWidget)
    , m_row(new QHBoxLayout)
    , m_dropped(new QLabel) {
    setObjectName(QStringLiteral("artifactShelf"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_row->setContentsMargins(0, 0, 0, 0);
    m_row->addStretch(1);
    m_dropped->setWordWrap(true);
    m_dropped->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* layout = new QVBoxLayout(m_cards);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->addLayout(m_row);
    layout->addWidget(m_dropped);
    setWidget(m_cards);
    // A card's height and a line of notes; never more, whatever the run left.
    setMaximumHeight(kPreviewHeight + 6 * fontMetrics().height());
    hide();
}

void ArtifactShelf::clear() {
    while (m_row->count() > 1) {
        QLayoutItem* item = m_row->takeAt(0);
        delete item->widget();
        delete item;
    }
    m_artifacts.clear();
    m_kinds.clear();
    m_notes.clear();
    m_dropped->clear();
    hide();
}

void ArtifactShelf::showArtifacts(const RunResult& result) {
    clear();
    m_artifacts = result.artifacts;
    m_kinds.assign(m_artifacts.size(), QStringLiteral("none"));
    m_notes.assign(m_artifacts.size(), QString());
    for (int i = 0; i < count(); ++i)
        m_row->insertWidget(i, cardFor(i));
    QStringList dropped;
    for (const std::string& line : result.artifactsDropped)
        dropped << QString::fromStdString(line);
    if (!dropped.isEmpty())
        m_dropped->setText(tr("Not collected: %1").arg(dropped.join(QStringLiteral("; "))));
    m_dropped->setVisible(!dropped.isEmpty());
    setVisible(count() > 0 || !dropped.isEmpty());
}

QWidget* ArtifactShelf::cardFor(int index) {
    const Artifact& artifact = m_artifacts[static_cast<std::size_t>(index)];
    auto* card = new QFrame;
    card->setFrameShape(QFrame::StyledPanel);
    card->setFixedWidth(kCardWidth);
    auto* layout = new QVBoxLayout(card);
    layout->setContentsMargins(4, 4, 4, 4);

    const QSize box(kCardWidth - 12, kPreviewHeight);
    QString why;
    const QImage picture = artifactPicture(artifact, box, &why);
    if (!picture.isNull()) {
        auto* preview = new QLabel;
        preview->setPixmap(QPixmap::fromImage(picture));
        preview->setAlignment(Qt::AlignCenter);
        preview->setFixedHeight(kPreviewHeight);
        layout->addWidget(preview);
        m_kinds[static_cast<std::size_t>(index)] = QStringLiteral("picture");
    } else if (artifact.type == "text/csv") {
        const std::vector<QStringList> rows = artifactTableRows(artifact, kTableRows, kTableColumns);
        auto* table = new QTableWidget(static_cast<int>(rows.size()), 0);
        for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
            const QStringList& cells = rows[static_cast<std::size_t>(r)];
            table->setColumnCount(std::max(table->columnCount(), static_cast<int>(cells.size())));
            for (int c = 0; c < cells.size(); ++c)
                table->setItem(r, c, new QTableWidgetItem(cells[c]));
        }
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->horizontalHeader()->setVisible(false);
        table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 2);
        table->setFixedHeight(kPreviewHeight);
        layout->addWidget(table);
        m_kinds[static_cast<std::size_t>(index)] = QStringLiteral("table");
    } else {
        if (artifact.type.rfind("image/", 0) == 0)
            m_notes[static_cast<std::size_t>(index)] = why;
        auto* type = new QLabel(why.isEmpty() || artifact.type.rfind("image/", 0) != 0
                                    ? QString::fromStdString(artifact.type)
                                    : QString::fromStdString(artifact.type) + QStringLiteral("\n") + why);
        type->setWordWrap(true);
        type->setAlignment(Qt::AlignCenter);
        type->setFixedHeight(kPreviewHeight);
        layout->addWidget(type);
    }
    const QString name = QString::fromStdString(artifact.name);
    auto* label = new QLabel(fontMetrics().elidedText(name, Qt::ElideMiddle, kCardWidth - 12));
    label->setToolTip(name);
    layout->addWidget(label);
    auto* footer = new QHBoxLayout;
    footer->addWidget(new QLabel(QLocale().formattedDataSize(artifact.size)), 1);
    auto* save = new QPushButton(tr("Save…"));
    save->setObjectName(QStringLiteral("saveArtifact"));
    save->setToolTip(tr("Save %1 on this computer").arg(name));
    connect(save, &QPushButton::clicked, this, [this, index] { chooseFileFor(index); });
    footer->addWidget(save);
    layout->addLayout(footer);
    return card;
}

QString ArtifactShelf::previewKind(int index) const {
    return index >= 0 && index < count() ? m_kinds[static_cast<std::size_t>(index)] : QString();
}

QString ArtifactShelf::previewNote(int index) const {
    return index >= 0 && index < count() ? m_notes[static_cast<std::size_t>(index)] : QString();
}

QString ArtifactShelf::droppedText() const {
    return m_dropped->text();
}

bool ArtifactShelf::saveArtifact(int index, const QString& path, QString* error) const {
    if (index < 0 || index >= count()) {
        *error = tr("No such artifact");
        return false;
    }
    const std::string& bytes = m_artifacts[static_cast<std::size_t>(index)].bytes;
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        out.write(bytes.data(), static_cast<qint64>(bytes.size())) != static_cast<qint64>(bytes.size())) {
        *error = tr("Cannot write %1: %2").arg(path, out.errorString());
        return false;
    }
    return true;
}

void ArtifactShelf::chooseFileFor(int index) {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save artifact"), QString::fromStdString(m_artifacts[static_cast<std::size_t>(index)].name));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveArtifact(index, path, &error)) {
        m_dropped->setText(error);
        m_dropped->show();
    }
}
