#pragma once

#include <QDockWidget>
#include <QIcon>

#include <optional>

#include <QLineEdit>
#include <QListWidget>
class QMimeData;

namespace topoplan {

class Catalog;

// What a palette entry stands for: a server model, a switch model or an empty NVLink domain.
struct PaletteEntry
{
    enum Kind { Server, Switch, Domain };
    Kind kind = Server;
    QString model; // catalog id; empty for a domain

    // "server:dgx-h100", "switch:qm9700", "domain": the text carried by a drag.
    QString key() const;
    static bool fromKey(const QString &key, PaletteEntry *entry);
    bool operator==(const PaletteEntry &) const = default;
};

// The palette: every server (boards, NVL72 racks, compute trays) and switch model of the
// catalog and an NVLink domain box, each with its icon and a tooltip of its figures, under a
// search field. Dragging an entry onto the canvas adds it there (see DropController).
class PaletteDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit PaletteDock(const Catalog &catalog, QWidget *parent = nullptr);

    // The catalog changed (another project): the entries are made anew.
    void setCatalog(const Catalog &catalog);

    static QString mimeType();
    // The drag data of an entry, as a drag from the list carries it.
    static QMimeData *mimeData(const PaletteEntry &entry);
    static std::optional<PaletteEntry> entryFromMimeData(const QMimeData *mime);

    QLineEdit *filterEdit() const { return m_filter; }
    QListWidget *list() const { return m_list; }
    // The entries the filter lets through, in list order.
    QList<PaletteEntry> visibleEntries() const;

    // The icon of a server or switch model (or of the domain for an empty model).
    static QIcon iconFor(const PaletteEntry &entry, const Catalog &catalog);
    static QString toolTipFor(const PaletteEntry &entry, const Catalog &catalog);

private:
    void applyFilter(const QString &text);

    QLineEdit *m_filter;
    QListWidget *m_list;
};

} // namespace topoplan
