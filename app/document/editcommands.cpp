#include "app/document/editcommands.h"

#include <QCoreApplication>

namespace topoplan {

RenameProject::RenameProject(Document *document, const QString &name)
    : ChangeValue(document, {QString()}, {name})
{
    setText(QCoreApplication::translate("Undo Commands", "Rename Project"));
}

QString RenameProject::value(const QString &) const
{
    return QString::fromStdString(document()->project().name);
}

void RenameProject::setValue(const QString &, const QString &name) const
{
    document()->setProjectName(name);
}

ChangeProjectInfo::ChangeProjectInfo(Document *document, const ProjectInfo &info)
    : ChangeValue(document, {QString()}, {info})
{
    setText(QCoreApplication::translate("Undo Commands", "Edit Project Properties"));
}

ProjectInfo ChangeProjectInfo::value(const QString &) const
{
    return document()->projectInfo();
}

void ChangeProjectInfo::setValue(const QString &, const ProjectInfo &info) const
{
    document()->setProjectInfo(info);
}

ChangeCatalog::ChangeCatalog(Document *document, const Json &section, const QString &text)
    : ChangeValue(document, {QString()}, {section})
{
    setText(text);
}

Json ChangeCatalog::value(const QString &) const
{
    return document()->catalogOverrides();
}

void ChangeCatalog::setValue(const QString &, const Json &section) const
{
    document()->setCatalogOverrides(section);
}

RenameItem::RenameItem(Document *document, const QString &itemId, const QString &name)
    : ChangeValue(document, {itemId}, {name})
{
    setText(QCoreApplication::translate("Undo Commands", "Rename %1").arg(itemId));
}

QString RenameItem::value(const QString &id) const
{
    return document()->itemName(id);
}

void RenameItem::setValue(const QString &id, const QString &name) const
{
    document()->setItemName(id, name);
}

MoveItems::MoveItems(Document *document, const QStringList &ids, const QList<QPointF> &positions,
                     int gesture)
    : ChangeValue(document, ids, positions)
    , m_gesture(gesture)
{
    // English has no plural forms file; the singular is its own text.
    setText(ids.size() == 1 ? QCoreApplication::translate("Undo Commands", "Move Item")
                            : QCoreApplication::translate("Undo Commands", "Move %n Items", nullptr,
                                                          int(ids.size())));
}

int MoveItems::newGesture()
{
    static int last = 0;
    return ++last;
}

QPointF MoveItems::value(const QString &id) const
{
    const std::optional<LayoutItem> item = document()->layoutItem(id);
    return item ? QPointF(item->x, item->y) : QPointF();
}

void MoveItems::setValue(const QString &id, const QPointF &pos) const
{
    setValues({id}, {pos});
}

void MoveItems::setValues(const QStringList &ids, const QList<QPointF> &positions) const
{
    QList<LayoutItem> items;
    items.reserve(ids.size());
    for (qsizetype i = 0; i < ids.size(); ++i) {
        LayoutItem item = document()->layoutItem(ids[i]).value_or(LayoutItem{});
        item.x = positions[i].x();
        item.y = positions[i].y();
        items.append(item);
    }
    document()->setLayoutItems(ids, items);
}

bool MoveItems::canMergeWith(const ChangeValue<QPointF> &other) const
{
    const auto &o = static_cast<const MoveItems &>(other);
    return m_gesture != 0 && o.m_gesture == m_gesture;
}

} // namespace topoplan
