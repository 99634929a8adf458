#!/usr/bin/env python3
"""Draws docs/layers.dot from cmake/Layers.cmake, the rule the `layers` test applies.

Each folder is a box in its library's cluster (engine/, cli/, app/); an arrow points from a
folder to each folder it may include, leaving out what follows through another arrow (the
transitive reduction), so the picture shows the layering rather than every permission.
Usage: tools/layers-dot.py > docs/layers.dot && dot -Tsvg docs/layers.dot -o docs/layers.svg
"""
import fnmatch
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def read_layers():
    text = (ROOT / 'cmake' / 'Layers.cmake').read_text()
    body = re.search(r'set\(TOPOPLAN_LAYERS(.*?)\)', text, re.S).group(1)
    layers = {}
    for entry in re.findall(r'"([^"]*)"', body):
        folder, _, allowed = entry.partition(':')
        layers[folder] = allowed.split()
    return layers


def expand(patterns, folders, self_):
    # A pattern ("app/*") stands for the folders listed before this one: Layers.cmake lists
    # the lowest first and a folder depends only on those below it.
    below = folders[:folders.index(self_)]
    return {f for p in patterns for f in below if fnmatch.fnmatch(f, p)}


def main():
    layers = read_layers()
    folders = list(layers)
    allowed = {f: expand(p, folders, f) for f, p in layers.items()}

    def reach(f, seen=None):
        seen = set() if seen is None else seen
        for g in allowed[f]:
            if g not in seen:
                seen.add(g)
                reach(g, seen)
        return seen

    edges = []
    for f in folders:
        for g in sorted(allowed[f]):
            if not any(g in reach(h) for h in allowed[f] if h != g):
                edges.append((f, g))

    def node(f):
        return '"' + f + '"'

    def label(f):
        return f.split('/', 1)[1] if '/' in f else f

    clusters = [
        ('engine', 'engine/ (C++20, no Qt): topoplan_engine', '#3b6ea5', '#dde8f5'),
        ('cli', 'cli/ (no Qt): topoplan_cli', '#4a8a4a', '#e0f0dc'),
        ('app', 'app/ (Qt 6 Widgets): topoplan_app, topoplan, topoplan-cli', '#a5623b',
         '#f6e6da'),
    ]
    out = [
        '// The layers of TopoPlan and what each may include, drawn by tools/layers-dot.py from',
        '// cmake/Layers.cmake (the rule the `layers` test applies). Render:',
        '// dot -Tsvg docs/layers.dot -o docs/layers.svg',
        'digraph layers {',
        '    rankdir=BT;',
        '    node [shape=box, style="rounded,filled", fontname="DejaVu Sans", fontsize=11];',
        '    edge [color="#777777", arrowsize=0.6];',
    ]
    for top, title, colour, fill in clusters:
        members = [f for f in folders if f.split('/')[0] == top]
        out.append(f'    subgraph cluster_{top} {{')
        out.append(f'        label="{title}"; fontname="DejaVu Sans"; color="{colour}";')
        out.append(f'        node [fillcolor="{fill}"];')
        for f in members:
            out.append(f'        {node(f)} [label="{label(f)}"];')
        out.append('    }')
    for f, g in edges:
        out.append(f'    {node(f)} -> {node(g)};')
    out.append('}')
    sys.stdout.write('\n'.join(out) + '\n')


if __name__ == '__main__':
    main()
