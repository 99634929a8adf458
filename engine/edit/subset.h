#pragma once

#include "engine/core/error.h"
#include "engine/model/catalog.h"
#include "engine/model/project.h"

#include <map>
#include <string>
#include <vector>

namespace topoplan {

// Copying parts of a design: the editor's clipboard, Duplicate and Replicate (and any script)
// go through these, so that every copy keeps the links inside it, takes ids and names that
// collide with nothing, and leaves a topology that validateTopology() accepts.

// The part of `project` that `ids` select, as a project of its own: the selected domains,
// nodes and switches (a domain brings its member nodes along), the links whose two ends are
// both among them (a selected link with an end outside is left out, like every link to a
// device outside), and the layout items of the domains, nodes and switches (a link is drawn
// between its ends and has none of its own). A node copied without its domain is
// no member of one in the copy. Unknown ids are ignored. The copy keeps the project's name and
// its catalog section, so that models the project defines itself stay known where it lands.
Project extractSubset(const Project &project, const std::vector<std::string> &ids);

struct LayoutOffset
{
    double dx = 0;
    double dy = 0;
    bool operator==(const LayoutOffset &) const = default;
};

// What pasting a fragment adds to a project. Entries are in the fragment's order.
struct SubsetPaste
{
    Topology added;                            // with their new ids, names and ports
    Layout layout;                             // their devices' layout, moved by the offset
    std::map<std::string, std::string> newIds; // fragment id -> id in the target
    // Links that were re-ported or left out, one sentence each (the editor shows them).
    std::vector<std::string> notes;
};

// `fragment` (as extractSubset() makes it) made ready to add to `target`, its layout moved by
// `offset`:
// - ids numbered above every id of the same prefix in the target ("node-33" after "node-32"),
//   so they collide with no id of its topology or layout;
// - a name the target uses already gets the lowest free suffix: "dgx-001 (2)", and a copy of
//   "dgx-001 (2)" becomes "dgx-001 (3)";
// - a link keeps its ports where they exist and are free at both ends, else takes the lowest
//   free run of ports there; where there is none it is left out, with a note saying why.
// Fails when `catalog` (the target's) lacks a model of the fragment, or when the target with
// the paste added would not pass validateTopology() (its message, naming `file`).
Expected<SubsetPaste> pasteSubset(const Project &target, const Project &fragment,
                                  LayoutOffset offset, const Catalog &catalog = Catalog::builtin(),
                                  const std::string &file = {});

// Adds a paste to a project as the editor's undo command does: entries appended to their
// lists, layout items set.
void applySubset(Project &target, const SubsetPaste &paste);

// Copies of what `ids` select (as extractSubset() takes it) in a grid of `rows` x `columns`
// cells whose top-left cell is the original: cell (r, c) is moved by c (width + spacing) to the
// right and r (height + spacing) down, where width and height are those of the selection's
// layout (layoutBounds()). Makes rows x columns - 1 copies, as one paste. Errors name the
// option in Error::where ("rows", "columns", "spacing", "selection").
Expected<SubsetPaste> replicate(const Project &project, const std::vector<std::string> &ids,
                                int rows, int columns, double spacing,
                                const Catalog &catalog = Catalog::builtin(),
                                const std::string &file = {});

// The rectangle that the layout items of the fragment's domains, nodes and switches cover
// (nodes and switches at their diagram:: sizes, domains at their own); empty when none is
// placed.
struct LayoutBounds
{
    double x = 0, y = 0, w = 0, h = 0;
    bool empty = true;
};
LayoutBounds layoutBounds(const Project &fragment);

// Where a paste of `fragment` lands clear of everything drawn in `target`: moved right by its
// width plus `gap`, as many times as needed until it covers no placed item of the target.
LayoutOffset freeOffset(const Project &target, const Project &fragment, double gap);

} // namespace topoplan
