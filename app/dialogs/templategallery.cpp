#include "app/dialogs/templategallery.h"

#include "app/common/diagramstyle.h"

#include "engine/generate/templates.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <optional>

namespace topoplan {

namespace {

constexpr int kIdRole = Qt::UserRole;
const QSize kPreviewSize(168, 104);
const QSize kCardSize(240, 212); // the picture and three lines of text

// Template counts do not change while the program runs: counted once, kept for every gallery.
std::optional<QHash<QString, TopologySummary>> &countCache()
{
    static std::optional<QHash<QString, TopologySummary>> cache;
    return cache;
}

QHash<QString, TopologySummary> countTemplates()
{
    QHash<QString, TopologySummary> counts;
    for (const ProjectTemplate &t : builtinTemplates()) {
        Expected<Project> p = instantiate(t);
        if (!p)
            continue; // tst_templates instantiates every shipped template
        if (Expected<TopologySummary> s = summarize(p->topology, Catalog::builtin()))
            counts.insert(QString::fromStdString(t.id), *s);
    }
    return counts;
}

struct Row
{
    int count;
    bool nodes;
};

void paintGlyph(QPainter &p, const QPointF &centre, bool node, const QPalette &palette)
{
    if (node) {
        const QRectF box(centre.x() - 7, centre.y() - 5, 14, 10);
        p.setPen(QPen(palette.color(QPalette::PlaceholderText), 0.8));
        p.setBrush(palette.color(QPalette::Base));
        p.drawRoundedRect(box, 1.5, 1.5);
        p.fillRect(QRectF(box.left() + 2, box.bottom() - 4, box.width() - 4, 2.5),
                   DiagramStyle::linkColor(LinkClass::NVLink));
    } else {
        p.setPen(Qt::NoPen);
        p.setBrush(DiagramStyle::linkColor(LinkClass::InfiniBand));
        p.drawRoundedRect(QRectF(centre.x() - 6, centre.y() - 3, 12, 6), 1.5, 1.5);
    }
}

} // namespace

TemplateGallery::TemplateGallery(QWidget *parent)
    : QDialog(parent)
    , m_list(new QListWidget(this))
    , m_description(new QLabel(this))
{
    setObjectName(QStringLiteral("templateGallery"));
    setWindowTitle(tr("New Project"));
    auto *layout = new QVBoxLayout(this);
    auto *heading
            = new QLabel(tr("Start from an empty canvas or from one of these clusters:"), this);
    layout->addWidget(heading);

    // A grid of cards: the picture, the title and the counts under it.
    m_list->setObjectName(QStringLiteral("templateList"));
    m_list->setViewMode(QListView::IconMode);
    m_list->setMovement(QListView::Static);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setIconSize(kPreviewSize);
    m_list->setGridSize(kCardSize);
    m_list->setWordWrap(true);
    m_list->setTextElideMode(Qt::ElideNone);
    layout->addWidget(m_list, 1);

    m_description->setObjectName(QStringLiteral("templateDescription"));
    m_description->setWordWrap(true);
    m_description->setMinimumHeight(m_description->fontMetrics().lineSpacing() * 3);
    m_description->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    layout->addWidget(m_description);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Create"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    addEmptyProject();
    for (const ProjectTemplate &t : builtinTemplates())
        addTemplate(t);
    connect(m_list, &QListWidget::currentRowChanged, this, &TemplateGallery::updateDescription);
    connect(m_list, &QListWidget::itemActivated, this, &QDialog::accept);
    m_list->setCurrentRow(0);

    connect(&m_counter, &QFutureWatcherBase::finished, this, &TemplateGallery::onCounted);
    if (countCache())
        onCounted();
    else
        m_counter.setFuture(QtConcurrent::run(countTemplates));
    resize(3 * kCardSize.width() + 60, 2 * kCardSize.height() + 150);
}

TemplateGallery::~TemplateGallery()
{
    // The worker only reads the built-in templates and catalog; let it finish its count.
    m_counter.waitForFinished();
}

QString TemplateGallery::templateId() const
{
    const QListWidgetItem *item = m_list->currentItem();
    return item ? item->data(kIdRole).toString() : QString();
}

void TemplateGallery::selectTemplate(const QString &templateId)
{
    for (int i = 0; i < m_list->count(); ++i) {
        if (m_list->item(i)->data(kIdRole).toString() == templateId)
            m_list->setCurrentRow(i);
    }
}

bool TemplateGallery::isCounted() const
{
    return countCache().has_value();
}

void TemplateGallery::addEmptyProject()
{
    auto *item = new QListWidgetItem(tr("Empty project\nNothing but the canvas"), m_list);
    item->setData(kIdRole, QString());
    item->setIcon(preview(nullptr, palette(), devicePixelRatioF()));
    item->setToolTip(tr("An empty canvas: drag servers, NVLink domains and switches onto it."));
}

void TemplateGallery::addTemplate(const ProjectTemplate &t)
{
    auto *item = new QListWidgetItem(m_list);
    item->setData(kIdRole, QString::fromStdString(t.id));
    item->setToolTip(QString::fromStdString(t.description));
    updateTemplate(item, nullptr);
}

void TemplateGallery::updateTemplate(QListWidgetItem *item, const TopologySummary *summary)
{
    const ProjectTemplate *t = findTemplate(item->data(kIdRole).toString().toStdString());
    if (!t)
        return;
    QString counts;
    if (summary) {
        counts = tr("%1 GPUs in %2 nodes")
                         .arg(QLocale().toString(summary->gpus),
                              QLocale().toString(summary->nodes));
        const int switches = summary->leaf + summary->spine + summary->core;
        counts += QLatin1Char('\n')
                  + (summary->core > 0 ? tr("%1 leaf, %2 spine, %3 core switches")
                                                 .arg(QLocale().toString(summary->leaf),
                                                      QLocale().toString(summary->spine),
                                                      QLocale().toString(summary->core))
                                       : tr("%n switch(es)", nullptr, switches));
    } else {
        counts = tr("Counting...");
    }
    item->setText(QString::fromStdString(t->title) + QLatin1Char('\n') + counts);
    item->setIcon(preview(summary, palette(), devicePixelRatioF()));
}

void TemplateGallery::onCounted()
{
    if (!countCache())
        countCache() = m_counter.result();
    for (int i = 1; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        const auto it = countCache()->constFind(item->data(kIdRole).toString());
        if (it != countCache()->cend())
            updateTemplate(item, &it.value());
    }
    Q_EMIT counted();
}

void TemplateGallery::updateDescription()
{
    const QString id = templateId();
    if (id.isEmpty()) {
        m_description->setText(
                tr("An empty canvas: drag servers, NVLink domains and switches onto it."));
        return;
    }
    const ProjectTemplate *t = findTemplate(id.toStdString());
    m_description->setText(t ? QString::fromStdString(t->description) : QString());
}

QPixmap TemplateGallery::preview(const TopologySummary *summary, const QPalette &palette,
                                 qreal devicePixelRatio)
{
    QPixmap pixmap(kPreviewSize * devicePixelRatio);
    pixmap.setDevicePixelRatio(devicePixelRatio);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF frame = QRectF(QPointF(0, 0), QSizeF(kPreviewSize)).adjusted(1, 1, -1, -1);
    // Muted text colour for outlines: visible on light and dark palettes alike.
    const QColor outline = palette.color(QPalette::PlaceholderText);
    p.setPen(QPen(outline, 1));
    p.setBrush(palette.color(QPalette::AlternateBase));
    if (!summary) {
        p.setPen(QPen(outline, 1.2, Qt::DashLine));
        p.drawRoundedRect(frame, 6, 6);
        p.setPen(QPen(outline, 3, Qt::SolidLine, Qt::RoundCap));
        const QPointF c = frame.center();
        p.drawLine(c - QPointF(12, 0), c + QPointF(12, 0));
        p.drawLine(c - QPointF(0, 12), c + QPointF(0, 12));
        return pixmap;
    }
    p.drawRoundedRect(frame, 6, 6);

    // Top to bottom: cores, spines, leaves, nodes; at most a few glyphs a row, the real
    // count at its right end.
    QList<Row> rows;
    for (int count : {summary->core, summary->spine, summary->leaf}) {
        if (count > 0)
            rows.append({count, false});
    }
    rows.append({summary->nodes, true});
    constexpr int kMaxGlyphs = 8;
    constexpr double kLabelWidth = 30;
    const QRectF area = frame.adjusted(12, 12, -12 - kLabelWidth, -12);
    const double rowStep = rows.size() > 1 ? area.height() / (rows.size() - 1) : 0;
    QList<QList<QPointF>> centres;
    for (int r = 0; r < rows.size(); ++r) {
        const int shown = std::min(rows[r].count, kMaxGlyphs);
        QList<QPointF> row;
        for (int i = 0; i < shown; ++i) {
            row.append(QPointF(area.left() + area.width() * (i + 0.5) / shown,
                               rows.size() > 1 ? area.top() + r * rowStep : area.center().y()));
        }
        centres.append(row);
    }
    QColor wire = DiagramStyle::linkColor(LinkClass::InfiniBand);
    wire.setAlphaF(0.35f);
    p.setPen(QPen(wire, 0.7));
    for (int r = 0; r + 1 < centres.size(); ++r) {
        for (const QPointF &up : std::as_const(centres[r])) {
            for (const QPointF &down : std::as_const(centres[r + 1]))
                p.drawLine(up, down);
        }
    }
    QFont font = p.font();
    font.setPixelSize(10);
    p.setFont(font);
    for (int r = 0; r < rows.size(); ++r) {
        for (const QPointF &c : std::as_const(centres[r]))
            paintGlyph(p, c, rows[r].nodes, palette);
        const double y = centres[r].isEmpty() ? area.center().y() : centres[r].first().y();
        p.setPen(palette.color(QPalette::Text));
        p.drawText(QRectF(area.right() + 4, y - 8, kLabelWidth + 4, 16),
                   Qt::AlignLeft | Qt::AlignVCenter, QLocale().toString(rows[r].count));
    }
    return pixmap;
}

} // namespace topoplan
