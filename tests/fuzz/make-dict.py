#!/usr/bin/env python3
"""Writes tests/fuzz/redoubt.dict, the libFuzzer dictionary, from the schema.

Usage (from the source root): python3 tests/fuzz/make-dict.py
"""
import re
import sys

schema = open('data/schema/redoubt.rng', encoding='utf-8').read()
elements = sorted(set(re.findall(r'<element name="([^"]*)"', schema)))
attributes = sorted(set(re.findall(r'<attribute name="([^"]*)"', schema)))
values = sorted(set(re.findall(r'<value>([^<]*)</value>', schema)))
extra = [
    '<?xml version="1.0" encoding="UTF-8"?>', 'urn:x-redoubt:format',
    'xmlns="urn:x-redoubt:format"', 'format-version="1"',
    '<!DOCTYPE', '<!ENTITY', 'SYSTEM', 'PUBLIC', '<![CDATA[', ']]>', '<!--', '-->',
    '&amp;', '&lt;', '&#x', '&#', '<?', '?>', '/>',
    'xmlns:xi="http://www.w3.org/2001/XInclude"', '<xi:include',
    '0101', '0101|0102', '9999', '-1', '+1', '1.5', '2147483648', '1e308',
]


def quote(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


words = []
for e in elements:
    words += ['<' + e, '</' + e + '>']
words += [' ' + a + '="' for a in attributes]
words += values + extra

lines = ['# libFuzzer dictionary for the Redoubt scenario format (tests/fuzz/fuzz-loader.c).',
         '# Generated from data/schema/redoubt.rng by tests/fuzz/make-dict.py; do not edit.', '']
lines += ['w%d=%s' % (i, quote(w)) for i, w in enumerate(words)]
with open('tests/fuzz/redoubt.dict', 'w', encoding='utf-8') as out:
    out.write('\n'.join(lines) + '\n')
print('%d words' % len(words), file=sys.stderr)
