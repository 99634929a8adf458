#!/usr/bin/python3
"""Checks that TopoPlan's Markdown is intact (ctest `docs`).

Usage: checkdocs.py --root REPO [--qrc resources/resources.qrc] FILE.md...
       checkdocs.py --root REPO --expect-damage FILE.md

Every page must parse as Markdown as it was written: each line that looks like a heading, a
list item or a table row is one for the parser (CommonMark with tables, markdown-it-py, the
parser of Debian's python3-markdown-it); every relative link and image resolves to a file;
no line looks as if a C++ formatter had been over it ("#Heading" without its space, "* *"
breaking emphasis, prose indented into a code block or a lazy continuation, a line that
starts with the comma or colon of the line before, paths in code spans spread out as
"build - fuzz / crashes"). With --qrc, every manual page and every image it shows must be in
the application's resources, so the installed manual has them.

With --expect-damage the check runs on a page known to be broken and fails unless every kind
of damage above is reported: the check itself is tested.
"""

import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

try:
    from markdown_it import MarkdownIt
except ImportError:
    sys.exit("checkdocs: needs markdown-it-py (Debian: python3-markdown-it; "
             "packaging/install-deps.sh installs it)")

HEADING_NO_SPACE = re.compile(r"^\s*#{1,6}[^#\s!]")
LIST_LIKE = re.compile(r"^ {0,3}([-*+]|\d{1,9}[.)])\s+\S")
TABLE_LIKE = re.compile(r"^ {0,3}\|.*\|\s*$")
BROKEN_EMPHASIS = re.compile(r"\*\s+\*")
LEADING_PUNCTUATION = re.compile(r"^\s*[,;)]|^\s*:\s")
SPREAD_PATH = re.compile(r"[\w.<>-] / [\w.<>-]+ /|\w - \w+ /")
FENCE = re.compile(r"^ {0,3}(```|~~~)")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")

KINDS = {
    "heading-space": "a heading without the space after its #",
    "list": "a line that looks like a list item but is not one",
    "table": "a line that looks like a table row but is not in a table",
    "emphasis": "\"* *\" breaks an emphasis apart",
    "indent": "prose indented as if it were code",
    "punctuation": "a line starting with the punctuation of the line before",
    "code-span": "a path in a code span spread out with spaces",
    "link": "a relative link or image that does not resolve",
    "resource": "a manual page or image missing from the application's resources",
}


class Page:
    def __init__(self, path, root):
        self.path = path
        self.root = root
        self.name = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        self.lines = self.text.split("\n")
        self.tokens = MarkdownIt("commonmark").enable("table").parse(self.text)
        self.problems = []

    def report(self, kind, line, what):
        self.problems.append((kind, line + 1, what))

    def covered(self, types):
        """Lines where a block of one of `types` starts (first lines only)."""
        return {t.map[0] for t in self.tokens if t.type in types and t.map}

    def spans(self, types):
        lines = set()
        for t in self.tokens:
            if t.type in types and t.map:
                lines.update(range(t.map[0], t.map[1]))
        return lines

    def check(self):
        code = self.spans({"fence", "html_block"})
        indented = self.spans({"code_block"})
        items = self.covered({"list_item_open"})
        tables = self.spans({"table_open"})
        in_items = self.spans({"list_item_open"})
        blocks = items | tables | indented
        tables_or_code = tables | indented
        laid_out = in_items | tables | indented  # where leading spaces belong
        for t in self.tokens:
            if t.type == "code_block":
                self.report("indent", t.map[0], "indented code block (use a ``` fence for code)")
        for i, line in enumerate(self.lines):
            if i in code or FENCE.match(line):
                continue
            if HEADING_NO_SPACE.match(line):
                self.report("heading-space", i, line.strip())
            if LIST_LIKE.match(line) and i not in blocks:
                self.report("list", i, line.strip())
            if TABLE_LIKE.match(line) and i not in tables_or_code:
                self.report("table", i, line.strip())
            prose = re.sub(r"`[^`]*`", "``", line)
            if BROKEN_EMPHASIS.search(prose):
                self.report("emphasis", i, line.strip())
            if LEADING_PUNCTUATION.match(line):
                self.report("punctuation", i, line.strip())
            if line[:1] == " " and line.strip() and i not in laid_out:
                self.report("indent", i, line.strip())
            for span in re.findall(r"`([^`]+)`", line):
                if SPREAD_PATH.search(span):
                    self.report("code-span", i, span)
        self.check_links()

    def targets(self):
        """(line, kind, target) of every link and image."""
        for t in self.tokens:
            if t.type != "inline" or not t.children:
                continue
            for c in t.children:
                if c.type == "link_open":
                    yield t.map[0], "link", c.attrs.get("href", "")
                elif c.type == "image":
                    yield t.map[0], "image", c.attrs.get("src", "")

    def check_links(self):
        for line, kind, target in self.targets():
            if not target or target.startswith("#") or SCHEME.match(target):
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(self.path),
                                                 target.split("#")[0]))
            if not os.path.isfile(path):
                self.report("link", line, "%s %s does not exist" % (kind, target))

    def images(self):
        for _, kind, target in self.targets():
            if kind == "image" and not SCHEME.match(target):
                yield os.path.normpath(os.path.join(os.path.dirname(self.path), target))


def check_resources(pages, qrc, root):
    """Every page of docs/manual and every image it shows is in the .qrc."""
    problems = []
    base = os.path.dirname(qrc)
    listed = {os.path.normpath(os.path.join(base, f.text))
              for f in ET.parse(qrc).getroot().iter("file")}
    manual = os.path.join(root, "docs", "manual")
    for page in pages:
        if os.path.dirname(page.path) != manual:
            continue
        for needed in [page.path] + list(page.images()):
            if needed not in listed:
                problems.append((page, ("resource", 1, os.path.relpath(needed, root)
                                        + " is not in " + os.path.relpath(qrc, root))))
    return problems


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--qrc")
    parser.add_argument("--expect-damage", action="store_true")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    pages = [Page(os.path.join(root, f) if not os.path.isabs(f) else f, root)
             for f in args.files]
    for page in pages:
        page.check()
    found = [(p, problem) for p in pages for problem in p.problems]
    if args.qrc:
        found += check_resources(pages, os.path.join(root, args.qrc), root)

    if args.expect_damage:
        seen = {kind for _, (kind, _, _) in found}
        missed = [k for k in KINDS if k != "resource" and k not in seen]
        for k in missed:
            print("checkdocs: the damaged page shows no %s" % KINDS[k])
        if missed:
            return 1
        print("checkdocs: every kind of damage found (%d problems)" % len(found))
        return 0

    for page, (kind, line, what) in found:
        print("%s:%d: %s: %s" % (page.name, line, KINDS[kind], what))
    if found:
        print("checkdocs: %d problem(s); Markdown is prose: never run clang-format on it"
              % len(found))
        return 1
    print("checkdocs: %d page(s) intact" % len(pages))
    return 0


if __name__ == "__main__":
    sys.exit(main())
