#pragma once

#include "app/document/changevalue.h"

#include "engine/model/project.h"

namespace topoplan {

// What a drop or a drag changes besides positions: the NVLink domain a node belongs to, the
// tier a switch is in, the medium of a link. Each is a swap of one value per id (ChangeValue),
// so undo gives back exactly the old one.

class SetNodeDomain : public ChangeValue<QString>
{
public:
    SetNodeDomain(Document *document, const QStringList &nodeIds, const QString &domainId,
                  QUndoCommand *parent = nullptr);

protected:
    QString value(const QString &id) const override;
    void setValue(const QString &id, const QString &domain) const override;
};

class SetSwitchTier : public ChangeValue<Tier>
{
public:
    SetSwitchTier(Document *document, const QStringList &switchIds, Tier tier,
                  QUndoCommand *parent = nullptr);

protected:
    Tier value(const QString &id) const override;
    void setValue(const QString &id, const Tier &tier) const override;
};

class SetLinkMedium : public ChangeValue<QString>
{
public:
    SetLinkMedium(Document *document, const QStringList &linkIds, const QString &medium,
                  QUndoCommand *parent = nullptr);

protected:
    QString value(const QString &id) const override;
    void setValue(const QString &id, const QString &medium) const override;
};

} // namespace topoplan
