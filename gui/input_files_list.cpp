#include "input_files_list.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QListWidget>
#include <QMimeData>
#include <QPushButton>
#include <QUrl>
#include <QVBoxLayout>

InputFilesList::InputFilesList(QWidget* parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_addFiles(new QPushButton(tr("Add files…"), this))
    , m_addFolder(new QPushButton(tr("Add folder…"), this))
    , m_remove(new QPushButton(tr("Remove"), this)) {
    m_list->setObjectName(QStringLiteral("policy.inputs"));
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setToolTip(
        tr("Files and folders the program may read, read-only, at /data/<name>. Drop files here "
           "or on the agent chat."));
    m_list->setMaximumHeight(5 * fontMetrics().height());
    m_list->viewport()->setAcceptDrops(true);
    m_list->viewport()->installEventFilter(this);
    connect(m_addFiles, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(this, tr("Input files for the program"));
        addPaths(files);
    });
    connect(m_addFolder, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("An input folder for the program"));
        if (!folder.isEmpty())
            addPaths({folder});
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        QStringList kept;
        for (int row = 0; row < m_list->count(); ++row)
            if (!m_list->item(row)->isSelected())
                kept << m_paths.value(row);
        if (kept.size() != m_paths.size()) {
            m_paths = kept;
            refresh();
            Q_EMIT changed();
        }
    });
    connect(m_list, &QListWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(!m_list->selectedItems().isEmpty()); });
    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_addFiles);
    buttons->addWidget(m_addFolder);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
    refresh();
}

void InputFilesList::setPaths(const QStringList& paths) {
    if (paths == m_paths)
        return;
    m_paths = paths;
    refresh();
}

int InputFilesList::addPaths(const QStringList& paths) {
    int added = 0;
    for (const QString& path : paths) {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        if (path.isEmpty() || m_paths.contains(absolute))
            continue;
        m_paths << absolute;
        ++added;
    }
    if (added > 0) {
        refresh();
        Q_EMIT changed();
    }
    return added;
}

QStringList InputFilesList::localPaths(const QList<QUrl>& urls) {
    QStringList paths;
    for (const QUrl& url : urls)
        if (url.isLocalFile() && !url.toLocalFile().isEmpty())
            paths << QFileInfo(url.toLocalFile()).absoluteFilePath();
    return paths;
}

bool InputFilesList::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_list->viewport()) {
        if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
            auto* drag = static_cast<QDropEvent*>(event);
            if (!localPaths(drag->mimeData()->urls()).isEmpty()) {
                drag->acceptProposedAction();
                return true;
            }
        } else if (event->type() == QEvent::Drop) {
            auto* drop = static_cast<QDropEvent*>(event);
            addPaths(localPaths(drop->mimeData()->urls()));
            drop->acceptProposedAction();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void InputFilesList::refresh() {
    m_list->clear();
    for (const QString& path : m_paths) {
        auto* item = new QListWidgetItem(QStringLiteral("/data/") + QFileInfo(path).fileName(), m_list);
        item->setToolTip(path);
    }
    if (m_paths.isEmpty()) {
        auto* hint = new QListWidgetItem(tr("No input files: drop files here"), m_list);
        hint->setFlags(Qt::NoItemFlags);
    }
    m_remove->setEnabled(false);
}
