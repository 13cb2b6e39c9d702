#include "empty_state.h"

#include <QAbstractItemView>
#include <QEvent>

EmptyStateLabel::EmptyStateLabel(QAbstractItemView* view, const QString& text)
    : QLabel(text, view->viewport())
    , m_view(view) {
    setObjectName(QStringLiteral("emptyState"));
    setAlignment(Qt::AlignCenter);
    setWordWrap(true);
    setForegroundRole(QPalette::PlaceholderText);
    setAttribute(Qt::WA_TransparentForMouseEvents);
    view->viewport()->installEventFilter(this);
    QAbstractItemModel* model = view->model();
    const auto follows = [this] { follow(); };
    connect(model, &QAbstractItemModel::modelReset, this, follows);
    connect(model, &QAbstractItemModel::layoutChanged, this, follows);
    connect(model, &QAbstractItemModel::rowsInserted, this, follows);
    connect(model, &QAbstractItemModel::rowsRemoved, this, follows);
    connect(model, &QAbstractItemModel::columnsInserted, this, follows);
    connect(model, &QAbstractItemModel::columnsRemoved, this, follows);
    follow();
}

void EmptyStateLabel::follow() {
    const QAbstractItemModel* model = m_view->model();
    setVisible(model && (model->rowCount() == 0 || model->columnCount() == 0));
    setGeometry(m_view->viewport()->rect().adjusted(12, 12, -12, -12));
}

bool EmptyStateLabel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        setGeometry(m_view->viewport()->rect().adjusted(12, 12, -12, -12));
    return QLabel::eventFilter(watched, event);
}
