#pragma once

#include <QMetaType>
#include <QStringList>

namespace topoplan {

// What a Document says when its model changed: one typed event for every kind of change, so
// that a view re-syncs exactly the items named by `ids` (project ids of nodes, switches,
// domains and links) instead of rebuilding itself.
struct ChangeEvent
{
    enum Kind {
        ProjectReset,     // a new project replaced the old one; ids is empty
        ProjectChanged,   // name, description, workload or plan; ids is empty
        DevicesChanged,   // names or other properties of these devices/domains/links
        LayoutChanged,    // positions or sizes of these layout items
        ItemsAdded,       // these ids now exist (topology and layout)
        ItemsRemoved,     // these ids no longer exist
        SelectionChanged, // ids is the new selection
        // The project's own hardware (its catalog section) changed: a model may have other
        // figures, so every node, switch, domain and link (ids) is to be read again.
        CatalogChanged,
    };

    Kind kind = ProjectReset;
    QStringList ids;

    bool operator==(const ChangeEvent &) const = default;
};

} // namespace topoplan

Q_DECLARE_METATYPE(topoplan::ChangeEvent)
