#include "probe_notes_view.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QVBoxLayout>

ProbeNotesView::ProbeNotesView(QWidget* parent)
    : QWidget(parent)
    , m_notes(new QLabel(this))
    , m_toggle(new QToolButton(this))
    , m_details(new QPlainTextEdit(this)) {
    m_notes->setWordWrap(true);
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_toggle->setObjectName(QStringLiteral("probe.detailsButton"));
    m_toggle->setText(tr("Details"));
    m_toggle->setCheckable(true);
    m_toggle->setAutoRaise(true);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setToolTip(tr("What the tool itself printed"));
    m_details->setObjectName(QStringLiteral("probe.details"));
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_details->setMaximumHeight(m_details->fontMetrics().lineSpacing() * 6); // scrolls, never grows the pane
    connect(m_toggle, &QToolButton::toggled, this, [this](bool shown) {
        m_details->setVisible(shown);
        m_toggle->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
    });
    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_notes, 1);
    row->addWidget(m_toggle, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addWidget(m_details);
    setProbe(QString(), QString());
}

void ProbeNotesView::setProbe(const QString& notes, const QString& details) {
    m_notes->setText(notes);
    m_details->setPlainText(details);
    m_toggle->setChecked(false);
    m_toggle->setVisible(!details.isEmpty());
    m_details->hide();
}

QString ProbeNotesView::notes() const {
    return m_notes->text();
}

QString ProbeNotesView::details() const {
    return m_details->toPlainText();
}

bool ProbeNotesView::detailsShown() const {
    return m_details->isVisibleTo(this);
}
