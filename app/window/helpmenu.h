#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

class QAction;
class QDialog;
class QMainWindow;
class QMenu;
class QWidget;

namespace topoplan {

class ManualDialog;

// One row of the keyboard-shortcuts list: where the action is, what it does, its keys.
struct ShortcutRow
{
    QString menu;     // "File", "View > Tool"; empty for an action in no menu
    QString action;   // its text without the mnemonic ampersand or trailing dots
    QString shortcut; // in the platform's notation ("Ctrl+S")
};

// The Help menu of a main window: Getting Started (the first five minutes), the keyboard
// shortcuts as the window's actions have them, the user manual shipped with the application
// (README.md, built in), What's This?, and About (the window's own action, added last).
class HelpMenu : public QObject
{
    Q_OBJECT

public:
    HelpMenu(QMainWindow *window, QMenu *menu, QAction *about);

    // Every action of `window` with a shortcut, in menu order, then those in no menu.
    static QList<ShortcutRow> shortcuts(const QMainWindow *window);
    // The page of the manual about the panel `widget` is part of ("analysis.md"), or the
    // contents ("index.md") for a widget of no panel.
    static QString manualPageFor(const QWidget *widget);

    QAction *gettingStartedAction() const { return m_gettingStarted; }
    QAction *shortcutsAction() const { return m_shortcuts; }
    QAction *manualAction() const { return m_manual; }
    QAction *panelManualAction() const { return m_panelManual; }
    QAction *whatsThisAction() const { return m_whatsThis; }

    // The dialogs, shown non-modal (one of each; asking again raises it).
    QDialog *showGettingStarted();
    QDialog *showShortcuts();
    // The manual at `page` ("drawing.md"; empty: the contents).
    QDialog *showManual(const QString &page = {});
    // The manual at the page of the panel that has the keyboard focus.
    QDialog *showManualForPanel();

protected:
    // What's This? in this window: the text, then a link to the panel's page of the manual,
    // which opens it.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QDialog *browserDialog(QPointer<QDialog> &slot, const QString &objectName,
                           const QString &title);

    QMainWindow *m_window;
    QAction *m_gettingStarted;
    QAction *m_shortcuts;
    QAction *m_manual;
    QAction *m_panelManual;
    QAction *m_whatsThis;
    QPointer<QDialog> m_gettingStartedDialog;
    QPointer<QDialog> m_shortcutsDialog;
    QPointer<ManualDialog> m_manualDialog;
};

} // namespace topoplan
