#pragma once

#include "app/document/autosave.h"

#include <QDialog>

class QPushButton;
class QTreeWidget;

namespace topoplan {

// After a crash: lists the recovery files the dead session left (project, its file, when it
// was autosaved). Restore hands the chosen one to the caller, which opens it as a modified
// document; Discard deletes the selected files; Later keeps them for the next start.
class RecoveryDialog : public QDialog
{
    Q_OBJECT

public:
    explicit RecoveryDialog(const QList<RecoveryEntry> &entries, QWidget *parent = nullptr);

    QList<RecoveryEntry> entries() const { return m_entries; }
    // Selects the row of `index` (0 is the newest).
    void select(int index);

Q_SIGNALS:
    void restoreRequested(const topoplan::RecoveryEntry &entry);

private:
    void restoreSelected();
    void discardSelected();
    void fill();
    void updateButtons();
    QList<int> selectedRows() const;

    QList<RecoveryEntry> m_entries;
    QTreeWidget *m_list;
    QPushButton *m_restore;
    QPushButton *m_discard;
};

} // namespace topoplan
