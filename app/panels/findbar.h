#pragma once

#include <QPointer>
#include <QStringList>
#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace topoplan {

class ClusterView;
class Document;

// The find box (Ctrl+F): a bar over the top right corner of the canvas with a line edit.
// Typing finds nodes, switches, domains and links by name or id (the engine's findItems()),
// selects the first match and centres the view on it; Enter goes to the next match,
// Shift+Enter to the previous one, Escape closes the bar.
class FindBar : public QWidget
{
    Q_OBJECT

public:
    explicit FindBar(ClusterView *view);

    void setDocument(Document *document);

    // Shows the bar and puts the cursor in the line edit, its text selected.
    void activate();
    void findNext();
    void findPrevious();

    QLineEdit *lineEdit() const { return m_edit; }
    QStringList matches() const { return m_matches; }
    int currentIndex() const { return m_current; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    void goTo(int index);
    void updateStatus();
    void place();

    ClusterView *m_view;
    QPointer<Document> m_document;
    QLineEdit *m_edit;
    QLabel *m_status;
    QToolButton *m_previous;
    QToolButton *m_next;
    QStringList m_matches;
    int m_current = -1;
};

} // namespace topoplan
