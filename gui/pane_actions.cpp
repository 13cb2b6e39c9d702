#include "pane_actions.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QTabWidget>

PaneActions::PaneActions(QTabWidget* tabs, int workbenchTab, const std::vector<QDockWidget*>& docks,
                         QObject* parent)
    : QObject(parent)
    , m_tabs(tabs)
    , m_workbenchTab(workbenchTab)
    , m_docks(docks) {
    for (QDockWidget* dock : m_docks) {
        auto* action = new QAction(dock->toggleViewAction()->text(), this);
        action->setCheckable(true);
        action->setStatusTip(tr("Show or close this pane of the Workbench tab"));
        connect(action, &QAction::triggered, this, [this, dock](bool shown) {
            if (shown) {
                m_tabs->setCurrentIndex(m_workbenchTab);
                dock->show();
                dock->raise();
            } else {
                dock->close();
            }
            updateChecks();
        });
        // Closed with its own title-bar button, or brought back by a layout: the tick follows.
        connect(dock->toggleViewAction(), &QAction::toggled, this, &PaneActions::updateChecks);
        m_actions.push_back(action);
    }
    connect(m_tabs, &QTabWidget::currentChanged, this, &PaneActions::updateChecks);
    updateChecks();
}

void PaneActions::addTo(QMenu* menu) const {
    for (QAction* action : m_actions)
        menu->addAction(action);
}

// A pane is part of the layout unless it was closed: isHidden() is the pane's own state, not whether its
// tab happens to be on screen.
void PaneActions::updateChecks() {
    for (std::size_t index = 0; index < m_docks.size(); ++index)
        m_actions[index]->setChecked(!m_docks[index]->isHidden());
}
