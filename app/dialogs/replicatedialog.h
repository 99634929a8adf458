#pragma once

#include "engine/edit/subset.h"

#include <QDialog>
#include <QPointer>

#include <optional>

class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace topoplan {

class Document;

// Arrange > Replicate...: rows, columns and spacing of a grid whose top-left cell is the
// selection. The copies are worked out by the engine's replicate() as the values change, so
// the dialog says what it will add (or why it cannot) before OK.
class ReplicateDialog : public QDialog
{
    Q_OBJECT

public:
    ReplicateDialog(Document *document, const QStringList &ids, QWidget *parent = nullptr);

    QSpinBox *rowsBox() const { return m_rows; }
    QSpinBox *columnsBox() const { return m_columns; }
    QDoubleSpinBox *spacingBox() const { return m_spacing; }
    QString summary() const;
    // The copies for the current values; empty when the engine refused them.
    const std::optional<SubsetPaste> &result() const { return m_result; }
    int copies() const;

private:
    void recompute();

    QPointer<Document> m_document;
    std::vector<std::string> m_ids;
    QSpinBox *m_rows;
    QSpinBox *m_columns;
    QDoubleSpinBox *m_spacing;
    QLabel *m_summary;
    QDialogButtonBox *m_buttons;
    std::optional<SubsetPaste> m_result;
};

} // namespace topoplan
