#pragma once

// What the window tests share: a settings store of their own, the CLI run in-process, and
// files read back.

#include "app/analysis/analysiscontroller.h"
#include "app/cli/cliexport.h"
#include "app/common/translations.h"
#include "app/window/mainwindow.h"
#include "engine/generate/templates.h"
#include "engine/io/projectfile.h"
#include "tests/engine/clirun.h"

#include <QCoreApplication>
#include <QFile>
#include <QLocale>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <string>
#include <vector>

namespace topoplan::testing {

enum class Settings { Clear, Keep };

// Settings and standard paths of the test's own (QStandardPaths test mode, organisation
// "TopoPlanTests", the application named after the test executable), emptied unless a test
// keeps what an earlier process of its own left; and the translations the C locale gets
// (English plural forms: "1 problem", "2 problems").
inline void prepareApplication(Settings settings = Settings::Clear)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TopoPlanTests"));
    if (settings == Settings::Clear)
        QSettings().clear();
    installTranslations(QLocale::c());
}

using fixtures::CliRun;

// topoplan-cli, run in this process with the Qt verbs (export) available.
inline CliRun runCli(const std::vector<std::string> &args)
{
    return fixtures::runCli(args, cli::runWithQtVerbs);
}

// The file's bytes; empty when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The built-in sample (engine/templates.h's kSampleTemplateId) saved as the project file
// `path`, as a user would have it; false if it cannot be made or written.
[[nodiscard]] inline bool writeSample(const QString &path)
{
    Expected<Project> p = instantiate(*findTemplate(kSampleTemplateId));
    return p && !saveProject(*p, path.toStdString());
}

// Shows `w`, opens the project file `path` and waits until it is on show and its analysis
// has settled; false when that takes longer than `timeoutMs`.
[[nodiscard]] inline bool openAndSettle(MainWindow &w, const QString &path, int timeoutMs = 20000)
{
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return false;
    QSignalSpy opened(&w, &MainWindow::documentOpened);
    w.openFile(path);
    return opened.wait(timeoutMs)
           && QTest::qWaitFor(
                   [&w] { return !w.analysis()->isBusy() && w.analysis()->outcome().has_value(); },
                   timeoutMs);
}

// What in `text`, meant to be German, is still English: the first English word of a sentence
// found ("the", "of", "runs", ...), or a decimal point ("1.8" where German writes "1,8");
// empty when there is none. Names (of devices, models, fields such as
// "activation_offload_layers") are not words here.
inline QString englishLeftIn(const QString &text)
{
    static const QStringList words{
            QStringLiteral("the"),    QStringLiteral("of"),      QStringLiteral("and"),
            QStringLiteral("with"),   QStringLiteral("is"),      QStringLiteral("are"),
            QStringLiteral("than"),   QStringLiteral("runs"),    QStringLiteral("run"),
            QStringLiteral("cannot"), QStringLiteral("at"),      QStringLiteral("comes"),
            QStringLiteral("within"), QStringLiteral("beats"),   QStringLiteral("Best"),
            QStringLiteral("Keep"),   QStringLiteral("takes"),   QStringLiteral("step"),
            QStringLiteral("per"),    QStringLiteral("more"),    QStringLiteral("fewer"),
            QStringLiteral("must"),   QStringLiteral("switches")};
    static const QRegularExpression word(QStringLiteral("[A-Za-z]+"));
    for (QRegularExpressionMatchIterator it = word.globalMatch(text); it.hasNext();) {
        const QString w = it.next().captured();
        if (words.contains(w))
            return w;
    }
    // A decimal point: one or two digits after it (three significant figures at most); a
    // point before three digits groups thousands, as German does.
    static const QRegularExpression point(QStringLiteral("[0-9]\\.[0-9]{1,2}(?![0-9])"));
    if (const QRegularExpressionMatch m = point.match(text); m.hasMatch())
        return m.captured();
    return {};
}

} // namespace topoplan::testing
