#!/usr/bin/env bash
# Makes every picture under docs/screenshots/ again from the current build, so that no picture
# in the README or the manual is older than the window:
#   - the window and its panels, from the GUI tests' screenshot mode (TOPOPLAN_SCREENSHOTS=DIR:
#     each test saves what it has just checked), on the offscreen platform;
#   - the 16,384-GPU template as the application opens it (topoplan --screenshot);
#   - the design report's pages 1 and 3 on A4, as topoplan-cli exports it (pdftoppm).
# Usage: tools/screenshots.sh [BUILD_DIR]   (default: build, configured as `make` does)
# Look at every picture it writes before committing them.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
out=docs/screenshots
tests=(tst_analysispanel tst_explorepanel tst_comparewindow tst_baseline tst_mainwindow)

cmake --build "$build" --target topoplan topoplan-cli "${tests[@]}"

shots=$(mktemp -d)
trap 'rm -rf "$shots"' EXIT
export QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8 LANG=C TOPOPLAN_SCREENSHOTS="$shots"
# Settings and recovery files of a user of this machine stay out of the pictures.
export XDG_CONFIG_HOME="$shots/config" XDG_DATA_HOME="$shots/data" XDG_CACHE_HOME="$shots/cache"

run_test() { # test [function...]
    local t=$1
    shift
    echo "== $t $*"
    "$build/tests/$t" "$@" >"$shots/$t.log" 2>&1 || { cat "$shots/$t.log"; exit 1; }
}
run_test tst_analysispanel sampleShowsTheEnginesFigures failedLeafReanalysesAndN1RanksIt \
    softwareAndExpertsAreUndoableEdits groupsShowTheAlgorithmTheJobRunsAs importedPricesPriceTheDesign
run_test tst_explorepanel
run_test tst_comparewindow
run_test tst_baseline
run_test tst_mainwindow projectPropertiesAreOneStepAndSaved manualRendersEveryPage

# The test's file name, then where it goes under docs/screenshots/.
while read -r from to; do
    [ -f "$shots/$from" ] || { echo "error: no $from from the tests" >&2; exit 1; }
    cp "$shots/$from" "$out/$to"
    echo "wrote $out/$to"
done <<'EOF'
window.png window.png
failures.png failures.png
n1-failures.png n1-failures.png
groups-nvls.png groups-nvls.png
job-editor.png job-editor-mla.png
explore.png explore.png
compare.png compare.png
baseline.png baseline.png
project-properties.png project-properties.png
manual.png manual.png
cost.png cost.png
EOF

echo "== the 16,384-GPU template"
"$build/app/topoplan-cli" generate --template h100-16k -o "$shots/16k.topoplan" >/dev/null
"$build/app/topoplan" --size 1600x1000 --screenshot "$out/16k-grid.png" "$shots/16k.topoplan"
echo "wrote $out/16k-grid.png"

echo "== the fabric families: two planes, rail-only"
"$build/app/topoplan-cli" generate --node dgx-h100 --nodes 32 --fabric rail-optimized --planes 2 \
    --name "256 DGX H100 GPUs on 2 planes" -o "$shots/planes.topoplan" >/dev/null
"$build/app/topoplan" --size 1600x1000 --screenshot "$out/fabric-planes.png" "$shots/planes.topoplan"
echo "wrote $out/fabric-planes.png"
"$build/app/topoplan-cli" generate --template gb200-nvl72-rail-only -o "$shots/rail-only.topoplan" \
    >/dev/null
"$build/app/topoplan" --size 1600x1000 --screenshot "$out/fabric-rail-only.png" \
    "$shots/rail-only.topoplan"
echo "wrote $out/fabric-rail-only.png"

echo "== the design report on A4"
"$build/app/topoplan-cli" generate --template dgx-h100-su -o "$shots/su.topoplan" >/dev/null
"$build/app/topoplan-cli" export "$shots/su.topoplan" --format report --paper a4 \
    --author "A. Architect" -o "$shots/report.pdf" >/dev/null
for page in 1 3; do
    pdftoppm -png -r 70 -f $page -l $page -singlefile "$shots/report.pdf" \
        "$out/report-a4-page$page"
    echo "wrote $out/report-a4-page$page.png"
done
