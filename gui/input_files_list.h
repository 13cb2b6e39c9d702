#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QPushButton;

// The policy's input files: host files and folders the program may read, each at /data/<its name>, never
// writable. Added with the buttons or by dropping files onto the list; the workbench sets them, never the
// program. Shows each entry as the program sees it, with the host path as its tooltip.
class InputFilesList : public QWidget {
    Q_OBJECT

public:
    explicit InputFilesList(QWidget* parent = nullptr);

    QStringList paths() const { return m_paths; }
    void setPaths(const QStringList& paths);
    // Adds absolute paths not listed yet; returns how many were new.
    int addPaths(const QStringList& paths);
    QListWidget* list() const { return m_list; }

    // Local files among dropped URLs, as absolute paths.
    static QStringList localPaths(const QList<QUrl>& urls);

Q_SIGNALS:
    void changed();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void refresh();

    QStringList m_paths;
    QListWidget* m_list;
    QPushButton* m_addFiles;
    QPushButton* m_addFolder;
    QPushButton* m_remove;
};
