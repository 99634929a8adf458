#pragma once

#include "app/document/document.h"

#include <QDialog>
#include <QPointer>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace topoplan {

// File > Project Properties...: the project's name, revision and description, which the
// report's title block and the exports print, and the hosts' naming pattern, which the
// scheduler files and the cabling plan use. The pattern is checked by the engine as it is
// typed: the dialog says which names it gives the design's hosts, or why it cannot, and OK
// waits until it can.
class ProjectDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ProjectDialog(Document *document, QWidget *parent = nullptr);

    ProjectInfo info() const;
    // What the pattern gives, or why it is refused.
    QString hostSummary() const;

    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *revisionEdit() const { return m_revision; }
    QPlainTextEdit *descriptionEdit() const { return m_description; }
    QLineEdit *hostNamesEdit() const { return m_hostNames; }

private:
    void checkHostNames();

    QPointer<Document> m_document;
    QLineEdit *m_name;
    QLineEdit *m_revision;
    QPlainTextEdit *m_description;
    QLineEdit *m_hostNames;
    QLabel *m_hostSummary;
    QDialogButtonBox *m_buttons;
};

} // namespace topoplan
