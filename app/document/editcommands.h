#pragma once

#include "app/document/changevalue.h"
#include "app/document/undocommands.h"

#include <QPointF>

namespace topoplan {

// Renames the project (the window title follows).
class RenameProject : public ChangeValue<QString>
{
public:
    RenameProject(Document *document, const QString &name);
    int id() const override { return CmdRenameProject; }

protected:
    QString value(const QString &) const override;
    void setValue(const QString &, const QString &name) const override;
};

// File > Project Properties: name, description, revision and host-name pattern in one step.
class ChangeProjectInfo : public ChangeValue<ProjectInfo>
{
public:
    ChangeProjectInfo(Document *document, const ProjectInfo &info);
    int id() const override { return CmdChangeProjectInfo; }

protected:
    ProjectInfo value(const QString &) const override;
    void setValue(const QString &, const ProjectInfo &info) const override;
    // Each dialog's OK is a step of its own.
    bool canMergeWith(const ChangeValue<ProjectInfo> &) const override { return false; }
};

// File > Import Hardware: the project's catalog section, as withHardware() made it, in one step.
class ChangeCatalog : public ChangeValue<Json>
{
public:
    ChangeCatalog(Document *document, const Json &section, const QString &text);
    int id() const override { return CmdChangeCatalog; }

protected:
    Json value(const QString &) const override;
    void setValue(const QString &, const Json &section) const override;
    bool canMergeWith(const ChangeValue<Json> &) const override { return false; }
};

// Renames a node, switch or NVLink domain.
class RenameItem : public ChangeValue<QString>
{
public:
    RenameItem(Document *document, const QString &itemId, const QString &name);
    int id() const override { return CmdRenameItem; }

protected:
    QString value(const QString &id) const override;
    void setValue(const QString &id, const QString &name) const override;
};

// Moves layout items (nodes, switches, domains) to new positions. All commands of one drag
// gesture carry the same gesture number and merge into one undo step; a new gesture starts a
// new step even when it moves the same items.
class MoveItems : public ChangeValue<QPointF>
{
public:
    MoveItems(Document *document, const QStringList &ids, const QList<QPointF> &positions,
              int gesture = 0);
    int id() const override { return CmdMoveItems; }
    // A number not used by any earlier gesture.
    static int newGesture();

protected:
    QPointF value(const QString &id) const override;
    void setValue(const QString &id, const QPointF &pos) const override;
    void setValues(const QStringList &ids, const QList<QPointF> &positions) const override;
    bool canMergeWith(const ChangeValue<QPointF> &other) const override;

private:
    int m_gesture;
};

} // namespace topoplan
