#include "app/window/exportdialog.h"

#include "engine/document/documents.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <map>

namespace topoplan {

namespace {

const char *const kFormatKey = "exportDialog/format";
const char *const kScopeKey = "exportDialog/scope";
const char *const kLegendKey = "exportDialog/legend";
const char *const kTitleBlockKey = "exportDialog/titleBlock";
const char *const kWhiteKey = "exportDialog/white";
const char *const kDirKey = "exportDialog/directory";
const char *const kDirProjectKey = "exportDialog/directoryProject";

QString key(const char *k)
{
    return QString::fromLatin1(k);
}

constexpr int kPreviewLines = 40;
const QSize kPreviewSize(520, 300);

} // namespace

bool ExportChoice::isDiagram() const
{
    return exportFormatFromName(format).has_value();
}

bool ExportChoice::isReport() const
{
    return format.startsWith(QLatin1String("report-"));
}

ExportDialog::ExportDialog(Project project, Catalog catalog, const QString &baseName,
                           const QString &projectFile, bool hasSelection, Recorder recorder,
                           QWidget *parent)
    : QDialog(parent)
    , m_project(std::move(project))
    , m_catalog(std::move(catalog))
    , m_baseName(baseName)
    , m_projectFile(projectFile)
    , m_recorder(std::move(recorder))
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export"));
    const QSettings settings;

    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("exportFormat"));
    m_format->addItem(tr("Diagram: SVG drawing"), QStringLiteral("svg"));
    m_format->addItem(tr("Diagram: PDF document"), QStringLiteral("pdf"));
    m_format->addItem(tr("Diagram: PNG image"), QStringLiteral("png"));
    m_format->addItem(tr("Diagram: JPEG image"), QStringLiteral("jpg"));
    m_format->addItem(tr("Design report: PDF"), QStringLiteral("report-pdf"));
    m_format->addItem(tr("Design report: HTML page"), QStringLiteral("report-html"));
    for (const DocumentFormatInfo &f : documentFormats())
        if (f.format != DocumentFormat::Report)
            m_format->addItem(QString::fromUtf8(f.what), QString::fromLatin1(f.name));

    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("exportScope"));
    m_scope->addItem(tr("Whole design"), int(ExportChoice::Scope::Whole));
    m_scope->addItem(tr("Selection"), int(ExportChoice::Scope::Selection));
    m_scope->addItem(tr("Visible area"), int(ExportChoice::Scope::Visible));
    if (auto *model = qobject_cast<QStandardItemModel *>(m_scope->model()))
        model->item(1)->setEnabled(hasSelection); // nothing selected: nothing to draw
    const int scope = settings.value(key(kScopeKey), 0).toInt();
    m_scope->setCurrentIndex(scope == 1 && !hasSelection ? 0 : std::clamp(scope, 0, 2));

    m_legend = new QCheckBox(tr("Link legend and group summary"), this);
    m_legend->setObjectName(QStringLiteral("exportLegend"));
    m_legend->setChecked(settings.value(key(kLegendKey), true).toBool());
    m_titleBlock = new QCheckBox(tr("Title block: model and plan, tokens/s, date"), this);
    m_titleBlock->setObjectName(QStringLiteral("exportTitleBlock"));
    m_titleBlock->setChecked(settings.value(key(kTitleBlockKey), true).toBool());
    m_white = new QCheckBox(tr("White background (for print)"), this);
    m_white->setObjectName(QStringLiteral("exportWhite"));
    m_white->setChecked(settings.value(key(kWhiteKey), false).toBool());
    m_title = new QLineEdit(baseName, this);
    m_title->setObjectName(QStringLiteral("exportTitle"));

    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("exportPath"));
    auto *browseButton = new QPushButton(tr("Browse..."), this);
    browseButton->setObjectName(QStringLiteral("exportBrowse"));
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);

    m_picture = new QLabel(this);
    m_picture->setObjectName(QStringLiteral("exportPreviewPicture"));
    m_picture->setAlignment(Qt::AlignCenter);
    m_picture->setMinimumSize(kPreviewSize);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("exportPreviewText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setMinimumSize(kPreviewSize);
    m_preview = new QStackedWidget(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->addWidget(m_picture);
    m_preview->addWidget(m_text);

    auto *form = new QFormLayout;
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Scope:"), m_scope);
    form->addRow(tr("&Title:"), m_title);
    form->addRow(m_legend);
    form->addRow(m_titleBlock);
    form->addRow(m_white);
    form->addRow(tr("F&ile:"), pathRow);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("exportButton"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("Preview:"), this));
    layout->addWidget(m_preview, 1);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    for (QComboBox *box : {m_scope})
        connect(box, &QComboBox::currentIndexChanged, this, &ExportDialog::updatePreview);
    for (QCheckBox *box : {m_legend, m_titleBlock, m_white})
        connect(box, &QCheckBox::toggled, this, &ExportDialog::updatePreview);
    connect(m_title, &QLineEdit::editingFinished, this, &ExportDialog::updatePreview);
    connect(&m_textWatcher, &QFutureWatcherBase::finished, this, [this] {
        m_text->setPlainText(m_textWatcher.result());
        Q_EMIT previewUpdated();
    });

    m_path->setText(QDir(initialDirectory(settings)).filePath(baseName));
    const int format = m_format->findData(settings.value(key(kFormatKey)).toString());
    m_format->setCurrentIndex(std::max(0, format));
    onFormatChanged();
}

ExportDialog::~ExportDialog()
{
    m_textWatcher.waitForFinished();
}

QString ExportDialog::initialDirectory(const QSettings &settings) const
{
    // The folder this project was last exported to; else the project's own folder; a project
    // never saved goes where the last export went, or home.
    const QString project
            = m_projectFile.isEmpty() ? QString() : QFileInfo(m_projectFile).absoluteFilePath();
    const QString last = settings.value(key(kDirKey)).toString();
    if (!project.isEmpty()) {
        if (!last.isEmpty() && settings.value(key(kDirProjectKey)).toString() == project)
            return last;
        return QFileInfo(project).absolutePath();
    }
    return last.isEmpty() ? QDir::homePath() : last;
}

QString ExportDialog::suffixOf(const QString &format) const
{
    if (format == u"report-pdf")
        return QStringLiteral("pdf");
    if (format == u"report-html")
        return QStringLiteral("html");
    if (std::optional<ExportFormat> f = exportFormatFromName(format))
        return exportFormatSuffix(*f);
    static const std::map<std::string, const char *> suffixes
            = {{"bom", "csv"},          {"cables", "csv"},       {"bom-xlsx", "xlsx"},
               {"cables-xlsx", "xlsx"}, {"cvt", "csv"},          {"cvt-xlsx", "xlsx"},
               {"slurm-tree", "conf"},  {"slurm-block", "conf"}, {"slurm-yaml", "yaml"},
               {"k8s-labels", "sh"},    {"topograph", "yaml"},   {"drawio", "drawio"},
               {"dot", "dot"},          {"dot-air", "dot"},      {"ibsim", "net"},
               {"ibnetdiscover", "txt"}};
    const auto it = suffixes.find(format.toStdString());
    return it == suffixes.end() ? QStringLiteral("txt") : QString::fromLatin1(it->second);
}

ExportChoice ExportDialog::choice() const
{
    ExportChoice c;
    c.format = m_format->currentData().toString();
    c.scope = ExportChoice::Scope(m_scope->currentData().toInt());
    c.legend = m_legend->isChecked();
    c.titleBlock = m_titleBlock->isChecked();
    c.white = m_white->isChecked();
    c.title = m_title->text();
    c.path = m_path->text();
    return c;
}

bool ExportDialog::selectFormat(const QString &format)
{
    const int i = m_format->findData(format);
    if (i < 0)
        return false;
    m_format->setCurrentIndex(i);
    return true;
}

QString ExportDialog::previewText() const
{
    return m_text->toPlainText();
}

bool ExportDialog::previewShowsPicture() const
{
    return m_preview->currentWidget() == m_picture && !m_picture->pixmap().isNull();
}

void ExportDialog::onFormatChanged()
{
    const ExportChoice c = choice();
    const bool diagram = c.isDiagram();
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_scope, m_legend, m_titleBlock, m_white, m_title})
        w->setEnabled(diagram);
    // The file keeps its name and takes the format's suffix.
    const QFileInfo info(m_path->text());
    m_path->setText(
            QDir(info.path())
                    .filePath(info.completeBaseName() + QLatin1Char('.') + suffixOf(c.format)));
    updatePreview();
}

void ExportDialog::updatePreview()
{
    const ExportChoice c = choice();
    ++m_previewGeneration;
    if (c.isDiagram()) {
        const DiagramPicture d = m_recorder(c);
        QImage image(kPreviewSize, QImage::Format_ARGB32_Premultiplied);
        image.fill(palette().color(QPalette::Window));
        if (!d.rect.isEmpty()) {
            QPainter p(&image);
            p.setRenderHint(QPainter::Antialiasing);
            const double s = std::min(kPreviewSize.width() / d.rect.width(),
                                      kPreviewSize.height() / d.rect.height());
            p.translate((kPreviewSize.width() - d.rect.width() * s) / 2,
                        (kPreviewSize.height() - d.rect.height() * s) / 2);
            p.scale(s, s);
            p.drawPicture(0, 0, d.picture);
        }
        m_picture->setPixmap(QPixmap::fromImage(image));
        m_preview->setCurrentWidget(m_picture);
        Q_EMIT previewUpdated();
        return;
    }
    // Text formats: the engine's text (the report as plain text), its first lines, in a worker.
    m_preview->setCurrentWidget(m_text);
    m_text->setPlainText(tr("Preparing the preview..."));
    const std::optional<DocumentFormat> format
            = c.isReport() ? std::optional(DocumentFormat::Report)
                           : documentFormatFromName(c.format.toStdString());
    if (!format)
        return;
    m_textWatcher.waitForFinished();
    m_textWatcher.setFuture(
            QtConcurrent::run([project = m_project, catalog = m_catalog, f = *format] {
                Expected<std::string> text = writeDocument(f, project, catalog);
                if (!text)
                    return QString::fromStdString(text.error().text());
                QStringList lines = QString::fromStdString(*text).split(QLatin1Char('\n'));
                const qsizetype total = lines.size();
                lines = lines.mid(0, kPreviewLines);
                if (total > kPreviewLines)
                    lines.append(ExportDialog::tr("... %n more lines", nullptr,
                                                  int(total - kPreviewLines)));
                return lines.join(QLatin1Char('\n'));
            }));
}

void ExportDialog::browse()
{
    const QString suffix = suffixOf(choice().format);
    const QString path
            = QFileDialog::getSaveFileName(this, tr("Export"), m_path->text(),
                                           tr("%1 files (*.%2)").arg(suffix.toUpper(), suffix));
    if (!path.isEmpty())
        m_path->setText(path);
}

void ExportDialog::accept()
{
    const ExportChoice c = choice();
    if (c.path.trimmed().isEmpty())
        return;
    QSettings settings;
    settings.setValue(key(kFormatKey), c.format);
    settings.setValue(key(kScopeKey), int(c.scope));
    settings.setValue(key(kLegendKey), c.legend);
    settings.setValue(key(kTitleBlockKey), c.titleBlock);
    settings.setValue(key(kWhiteKey), c.white);
    settings.setValue(key(kDirKey), QFileInfo(c.path).absolutePath());
    settings.setValue(key(kDirProjectKey), m_projectFile.isEmpty()
                                                   ? QString()
                                                   : QFileInfo(m_projectFile).absoluteFilePath());
    QDialog::accept();
}

} // namespace topoplan
