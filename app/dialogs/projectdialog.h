#pragma once

#include "app/dialogs/floorview.h"
#include "app/document/document.h"

#include <QDialog>
#include <QPointer>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QSpinBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace topoplan {

// File > Project Properties...: the project's name, revision and description, which the
// report's title block and the exports print, and the hosts' naming pattern, which the
// scheduler files and the cabling plan use. The pattern is checked by the engine as it is
// typed: the dialog says which names it gives the design's hosts, or why it cannot, and OK
// waits until it can. The floor group says where the racks stand (rows, rack width, row pitch,
// where the network racks go), from which the bill of materials and the cabling workbook
// measure every cable; unchecked, they use each run's default length. Its floor view shows
// where each rack stands; dragging a rack (or moving it with the arrow keys) places it by hand,
// swapping places with a rack placed by hand there, and the others fill the rows around it.
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
    QGroupBox *floorGroup() const { return m_floor; }
    QSpinBox *racksPerRowSpin() const { return m_racksPerRow; }
    QDoubleSpinBox *rackWidthSpin() const { return m_rackWidth; }
    QDoubleSpinBox *rowPitchSpin() const { return m_rowPitch; }
    QComboBox *networkRowCombo() const { return m_networkRow; }
    FloorView *floorView() const { return m_floorView; }
    QPushButton *refillButton() const { return m_refill; }

private:
    void checkHostNames();
    // The floor the fields and the racks placed by hand say.
    FloorPlan shownFloor() const;
    // Shows the racks where shownFloor() puts them.
    void showFloor();
    // Places `name` at the spot by hand; a rack placed by hand there takes its old spot.
    void placeRack(const QString &name, int row, int position);

    QPointer<Document> m_document;
    QLineEdit *m_name;
    QLineEdit *m_revision;
    QPlainTextEdit *m_description;
    QLineEdit *m_hostNames;
    QLabel *m_hostSummary;
    QGroupBox *m_floor;
    QSpinBox *m_racksPerRow;
    QDoubleSpinBox *m_rackWidth;
    QDoubleSpinBox *m_rowPitch;
    QComboBox *m_networkRow;
    FloorView *m_floorView;
    QLabel *m_placed;
    QPushButton *m_refill;
    // The racks placed by hand: the file's, and those dragged in the floor view.
    std::map<std::string, RackSpot> m_handPlaced;
    std::map<std::string, FloorRack> m_sites; // where the floor view shows each rack
    FloorPlan m_shown;                        // what the floor fields were opened with
    QDialogButtonBox *m_buttons;
};

} // namespace topoplan
