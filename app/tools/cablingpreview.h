#pragma once

#include "engine/edit/handcabling.h"

#include <QDialog>
#include <QPointer>

class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;
class QRadioButton;
class QSpinBox;

namespace topoplan {

class Document;

// What a Connect between two devices will cable, shown before anything changes: the cables
// the design implies (a server's NICs of the leaf's rail set, a leaf's uplinks at an
// oversubscription) or a stated count, every cable's ports, and what deserves a second look.
// The engine (proposeCabling) picks the ports; Connect adds them as one undo step.
class CablingPreview : public QDialog
{
    Q_OBJECT

public:
    CablingPreview(Document *document, const QString &a, const QString &b, QWidget *parent);

    // The engine's proposal for the current choices, or its refusal.
    const Expected<CablingProposal> &proposal() const { return m_proposal; }
    QRadioButton *impliedChoice() const { return m_implied; }
    QRadioButton *countChoice() const { return m_stated; }
    QSpinBox *countBox() const { return m_count; }
    QDoubleSpinBox *oversubscriptionBox() const { return m_ratio; }
    QPlainTextEdit *cablesView() const { return m_cables; }
    // Adds the proposal to the document as one undo step and closes; false (and nothing
    // added) when the engine refuses the current choices.
    bool connectCables();

    void accept() override;

private:
    void repropose();

    QPointer<Document> m_document;
    std::string m_a, m_b;
    bool m_switches = false; // two switches: the oversubscription applies
    Expected<CablingProposal> m_proposal;
    QLabel *m_reason;
    QRadioButton *m_implied;
    QRadioButton *m_stated;
    QSpinBox *m_count;
    QDoubleSpinBox *m_ratio = nullptr;
    QPlainTextEdit *m_cables;
    QLabel *m_refusal;
    QDialogButtonBox *m_buttons;
};

} // namespace topoplan
