#include "app/window/helpmenu.h"

#include "app/window/manualbrowser.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHash>
#include <QHeaderView>
#include <QHelpEvent>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QWhatsThis>
#include <QWhatsThisClickedEvent>

namespace topoplan {

namespace {

// "&Save As..." -> "Save As"; "Zoom &In" -> "Zoom In".
QString plainText(QString text)
{
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    while (text.endsWith(QLatin1Char('.')) || text.endsWith(QChar(0x2026)))
        text.chop(1);
    return text.trimmed();
}

void collect(const QMenu *menu, const QString &path, QList<ShortcutRow> *rows,
             QSet<const QAction *> *seen)
{
    for (QAction *action : menu->actions()) {
        if (action->isSeparator())
            continue;
        if (QMenu *sub = action->menu()) {
            collect(sub, path + QStringLiteral(" > ") + plainText(sub->title()), rows, seen);
            continue;
        }
        if (seen->contains(action) || action->shortcut().isEmpty())
            continue;
        seen->insert(action);
        rows->append({path, plainText(action->text()),
                      action->shortcut().toString(QKeySequence::NativeText)});
    }
}

// What's This? links into the manual: "manual:analysis.md".
const QString kManualScheme = QStringLiteral("manual:");

// The page of the manual about each panel, by the panel's object name.
QString pageOfPanel(const QString &objectName)
{
    static const QHash<QString, QString> pages = {
            {QStringLiteral("analysisDock"), QStringLiteral("analysis.md")},
            {QStringLiteral("sweepDock"), QStringLiteral("analysis.md")},
            {QStringLiteral("stepDock"), QStringLiteral("analysis.md")},
            {QStringLiteral("exploreDock"), QStringLiteral("which-design.md")},
            {QStringLiteral("failuresDock"), QStringLiteral("which-design.md")},
            {QStringLiteral("presentationDock"), QStringLiteral("which-design.md")},
            {QStringLiteral("inspectorDock"), QStringLiteral("drawing.md")},
            {QStringLiteral("PaletteDock"), QStringLiteral("drawing.md")},
    };
    return pages.value(objectName);
}

} // namespace

HelpMenu::HelpMenu(QMainWindow *window, QMenu *menu, QAction *about)
    : QObject(window)
    , m_window(window)
    , m_gettingStarted(new QAction(tr("&Getting Started"), this))
    , m_shortcuts(new QAction(tr("&Keyboard Shortcuts"), this))
    , m_manual(new QAction(tr("User &Manual"), this))
    , m_panelManual(new QAction(tr("Manual for This &Panel"), this))
    , m_whatsThis(QWhatsThis::createAction(this))
{
    m_gettingStarted->setObjectName(QStringLiteral("gettingStartedAction"));
    m_gettingStarted->setShortcut(QKeySequence::HelpContents);
    m_gettingStarted->setStatusTip(
            tr("The first five minutes: a template, a plan, the groups, the explorer, the report"));
    connect(m_gettingStarted, &QAction::triggered, this, &HelpMenu::showGettingStarted);

    m_shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    m_shortcuts->setStatusTip(tr("Every keyboard shortcut of this window"));
    connect(m_shortcuts, &QAction::triggered, this, &HelpMenu::showShortcuts);

    m_manual->setObjectName(QStringLiteral("manualAction"));
    m_manual->setStatusTip(tr("The manual that comes with TopoPlan"));
    connect(m_manual, &QAction::triggered, this, [this] { showManual(); });

    m_panelManual->setObjectName(QStringLiteral("panelManualAction"));
    m_panelManual->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    m_panelManual->setStatusTip(tr("The page of the manual about the panel in use"));
    connect(m_panelManual, &QAction::triggered, this, &HelpMenu::showManualForPanel);

    m_whatsThis->setObjectName(QStringLiteral("whatsThisAction"));

    menu->addAction(m_gettingStarted);
    menu->addAction(m_shortcuts);
    menu->addAction(m_manual);
    menu->addAction(m_panelManual);
    menu->addSeparator();
    menu->addAction(m_whatsThis);
    menu->addSeparator();
    menu->addAction(about);
    qApp->installEventFilter(this);
}

QList<ShortcutRow> HelpMenu::shortcuts(const QMainWindow *window)
{
    QList<ShortcutRow> rows;
    QSet<const QAction *> seen;
    for (QAction *action : window->menuBar()->actions()) {
        if (QMenu *menu = action->menu())
            collect(menu, plainText(menu->title()), &rows, &seen);
    }
    // Actions that live on the window only (Escape leaves the presentation, ...).
    for (QAction *action : window->findChildren<QAction *>()) {
        if (seen.contains(action) || action->shortcut().isEmpty() || action->text().isEmpty())
            continue;
        seen.insert(action);
        rows.append({QString(), plainText(action->text()),
                     action->shortcut().toString(QKeySequence::NativeText)});
    }
    return rows;
}

QString HelpMenu::manualPageFor(const QWidget *widget)
{
    for (const QWidget *w = widget; w; w = w->parentWidget()) {
        if (w->inherits("topoplan::ClusterView"))
            return QStringLiteral("drawing.md");
        if (const QString page = pageOfPanel(w->objectName()); !page.isEmpty())
            return page;
    }
    return QStringLiteral("index.md");
}

bool HelpMenu::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::WhatsThis && event->type() != QEvent::WhatsThisClicked)
        return false;
    auto *widget = qobject_cast<QWidget *>(watched);
    if (!widget || widget->window() != m_window)
        return false;
    if (event->type() == QEvent::WhatsThisClicked) {
        const QString href = static_cast<QWhatsThisClickedEvent *>(event)->href();
        if (!href.startsWith(kManualScheme))
            return false;
        showManual(href.mid(kManualScheme.size()));
        return true;
    }
    // QWidget shows its own text; shown here, the text ends with the way to the manual.
    const QString text = widget->whatsThis();
    if (text.isEmpty())
        return false;
    const QString page = manualPageFor(widget);
    QWhatsThis::showText(
            static_cast<QHelpEvent *>(event)->globalPos(),
            text + tr("<p><a href=\"%1%2\">More in the manual</a></p>").arg(kManualScheme, page),
            widget);
    return true;
}

QDialog *HelpMenu::browserDialog(QPointer<QDialog> &slot, const QString &objectName,
                                 const QString &title)
{
    if (slot) {
        slot->show();
        slot->raise();
        slot->activateWindow();
        return nullptr;
    }
    auto *dialog = new QDialog(m_window);
    dialog->setObjectName(objectName);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto *layout = new QVBoxLayout(dialog);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    slot = dialog;
    return dialog;
}

QDialog *HelpMenu::showGettingStarted()
{
    QDialog *dialog = browserDialog(m_gettingStartedDialog, QStringLiteral("gettingStartedDialog"),
                                    tr("Getting Started"));
    if (!dialog)
        return m_gettingStartedDialog;
    auto *browser = new QTextBrowser(dialog);
    browser->setObjectName(QStringLiteral("gettingStartedText"));
    browser->setOpenLinks(false);
    browser->setHtml(
            tr("<h2>The first five minutes</h2>"
               "<ol>"
               "<li><p><b>Open a template.</b> <i>File &gt; New</i> shows the templates: pick "
               "one (a DGX H100 scalable unit, GB200 NVL72 racks, ...) and press "
               "<i>Create</i>. The canvas shows its servers in the Compute lane, the leaf and "
               "spine switches in lanes above, and the NVLink domains as boxes.</p></li>"
               "<li><p><b>Choose a model and a plan.</b> In the <i>Analysis</i> panel at the "
               "bottom, choose a model under <i>Training job</i>, then set TP, PP and DP "
               "under <i>Plan</i> yourself, or press <i>Find Best Plan</i>. Your plan stays "
               "until you change it.</p></li>"
               "<li><p><b>Read the groups.</b> The <i>Projection</i> shows tokens/s and, for "
               "every parallel group, the interconnect it runs on, its bus bandwidth and its "
               "slowest link; select a row to see the group on the canvas. The "
               "<i>TP Sweep</i> tab shows where tokens/s falls off the NVLink domain. Click "
               "a diagnostic to select what it names.</p></li>"
               "<li><p><b>Explore designs.</b> <i>View &gt; Explore Designs...</i>: tick the "
               "NVLink domains, fabrics and oversubscriptions to try and press "
               "<i>Explore</i>. Every combination is built and planned in the background; "
               "the verdict says which design wins and by how much. Double-click a row to "
               "open that design, and <i>View &gt; Compare Designs...</i> sets open designs "
               "side by side. <i>Pin as Baseline</i> shows every later edit against "
               "today's result.</p></li>"
               "<li><p><b>Change the design.</b> Drag servers and switches from the "
               "<i>Hardware</i> palette (a switch takes the tier of the lane it lands in), "
               "connect them with the Connect tool (C), edit names and tiers in "
               "<i>Properties</i>. Every edit is one undo step and the analysis follows.</p>"
               "</li>"
               "<li><p><b>Export the report.</b> <i>File &gt; Export Report...</i> writes the "
               "design report (PDF or HTML): the diagram, the plan, every group's bandwidth "
               "and bottleneck, the diagnostics and the bill of materials. "
               "<i>File &gt; Export...</i> writes the diagram and the other documents (bill "
               "of materials, cabling plan, Slurm topology, ...); press <i>Export</i>. "
               "<i>File &gt; Save</i> keeps the project.</p></li>"
               "</ol>"
               "<p>Press Shift+F1 (or <i>Help &gt; What's This?</i>) and click a panel to "
               "learn what it shows. <i>Help &gt; Keyboard Shortcuts</i> lists every "
               "shortcut; <i>Help &gt; User Manual</i> has the rest, and "
               "<i>Help &gt; Manual for This Panel</i> its page for the panel in use.</p>"));
    static_cast<QVBoxLayout *>(dialog->layout())->insertWidget(0, browser);
    dialog->resize(640, 640);
    dialog->show();
    return dialog;
}

QDialog *HelpMenu::showShortcuts()
{
    QDialog *dialog = browserDialog(m_shortcutsDialog, QStringLiteral("shortcutsDialog"),
                                    tr("Keyboard Shortcuts"));
    if (!dialog)
        return m_shortcutsDialog;
    const QList<ShortcutRow> rows = shortcuts(m_window);
    auto *table = new QTableWidget(int(rows.size()), 3, dialog);
    table->setObjectName(QStringLiteral("shortcutsTable"));
    table->setHorizontalHeaderLabels({tr("Menu"), tr("Action"), tr("Shortcut")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    for (int i = 0; i < rows.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(rows[i].menu));
        table->setItem(i, 1, new QTableWidgetItem(rows[i].action));
        table->setItem(i, 2, new QTableWidgetItem(rows[i].shortcut));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    static_cast<QVBoxLayout *>(dialog->layout())->insertWidget(0, table);
    dialog->resize(560, 600);
    dialog->show();
    return dialog;
}

QDialog *HelpMenu::showManual(const QString &page)
{
    if (!m_manualDialog) {
        m_manualDialog = new ManualDialog(m_window);
        m_manualDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_manualDialog->browser()->showPage(page);
    m_manualDialog->show();
    m_manualDialog->raise();
    m_manualDialog->activateWindow();
    return m_manualDialog;
}

QDialog *HelpMenu::showManualForPanel()
{
    return showManual(manualPageFor(QApplication::focusWidget()));
}

} // namespace topoplan
