#!/usr/bin/env python3
"""Fills translations/topoplan_en.ts, the English plural forms (lupdate -pluralonly).

English has no translation of its own, but a string with %n needs one to choose between
"1 problem" and "2 problems": Qt picks the numerus form from the loaded translation. A source
writes the plural ending in parentheses, "%n problem(s)", "%n switch(es)"; the singular form
drops it and the plural keeps it without the parentheses. A source without such an ending is
its own form for both. Run after `cmake --build build --target lupdate`.
"""
import re
import sys
import xml.etree.ElementTree as ET

ENDING = re.compile(r"\((s|es)\)")


def forms(source):
    return ENDING.sub("", source), ENDING.sub(lambda m: m.group(1), source)


def main(path):
    tree = ET.parse(path)
    for message in tree.getroot().iter("message"):
        if message.get("numerus") != "yes":
            continue
        source = message.find("source").text or ""
        translation = message.find("translation")
        translation.attrib.pop("type", None)
        for child in list(translation):
            translation.remove(child)
        translation.text = None
        for text in forms(source):
            form = ET.SubElement(translation, "numerusform")
            form.text = text
    with open(path, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
        f.write(b"\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "translations/topoplan_en.ts")
