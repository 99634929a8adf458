#include "app/dialogs/recoverydialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace topoplan {

RecoveryDialog::RecoveryDialog(const QList<RecoveryEntry> &entries, QWidget *parent)
    : QDialog(parent)
    , m_entries(entries)
    , m_list(new QTreeWidget(this))
{
    setObjectName(QStringLiteral("recoveryDialog"));
    setWindowTitle(tr("Recover Unsaved Work"));
    auto *layout = new QVBoxLayout(this);
    auto *text = new QLabel(tr("<b>TopoPlan did not close properly.</b><br>These projects had "
                               "changes that were not saved. Restore one to continue where you "
                               "left off, then save it."),
                            this);
    text->setWordWrap(true);
    layout->addWidget(text);

    m_list->setObjectName(QStringLiteral("recoveryList"));
    m_list->setRootIsDecorated(false);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setHeaderLabels({tr("Project"), tr("File"), tr("Autosaved")});
    m_list->header()->setStretchLastSection(false);
    m_list->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    layout->addWidget(m_list);

    auto *buttons = new QDialogButtonBox(this);
    m_restore = buttons->addButton(tr("&Restore"), QDialogButtonBox::AcceptRole);
    m_restore->setObjectName(QStringLiteral("restoreButton"));
    m_discard = buttons->addButton(tr("&Discard"), QDialogButtonBox::DestructiveRole);
    m_discard->setObjectName(QStringLiteral("discardButton"));
    QPushButton *later = buttons->addButton(tr("&Later"), QDialogButtonBox::RejectRole);
    later->setObjectName(QStringLiteral("laterButton"));
    later->setToolTip(tr("Keep the recovery files and ask again at the next start."));
    // The buttons act on the selection; only Later simply closes.
    connect(m_restore, &QPushButton::clicked, this, &RecoveryDialog::restoreSelected);
    connect(m_discard, &QPushButton::clicked, this, &RecoveryDialog::discardSelected);
    connect(later, &QPushButton::clicked, this, &QDialog::reject);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &RecoveryDialog::updateButtons);
    connect(m_list, &QTreeWidget::itemDoubleClicked, this, &RecoveryDialog::restoreSelected);
    layout->addWidget(buttons);

    fill();
    select(0);
    resize(640, 300);
}

void RecoveryDialog::fill()
{
    m_list->clear();
    const QLocale locale;
    for (const RecoveryEntry &e : std::as_const(m_entries)) {
        const QString file = e.originalFile.isEmpty() ? tr("never saved")
                                                      : QDir::toNativeSeparators(e.originalFile);
        auto *item = new QTreeWidgetItem(
                m_list, {e.projectName.isEmpty() ? tr("Untitled") : e.projectName,
                         e.originalFile.isEmpty() ? file : QFileInfo(e.originalFile).fileName(),
                         locale.toString(e.savedAt.toLocalTime(), QLocale::ShortFormat)});
        item->setToolTip(1, file);
    }
    m_list->resizeColumnToContents(0);
    m_list->resizeColumnToContents(2);
}

void RecoveryDialog::select(int index)
{
    m_list->clearSelection();
    if (QTreeWidgetItem *item = m_list->topLevelItem(index)) {
        item->setSelected(true);
        m_list->setCurrentItem(item);
    }
    updateButtons();
}

QList<int> RecoveryDialog::selectedRows() const
{
    QList<int> rows;
    for (QTreeWidgetItem *item : m_list->selectedItems())
        rows.append(m_list->indexOfTopLevelItem(item));
    std::sort(rows.begin(), rows.end());
    return rows;
}

void RecoveryDialog::updateButtons()
{
    const qsizetype selected = selectedRows().size();
    m_restore->setEnabled(selected == 1); // one window holds one project
    m_discard->setEnabled(selected > 0);
}

void RecoveryDialog::restoreSelected()
{
    const QList<int> rows = selectedRows();
    if (rows.size() != 1)
        return;
    const RecoveryEntry entry = m_entries.at(rows.first());
    accept();
    Q_EMIT restoreRequested(entry);
}

void RecoveryDialog::discardSelected()
{
    const QList<int> rows = selectedRows();
    QStringList failed;
    for (auto it = rows.crbegin(); it != rows.crend(); ++it) {
        const RecoveryEntry entry = m_entries.at(*it);
        if (AutosaveManager::discard(entry))
            m_entries.removeAt(*it);
        else
            failed.append(QDir::toNativeSeparators(entry.recoveryFile));
    }
    fill();
    if (!failed.isEmpty()) {
        QMessageBox::warning(this, tr("Cannot Discard"),
                             tr("These recovery files could not be deleted:\n%1")
                                     .arg(failed.join(QLatin1Char('\n'))));
    }
    if (m_entries.isEmpty())
        reject();
    else
        select(0);
}

} // namespace topoplan
