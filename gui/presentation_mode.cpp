#include "presentation_mode.h"

#include "attack_matrix_model.h"

#include <QAction>
#include <QApplication>
#include <QEvent>
#include <QHeaderView>
#include <QLayout>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <algorithm>
#include <cmath>

namespace {

const QString kOnKey = QStringLiteral("lab/presentation");
const QString kZoomKey[2] = {QStringLiteral("lab/zoom"), QStringLiteral("lab/presentationZoom")};

constexpr double kSmallestFit = 6.0;  // points: below this a fitted matrix would not be read anyway
constexpr int kCompactRowPadding = 1; // pixels above and below a compact row's line

// Every widget under `root` whose font is its own (set explicitly), and `root` itself.
QList<QWidget*> withOwnFonts(QWidget* root) {
    QList<QWidget*> widgets{root};
    for (QWidget* child : root->findChildren<QWidget*>())
        if (child->testAttribute(Qt::WA_SetFont))
            widgets.append(child);
    return widgets;
}

// The zoom step nearest to `percent`.
int nearestStep(int percent) {
    const QList<int> steps = LabPresentation::zoomSteps();
    return *std::min_element(steps.begin(), steps.end(), [percent](int a, int b) {
        return std::abs(a - percent) < std::abs(b - percent);
    });
}

QFont scaled(const QFont& base, double factor) {
    QFont font = base;
    if (base.pointSizeF() > 0)
        font.setPointSizeF(base.pointSizeF() * factor);
    else
        font.setPixelSize(std::max(1, static_cast<int>(std::lround(base.pixelSize() * factor))));
    return font;
}

} // namespace

LabPresentation::LabPresentation(const Parts& parts, QObject* parent)
    : QObject(parent)
    , m_parts(parts)
    , m_toggle(new QAction(tr("&Presentation Mode"), this))
    , m_zoomIn(new QAction(tr("Zoom &In"), this))
    , m_zoomOut(new QAction(tr("Zoom &Out"), this))
    , m_zoomReset(new QAction(tr("&Reset Zoom"), this)) {
    m_toggle->setCheckable(true);
    m_toggle->setStatusTip(
        tr("Show the Attack Lab for a projector: larger text, the whole suite on one screen, "
           "cells wide enough for the layer"));
    m_zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    m_zoomIn->setStatusTip(tr("Make the Attack Lab's text larger"));
    m_zoomOut->setShortcuts({QKeySequence::ZoomOut, QKeySequence(Qt::CTRL | Qt::Key_Underscore)});
    m_zoomOut->setStatusTip(tr("Make the Attack Lab's text smaller"));
    m_zoomReset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    m_zoomReset->setStatusTip(tr("Give the Attack Lab's text its default size again"));
    // On the page, so the shortcuts work while the Lab is shown; a menu shows them all the time, so the zoom
    // is enabled only while the Lab is on screen.
    for (QAction* action : {m_zoomIn, m_zoomOut, m_zoomReset}) {
        action->setEnabled(false);
        m_parts.page->addAction(action);
    }
    connect(m_toggle, &QAction::toggled, this, &LabPresentation::setOn);
    connect(m_zoomIn, &QAction::triggered, this, &LabPresentation::zoomIn);
    connect(m_zoomOut, &QAction::triggered, this, &LabPresentation::zoomOut);
    connect(m_zoomReset, &QAction::triggered, this, &LabPresentation::resetZoom);

    QList<QWidget*> zoomedWidgets = m_parts.text;
    zoomedWidgets.append(m_parts.matrix);
    zoomedWidgets.append(m_parts.legend);
    for (QWidget* root : zoomedWidgets)
        for (QWidget* widget : withOwnFonts(root))
            m_baseFonts.insert(widget, widget->font());

    // The fit follows the room and the rows: a resized matrix, another suite, new tiers, longer cells.
    m_parts.page->installEventFilter(this);
    m_parts.matrix->installEventFilter(this);
    const auto fit = [this] { scheduleFit(); };
    connect(m_parts.model, &QAbstractItemModel::modelReset, this, fit);
    connect(m_parts.model, &QAbstractItemModel::layoutChanged, this, fit);
    connect(m_parts.model, &QAbstractItemModel::dataChanged, this, fit);

    const QSettings settings;
    for (const bool presentation : {false, true}) // a value from elsewhere becomes the nearest step
        m_zoom[presentation] =
            nearestStep(settings.value(kZoomKey[presentation], defaultZoom(presentation)).toInt());
    apply();
    if (settings.value(kOnKey, false).toBool())
        m_toggle->setChecked(true); // → setOn(true)
}

QToolButton* LabPresentation::newToggleButton(QWidget* parent) const {
    auto* button = new QToolButton(parent);
    button->setDefaultAction(m_toggle);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

QList<int> LabPresentation::zoomSteps() {
    return {50, 67, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300};
}

void LabPresentation::setOn(bool on) {
    if (on == m_on)
        return;
    m_on = on;
    m_toggle->setChecked(on);
    layOut(on);
    apply();
    save();
    Q_EMIT changed();
}

void LabPresentation::setZoom(int percent) {
    const int step = nearestStep(percent);
    if (step == m_zoom[m_on])
        return;
    m_zoom[m_on] = step;
    apply();
    save();
    Q_EMIT changed();
}

void LabPresentation::zoomIn() {
    const QList<int> steps = zoomSteps();
    const auto next = std::upper_bound(steps.begin(), steps.end(), zoom());
    if (next != steps.end())
        setZoom(*next);
}

void LabPresentation::zoomOut() {
    const QList<int> steps = zoomSteps();
    const auto at = std::lower_bound(steps.begin(), steps.end(), zoom());
    if (at != steps.begin())
        setZoom(*(at - 1));
}

void LabPresentation::resetZoom() {
    setZoom(defaultZoom(m_on));
}

double LabPresentation::matrixPointSize() const {
    return m_parts.matrix->font().pointSizeF();
}

QFont LabPresentation::zoomed(QWidget* widget, int percent) const {
    return scaled(m_baseFonts.value(widget, widget->font()), percent / 100.0);
}

void LabPresentation::save() const {
    QSettings settings;
    settings.setValue(kOnKey, m_on);
    for (const bool presentation : {false, true})
        settings.setValue(kZoomKey[presentation], m_zoom[presentation]);
}

void LabPresentation::apply() {
    m_zoomIn->setEnabled(m_parts.page->isVisible() && zoom() < zoomSteps().last());
    m_zoomOut->setEnabled(m_parts.page->isVisible() && zoom() > zoomSteps().first());
    m_zoomReset->setEnabled(m_parts.page->isVisible());
    for (auto it = m_baseFonts.cbegin(); it != m_baseFonts.cend(); ++it)
        if (it.key() != m_parts.matrix && it.key() != m_parts.legend)
            it.key()->setFont(scaled(it.value(), zoom() / 100.0));
    if (!m_on) {
        m_parts.matrix->setFont(zoomed(m_parts.matrix, zoom()));
        m_parts.legend->setFont(zoomed(m_parts.legend, zoom()));
        return;
    }
    fitMatrix();
}

void LabPresentation::layOut(bool presentation) {
    QTableView* matrix = m_parts.matrix;
    QHeaderView* rows = matrix->verticalHeader();
    QHeaderView* columns = matrix->horizontalHeader();
    m_parts.model->setCompact(presentation);
    if (presentation) {
        // Before it was ever laid out a splitter's sizes are zeros, which would collapse its panes later.
        const auto laidOut = [](const QList<int>& sizes) {
            return std::any_of(sizes.begin(), sizes.end(), [](int size) { return size > 0; });
        };
        m_normalBody = laidOut(m_parts.body->sizes()) ? m_parts.body->sizes() : QList<int>();
        m_normalLeft = laidOut(m_parts.left->sizes()) ? m_parts.left->sizes() : QList<int>();
        m_normalRight = laidOut(m_parts.right->sizes()) ? m_parts.right->sizes() : QList<int>();
        for (QWidget* widget : m_parts.setup)
            widget->hide();
        // The details beside the charts, between the verdicts and the latency: the matrix gets its side.
        m_parts.right->insertWidget(1, m_parts.details);
        const int height = std::max(m_parts.right->height(), 300);
        m_parts.right->setSizes({height / 2, height * 8 / 25, height * 9 / 50});
        rows->setSectionResizeMode(QHeaderView::Fixed);
        columns->setSectionResizeMode(QHeaderView::Fixed);
        matrix->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
        matrix->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    } else {
        for (QWidget* widget : m_parts.setup)
            widget->show();
        m_parts.left->addWidget(m_parts.details);
        rows->setMinimumSectionSize(-1);
        rows->setSectionResizeMode(QHeaderView::ResizeToContents);
        columns->setSectionResizeMode(QHeaderView::Stretch);
        for (auto [splitter, sizes] :
             {std::pair{m_parts.body, &m_normalBody}, std::pair{m_parts.left, &m_normalLeft},
              std::pair{m_parts.right, &m_normalRight}}) {
            if (!sizes->isEmpty() && sizes->size() == splitter->count())
                splitter->setSizes(*sizes);
        }
    }
    if (QLayout* layout = m_parts.page->layout())
        layout->activate(); // the matrix's room now, for the fit
}

void LabPresentation::scheduleFit() {
    if (!m_on || m_fitPending)
        return;
    m_fitPending = true;
    QTimer::singleShot(0, this, [this] {
        m_fitPending = false;
        if (m_on)
            fitMatrix();
    });
}

void LabPresentation::fitMatrix() {
    if (m_fitting || !m_parts.page->isVisible()) // a hidden page has no room to fit; its Show fits again
        return;
    m_fitting = true;
    QTableView* matrix = m_parts.matrix;
    QHeaderView* rowHeader = matrix->verticalHeader();
    QHeaderView* columnHeader = matrix->horizontalHeader();
    auto* view = static_cast<QAbstractItemView*>(matrix); // sizeHintForColumn() is public there
    const int rows = m_parts.model->rowCount();
    const int columns = m_parts.model->columnCount();
    const int frame = 2 * matrix->frameWidth();
    // The widest a cell of a column can become while the lab runs, so the columns do not jump as results
    // arrive: a BLOCKED that names the longest layer.
    const QString widest =
        AttackMatrixModel::kindName(sandbench::CellKind::Blocked) + QStringLiteral(" · read-only filesystem");

    // What the matrix needs at `font`, its columns' widths set on the way, and the legend's height below it.
    QWidget* pane = matrix->parentWidget();
    const int spacing = pane->layout() ? std::max(0, pane->layout()->spacing()) : 0;
    int legendHeight = 0;
    const auto needs = [&](const QFont& font) {
        matrix->setFont(font);
        m_parts.legend->setFont(scaled(font, m_baseFonts.value(m_parts.legend).pointSizeF() /
                                                 std::max(1.0, m_baseFonts.value(matrix).pointSizeF())));
        legendHeight = m_parts.legend->heightForWidth(pane->width());
        const QFontMetrics metrics(font);
        const int rowHeight = metrics.height() + 2 * kCompactRowPadding;
        rowHeader->setMinimumSectionSize(rowHeight);
        rowHeader->setDefaultSectionSize(rowHeight);
        for (int row = 0; row < rows; ++row) // the default applies to new sections only
            rowHeader->resizeSection(row, rowHeight);
        int width = rowHeader->sizeHint().width() + frame;
        for (int column = 0; column < columns; ++column) {
            const int cell = std::max({view->sizeHintForColumn(column), columnHeader->sectionSizeHint(column),
                                       metrics.horizontalAdvance(widest) + metrics.averageCharWidth() * 3});
            columnHeader->resizeSection(column, cell);
            width += cell;
        }
        const int height = columnHeader->sizeHint().height() + rows * rowHeight + frame;
        return QSize(width, height);
    };

    // The room: the matrix pane's height less the legend's, and the body's width less what the charts need.
    const auto roomHeight = [&] { return pane->height() - legendHeight - spacing; };
    const int rightNeeds = std::max(m_parts.right->minimumSizeHint().width(), m_parts.body->width() * 3 / 10);
    const int roomWidth = std::max(200, m_parts.body->width() - rightNeeds - m_parts.body->handleWidth());
    const QFont wanted = zoomed(matrix, zoom());
    QFont font = wanted;
    QSize size = needs(font);
    if (wanted.pointSizeF() > 0) {
        for (double points = wanted.pointSizeF();
             (size.height() > roomHeight() || size.width() > roomWidth) && points > kSmallestFit;) {
            points = std::max(kSmallestFit, points - 0.25);
            font.setPointSizeF(points);
            size = needs(font);
        }
    }
    // The matrix's side as wide as the matrix, the charts' side the rest.
    const int total = m_parts.body->width();
    const int left = std::min(size.width() + matrix->verticalScrollBar()->sizeHint().width(), roomWidth);
    const QList<int> sizes{left, total - left - m_parts.body->handleWidth()};
    if (total > 0 && m_parts.body->sizes() != sizes)
        m_parts.body->setSizes(sizes);
    m_fitting = false;
}

bool LabPresentation::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_parts.page && (event->type() == QEvent::Show || event->type() == QEvent::Hide)) {
        const bool shown = event->type() == QEvent::Show;
        m_zoomIn->setEnabled(shown && zoom() < zoomSteps().last());
        m_zoomOut->setEnabled(shown && zoom() > zoomSteps().first());
        m_zoomReset->setEnabled(shown);
        if (shown)
            scheduleFit();
    } else if (watched == m_parts.matrix && event->type() == QEvent::Resize) {
        scheduleFit();
    }
    return QObject::eventFilter(watched, event);
}
