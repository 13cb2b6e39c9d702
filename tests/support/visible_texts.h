#pragma once

// Every text a user can see in a window, gathered from its widgets: labels, buttons, titles, tabs, menus,
// combo boxes, placeholders, tooltips, item views (cells and headers) and charts. The panes that show the
// program's own code and output are left out: those texts are the program's, not the workbench's.

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTabBar>
#include <QTextDocumentFragment>
#include <QTextEdit>
#include <functional>

namespace test_support {

struct VisibleText {
    QString where; // the widget's class and object name, for the failure message
    QString text;
};

inline QString plainOf(const QString& text) {
    QString plain = Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
    plain.remove(QLatin1Char('&')); // a shortcut's marker, not part of the words
    return plain.simplified();
}

// `skip` says which widgets (and everything inside them) hold the program's own texts.
inline QList<VisibleText> visibleTexts(QMainWindow& window, const std::function<bool(QWidget*)>& skip) {
    QList<VisibleText> texts;
    auto add = [&texts](QObject* from, const QString& text) {
        const QString plain = plainOf(text);
        if (!plain.isEmpty())
            texts.append(
                {QString::fromLatin1(from->metaObject()->className()) + QLatin1Char('#') + from->objectName(),
                 plain});
    };
    auto skipped = [&](QWidget* widget) {
        for (QWidget* w = widget; w; w = w->parentWidget())
            if (skip(w))
                return true;
        return false;
    };
    std::function<void(QMenu*)> addMenu = [&](QMenu* menu) {
        add(menu, menu->title());
        for (QAction* action : menu->actions()) {
            add(menu, action->text());
            add(menu,
                action->toolTip() == action->text().remove(QLatin1Char('&')) ? QString() : action->toolTip());
            if (action->menu())
                addMenu(action->menu());
        }
    };
    for (QAction* action : window.menuBar()->actions())
        if (action->menu())
            addMenu(action->menu());
    add(window.statusBar(), window.statusBar()->currentMessage());

    for (QWidget* widget : window.findChildren<QWidget*>()) {
        if (skipped(widget) || widget->isHidden())
            continue;
        add(widget, widget->toolTip());
        if (auto* label = qobject_cast<QLabel*>(widget))
            add(widget, label->text());
        else if (auto* button = qobject_cast<QAbstractButton*>(widget))
            add(widget, button->text());
        else if (auto* group = qobject_cast<QGroupBox*>(widget))
            add(widget, group->title());
        else if (auto* dock = qobject_cast<QDockWidget*>(widget))
            add(widget, dock->windowTitle());
        else if (auto* tabs = qobject_cast<QTabBar*>(widget))
            for (int i = 0; i < tabs->count(); ++i)
                add(widget, tabs->tabText(i));
        else if (auto* combo = qobject_cast<QComboBox*>(widget))
            for (int i = 0; i < combo->count(); ++i)
                add(widget, combo->itemText(i));
        else if (auto* line = qobject_cast<QLineEdit*>(widget))
            add(widget, line->placeholderText());
        else if (auto* plain = qobject_cast<QPlainTextEdit*>(widget)) {
            add(widget, plain->placeholderText());
            if (plain->isReadOnly())
                add(widget, plain->toPlainText());
        } else if (auto* rich = qobject_cast<QTextEdit*>(widget)) {
            add(widget, rich->placeholderText());
            if (rich->isReadOnly())
                add(widget, rich->toPlainText());
        } else if (auto* chartView = qobject_cast<QChartView*>(widget)) {
            QChart* chart = chartView->chart();
            add(widget, chart->title());
            for (QAbstractAxis* axis : chart->axes()) {
                add(widget, axis->titleText());
                if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis))
                    for (const QString& category : categories->categories())
                        add(widget, category);
            }
            for (QLegendMarker* marker : chart->legend()->markers())
                add(widget, marker->label());
        }
        if (auto* view = qobject_cast<QAbstractItemView*>(widget); view && view->model()) {
            const QAbstractItemModel* model = view->model();
            for (int row = 0; row < model->rowCount(); ++row)
                for (int column = 0; column < model->columnCount(); ++column)
                    for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole)})
                        add(widget, model->index(row, column).data(role).toString());
            for (int column = 0; column < model->columnCount(); ++column)
                add(widget, model->headerData(column, Qt::Horizontal).toString());
            for (int row = 0; row < model->rowCount(); ++row)
                add(widget, model->headerData(row, Qt::Vertical).toString());
        }
    }
    return texts;
}

} // namespace test_support
