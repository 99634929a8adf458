#include "app/panels/findbar.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/document/document.h"

#include "engine/edit/finditems.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace topoplan {

namespace {

constexpr int kMargin = 8;      // from the view's edges, pixels
constexpr int kEditWidth = 220; // pixels: room for a name such as "leaf-r8-su16 (2)"

} // namespace

FindBar::FindBar(ClusterView *view)
    : QWidget(view)
    , m_view(view)
    , m_edit(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_previous(new QToolButton(this))
    , m_next(new QToolButton(this))
{
    setObjectName(QStringLiteral("findBar"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Window);
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(6, 4, 4, 4);
    row->setSpacing(4);
    m_edit->setObjectName(QStringLiteral("findEdit"));
    m_edit->setPlaceholderText(tr("Find by name or id"));
    m_edit->setClearButtonEnabled(true);
    m_edit->setMinimumWidth(kEditWidth);
    m_edit->installEventFilter(this);
    m_status->setObjectName(QStringLiteral("findStatus"));
    m_previous->setArrowType(Qt::UpArrow);
    m_previous->setToolTip(tr("Previous match (Shift+Enter)"));
    m_next->setArrowType(Qt::DownArrow);
    m_next->setToolTip(tr("Next match (Enter)"));
    auto *close = new QToolButton(this);
    close->setText(QStringLiteral("\u2715"));
    close->setAutoRaise(true);
    close->setToolTip(tr("Close (Escape)"));
    row->addWidget(m_edit);
    row->addWidget(m_status);
    row->addWidget(m_previous);
    row->addWidget(m_next);
    row->addWidget(close);

    connect(m_edit, &QLineEdit::textChanged, this, &FindBar::search);
    connect(m_previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(m_next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(close, &QToolButton::clicked, this, &QWidget::hide);
    view->installEventFilter(this);
    hide();
    updateStatus();
}

void FindBar::setDocument(Document *document)
{
    m_document = document;
    m_matches.clear();
    m_current = -1;
    if (isVisible())
        search();
    updateStatus();
}

void FindBar::activate()
{
    show();
    raise();
    place();
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
    if (!m_edit->text().isEmpty())
        search();
}

void FindBar::findNext()
{
    if (!m_matches.isEmpty())
        goTo((m_current + 1) % int(m_matches.size()));
}

void FindBar::findPrevious()
{
    if (!m_matches.isEmpty())
        goTo((m_current - 1 + int(m_matches.size())) % int(m_matches.size()));
}

void FindBar::search()
{
    m_matches.clear();
    m_current = -1;
    if (m_document) {
        for (const std::string &id :
             findItems(m_document->project().topology, m_edit->text().trimmed().toStdString()))
            m_matches.append(QString::fromStdString(id));
    }
    if (m_matches.isEmpty())
        updateStatus();
    else
        goTo(0);
}

void FindBar::goTo(int index)
{
    const QString id = m_matches.at(index);
    if (!m_document || !m_document->contains(id)) { // removed since: look again
        search();
        return;
    }
    m_current = index;
    m_document->setSelection({id});
    if (ClusterScene *scene = m_view->clusterScene()) {
        if (const DiagramItem *item = scene->itemForId(id))
            m_view->centerOn(item->sceneBoundingRect().center());
    }
    updateStatus();
}

void FindBar::updateStatus()
{
    const bool searching = !m_edit->text().trimmed().isEmpty();
    if (!searching)
        m_status->clear();
    else if (m_matches.isEmpty())
        m_status->setText(tr("No match"));
    else
        m_status->setText(tr("%1 of %2").arg(m_current + 1).arg(m_matches.size()));
    m_previous->setEnabled(m_matches.size() > 1);
    m_next->setEnabled(m_matches.size() > 1);
    adjustSize();
    place();
}

void FindBar::place()
{
    // Top right, clear of the vertical scroll bar.
    const QRect area = m_view->viewport()->geometry();
    move(area.right() - width() - kMargin + 1, area.top() + kMargin);
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view && event->type() == QEvent::Resize) {
        place();
    } else if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        switch (key->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
            if (key->modifiers() & Qt::ShiftModifier)
                findPrevious();
            else
                findNext();
            return true;
        case Qt::Key_Escape:
            hide();
            m_view->setFocus(Qt::OtherFocusReason);
            return true;
        default:
            break;
        }
    } else if (watched == m_edit && event->type() == QEvent::ShortcutOverride) {
        if (static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape) {
            event->accept();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace topoplan
