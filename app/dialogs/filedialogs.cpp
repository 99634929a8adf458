#include "app/dialogs/filedialogs.h"

#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <memory>

namespace topoplan {

void showImportReport(QWidget *parent, const QString &title, const ImportReport &report)
{
    // Window-modal but not blocking, like the error box: the design is on the canvas already.
    auto *dialog = new QDialog(parent);
    dialog->setObjectName(QStringLiteral("importReport"));
    dialog->setWindowTitle(QCoreApplication::translate("FileDialogs", "Import Report"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    auto *layout = new QVBoxLayout(dialog);
    QString summary = QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped());
    for (const std::string &line : report.summary)
        summary += QStringLiteral("<br>") + QString::fromStdString(line).toHtmlEscaped();
    auto *label = new QLabel(summary, dialog);
    label->setWordWrap(true);
    layout->addWidget(label);
    // The counts go in through plain variables: lupdate (Qt 6.4) never returns from a scoped
    // enumerator ("Kind::Assumed") inside a translate() call.
    const int assumed = report.count(ImportNote::Kind::Assumed);
    const int unmapped = report.count(ImportNote::Kind::Unmapped);
    const int checked = report.count(ImportNote::Kind::Checked);
    const int warnings = report.count(ImportNote::Kind::Warning);
    QString countText = QCoreApplication::translate("FileDialogs", "%n assumption(s)", "", assumed)
                        + QStringLiteral(" \u00b7 ")
                        + QCoreApplication::translate("FileDialogs", "%n not mapped", "", unmapped)
                        + QStringLiteral(" \u00b7 ")
                        + QCoreApplication::translate("FileDialogs", "%n check(s)", "", checked);
    // What looks wrong in the cluster leads, in bold: it is what the user has to act on.
    if (warnings > 0)
        countText = QStringLiteral("<b>")
                    + QCoreApplication::translate("FileDialogs", "%n warning(s)", "", warnings)
                              .toHtmlEscaped()
                    + QStringLiteral("</b> \u00b7 ") + countText.toHtmlEscaped();
    auto *counts = new QLabel(countText, dialog);
    counts->setObjectName(QStringLiteral("importCounts"));
    layout->addWidget(counts);
    auto *notes = new QPlainTextEdit(dialog);
    notes->setObjectName(QStringLiteral("importNotes"));
    notes->setReadOnly(true);
    notes->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    QString text;
    for (const ImportNote *n : report.byConcern()) {
        text += QFileInfo(QString::fromStdString(n->file)).fileName();
        if (n->line > 0)
            text += QLatin1Char(':') + QString::number(n->line);
        text += QStringLiteral(": ") + QString::fromUtf8(toString(n->kind)) + QStringLiteral(": ")
                + QString::fromStdString(n->message) + QLatin1Char('\n');
    }
    notes->setPlainText(text);
    layout->addWidget(notes, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(760, 480);
    dialog->open();
}

void showOpenProblems(QWidget *parent, const QString &shown, SalvagedProject salvage,
                      std::function<void(Project project, int leftOut)> openReadable)
{
    // Every problem, not only the first: the informative text lists the first few with their
    // JSON paths, the details all of them and what the readable part leaves out.
    const int n = static_cast<int>(salvage.problems.size());
    constexpr int kListed = 8;
    QStringList listed, all;
    for (int i = 0; i < n; ++i) {
        const Error &e = salvage.problems[static_cast<std::size_t>(i)];
        const QString line
                = QString::fromStdString(e.where.empty() ? e.message : e.where + ": " + e.message);
        all << QStringLiteral("\u2022 ") + line;
        if (i < kListed)
            listed << QStringLiteral("\u2022 ") + line;
    }
    if (n > kListed)
        listed << QCoreApplication::translate("FileDialogs", "... and %n more (Show Details)", "",
                                              n - kListed);
    if (salvage.truncated)
        all << QCoreApplication::translate("FileDialogs",
                                           "(TopoPlan stopped looking after %n problems.)", "", n);
    QString details = all.join(QLatin1Char('\n'));
    if (!salvage.leftOut.empty()) {
        details += QLatin1String("\n\n")
                   + QCoreApplication::translate("FileDialogs", "Left out of the readable part:");
        for (const std::string &what : salvage.leftOut)
            details += QStringLiteral("\n\u2022 ") + QString::fromStdString(what);
    }
    auto *box = new QMessageBox(
            QMessageBox::Warning, QCoreApplication::translate("FileDialogs", "Cannot Open Project"),
            QCoreApplication::translate("FileDialogs",
                                        "%1 could not be opened: it has %n problem(s).", "", n)
                    .arg(shown),
            QMessageBox::Cancel, parent);
    box->setObjectName(QStringLiteral("errorMessage"));
    QString informative = listed.join(QLatin1Char('\n'));
    // A plain variable for the count: lupdate skips a translate() whose count is a cast.
    const int leftOut = static_cast<int>(salvage.leftOut.size());
    if (salvage.project) {
        informative += QLatin1String("\n\n")
                       + QCoreApplication::translate(
                               "FileDialogs",
                               "TopoPlan can open what it can read as a new, unsaved project, "
                               "leaving out the broken items (%n item(s) left out). The file "
                               "itself is not changed.",
                               "", leftOut);
        QPushButton *open
                = box->addButton(QCoreApplication::translate("FileDialogs", "Open Readable Part"),
                                 QMessageBox::AcceptRole);
        open->setObjectName(QStringLiteral("openReadablePart"));
        box->setDefaultButton(open);
        auto project = std::make_shared<Project>(std::move(*salvage.project));
        QObject::connect(open, &QPushButton::clicked, box,
                         [project, leftOut, openReadable = std::move(openReadable)] {
                             openReadable(std::move(*project), leftOut);
                         });
    }
    box->setInformativeText(informative);
    box->setDetailedText(details);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace topoplan
