#pragma once

#include "engine/edit/propertyedit.h"

#include <QDockWidget>
#include <QHash>
#include <QPointer>
#include <QTimer>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace topoplan {

class Document;
struct ChangeEvent;

// The property inspector: name, model, tier, fabric role and NVLink domain of the selected
// devices, medium and cable count of the selected links. With several items selected a field
// shows their common value, or "Mixed", and an edit sets it on all of them in one undo step.
// The engine works the edit out and checks it (editProperty()); a change that would break the
// topology is refused with its message and the document stays as it was.
class InspectorDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit InspectorDock(QWidget *parent = nullptr);
    ~InspectorDock() override;

    void setDocument(Document *document);

    // Sets `property` to `value` (as the project file writes it) on the selection: what every
    // field does. False, with message() saying why, when the engine refuses.
    bool apply(Property property, const QString &value);
    QString message() const;

    QLabel *titleLabel() const { return m_title; }
    QLineEdit *nameEdit() const { return m_name; }
    QComboBox *modelBox() const { return m_model; }
    QComboBox *tierBox() const { return m_tier; }
    QComboBox *roleBox() const { return m_role; }
    QComboBox *domainBox() const { return m_domain; }
    QComboBox *mediumBox() const { return m_medium; }
    QSpinBox *countBox() const { return m_count; }
    QSpinBox *sizeBox() const { return m_size; }
    QLabel *portsLabel() const { return m_ports; }
    QCheckBox *failedBox() const { return m_failed; }
    // Shown while a selected server's model is an import's assumption; a click confirms it.
    QPushButton *confirmModelButton() const { return m_confirmModel; }
    // Offered under a refused model change whose links' media stand in its way: the model and
    // those links changed together, one undo step. Hidden when there is nothing to offer.
    QPushButton *offerButton() const { return m_offer; }
    // Whether the row of `property` is shown for the current selection.
    bool isShown(Property property) const;

Q_SIGNALS:
    void refused(const QString &message);

private:
    struct Selection;
    Selection selection() const;
    void onChanged(const ChangeEvent &event);
    void refresh();
    void refreshModels(const Selection &s);
    void refreshSwitchFields(const Selection &s);
    void refreshDomains(const Selection &s);
    void refreshLinks(const Selection &s);
    void refreshSize(const Selection &s);
    void refreshFailed(const Selection &s);
    void refreshAssumed(const Selection &s);
    QStringList mediaFor(const Selection &s);
    void setMessage(const QString &text, const QString &details = {});
    void offerModelWithMedia(const QStringList &ids, const QString &model);
    void connectFields();
    void comboActivated(QComboBox *box, Property property);

    QPointer<Document> m_document;
    QFormLayout *m_form;
    QLabel *m_title;
    QLineEdit *m_name;
    QComboBox *m_model;
    QComboBox *m_tier;
    QComboBox *m_role;
    QComboBox *m_domain;
    QComboBox *m_medium;
    QSpinBox *m_count;
    QSpinBox *m_size; // an NVLink domain's GPUs
    QLabel *m_ports;
    QCheckBox *m_failed;   // what-if: links, nodes and switches marked failed
    QWidget *m_assumedRow; // "Model assumed by the import" and the button that confirms it
    QLabel *m_assumedText;
    QPushButton *m_confirmModel;
    QLabel *m_message;
    QPushButton *m_offer;
    // What the offer changes: the selection and the model refused for its links' media.
    QStringList m_offerIds;
    QString m_offerModel;
    QString m_commonName; // what the name field showed, to tell an edit from leaving it
    bool m_nameMixed = false;
    // mediaForLink() by the models at the two ends: selections of thousands of links have few
    // kinds of ends.
    QHash<QString, QStringList> m_mediaCache;
    QTimer m_refreshTimer;
};

} // namespace topoplan
