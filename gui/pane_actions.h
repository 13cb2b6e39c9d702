#pragma once

#include <QObject>
#include <vector>

class QAction;
class QDockWidget;
class QMenu;
class QTabWidget;

// The View menu's entry for each pane of the Workbench tab. A dock's own toggleViewAction() follows what is
// on screen, so on the Attack Lab tab every pane showed unticked, and ticking one showed it inside the hidden
// tab: nothing happened. These follow the Workbench's layout instead (ticked while the pane is part of it,
// whichever tab is shown), and showing a pane brings the Workbench tab to the front with the pane raised.
class PaneActions : public QObject {
    Q_OBJECT

public:
    // `workbenchTab`: the index in `tabs` of the page that holds `docks`.
    PaneActions(QTabWidget* tabs, int workbenchTab, const std::vector<QDockWidget*>& docks, QObject* parent);

    void addTo(QMenu* menu) const;
    const std::vector<QAction*>& actions() const { return m_actions; } // in the order of the docks

private:
    void updateChecks();

    QTabWidget* m_tabs;
    int m_workbenchTab;
    std::vector<QDockWidget*> m_docks;
    std::vector<QAction*> m_actions;
};
