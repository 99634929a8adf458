#pragma once

#include "app/export/diagramexport.h"

#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <QDialog>
#include <QFutureWatcher>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSettings;
class QStackedWidget;

namespace topoplan {

// What File > Export... is asked to write.
struct ExportChoice
{
    // "svg", "pdf", "png", "jpg" (the diagram), "report-pdf", "report-html" (the design
    // report), or the name of one of the engine's documentFormats() ("bom", "slurm-tree", ...).
    QString format = QStringLiteral("svg");
    enum class Scope { Whole, Selection, Visible };
    Scope scope = Scope::Whole; // diagram formats only
    bool legend = true;
    bool titleBlock = true;
    bool white = false;
    QString title; // above the diagram; empty: the project's name
    QString path;

    bool isDiagram() const;
    bool isReport() const;
};

// One dialog for every format TopoPlan writes: the diagram (SVG, PDF, PNG, JPEG) with its
// scope (the whole design, the selection, the visible area) and options (legend, title block,
// white background), the design report (PDF, HTML), and the engine's documents (bill of
// materials, cabling plan, scheduler files, draw.io, DOT, ...). A live preview shows the
// rendered figure for the diagram and the first lines of the text for the others (computed in
// a worker). The last choices are remembered in QSettings. The file goes into the project's
// folder unless this project was last exported elsewhere. The caller runs the export.
class ExportDialog : public QDialog
{
    Q_OBJECT

public:
    // Records the diagram for the preview as `choice` would export it (on the UI thread).
    using Recorder = std::function<DiagramPicture(const ExportChoice &choice)>;
    // `projectFile`: where the project is saved (empty for one never saved).
    ExportDialog(Project project, Catalog catalog, const QString &baseName,
                 const QString &projectFile, bool hasSelection, Recorder recorder,
                 QWidget *parent = nullptr);
    ~ExportDialog() override;

    ExportChoice choice() const;
    // Selects a format by its key (see ExportChoice::format); false if there is none.
    bool selectFormat(const QString &format);
    // The preview's current text (text formats) and whether a picture is shown (diagrams).
    QString previewText() const;
    bool previewShowsPicture() const;
    bool isPreviewing() const { return m_textWatcher.isRunning(); }

Q_SIGNALS:
    void previewUpdated();

protected:
    void accept() override;

private:
    void onFormatChanged();
    void updatePreview();
    void browse();
    QString suffixOf(const QString &format) const;
    QString initialDirectory(const QSettings &settings) const;

    Project m_project;
    Catalog m_catalog;
    QString m_baseName;
    QString m_projectFile;
    Recorder m_recorder;
    QComboBox *m_format;
    QComboBox *m_scope;
    QCheckBox *m_legend;
    QCheckBox *m_titleBlock;
    QCheckBox *m_white;
    QLineEdit *m_title;
    QLineEdit *m_path;
    QStackedWidget *m_preview;
    QLabel *m_picture;
    QPlainTextEdit *m_text;
    QFutureWatcher<QString> m_textWatcher;
    quint64 m_previewGeneration = 0;
};

} // namespace topoplan
