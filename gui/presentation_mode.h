#pragma once

#include <QFont>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

class AttackMatrixModel;
class QAction;
class QSplitter;
class QTableView;
class QToolButton;
class QWidget;

// The Attack Lab's text size and its presentation mode, for a class in front of a projector.
//
// The zoom (Ctrl + and Ctrl −, Ctrl 0 back to the default) scales the Lab's text: the matrix, its legend,
// the counts table, the charts' titles, axes and legends, and the cell details. Presentation mode (a
// checkable action) puts the whole suite on one screen: the suite folder and the tier boxes make way, the
// cell details move beside the charts, the matrix gets the left side's full height, and its cells become
// compact (one line, the verdict and the deciding layer, the seconds in the tooltip), each column as wide as
// its widest cell so nothing is cut. The rest of the text is at the presentation zoom (125 % to begin with);
// the matrix's (and its legend's) is too, unless the whole suite would then not fit: then it is as large as
// fits, so the matrix never scrolls (the bundled 54 attacks × 4 tiers on a 1920×1080 screen fit at about the
// desktop's own size: a row of text is all a 1080-pixel screen has for each attack). Each mode remembers its
// own zoom, and the mode itself, in QSettings ("lab/presentation", "lab/zoom", "lab/presentationZoom").
class LabPresentation : public QObject {
    Q_OBJECT

public:
    struct Parts {
        QWidget* page = nullptr;
        QList<QWidget*> setup;      // made way for in presentation mode: the suite row, the tier list
        QSplitter* body = nullptr;  // the matrix's side | the charts' side
        QSplitter* left = nullptr;  // the matrix pane, then the cell details
        QSplitter* right = nullptr; // the verdict chart's pane, the latency chart's pane
        QTableView* matrix = nullptr;
        QWidget* legend = nullptr; // under the matrix, at the matrix's text size
        AttackMatrixModel* model = nullptr;
        QWidget* details = nullptr;
        QList<QWidget*> text; // the rest of the Lab's text that the zoom scales
    };

    LabPresentation(const Parts& parts, QObject* parent = nullptr);

    QAction* toggleAction() const { return m_toggle; }
    QAction* zoomInAction() const { return m_zoomIn; }
    QAction* zoomOutAction() const { return m_zoomOut; }
    QAction* zoomResetAction() const { return m_zoomReset; }
    // All four, for a menu.
    QList<QAction*> actions() const { return {m_toggle, m_zoomIn, m_zoomOut, m_zoomReset}; }
    // A text button for the toggle, for the Lab's own row of buttons.
    QToolButton* newToggleButton(QWidget* parent) const;

    bool isOn() const { return m_on; }
    void setOn(bool on);
    int zoom() const { return m_zoom[m_on]; } // percent, in the current mode
    void setZoom(int percent);                // the nearest step, in the current mode
    void zoomIn();
    void zoomOut();
    void resetZoom();
    // The point size the matrix is shown at: the zoom's, or in presentation mode what fits, if smaller.
    double matrixPointSize() const;

    static QList<int> zoomSteps();
    static int defaultZoom(bool presentation) { return presentation ? 125 : 100; }

Q_SIGNALS:
    void changed(); // the mode or the zoom

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void apply();
    void layOut(bool presentation);
    void fitMatrix(); // presentation mode: the largest matrix font that fits, and room for it
    void scheduleFit();
    QFont zoomed(QWidget* widget, int percent) const;
    void save() const;

    Parts m_parts;
    QHash<QWidget*, QFont> m_baseFonts; // as each widget was before any zoom
    QAction* m_toggle;
    QAction* m_zoomIn;
    QAction* m_zoomOut;
    QAction* m_zoomReset;
    bool m_on = false;
    int m_zoom[2] = {100, 125}; // [normal, presentation]
    bool m_fitting = false;
    bool m_fitPending = false;
    QList<int> m_normalBody; // the splitters' sizes before presentation mode, to go back to
    QList<int> m_normalLeft;
    QList<int> m_normalRight;
};
