#!/usr/bin/env bash
# Installs, from Debian 12's own archive, whatever TopoPlan needs to build, test and run and
# is not on the machine yet. Called by `make run` and `make test`, so a fresh machine needs
# nothing done by hand. Uses sudo when not root; does nothing when all is present.
set -euo pipefail

packages=(
    cmake ninja-build g++ pkg-config clang-format   # clang-format: the `format` test
    lld                                              # links the ~70 test executables 5x faster
    clang libclang-rt-14-dev                         # `make fuzz`: clang and libFuzzer
    qt6-base-dev qt6-charts-dev qt6-svg-dev          # Widgets, Charts, Svg, Test, PrintSupport
    qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools # LinguistTools (lupdate, lrelease)
    qt6-qpa-plugins libgl-dev libqt6opengl6-dev      # offscreen platform; Qt6Charts needs Qt6OpenGL
    libxkbcommon-dev libvulkan-dev                   # Qt6Gui's CMake config looks for them
    libboost-graph-dev nlohmann-json3-dev            # engine
    libxlsxwriter-dev                                # engine: BOM and cabling plan as .xlsx
    libbenchmark-dev                                 # tests/benchmarks
    graphviz                                         # tst_documents parses DOT with `dot`
    python3-markdown-it                              # ctest `docs`: parses the Markdown of
                                                     # README and docs/manual (tools/checkdocs.py)
    poppler-utils                                    # PDFs read back (pdfinfo, pdftotext): the
                                                     # diagram's golden file, the design report
    fonts-dejavu-core                                # readable text in offscreen renders
    xvfb xauth                                       # screenshots of a real window
    ibsim-utils infiniband-diags opensm              # tst_ibsim: the exported fabric through the
                                                     # simulator, ibnetdiscover and OpenSM
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing packages: ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: need root or sudo to install ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q || true
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
