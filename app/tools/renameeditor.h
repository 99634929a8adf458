#pragma once

#include <QLineEdit>
#include <QObject>
#include <QPointer>

namespace topoplan {

class ClusterView;
class Document;

// Renaming in place: F2 (the editor's Rename action) or a double-click on a node, switch or
// NVLink domain opens a line edit over the item's name on the canvas. Enter or leaving the
// field renames the item (one RenameItem undo step); Escape leaves it as it was.
class RenameEditor : public QObject
{
    Q_OBJECT

public:
    explicit RenameEditor(ClusterView *view, QObject *parent = nullptr);
    ~RenameEditor() override;

    void setDocument(Document *document);

    // Opens the editor over the item of `id`; false when it is not a node, switch or domain on
    // the canvas.
    bool start(const QString &id);
    bool isEditing() const { return m_editor != nullptr; }
    QLineEdit *editor() const { return m_editor; }
    QString editedId() const { return m_id; }

    void commit();
    void cancel();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QString deviceAt(const QPoint &viewportPos) const;
    void close();

    ClusterView *m_view;
    // The view's viewport, kept from the start: events reach the filter while the view is
    // being destroyed, when asking it for its viewport is a call on a half-destroyed object.
    QWidget *m_viewport;
    QPointer<Document> m_document;
    QPointer<QLineEdit> m_editor;
    QString m_id;
};

} // namespace topoplan
