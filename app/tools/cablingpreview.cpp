#include "app/tools/cablingpreview.h"

#include "app/document/document.h"
#include "app/document/propertycommands.h"
#include "app/document/topologycommands.h"

#include "engine/model/naming.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>

namespace topoplan {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

} // namespace

CablingPreview::CablingPreview(Document *document, const QString &a, const QString &b,
                               QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_a(a.toStdString())
    , m_b(b.toStdString())
    , m_proposal(Error{})
{
    setObjectName(QStringLiteral("cablingPreview"));
    setAttribute(Qt::WA_DeleteOnClose);
    const Topology &t = document->project().topology;
    m_switches = t.switchById(m_a) && t.switchById(m_b);
    setWindowTitle(tr("Connect %1 and %2").arg(qs(displayName(t, m_a)), qs(displayName(t, m_b))));

    m_reason = new QLabel(this);
    m_reason->setWordWrap(true);
    m_reason->setObjectName(QStringLiteral("cablingReason"));
    m_implied = new QRadioButton(this);
    m_implied->setObjectName(QStringLiteral("cablingImplied"));
    m_implied->setChecked(true);
    m_stated = new QRadioButton(tr("A stated number of cables:"), this);
    m_stated->setObjectName(QStringLiteral("cablingStated"));
    m_count = new QSpinBox(this);
    m_count->setObjectName(QStringLiteral("cablingCount"));
    m_count->setRange(1, 1);
    m_count->setEnabled(false);
    auto *countRow = new QHBoxLayout;
    countRow->addWidget(m_stated);
    countRow->addWidget(m_count);
    countRow->addStretch();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_reason);
    if (m_switches) {
        m_ratio = new QDoubleSpinBox(this);
        m_ratio->setObjectName(QStringLiteral("cablingOversubscription"));
        m_ratio->setRange(1, 64);
        m_ratio->setDecimals(1);
        m_ratio->setSingleStep(0.5);
        m_ratio->setValue(1);
        m_ratio->setSuffix(tr(":1"));
        m_ratio->setToolTip(tr("Downlink cables per uplink cable; 1:1 is non-blocking."));
        auto *form = new QFormLayout;
        form->addRow(tr("Oversubscription:"), m_ratio);
        layout->addLayout(form);
        connect(m_ratio, &QDoubleSpinBox::valueChanged, this, &CablingPreview::repropose);
    }
    layout->addWidget(m_implied);
    layout->addLayout(countRow);
    auto *cablesLabel = new QLabel(tr("Cables and ports (as the project file counts them):"), this);
    layout->addWidget(cablesLabel);
    m_cables = new QPlainTextEdit(this);
    m_cables->setObjectName(QStringLiteral("cablingCables"));
    m_cables->setReadOnly(true);
    m_cables->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_cables->setMinimumSize(460, 160);
    layout->addWidget(m_cables, 1);
    m_refusal = new QLabel(this);
    m_refusal->setObjectName(QStringLiteral("cablingRefusal"));
    m_refusal->setWordWrap(true);
    m_refusal->setStyleSheet(QStringLiteral("color: #b00020"));
    m_refusal->hide();
    layout->addWidget(m_refusal);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    m_buttons->button(QDialogButtonBox::Ok)->setDefault(true);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &CablingPreview::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &CablingPreview::reject);

    connect(m_stated, &QRadioButton::toggled, this, [this](bool on) {
        m_count->setEnabled(on);
        repropose();
    });
    connect(m_count, &QSpinBox::valueChanged, this, &CablingPreview::repropose);
    repropose();
    // The stated count starts at what the design implies (or 1), up to what the ports allow.
    if (m_proposal) {
        m_count->setRange(1, std::max(1, m_proposal->available));
        m_count->setValue(std::max(1, m_proposal->implied));
    }
}

void CablingPreview::repropose()
{
    if (!m_document)
        return;
    CablingRequest request;
    if (m_stated->isChecked())
        request.count = m_count->value();
    if (m_ratio)
        request.oversubscription = m_ratio->value();
    // The implied proposal, for the choice's label, whatever is chosen.
    CablingRequest implied = request;
    implied.count.reset();
    const Topology &t = m_document->project().topology;
    const Catalog &c = m_document->catalog();
    const Expected<CablingProposal> byDesign = proposeCabling(t, c, m_a, m_b, implied);
    m_proposal = request.count ? proposeCabling(t, c, m_a, m_b, request) : byDesign;
    // The counts and the reason come from a request that cannot fail on the count.
    CablingRequest one = implied;
    one.count = 1;
    const Expected<CablingProposal> facts = proposeCabling(t, c, m_a, m_b, one);
    if (facts) {
        m_reason->setText(qs(facts->reason) + QLatin1Char('.'));
        m_implied->setText(facts->implied == 1 ? tr("What the design implies: 1 cable")
                                               : tr("What the design implies: %n cables", nullptr,
                                                    facts->implied));
        m_implied->setEnabled(facts->implied > 0);
        if (facts->implied == 0 && m_implied->isChecked())
            m_stated->setChecked(true);
        m_count->setMaximum(std::max(1, facts->available));
    }
    QStringList lines;
    if (m_proposal) {
        for (const std::string &line : m_proposal->cablesText)
            lines << qs(line);
        for (const std::string &note : m_proposal->notes)
            lines << QString() << tr("Note: %1.").arg(qs(note));
    }
    m_cables->setPlainText(lines.join(QLatin1Char('\n')));
    m_refusal->setVisible(!m_proposal);
    if (!m_proposal)
        m_refusal->setText(tr("Not possible: %1.").arg(qs(m_proposal.error().message)));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_proposal.ok());
    if (m_proposal) {
        m_buttons->button(QDialogButtonBox::Ok)
                ->setText(m_proposal->cables == 1
                                  ? tr("Connect 1 cable")
                                  : tr("Connect %n cables", nullptr, m_proposal->cables));
    }
}

bool CablingPreview::connectCables()
{
    repropose(); // the document may have changed while the preview was open
    if (!m_document || !m_proposal)
        return false;
    const CablingProposal &p = *m_proposal;
    const Topology &t = m_document->project().topology;
    const QString text = p.cables == 1 ? tr("Connect %1 and %2 (1 cable)")
                                       : tr("Connect %1 and %2 (%n cables)", nullptr, p.cables);
    auto *command = new QUndoCommand(text.arg(qs(displayName(t, m_a)), qs(displayName(t, m_b))));
    QSet<QString> ids;
    for (const Link &link : p.added) {
        new AddLink(m_document, link, std::nullopt, command);
        ids.insert(qs(link.id));
    }
    if (!p.grownId.empty()) {
        TopologyEdit grown;
        for (const Link &l : t.links) {
            if (l.id == p.grownId) {
                grown.links.push_back(l);
                grown.links.back().count = p.grownCount;
            }
        }
        new ChangeProperties(m_document, Property::Count, grown, command);
        ids.insert(qs(p.grownId));
    }
    m_document->undoStack()->push(command);
    m_document->setSelection(ids);
    return true;
}

void CablingPreview::accept()
{
    if (connectCables())
        QDialog::accept();
}

} // namespace topoplan
