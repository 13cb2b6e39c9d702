#pragma once

#include "core/run_result.h"

#include <QScrollArea>
#include <vector>

class QLabel;
class QHBoxLayout;

// The files a run left in /tmp/outputs, under its output: a row of cards, each with a preview (a picture,
// the first rows of a CSV, or its type), its name and size, and Save. What the tier dropped (over the caps,
// links, folders) is said in a line below. Scrolls sideways within a fixed height, so a hundred artifacts
// never grow the window; hidden when the run left none.
class ArtifactShelf : public QScrollArea {
    Q_OBJECT

public:
    explicit ArtifactShelf(QWidget* parent = nullptr);

    void showArtifacts(const sandbench::RunResult& result);
    void clear();

    int count() const { return static_cast<int>(m_artifacts.size()); }
    // What the card of artifact `index` previews: "picture", "table" or "none" (then previewNote() says why).
    QString previewKind(int index) const;
    QString previewNote(int index) const;
    QString droppedText() const;
    // Writes artifact `index`'s bytes to `path`; false with `error` set when it cannot.
    bool saveArtifact(int index, const QString& path, QString* error) const;

    static constexpr int kPreviewHeight = 120;

private:
    QWidget* cardFor(int index);
    void chooseFileFor(int index);

    std::vector<sandbench::Artifact> m_artifacts;
    std::vector<QString> m_kinds;
    std::vector<QString> m_notes;
    QWidget* m_cards;
    QHBoxLayout* m_row;
    QLabel* m_dropped;
};
