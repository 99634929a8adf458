#!/usr/bin/env python3
"""Carries translations across strings that moved between classes.

lupdate files a message under the class (context) whose tr() says it; when code moves from one
class to another (MainWindow to DocumentManager, say) the message comes back unfinished in the
new context and the old translation is dropped. This fills every unfinished message of TS_FILE
from the same source text (and comment, and plural form) in OLD_TS (any context), so a move
costs no translator's work. Usage:

    git show HEAD:translations/topoplan_de.ts > /tmp/old.ts
    cmake --build build --target lupdate
    tools/carry-translations.py /tmp/old.ts translations/topoplan_de.ts
"""
import sys
import xml.etree.ElementTree as ET


def key(message):
    return (message.findtext('source') or '', message.findtext('comment') or '',
            message.get('numerus') == 'yes')


def main(old_path, ts_path):
    known = {}
    for message in ET.parse(old_path).getroot().iter('message'):
        translation = message.find('translation')
        if translation is not None and translation.get('type') not in ('unfinished', 'obsolete',
                                                                       'vanished'):
            known.setdefault(key(message), translation)
    tree = ET.parse(ts_path)
    carried = 0
    for message in tree.getroot().iter('message'):
        translation = message.find('translation')
        if translation is None or translation.get('type') != 'unfinished':
            continue
        old = known.get(key(message))
        if old is None:
            continue
        message.remove(translation)
        copy = ET.fromstring(ET.tostring(old))
        copy.tail = translation.tail
        message.append(copy)
        carried += 1
    with open(ts_path, 'wb') as out:
        out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(out, encoding='utf-8', xml_declaration=False)
        out.write(b'\n')
    print(f'{ts_path}: {carried} translation(s) carried over')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
