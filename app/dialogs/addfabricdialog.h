#pragma once

#include "engine/generate/generator.h"

#include <QDialog>
#include <QPointer>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QSpinBox;
class QLabel;

namespace topoplan {

class Document;

// Fabric > Add Fabric...: the generator's fabric options (kind, tiers, leaf, spine and core
// switch models, oversubscription) for nodes of the document. The engine's generateFabric()
// runs as the options change, so the dialog says what it will add, or why it cannot, before
// OK; the switches come laid out in their lanes above the drawing.
class AddFabricDialog : public QDialog
{
    Q_OBJECT

public:
    AddFabricDialog(Document *document, const std::vector<std::string> &nodeIds,
                    QWidget *parent = nullptr);

    GeneratorOptions options() const;
    // Starts from `options` (the user's preferred fabric); unknown models fall back to the
    // generator's default.
    void setOptions(const GeneratorOptions &options);
    QComboBox *kindBox() const { return m_kind; }
    QComboBox *tiersBox() const { return m_tiers; }
    QComboBox *leafBox() const { return m_leaf; }
    QComboBox *spineBox() const { return m_spine; }
    QComboBox *coreBox() const { return m_core; }
    QDoubleSpinBox *oversubscriptionBox() const { return m_oversubscription; }
    QSpinBox *planesBox() const { return m_planes; }
    QString summary() const;
    // The fabric for the current options; empty when the engine refused them.
    const std::optional<FabricDelta> &result() const { return m_result; }

private:
    QComboBox *switchModelBox(const QString &defaultText);
    void recompute();

    QPointer<Document> m_document;
    std::vector<std::string> m_nodeIds;
    QComboBox *m_kind;
    QComboBox *m_tiers;
    QComboBox *m_leaf;
    QComboBox *m_spine;
    QComboBox *m_core;
    QDoubleSpinBox *m_oversubscription;
    QSpinBox *m_planes;
    QLabel *m_summary;
    QDialogButtonBox *m_buttons;
    std::optional<FabricDelta> m_result;
};

} // namespace topoplan
