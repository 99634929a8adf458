#include "app/tools/renameeditor.h"

#include "app/canvas/clusterscene.h"
#include "app/canvas/clusterview.h"
#include "app/canvas/diagramitem.h"
#include "app/document/document.h"
#include "app/document/editcommands.h"

#include "engine/generate/generator.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QMouseEvent>
#include <QUndoStack>

namespace topoplan {

namespace {

constexpr int kMinEditorWidth = 100; // pixels: room for a name even when zoomed out

// Where an item draws its name, in its own coordinates (see NodeItem, SwitchItem and
// DomainItem::paint): the editor covers it.
QRectF labelRect(const DiagramItem *item)
{
    switch (item->type()) {
    case NodeItemType:
        return {8, 3, diagram::kNodeWidth - 16, 16};
    case SwitchItemType:
        return {10, 3, diagram::kSwitchWidth - 13, 17};
    case DomainItemType:
        return {8, 4, std::max(item->boundingRect().width() - 20, 60.0),
                diagram::kDomainHeader - 8};
    default:
        return {};
    }
}

bool isDevice(const QGraphicsItem *item)
{
    const int type = item->type();
    return type == NodeItemType || type == SwitchItemType || type == DomainItemType;
}

} // namespace

RenameEditor::RenameEditor(ClusterView *view, QObject *parent)
    : QObject(parent)
    , m_view(view)
    , m_viewport(view->viewport())
{
    m_viewport->installEventFilter(this);
}

RenameEditor::~RenameEditor()
{
    delete m_editor;
}

void RenameEditor::setDocument(Document *document)
{
    cancel();
    m_document = document;
}

bool RenameEditor::start(const QString &id)
{
    ClusterScene *scene = m_view->clusterScene();
    if (!m_document || !scene)
        return false;
    const DiagramItem *item = scene->itemForId(id);
    if (!item || !isDevice(item))
        return false;
    cancel();

    m_view->ensureVisible(item->sceneBoundingRect(), 20, 20);
    const QRectF label = labelRect(item).translated(item->pos());
    QRect rect = m_view->mapFromScene(label).boundingRect();

    m_id = id;
    m_editor = new QLineEdit(m_view->viewport());
    m_editor->setObjectName(QStringLiteral("renameEditor"));
    m_editor->setText(m_document->itemName(id));
    m_editor->setPlaceholderText(id);
    m_editor->selectAll();
    m_editor->installEventFilter(this);
    const int height = m_editor->sizeHint().height();
    rect.setWidth(std::max(rect.width(), kMinEditorWidth));
    rect.setTop(rect.center().y() - height / 2);
    rect.setHeight(height);
    m_editor->setGeometry(rect);
    m_editor->show();
    m_editor->setFocus(Qt::OtherFocusReason);
    connect(m_editor, &QLineEdit::editingFinished, this, &RenameEditor::commit);
    return true;
}

void RenameEditor::commit()
{
    if (!m_editor)
        return;
    const QString name = m_editor->text().trimmed();
    const QString id = m_id;
    close();
    if (m_document && m_document->contains(id) && name != m_document->itemName(id))
        m_document->undoStack()->push(new RenameItem(m_document, id, name));
}

void RenameEditor::cancel()
{
    close();
}

void RenameEditor::close()
{
    if (!m_editor)
        return;
    QLineEdit *editor = m_editor;
    m_editor = nullptr;
    m_id.clear();
    editor->disconnect(this);
    editor->removeEventFilter(this);
    const bool hadFocus = editor->hasFocus();
    editor->hide();
    editor->deleteLater();
    if (hadFocus)
        m_view->setFocus(Qt::OtherFocusReason);
}

QString RenameEditor::deviceAt(const QPoint &viewportPos) const
{
    // The scene finds devices by their boxes, also where a zoomed-out view hides them behind
    // its overview drawing.
    if (const ClusterScene *scene = m_view->clusterScene()) {
        if (const DiagramItem *item = scene->topItemAt(m_view->mapToScene(viewportPos));
            item && isDevice(item))
            return item->id();
    }
    const QList<QGraphicsItem *> hits = m_view->items(viewportPos);
    for (const QGraphicsItem *hit : hits) {
        if (isDevice(hit))
            return static_cast<const DiagramItem *>(hit)->id();
    }
    return {};
}

bool RenameEditor::eventFilter(QObject *watched, QEvent *event)
{
    if (m_editor && watched == m_editor) {
        if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
            auto *key = static_cast<QKeyEvent *>(event);
            if (key->key() == Qt::Key_Escape) {
                event->accept();
                if (event->type() == QEvent::KeyPress)
                    cancel();
                return true;
            }
        }
        return false;
    }
    if (watched == m_viewport && event->type() == QEvent::MouseButtonDblClick) {
        auto *mouse = static_cast<QMouseEvent *>(event);
        if (mouse->button() == Qt::LeftButton) {
            const QString id = deviceAt(mouse->position().toPoint());
            if (!id.isEmpty() && start(id))
                return true;
        }
    }
    return false;
}

} // namespace topoplan
