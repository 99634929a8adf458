#pragma once

namespace topoplan {

// QUndoCommand::id() of every command that may merge with its successor. One enum so that
// no two kinds of command ever share an id and merge by mistake.
enum UndoCommandId {
    CmdRenameProject = 1,
    CmdRenameItem,
    CmdMoveItems,
    CmdChangeJob,
    CmdChangeProjectInfo,
    CmdChangeCatalog,
};

} // namespace topoplan
