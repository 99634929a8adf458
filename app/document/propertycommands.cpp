#include "app/document/propertycommands.h"

#include <QCoreApplication>

namespace topoplan {

namespace {

QStringList idsOf(const auto &entries)
{
    QStringList ids;
    ids.reserve(qsizetype(entries.size()));
    for (const auto &entry : entries)
        ids.append(QString::fromStdString(entry.id));
    return ids;
}

} // namespace

template<typename Entry>
ChangeEntries<Entry>::ChangeEntries(Document *document, const std::vector<Entry> &entries,
                                    QUndoCommand *parent)
    : ChangeValue<Entry>(document, idsOf(entries), QList<Entry>(entries.begin(), entries.end()),
                         parent)
{}

template<typename Entry>
Entry ChangeEntries<Entry>::value(const QString &id) const
{
    const Document *d = this->document();
    const int i = d->indexOf<Entry>(id);
    return i >= 0 ? EntityTraits<Entry>::list(d->project().topology)[std::size_t(i)] : Entry{};
}

template<typename Entry>
void ChangeEntries<Entry>::setValue(const QString &id, const Entry &entry) const
{
    setValues({id}, {entry});
}

template<typename Entry>
void ChangeEntries<Entry>::setValues(const QStringList &, const QList<Entry> &entries) const
{
    this->document()->update(entries);
}

template class ChangeEntries<Domain>;
template class ChangeEntries<Node>;
template class ChangeEntries<Switch>;
template class ChangeEntries<Link>;

ChangeProperties::ChangeProperties(Document *document, Property property, const TopologyEdit &edit,
                                   QUndoCommand *parent)
    : QUndoCommand(parent)
    , m_document(document)
{
    // English has no plural forms file; the singular is its own text.
    const int n = itemCount(edit);
    setText((n == 1 ? QCoreApplication::translate("Undo Commands", "Set %1")
                    : QCoreApplication::translate("Undo Commands", "Set %1 of %n Items", nullptr,
                                                  n))
                    .arg(label(property)));
    if (property == Property::Failed) {
        // "Mark as Failed" or "Repair", as the menu item the user chose says.
        const bool failed = !edit.nodes.empty()      ? edit.nodes.front().failed
                            : !edit.switches.empty() ? edit.switches.front().failed
                            : !edit.links.empty()    ? edit.links.front().failed
                                                     : false;
        setText(failed ? QCoreApplication::translate("Undo Commands", "Mark as Failed")
                       : QCoreApplication::translate("Undo Commands", "Repair"));
    }
    if (property == Property::ModelAssumed && !edit.nodes.empty()
        && !edit.nodes.front().modelAssumed)
        setText(QCoreApplication::translate("Undo Commands", "Confirm Model"));
    if (!edit.domains.empty())
        new ChangeEntries<Domain>(document, edit.domains, this);
    if (!edit.nodes.empty())
        new ChangeEntries<Node>(document, edit.nodes, this);
    if (!edit.switches.empty())
        new ChangeEntries<Switch>(document, edit.switches, this);
    if (!edit.links.empty())
        new ChangeEntries<Link>(document, edit.links, this);
}

void ChangeProperties::redo()
{
    const ChangeBatch batch(m_document); // one event per kind, not one per child command
    QUndoCommand::redo();
}

void ChangeProperties::undo()
{
    const ChangeBatch batch(m_document);
    QUndoCommand::undo();
}

QString ChangeProperties::label(Property property)
{
    switch (property) {
    case Property::Name:
        return QCoreApplication::translate("Undo Commands", "Name");
    case Property::Model:
        return QCoreApplication::translate("Undo Commands", "Model");
    case Property::Tier:
        return QCoreApplication::translate("Undo Commands", "Tier");
    case Property::Role:
        return QCoreApplication::translate("Undo Commands", "Fabric Role");
    case Property::Domain:
        return QCoreApplication::translate("Undo Commands", "NVLink Domain");
    case Property::Medium:
        return QCoreApplication::translate("Undo Commands", "Medium");
    case Property::Count:
        return QCoreApplication::translate("Undo Commands", "Cable Count");
    case Property::Failed:
        return QCoreApplication::translate("Undo Commands", "Failed");
    case Property::FailedNics:
        return QCoreApplication::translate("Undo Commands", "Failed NICs");
    case Property::Size:
        return QCoreApplication::translate("Undo Commands", "Domain Size");
    case Property::ModelAssumed:
        return QCoreApplication::translate("Undo Commands", "Model Assumed");
    }
    return {};
}

int ChangeProperties::itemCount(const TopologyEdit &edit)
{
    return int(edit.domains.size() + edit.nodes.size() + edit.switches.size() + edit.links.size());
}

namespace {

std::vector<std::string> stdIds(const QStringList &ids)
{
    std::vector<std::string> out;
    out.reserve(std::size_t(ids.size()));
    for (const QString &id : ids)
        out.push_back(id.toStdString());
    return out;
}

} // namespace

Expected<std::unique_ptr<QUndoCommand>> propertyChange(Document *document, const QStringList &ids,
                                                       Property property, const QString &value,
                                                       QUndoCommand *parent)
{
    const Expected<TopologyEdit> edit
            = editProperty(document->project().topology, document->catalog(), stdIds(ids), property,
                           value.toStdString(), document->filePath().toStdString());
    if (!edit)
        return edit.error();
    if (edit->empty())
        return std::unique_ptr<QUndoCommand>();
    return std::unique_ptr<QUndoCommand>(
            std::make_unique<ChangeProperties>(document, property, *edit, parent));
}

Expected<ModelChangeWithMedia> modelChangeWithMedia(Document *document, const QStringList &ids,
                                                    const QString &model)
{
    const Expected<TopologyEdit> edit
            = editModelWithMedia(document->project().topology, document->catalog(), stdIds(ids),
                                 model.toStdString(), document->filePath().toStdString());
    if (!edit)
        return edit.error();
    ModelChangeWithMedia change;
    change.links = int(edit->links.size());
    for (const Link &l : edit->links) {
        const Medium *m = document->catalog().medium(l.medium);
        const QString name = QString::fromStdString(m ? m->name : l.medium);
        if (!change.media.contains(name))
            change.media.append(name);
    }
    change.command = std::make_unique<ChangeProperties>(document, Property::Model, *edit);
    change.command->setText(QCoreApplication::translate(
            "Undo Commands", "Set Model and Medium of %n Link(s)", nullptr, change.links));
    return change;
}

} // namespace topoplan
