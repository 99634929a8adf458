# The layers and what each may include (ARCHITECTURE.md explains them). Read by the build
# (CheckLayers.cmake, run as the ctest test `layers`). A folder may always include itself.
# engine/ and cli/ include no Qt header. Lowest first; a folder depends only on folders listed before it.
set(TOPOPLAN_LAYERS
    "engine/core:"
    "engine/model:engine/core"
    "engine/io:engine/core engine/model"
    "engine/generate:engine/core engine/model"
    "engine/edit:engine/core engine/model engine/io engine/generate"
    "engine/fabric:engine/core engine/model"
    "engine/perf:engine/core engine/model engine/fabric"
    "engine/plan:engine/core engine/model engine/fabric engine/perf"
    "engine/import:engine/core engine/model engine/io engine/generate"
    "engine/document:engine/core engine/model engine/io engine/generate engine/fabric engine/perf engine/plan"
    "engine/explore:engine/core engine/model engine/io engine/generate engine/fabric engine/perf engine/plan engine/document"
    "cli:engine/*"
    "app/common:engine/*"
    "app/document:engine/* app/common"
    "app/analysis:engine/* app/common app/document"
    "app/canvas:engine/* app/common app/document app/analysis"
    "app/tools:engine/* app/common app/document app/analysis app/canvas"
    "app/export:engine/* app/common app/document app/analysis app/canvas"
    "app/panels:engine/* app/common app/document app/analysis app/canvas app/tools app/export"
    "app/dialogs:engine/* app/common app/document app/analysis"
    "app/window:engine/* app/*"
    "app/cli:engine/* cli app/*"
    "app/gui:engine/* app/*")
