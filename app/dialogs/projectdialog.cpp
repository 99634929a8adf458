#include "app/dialogs/projectdialog.h"

#include "engine/model/hostnames.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace topoplan {

namespace {

constexpr int kMaxNameLength = 200;     // a title, not a document
constexpr int kMaxRevisionLength = 40;  // "B", "2.1", "2026-12 draft 3"
constexpr int kMaxPatternLength = 4096; // a host list of many ranges still fits

} // namespace

ProjectDialog::ProjectDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_name(new QLineEdit(this))
    , m_revision(new QLineEdit(this))
    , m_description(new QPlainTextEdit(this))
    , m_hostNames(new QLineEdit(this))
    , m_hostSummary(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(QStringLiteral("projectDialog"));
    setWindowTitle(tr("Project Properties"));
    const ProjectInfo info = document->projectInfo();

    m_name->setObjectName(QStringLiteral("projectName"));
    m_name->setMaxLength(kMaxNameLength);
    m_name->setText(info.name);
    m_name->setPlaceholderText(document->displayName());
    m_revision->setObjectName(QStringLiteral("projectRevision"));
    m_revision->setMaxLength(kMaxRevisionLength);
    m_revision->setText(info.revision);
    m_revision->setPlaceholderText(tr("for example B or 2.1"));
    m_description->setObjectName(QStringLiteral("projectDescription"));
    m_description->setPlainText(info.description);
    m_description->setTabChangesFocus(true);
    m_description->setMinimumHeight(80);
    m_description->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_hostNames->setObjectName(QStringLiteral("projectHostNames"));
    m_hostNames->setMaxLength(kMaxPatternLength);
    m_hostNames->setText(info.hostNames);
    m_hostNames->setPlaceholderText(tr("for example dgx[001-128]; empty: the node names"));
    m_hostSummary->setObjectName(QStringLiteral("projectHostSummary"));
    m_hostSummary->setWordWrap(true);
    m_hostSummary->setMinimumWidth(440);
    // Room for the longest answer (an error that quotes the pattern) from the start: the
    // dialog does not grow with a wrapped label's text.
    m_hostSummary->setMinimumHeight(3 * m_hostSummary->fontMetrics().lineSpacing());
    m_hostSummary->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_hostSummary->setTextFormat(Qt::PlainText);

    auto *form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Revision:"), m_revision);
    form->addRow(tr("&Description:"), m_description);
    form->addRow(tr("&Host names:"), m_hostNames);
    // Below the form, not in it: a wrapped label in a form row gets the height of one line
    // and its second line is drawn under whatever follows.
    auto *column = new QVBoxLayout(this);
    column->addLayout(form);
    column->addWidget(m_hostSummary);
    auto *note = new QLabel(tr("The report's title block prints the name and revision. The host "
                               "names are a Slurm host list; the scheduler files and the "
                               "cabling plan name the servers (and the trays of rack-scale "
                               "systems) with them, in order."),
                            this);
    note->setWordWrap(true);
    column->addWidget(note);
    column->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_hostNames, &QLineEdit::textChanged, this, &ProjectDialog::checkHostNames);
    // The document may be replaced (a file opened in the background) while the dialog is up.
    connect(document, &QObject::destroyed, this, &QDialog::reject);
    checkHostNames();
}

ProjectInfo ProjectDialog::info() const
{
    return {m_name->text().trimmed(), m_description->toPlainText(), m_revision->text().trimmed(),
            m_hostNames->text().trimmed()};
}

QString ProjectDialog::hostSummary() const
{
    return m_hostSummary->text();
}

void ProjectDialog::checkHostNames()
{
    if (!m_document)
        return;
    const QString pattern = m_hostNames->text().trimmed();
    const Topology &t = m_document->project().topology;
    const int hosts = hostCount(t, m_document->catalog());
    bool ok = true;
    if (pattern.isEmpty()) {
        m_hostSummary->setText(tr("The hosts take the node names (%n host(s)).", nullptr, hosts));
    } else {
        Expected<std::vector<std::string>> names
                = patternHostNames(pattern.toStdString(), t, m_document->catalog());
        if (!names) {
            ok = false;
            m_hostSummary->setText(QString::fromStdString(names.error().message));
        } else if (hosts == 0) {
            m_hostSummary->setText(
                    tr("%n name(s); the design has no host yet.", nullptr, int(names->size())));
        } else {
            const QString first = QString::fromStdString(names->front());
            const QString last = QString::fromStdString((*names)[std::size_t(hosts) - 1]);
            const int spare = int(names->size()) - hosts;
            QString text
                    = hosts == 1
                              ? tr("The host is named %1.").arg(first)
                              : tr("The %1 hosts are named %2 to %3.").arg(hosts).arg(first, last);
            if (spare > 0)
                text += QLatin1Char(' ') + tr("%n more name(s) kept for growth.", nullptr, spare);
            m_hostSummary->setText(text);
        }
    }
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ok);
}

} // namespace topoplan
