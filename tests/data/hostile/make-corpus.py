#!/usr/bin/env python3
"""Writes the hostile corpus (tests/data/hostile/*.redoubt) and its MANIFEST.

Every file is a mutation of the valid example tests/data/format/example.redoubt
(or of nothing, for the byte-level cases), paired with the diagnostic it must
produce.  Rerun after the example or the messages change:

    python3 tests/data/hostile/make-corpus.py     # from the source root

MANIFEST columns, tab-separated:
    FILE  SEVERITY  LINE  SUBSTRING
FILE a name in this folder, or @NAME for a case tests/test-hostile.c generates
at test time (too large to commit); SEVERITY `error` or `warning` (at least one
diagnostic of that severity whose message contains SUBSTRING, case-insensitive);
LINE the line that diagnostic must name, or `-` when no line is meaningful
(the file is not XML, or the limit is hit wherever libxml2 happens to be).
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..', '..', '..'))
EXAMPLE = os.path.join(ROOT, 'tests', 'data', 'format', 'example.redoubt')

base = open(EXAMPLE, encoding='utf-8').read()
cases = []


def line_of(text, anchor):
    idx = text.find(anchor)
    if idx < 0:
        sys.exit('anchor %r not found' % anchor)
    return text.count('\n', 0, idx) + 1


def sub(old, new, text=None, count=1):
    text = base if text is None else text
    if old not in text:
        sys.exit('mutation source %r not found' % old)
    return text.replace(old, new, count)


def add(name, content, severity, substring, anchor=None, line=None):
    """anchor: a string of the mutated file whose line the diagnostic names."""
    data = content.encode('utf-8') if isinstance(content, str) else content
    if anchor is not None:
        line = line_of(data.decode('utf-8', 'replace'), anchor)
    cases.append((name, data, severity, '-' if line is None else str(line), substring))


def add_generated(name, severity, substring):
    cases.append(('@' + name, None, severity, '-', substring))


HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
ROOT_OPEN = '<scenario xmlns="urn:x-redoubt:format" format-version="1" id="example">'
BODY = base[base.index(ROOT_OPEN):]

# --- Not XML, or not well-formed -------------------------------------------
add('empty.redoubt', b'', 'error', 'empty')
add('whitespace-only.redoubt', b' \n\t\n   \n', 'error', 'not an XML file')
add('not-xml.redoubt', 'This is a scenario, honest.\n', 'error', 'not an XML file')
add('truncated-half.redoubt', base[:len(base) // 2], 'error', 'fix the XML syntax')
add('truncated-in-tag.redoubt', base[:base.index('terrain="chew-house"') + 10], 'error',
    'fix the XML syntax', line=base[:base.index('terrain="chew-house"')].count('\n') + 1)
add('truncated-before-end-tag.redoubt', base[:base.rindex('</scenario>')], 'error',
    'Premature end of data')
add('mismatched-tag.redoubt', sub('<title>A small complete example</title>',
                                  '<title>A small complete example</titel>'),
    'error', 'tag mismatch', anchor='</titel>')
add('invalid-utf8.redoubt', sub('A small complete example', 'A small \udcff\udcfe example')
    .encode('utf-8', 'surrogateescape'), 'error', 'not proper UTF-8', line=3)
add('utf16-bom-then-utf8.redoubt', b'\xff\xfe' + base.encode('utf-8'), 'error', 'not an XML file in UTF-8')
add('nul-bytes.redoubt', sub('A small complete example', 'A small\x00complete example'),
    'error', 'not an XML file in UTF-8')
add('undefined-entity.redoubt', sub('A small complete example', 'A small &xxe; example'),
    'error', "Entity 'xxe' not defined", anchor='&xxe;')
add('two-roots.redoubt', base + '<scenario/>\n', 'error', 'Extra content')
add('control-character.redoubt', sub('A small complete example', 'A small \x01 example'),
    'error', 'invalid Char', line=3)

# --- DTDs, entities, inclusion: all refused, nothing fetched ----------------
LAUGHS = ''.join('  <!ENTITY lol%d "%s">\n' % (i, ('&lol%d;' % (i - 1)) * 10) for i in range(1, 10))
add('billion-laughs.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ENTITY lol0 "lol">\n' + LAUGHS + ']>\n'
    + BODY.replace('A small complete example', '&lol9;'), 'error', 'DOCTYPE',
    anchor='<!DOCTYPE')
add('external-entity-file.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n'
    + BODY.replace('A small complete example', '&xxe;'), 'error', 'DOCTYPE',
    anchor='<!DOCTYPE')
add('external-entity-http.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ENTITY xxe SYSTEM "http://127.0.0.1:9/redoubt-xxe">\n]>\n'
    + BODY.replace('A small complete example', '&xxe;'), 'error', 'DOCTYPE',
    anchor='<!DOCTYPE')
add('parameter-entities.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ENTITY % dtd SYSTEM "http://127.0.0.1:9/evil.dtd">\n'
    '  <!ENTITY % file SYSTEM "file:///etc/passwd">\n  %dtd;\n]>\n' + BODY, 'error', 'DOCTYPE',
    anchor='<!DOCTYPE')
add('external-dtd.redoubt',
    HEAD + '<!DOCTYPE scenario SYSTEM "http://127.0.0.1:9/redoubt.dtd">\n' + BODY,
    'error', 'DOCTYPE', anchor='<!DOCTYPE')
add('doctype-internal-subset.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ATTLIST scenario id CDATA "example">\n]>\n' + BODY,
    'error', 'DOCTYPE', anchor='<!DOCTYPE')
add('doctype-after-comment.redoubt',
    HEAD + '<!-- a comment first -->\n<!DOCTYPE scenario>\n' + BODY, 'error', 'DOCTYPE',
    anchor='<!DOCTYPE')
# UTF-7 hides "<!DOCTYPE" from a byte scan ("+ADw-+ACE-DOCTYPE"): the loader's
# check of the parsed tree must still refuse it, without fetching the entity.
def utf7_hide(text):
    return text.replace('<', '+ADw-').replace('>', '+AD4-').replace('&', '+ACY-').replace('!', '+ACE-')


add('utf7-hidden-doctype.redoubt',
    ('<?xml version="1.0" encoding="UTF-7"?>\n' + utf7_hide(
        '<!DOCTYPE scenario [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n'
        '<scenario xmlns="urn:x-redoubt:format" format-version="1" id="x">\n'
        '  <title>&xxe;</title>\n</scenario>\n')).encode('ascii'),
    'error', 'DOCTYPE')
add('utf16-real.redoubt', base.replace('encoding="UTF-8"', 'encoding="UTF-16"').encode('utf-16'),
    'error', 'not an XML file in UTF-8')
add('xinclude.redoubt',
    sub('<description>', '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" '
        'href="file:///etc/passwd" parse="text"/>\n  <description>'),
    'error', 'element include', anchor='<xi:include')
add('volume-href-etc-passwd.redoubt',
    sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
        '  <volume-ref href="/etc/passwd"/>\n'), 'error', 'refused: an absolute path', anchor='<volume-ref')
add('volume-href-dev-zero.redoubt',
    sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
        '  <volume-ref href="/dev/zero"/>\n'), 'error', 'refused: an absolute path', anchor='<volume-ref')
# File references stay inside the scenario's folder (issue 11; docs/format.md,
# "File references"): every way out is refused before anything is opened.
for name, href, why in (('volume-href-dotdot', '../../../../../../../../etc/passwd', 'leaves the folder'),
                        ('volume-href-dotdot-inner', 'sub/../../../etc/passwd', 'leaves the folder'),
                        ('volume-href-backslash', '..\\..\\etc\\passwd', 'backslash'),
                        ('volume-href-drive-letter', 'C:/Windows/win.ini', 'drive letter or URL'),
                        ('volume-href-file-url', 'file:///etc/passwd', 'drive letter or URL')):
    add(name + '.redoubt',
        sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
            '  <volume-ref href="%s"/>\n' % href), 'error', why, anchor='<volume-ref')
for name, href, why in (('underlay-dev-zero', '/dev/zero', 'refused: an absolute path'),
                        ('underlay-etc-passwd', '/etc/passwd', 'refused: an absolute path'),
                        ('underlay-dotdot', '../../../../../../../../etc/passwd', 'leaves the folder'),
                        ('underlay-backslash', '..\\..\\map.png', 'backslash'),
                        ('underlay-url', 'http://example.com/map.png', 'drive letter or URL'),
                        ('underlay-folder', '.', 'not a regular file'),
                        ('underlay-missing', 'no-such-scan.png', 'no such file in the folder')):
    add(name + '.redoubt', sub('<underlay href="example-map.png"', '<underlay href="%s"' % href),
        'warning' if name == 'underlay-missing' else 'error', why, anchor='<underlay')
add('volume-ref-path-traversal.redoubt',
    sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
        '  <volume-ref ref="../../../../etc/passwd"/>\n'), 'error', 'volume-ref failed to validate', anchor='<volume-ref')
add('volume-ref-missing.redoubt',
    sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
        '  <volume-ref ref="no-such-volume"/>\n'), 'error', 'no-such-volume” not found', anchor='<volume-ref')

# --- Root, namespace, version -------------------------------------------------
add('wrong-namespace.redoubt', sub('xmlns="urn:x-redoubt:format"', 'xmlns="urn:x-someone-else:format"'),
    'error', 'namespace', anchor='<scenario')
add('no-namespace.redoubt', sub(' xmlns="urn:x-redoubt:format"', ''), 'error', 'namespace',
    anchor='<scenario')
add('newer-format-version.redoubt', sub('format-version="1"', 'format-version="2"'), 'error',
    'newer than this program supports', anchor='<scenario')
add('huge-format-version.redoubt', sub('format-version="1"', 'format-version="99999999999999999999999"'),
    'error', 'newer than this program supports', anchor='<scenario')
add('zero-format-version.redoubt', sub('format-version="1"', 'format-version="0"'), 'error',
    "positiveInteger doesn't allow value '0'", anchor='<scenario')
add('missing-format-version.redoubt', sub(' format-version="1"', ''), 'error',
    'scenario failed to validate attributes', anchor='<scenario')
add('wrong-root.redoubt', sub('</scenario>', '</campaign>', text=sub('<scenario ', '<campaign ')),
    'error', 'campaign', anchor='<campaign')

# --- Schema: shapes and values ---------------------------------------------------
add('unknown-element.redoubt', sub('    <location at=', '    <fortress at="0101"/>\n    <location at='),
    'error', 'fortress', anchor='<fortress')
add('unknown-attribute.redoubt', sub('<hex at="0202" terrain="heavy-woods"/>',
                                     '<hex at="0202" terrain="heavy-woods" colour="green"/>'),
    'error', 'colour', anchor='colour="green"')
add('missing-required-attribute.redoubt', sub(' rows="5"', ''), 'error', 'grid failed to validate',
    anchor='<grid')
add('bad-hex-label.redoubt', sub('<hex at="0202"', '<hex at="B2"'), 'error', 'hex failed to validate',
    anchor='at="B2"')
# libxml2's RELAX NG messages name the element, not the failing attribute.
add('numbers-overflow-int.redoubt', sub('columns="6"', 'columns="99999999999999999999"'),
    'error', 'grid failed to validate attributes', anchor='<grid')
add('negative-columns.redoubt', sub('columns="6"', 'columns="-6"'), 'error', 'grid failed to validate',
    anchor='<grid')
add('zero-columns.redoubt', sub('columns="6"', 'columns="0"'), 'error', 'between 1 and', anchor='<grid')
add('grid-too-large.redoubt', sub('columns="6" rows="5"', 'columns="999999" rows="999999"'),
    'error', 'between 1 and', anchor='<grid')
add('bad-mp-number.redoubt', sub('name="Heavy woods" mp="1.5"', 'name="Heavy woods" mp="1.5e999"'),
    'error', 'Invalid attribute mp', anchor='id="heavy-woods"')
add('huge-morale-overflow.redoubt', sub('army-morale="20"', 'army-morale="4294967297"'),
    'error', 'Invalid attribute army-morale', anchor='army-morale="4294967297"')
# libxml2 2.9 checks attributes pairwise: many attributes are refused before
# parsing (the generated @many-attributes-400k would take hours otherwise).
add('too-many-attributes.redoubt',
    sub('<hex at="0202" terrain="heavy-woods"/>',
        '<hex at="0202" terrain="heavy-woods" ' + ' '.join('x%d="1"' % i for i in range(300)) + '/>'),
    'error', 'more than 256 attributes', anchor='<hex at="0202"')
add('deep-nesting-40.redoubt',
    sub('  <note>Special rules in prose go here.</note>',
        '  <note>' + '<b>' * 40 + 'x' + '</b>' * 40 + '</note>'),
    'error', 'nested more than 32 deep', anchor='<b><b>')

# --- Semantics (schema-valid, then rdt_scenario_validate) ------------------------
add('unknown-terrain.redoubt', sub('terrain="heavy-woods"/>', 'terrain="swamp"/>'), 'error', 'has no terrain “swamp”',
    anchor='terrain="swamp"')
add('unknown-default-terrain.redoubt', sub('default-terrain="clear"', 'default-terrain="lava"'),
    'error', 'default-terrain “lava”', anchor='default-terrain="lava"')
add('unknown-hexside-type.redoubt', sub('road="road"/>', 'road="railway"/>'), 'error', 'no hexside type “railway”',
    anchor='road="railway"')
add('hexside-type-wrong-kind.redoubt', sub('water="creek" slope="slope"', 'water="road" slope="slope"'),
    'error', 'of kind road, not water', anchor='water="road"')
add('non-adjacent-hexside.redoubt', sub('at="0401|0402"', 'at="0401|0404"'), 'error', 'are not adjacent',
    anchor='0401|0404')
add('hexside-same-hex.redoubt', sub('at="0401|0402"', 'at="0401|0401"'), 'error', 'are not adjacent',
    anchor='0401|0401')
add('slope-high-not-on-hexside.redoubt', sub('high="0102"', 'high="0303"'), 'error',
    'slope high side 0303 is not one of the hexes', anchor='high="0303"')
add('fieldwork-symbol-not-on-hexside.redoubt', sub('symbol="0303"', 'symbol="0101"'), 'error',
    'symbol hex 0101 is not one of the hexes', anchor='symbol="0101"')
add('off-map-hex.redoubt', sub('<hex at="0303"', '<hex at="0909"'), 'error', '0909 is not on the map',
    anchor='<hex at="0909"')
add('off-map-hexside.redoubt', sub('at="0401|0402"', 'at="0601|0701"'), 'error', '0701 is not on the map',
    anchor='0601|0701')
# Set-up, arrival and state findings name the <unit> element and its line.
add('off-map-setup.redoubt', sub('<setup hex="0303"/>', '<setup hex="0707"/>'), 'error', '0707 is not on the map',
    anchor='<unit id="40th-foot"')
add('off-map-area-hex.redoubt', sub('0501 0502 0503', '0501 0502 0599'), 'error', '0599 is not on the map',
    anchor='<area')
add('off-map-objective.redoubt', sub('<objective at="0303"', '<objective at="0808"'), 'error',
    '0808 is not on the map', anchor='<objective at="0808"')
add('off-map-entry.redoubt', sub('<entry id="A" at="0601"', '<entry id="A" at="0001"'), 'error',
    '0001 is not on the map', anchor='<entry id="A" at="0001"')
add('duplicate-unit-id.redoubt', sub('<unit id="proctor"', '<unit id="40th-foot"'), 'error',
    'duplicate unit id', anchor='<unit id="40th-foot" name="Proctor')
add('duplicate-leader-unit-id.redoubt', sub('<leader id="musgrave"', '<leader id="morgan"'),
    'error', 'duplicate unit id', anchor='<leader id="morgan"')
add('duplicate-side-id.redoubt', sub('<side id="american" name="American"', '<side id="british" name="American"'),
    'error', 'already a side', anchor='<side id="british" name="American"')
add('duplicate-terrain-id.redoubt', sub('<terrain id="chew-house"', '<terrain id="heavy-woods"'),
    'error', 'duplicate terrain id', anchor='<terrain id="heavy-woods" name="Chew')
# Morgan (made British and 3 SP) sets up with the 40th Foot (4 SP) in 0303:
# 7 SP over the 6 SP limit of 7.1.
_over = sub('side="american" kind="rifle"', 'side="british" kind="rifle"')
_over = sub('      <setup area="american-deployment" states="first-fire"/>',
            '      <setup hex="0303" states="first-fire"/>', text=_over)
_over, _n = re.subn(r'(<unit id="morgan"[^>]*>\s*<step strength=")2"', r'\g<1>3"', _over)
assert _n == 1
add('overstacked-setup.redoubt', _over, 'error', 'limit (7.1)', anchor='<unit id="40th-foot"')
add('missing-side-reference.redoubt', sub('side="american" kind="militia"', 'side="french" kind="militia"'),
    'error', 'unknown side', anchor='<unit id="spare"')
add('missing-area-reference.redoubt', sub('<setup area="american-deployment"', '<setup area="nowhere"'),
    'error', 'unknown area', anchor='<unit id="morgan"')
add('missing-entry-reference.redoubt', sub('<arrive turn="2" entry="A"/>', '<arrive turn="2" entry="Z"/>'),
    'error', 'unknown entry hex', anchor='<unit id="proctor"')
add('missing-state-reference.redoubt', sub('states="first-fire"', 'states="no-such-state"'),
    'error', 'unknown state', anchor='<unit id="morgan"')
add('missing-first-player.redoubt', sub('first-player="british"', 'first-player="hessian"'),
    'error', 'hessian” is not a side', anchor='first-player="hessian"')
add('unit-not-placed.redoubt', sub('      <unused/>\n', ''), 'error', 'not placed', anchor='<unit id="spare"')
add('empty-area.redoubt', sub('      0501 0502 0503\n', ''), 'error', 'no hexes',
    anchor='<area id="american-deployment"')
add('arrive-turn-out-of-range.redoubt', sub('<arrive turn="2"', '<arrive turn="99"'), 'error',
    'turn 99', anchor='<unit id="proctor"')
add('setup-step-out-of-range.redoubt', sub('      <setup hex="0303"/>\n    </unit>',
                                           '      <setup hex="0303" step="3"/>\n    </unit>'),
    'error', 'step 3', anchor='<unit id="40th-foot"')

add('leader-commands-unknown.redoubt', sub('commands="musgrave"', 'commands="nobody"'), 'error',
    'which no unit belongs to', anchor='commands="nobody"')
add('combined-unknown-type.redoubt', sub('slope="slope" with="creek"', 'slope="slope" with="lava"'),
    'error', 'unknown hexside type “lava”', anchor='with="lava"')
add('table-row-short.redoubt', sub('<row key="Stand Fast"><c>-1</c><c>0</c></row>',
                                   '<row key="Stand Fast"><c>-1</c></row>'),
    'error', 'has 1 cells but there are 2 columns', anchor='<row key="Stand Fast">')
add('stacking-exception-unknown-terrain.redoubt',
    sub('<stacking max-sp="6" max-artillery="1" rule="7.1"/>',
        '<stacking max-sp="6" max-artillery="1" rule="7.1">\n'
        '      <exception id="x" terrain="nowhere" max-sp="6" max-artillery="0"/>\n    </stacking>'),
    'error', 'unknown terrain in a stacking exception', anchor='<exception')
add('duplicate-hex.redoubt', sub('<hex at="0202" terrain="heavy-woods"/>',
                                 '<hex at="0202" terrain="heavy-woods"/>\n    <hex at="0202" terrain="clear"/>'),
    'error', 'already has its terrain set', anchor='<hex at="0202" terrain="clear"')
add('duplicate-hexside-reversed.redoubt', sub('<hexside at="0401|0402" road="road"/>',
                                              '<hexside at="0401|0402" road="road"/>\n'
                                              '    <hexside at="0402|0401" road="road"/>'),
    'error', 'is already described', anchor='0402|0401')
add('duplicate-entry-id.redoubt', sub('<entry id="A" at="0601" name="Skippack Road"/>',
                                      '<entry id="A" at="0601" name="Skippack Road"/>\n    <entry id="A" at="0602"/>'),
    'error', 'duplicate entry id', anchor='<entry id="A" at="0602"')
add('duplicate-area-id.redoubt', sub('    <area id="american-deployment"',
                                     '    <area id="american-deployment" name="first">0101</area>\n'
                                     '    <area id="american-deployment"'),
    'error', 'duplicate area id', anchor='<area id="american-deployment" name="American')
add('negative-arrive-turn.redoubt', sub('<arrive turn="2"', '<arrive turn="-5"'), 'error',
    'arrive failed to validate', anchor='<arrive turn="-5"')
add('rank-overflow.redoubt', sub('rank="1"', 'rank="99999999999"'), 'error', 'Invalid attribute rank',
    anchor='rank="99999999999"')

# --- Warnings -----------------------------------------------------------------------
add('comment-not-preserved.redoubt', sub('  <map default-terrain', '  <!-- designer note -->\n  <map default-terrain'),
    'warning', 'will not be preserved', anchor='<!-- designer note')

# --- Generated by tests/test-hostile.c at test time (too big to commit) ----------
add_generated('nested-10mb', 'error', 'nested more than 32 deep')
add_generated('deep-single-line-10mb', 'error', 'nested more than 32 deep')
add_generated('huge-attribute-11mb', 'error', 'too long')
add_generated('many-elements', 'error', 'more than 2000000 elements')
add_generated('many-elements-60mb', 'error', 'more than 2000000 elements')
add_generated('many-attributes-400k', 'error', 'more than 256 attributes')
add_generated('larger-than-64mib', 'error', 'larger than')
# These point at a canary file (watched with inotify) and a TCP listener on
# 127.0.0.1 that the test creates: nothing may open the one or connect to the
# other.
add_generated('canary-external-entities', 'error', 'DOCTYPE')
add_generated('canary-external-dtd', 'error', 'DOCTYPE')
add_generated('canary-xinclude', 'error', 'element include')
add_generated('canary-utf7-doctype', 'error', 'DOCTYPE')

with open(os.path.join(HERE, 'MANIFEST'), 'w', encoding='utf-8') as manifest:
    manifest.write('# The hostile corpus: FILE SEVERITY LINE SUBSTRING, tab-separated.\n'
                   '# Written by make-corpus.py (see its docstring); do not edit by hand.\n')
    for name, data, severity, line, substring in cases:
        if data is not None:
            with open(os.path.join(HERE, name), 'wb') as out:
                out.write(data)
        manifest.write('\t'.join((name, severity, line, substring)) + '\n')
print('%d cases' % len(cases), file=sys.stderr)
