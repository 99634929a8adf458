#pragma once

#include "app/document/document.h"

#include <QList>
#include <QStringList>
#include <QUndoCommand>

#include <utility>

namespace topoplan {

// An undoable change of one value on a list of ids. redo() and undo() are the same swap: the
// values held by the command are put into the model and the model's values are kept, so a
// property command is a getter, a setter and a translated text.
//
// Two consecutive commands of the same id() on the same ids merge (typing a name, dragging):
// the first keeps the original values, and if the result equals them the step disappears.
template<typename Value>
class ChangeValue : public QUndoCommand
{
public:
    ChangeValue(Document *document, QStringList ids, QList<Value> values,
                QUndoCommand *parent = nullptr)
        : QUndoCommand(parent)
        , m_document(document)
        , m_ids(std::move(ids))
        , m_values(std::move(values))
    {
        Q_ASSERT(m_ids.size() == m_values.size());
    }

    void undo() override
    {
        const ChangeBatch batch(m_document);
        swapValues();
        QUndoCommand::undo();
    }

    void redo() override
    {
        const ChangeBatch batch(m_document);
        QUndoCommand::redo();
        swapValues();
    }

    bool mergeWith(const QUndoCommand *other) override
    {
        auto o = static_cast<const ChangeValue *>(other);
        if (o->m_document != m_document || o->m_ids != m_ids || childCount() > 0
            || o->childCount() > 0 || !canMergeWith(*o))
            return false;
        // The model already holds the other command's new values; we keep the originals.
        setObsolete(currentValues() == m_values);
        return true;
    }

    const QStringList &ids() const { return m_ids; }

protected:
    Document *document() const { return m_document; }

    virtual Value value(const QString &id) const = 0;
    virtual void setValue(const QString &id, const Value &value) const = 0;
    // One change for all ids; override to announce them in one event.
    virtual void setValues(const QStringList &ids, const QList<Value> &values) const
    {
        for (qsizetype i = 0; i < ids.size(); ++i)
            setValue(ids[i], values[i]);
    }
    // Further conditions for merging (same gesture, ...).
    virtual bool canMergeWith(const ChangeValue &) const { return true; }

private:
    QList<Value> currentValues() const
    {
        QList<Value> values;
        values.reserve(m_ids.size());
        for (const QString &id : m_ids)
            values.append(value(id));
        return values;
    }

    void swapValues()
    {
        QList<Value> previous = currentValues();
        setValues(m_ids, m_values);
        m_values = std::move(previous);
    }

    Document *m_document;
    QStringList m_ids;
    QList<Value> m_values;
};

} // namespace topoplan
