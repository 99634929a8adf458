#include "app/panels/palettedock.h"

#include "app/common/hardwaretext.h"
#include "app/common/units.h"

#include "engine/model/catalog.h"

#include <QLineEdit>
#include <QListWidget>
#include <QMimeData>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace topoplan {

namespace {

constexpr int kEntryRole = Qt::UserRole + 1;
constexpr int kSearchRole = Qt::UserRole + 2;

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// A list that hands out the palette's own drag data.
class PaletteList : public QListWidget
{
public:
    using QListWidget::QListWidget;

protected:
    QStringList mimeTypes() const override { return {PaletteDock::mimeType()}; }
    QMimeData *mimeData(const QList<QListWidgetItem *> &items) const override
    {
        PaletteEntry entry;
        if (items.isEmpty()
            || !PaletteEntry::fromKey(items.first()->data(kEntryRole).toString(), &entry))
            return nullptr;
        return PaletteDock::mimeData(entry);
    }
};

} // namespace

QString PaletteEntry::key() const
{
    switch (kind) {
    case Server:
        return QStringLiteral("server:") + model;
    case Switch:
        return QStringLiteral("switch:") + model;
    case Domain:
        break;
    }
    return QStringLiteral("domain");
}

bool PaletteEntry::fromKey(const QString &key, PaletteEntry *entry)
{
    if (key == QLatin1String("domain")) {
        *entry = PaletteEntry{Domain, {}};
        return true;
    }
    const qsizetype colon = key.indexOf(QLatin1Char(':'));
    if (colon <= 0 || colon + 1 == key.size())
        return false;
    const QString kind = key.left(colon);
    const QString model = key.mid(colon + 1);
    if (kind == QLatin1String("server"))
        *entry = PaletteEntry{Server, model};
    else if (kind == QLatin1String("switch"))
        *entry = PaletteEntry{Switch, model};
    else
        return false;
    return true;
}

PaletteDock::PaletteDock(const Catalog &catalog, QWidget *parent)
    : QDockWidget(tr("Hardware"), parent)
    , m_filter(new QLineEdit)
    , m_list(new PaletteList)
{
    setObjectName(QStringLiteral("PaletteDock"));
    m_filter->setPlaceholderText(tr("Search hardware"));
    m_filter->setClearButtonEnabled(true);
    m_list->setDragEnabled(true);
    m_list->setWhatsThis(
            tr("<b>Hardware</b><p>Every server, compute tray, rack and switch of the catalog. "
               "Drag one onto the canvas: a switch takes the tier of the lane it lands in "
               "(the empty dashed lanes make a spine or core switch), a tray dropped in an "
               "NVLink domain box joins it. Type in the search field to narrow the list.</p>"));
    m_list->setDragDropMode(QAbstractItemView::DragOnly);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setIconSize(QSize(24, 24));
    m_list->setUniformItemSizes(true);

    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_filter);
    layout->addWidget(m_list);
    setWidget(content);

    connect(m_filter, &QLineEdit::textChanged, this, &PaletteDock::applyFilter);
    setCatalog(catalog);
}

void PaletteDock::setCatalog(const Catalog &catalog)
{
    m_list->clear();
    const auto add = [&](const PaletteEntry &entry, const QString &label) {
        auto *item = new QListWidgetItem(iconFor(entry, catalog), label, m_list);
        const QString tip = toolTipFor(entry, catalog);
        item->setToolTip(tip);
        item->setData(kEntryRole, entry.key());
        // Searching finds a model by its label, id or any figure in its tooltip.
        QString plain = tip;
        plain.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        item->setData(kSearchRole,
                      QString(label + QLatin1Char(' ') + entry.model + QLatin1Char(' ') + plain));
    };
    add(PaletteEntry{PaletteEntry::Domain, {}}, tr("NVLink domain"));
    // The catalog's names ("NVIDIA GB200 compute tray (2 x GB200 superchip)"), as the
    // inspector and the tooltips say them; an entry without one falls back to its id.
    const auto label = [](const std::string &id, const std::string &name) {
        return name.empty() ? shortModelName(id) : qs(name);
    };
    for (const auto &[id, server] : catalog.servers())
        add(PaletteEntry{PaletteEntry::Server, qs(id)}, label(id, server.name));
    for (const auto &[id, sw] : catalog.switches())
        add(PaletteEntry{PaletteEntry::Switch, qs(id)}, label(id, sw.name));
    applyFilter(m_filter->text());
}

QString PaletteDock::mimeType()
{
    return QStringLiteral("application/x-topoplan-palette-entry");
}

QMimeData *PaletteDock::mimeData(const PaletteEntry &entry)
{
    auto *mime = new QMimeData;
    mime->setData(mimeType(), entry.key().toUtf8());
    return mime;
}

std::optional<PaletteEntry> PaletteDock::entryFromMimeData(const QMimeData *mime)
{
    PaletteEntry entry;
    if (!mime || !mime->hasFormat(mimeType())
        || !PaletteEntry::fromKey(QString::fromUtf8(mime->data(mimeType())), &entry))
        return std::nullopt;
    return entry;
}

QList<PaletteEntry> PaletteDock::visibleEntries() const
{
    QList<PaletteEntry> entries;
    for (int i = 0; i < m_list->count(); ++i) {
        const QListWidgetItem *item = m_list->item(i);
        PaletteEntry entry;
        if (!item->isHidden() && PaletteEntry::fromKey(item->data(kEntryRole).toString(), &entry))
            entries.append(entry);
    }
    return entries;
}

QIcon PaletteDock::iconFor(const PaletteEntry &entry, const Catalog &catalog)
{
    switch (entry.kind) {
    case PaletteEntry::Domain:
        return QIcon(QStringLiteral(":/icons/domain.svg"));
    case PaletteEntry::Switch: {
        const SwitchModel *sw = catalog.switchModel(entry.model.toStdString());
        const bool ib = sw && sw->protocol == SwitchProtocol::InfiniBand;
        return QIcon(ib ? QStringLiteral(":/icons/switch-ib.svg")
                        : QStringLiteral(":/icons/switch-eth.svg"));
    }
    case PaletteEntry::Server:
        break;
    }
    const ServerModel *server = catalog.server(entry.model.toStdString());
    if (server && server->nvlinkScope == NVLinkScope::Rack)
        return QIcon(QStringLiteral(":/icons/rack.svg"));
    if (server && server->nvlinkScope == NVLinkScope::External)
        return QIcon(QStringLiteral(":/icons/tray.svg"));
    return QIcon(QStringLiteral(":/icons/server.svg"));
}

QString PaletteDock::toolTipFor(const PaletteEntry &entry, const Catalog &catalog)
{
    if (entry.kind == PaletteEntry::Domain) {
        return tr("<b>NVLink domain</b><br>A box for compute trays whose NVLink leaves the "
                  "tray (GB200): the trays dropped into it share one NVLink fabric.");
    }
    const std::string id = entry.model.toStdString();
    if (entry.kind == PaletteEntry::Switch) {
        const SwitchModel *sw = catalog.switchModel(id);
        if (!sw)
            return tr("Unknown switch model \"%1\"").arg(entry.model);
        const QString protocol = sw->protocol == SwitchProtocol::InfiniBand ? tr("InfiniBand")
                                 : sw->rdma ? tr("Ethernet with RoCE")
                                            : tr("Ethernet (no RDMA)");
        return QStringLiteral("<b>%1</b><br>").arg(qs(sw->name).toHtmlEscaped())
               + tr("%1 ports at %2").arg(sw->ports).arg(units::lineRate(sw->portGbits))
               + QStringLiteral("<br>") + protocol;
    }
    const ServerModel *server = catalog.server(id);
    if (!server)
        return tr("Unknown server model \"%1\"").arg(entry.model);
    const GpuModel *gpu = catalog.gpu(server->gpu);
    const ScaleUpFabric fabric = scaleUpFabric(*server, catalog);
    return QStringLiteral("<b>%1</b><br>").arg(qs(server->name).toHtmlEscaped())
           + tr("%1 GPUs: %2").arg(server->gpus).arg(gpu ? qs(gpu->name) : qs(server->gpu))
           + QStringLiteral("<br>") + tr("%1 per GPU").arg(scaleUpText(fabric))
           + (fabric.groupGpus > 0 ? QStringLiteral("<br>") + scaleUpGroupText(fabric) : QString())
           + QStringLiteral("<br>")
           + tr("%1 compute NICs at %2").arg(server->nics).arg(units::lineRate(server->nicGbits));
}

void PaletteDock::applyFilter(const QString &text)
{
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        const QString haystack = item->data(kSearchRole).toString();
        bool shown = true;
        for (const QString &word : words)
            shown = shown && haystack.contains(word, Qt::CaseInsensitive);
        item->setHidden(!shown);
    }
}

} // namespace topoplan
