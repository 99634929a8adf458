#include "app/dialogs/replicatedialog.h"

#include "app/document/document.h"

#include "engine/generate/generator.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace topoplan {

namespace {

constexpr int kMaxCells = 64;          // per row or column: a grid larger than any hall
constexpr double kMaxSpacing = 100000; // scene units

} // namespace

ReplicateDialog::ReplicateDialog(Document *document, const QStringList &ids, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_rows(new QSpinBox(this))
    , m_columns(new QSpinBox(this))
    , m_spacing(new QDoubleSpinBox(this))
    , m_summary(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("replicateDialog"));
    setWindowTitle(tr("Replicate Selection"));
    for (const QString &id : ids)
        m_ids.push_back(id.toStdString());

    m_rows->setRange(1, kMaxCells);
    m_rows->setValue(1);
    m_columns->setRange(1, kMaxCells);
    m_columns->setValue(2);
    m_spacing->setRange(0, kMaxSpacing);
    m_spacing->setDecimals(0);
    m_spacing->setSingleStep(10);
    m_spacing->setValue(diagram::kGroupGap);
    m_summary->setObjectName(QStringLiteral("replicateSummary"));
    m_summary->setWordWrap(true);
    m_summary->setMinimumWidth(320);

    auto *form = new QFormLayout;
    form->addRow(tr("&Rows:"), m_rows);
    form->addRow(tr("&Columns:"), m_columns);
    form->addRow(tr("&Spacing:"), m_spacing);
    auto *column = new QVBoxLayout(this);
    auto *intro = new QLabel(
            tr("The selection is the top-left cell of the grid; every other cell gets a copy "
               "with the links inside the selection."),
            this);
    intro->setWordWrap(true);
    column->addWidget(intro);
    column->addLayout(form);
    column->addWidget(m_summary);
    column->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_rows, &QSpinBox::valueChanged, this, &ReplicateDialog::recompute);
    connect(m_columns, &QSpinBox::valueChanged, this, &ReplicateDialog::recompute);
    connect(m_spacing, &QDoubleSpinBox::valueChanged, this, &ReplicateDialog::recompute);
    // The document may be replaced (a file opened in the background) while the dialog is up.
    connect(document, &QObject::destroyed, this, &QDialog::reject);
    recompute();
}

int ReplicateDialog::copies() const
{
    return m_rows->value() * m_columns->value() - 1;
}

QString ReplicateDialog::summary() const
{
    return m_summary->text();
}

void ReplicateDialog::recompute()
{
    m_result.reset();
    if (!m_document)
        return;
    Expected<SubsetPaste> paste
            = replicate(m_document->project(), m_ids, m_rows->value(), m_columns->value(),
                        m_spacing->value(), m_document->catalog());
    if (!paste) {
        m_summary->setText(QString::fromStdString(paste.error().message));
    } else {
        const Topology &added = paste->added;
        QStringList parts;
        if (!added.domains.empty())
            parts.append(tr("%n NVLink domain(s)", nullptr, int(added.domains.size())));
        if (!added.nodes.empty())
            parts.append(tr("%n node(s)", nullptr, int(added.nodes.size())));
        if (!added.switches.empty())
            parts.append(tr("%n switch(es)", nullptr, int(added.switches.size())));
        parts.append(tr("%n link(s)", nullptr, int(added.links.size())));
        QString what = parts.takeLast();
        if (!parts.isEmpty())
            what = tr("%1 and %2").arg(parts.join(tr(", ")), what);
        const int n = copies();
        m_summary->setText(n == 1 ? tr("Adds 1 copy: %1 in all.").arg(what)
                                  : tr("Adds %1 copies: %2 in all.").arg(n).arg(what));
        m_result = std::move(*paste);
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_result.has_value());
}

} // namespace topoplan
