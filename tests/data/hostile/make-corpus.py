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
add('whitespace-only.redoubt', b' \n\t\n   \n', 'error', 'empty')
add('not-xml.redoubt', 'This is a scenario, honest.\n', 'error', 'not well-formed')
add('truncated-half.redoubt', base[:len(base) // 2], 'error', 'not well-formed')
add('truncated-in-tag.redoubt', base[:base.index('terrain="chew-house"') + 10], 'error',
    'not well-formed')
add('truncated-before-end-tag.redoubt', base[:base.rindex('</scenario>')], 'error',
    'not well-formed')
add('mismatched-tag.redoubt', sub('<title>A small complete example</title>',
                                  '<title>A small complete example</titel>'),
    'error', 'not well-formed', anchor='</titel>')
add('invalid-utf8.redoubt', sub('A small complete example', 'A small \udcff\udcfe example')
    .encode('utf-8', 'surrogateescape'), 'error', 'not well-formed')
add('utf16-bom-then-utf8.redoubt', b'\xff\xfe' + base.encode('utf-8'), 'error', 'not well-formed')
add('nul-bytes.redoubt', sub('A small complete example', 'A small\x00complete example'),
    'error', 'not well-formed')
add('undefined-entity.redoubt', sub('A small complete example', 'A small &xxe; example'),
    'error', 'not well-formed', anchor='&xxe;')
add('two-roots.redoubt', base + '<scenario/>\n', 'error', 'not well-formed')
add('control-character.redoubt', sub('A small complete example', 'A small \x01 example'),
    'error', 'not well-formed')

# --- DTDs, entities, inclusion: all refused, nothing fetched ----------------
LAUGHS = ''.join('  <!ENTITY lol%d "%s">\n' % (i, ('&lol%d;' % (i - 1)) * 10) for i in range(1, 10))
add('billion-laughs.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ENTITY lol0 "lol">\n' + LAUGHS + ']>\n'
    + BODY.replace('A small complete example', '&lol9;'), 'error', 'DOCTYPE')
add('external-entity-file.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n'
    + BODY.replace('A small complete example', '&xxe;'), 'error', 'DOCTYPE')
add('external-entity-http.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ENTITY xxe SYSTEM "http://127.0.0.1:9/redoubt-xxe">\n]>\n'
    + BODY.replace('A small complete example', '&xxe;'), 'error', 'DOCTYPE')
add('parameter-entities.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ENTITY % dtd SYSTEM "http://127.0.0.1:9/evil.dtd">\n'
    '  <!ENTITY % file SYSTEM "file:///etc/passwd">\n  %dtd;\n]>\n' + BODY, 'error', 'DOCTYPE')
add('external-dtd.redoubt',
    HEAD + '<!DOCTYPE scenario SYSTEM "http://127.0.0.1:9/redoubt.dtd">\n' + BODY,
    'error', 'DOCTYPE')
add('doctype-internal-subset.redoubt',
    HEAD + '<!DOCTYPE scenario [\n  <!ATTLIST scenario id CDATA "example">\n]>\n' + BODY,
    'error', 'DOCTYPE')
add('doctype-after-comment.redoubt',
    HEAD + '<!-- a comment first -->\n<!DOCTYPE scenario>\n' + BODY, 'error', 'DOCTYPE')
add('xinclude.redoubt',
    sub('<description>', '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" '
        'href="file:///etc/passwd" parse="text"/>\n  <description>'),
    'error', 'include', anchor='<xi:include')
add('volume-href-etc-passwd.redoubt',
    sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
        '  <volume-ref href="/etc/passwd"/>\n'), 'error', 'volume', anchor='<volume-ref')
add('volume-href-dev-zero.redoubt',
    sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
        '  <volume-ref href="/dev/zero"/>\n'), 'error', 'regular file', anchor='<volume-ref')
add('volume-ref-path-traversal.redoubt',
    sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
        '  <volume-ref ref="../../../../etc/passwd"/>\n'), 'error', 'volume-ref', anchor='<volume-ref')
add('volume-ref-missing.redoubt',
    sub(base[base.index('  <volume id="example">'):base.index('  </volume>\n') + len('  </volume>\n')],
        '  <volume-ref ref="no-such-volume"/>\n'), 'error', 'no-such-volume', anchor='<volume-ref')

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
    'format-version', anchor='<scenario')
add('missing-format-version.redoubt', sub(' format-version="1"', ''), 'error', 'format-version',
    anchor='<scenario')
add('wrong-root.redoubt', sub('</scenario>', '</campaign>', text=sub('<scenario ', '<campaign ')),
    'error', 'campaign', anchor='<campaign')

# --- Schema: shapes and values ---------------------------------------------------
add('unknown-element.redoubt', sub('    <location at=', '    <fortress at="0101"/>\n    <location at='),
    'error', 'fortress', anchor='<fortress')
add('unknown-attribute.redoubt', sub('<hex at="0202" terrain="heavy-woods"/>',
                                     '<hex at="0202" terrain="heavy-woods" colour="green"/>'),
    'error', 'colour', anchor='colour="green"')
add('missing-required-attribute.redoubt', sub(' rows="5"', ''), 'error', 'grid', anchor='<grid')
add('bad-hex-label.redoubt', sub('<hex at="0202"', '<hex at="B2"'), 'error', 'hex', anchor='at="B2"')
add('numbers-overflow-int.redoubt', sub('columns="6"', 'columns="99999999999999999999"'),
    'error', 'columns', anchor='<grid')
add('negative-columns.redoubt', sub('columns="6"', 'columns="-6"'), 'error', 'columns',
    anchor='<grid')
add('zero-columns.redoubt', sub('columns="6"', 'columns="0"'), 'error', 'columns', anchor='<grid')
add('grid-too-large.redoubt', sub('columns="6" rows="5"', 'columns="999999" rows="999999"'),
    'error', 'columns', anchor='<grid')
add('bad-mp-number.redoubt', sub('name="Heavy woods" mp="1.5"', 'name="Heavy woods" mp="1.5e999"'),
    'error', 'mp', anchor='id="heavy-woods"')
add('huge-morale-overflow.redoubt', sub('army-morale="20"', 'army-morale="4294967297"'),
    'error', 'army-morale', anchor='army-morale="4294967297"')
add('deep-nesting-40.redoubt',
    sub('  <note>Special rules in prose go here.</note>',
        '  <note>' + '<b>' * 40 + 'x' + '</b>' * 40 + '</note>'),
    'error', 'deep')

# --- Semantics (schema-valid, then rdt_scenario_validate) ------------------------
add('unknown-terrain.redoubt', sub('terrain="heavy-woods"/>', 'terrain="swamp"/>'), 'error', 'swamp',
    anchor='terrain="swamp"')
add('unknown-default-terrain.redoubt', sub('default-terrain="clear"', 'default-terrain="lava"'),
    'error', 'lava', anchor='default-terrain="lava"')
add('unknown-hexside-type.redoubt', sub('road="road"/>', 'road="railway"/>'), 'error', 'railway',
    anchor='road="railway"')
add('hexside-type-wrong-kind.redoubt', sub('water="creek" slope="slope"', 'water="road" slope="slope"'),
    'error', 'road', anchor='water="road"')
add('non-adjacent-hexside.redoubt', sub('at="0401|0402"', 'at="0401|0404"'), 'error', 'adjacent',
    anchor='0401|0404')
add('hexside-same-hex.redoubt', sub('at="0401|0402"', 'at="0401|0401"'), 'error', 'adjacent',
    anchor='0401|0401')
add('slope-high-not-on-hexside.redoubt', sub('high="0102"', 'high="0303"'), 'error', 'high',
    anchor='high="0303"')
add('fieldwork-symbol-not-on-hexside.redoubt', sub('symbol="0303"', 'symbol="0101"'), 'error',
    'symbol', anchor='symbol="0101"')
add('off-map-hex.redoubt', sub('<hex at="0303"', '<hex at="0909"'), 'error', '0909',
    anchor='<hex at="0909"')
add('off-map-hexside.redoubt', sub('at="0401|0402"', 'at="0601|0701"'), 'error', '0701',
    anchor='0601|0701')
add('off-map-setup.redoubt', sub('<setup hex="0303"/>', '<setup hex="0707"/>'), 'error', '0707',
    anchor='<setup hex="0707"')
add('off-map-area-hex.redoubt', sub('0501 0502 0503', '0501 0502 0599'), 'error', '0599',
    anchor='<area')
add('off-map-objective.redoubt', sub('<objective at="0303"', '<objective at="0808"'), 'error',
    '0808', anchor='<objective at="0808"')
add('off-map-entry.redoubt', sub('<entry id="A" at="0601"', '<entry id="A" at="0001"'), 'error',
    '0001', anchor='<entry id="A" at="0001"')
add('duplicate-unit-id.redoubt', sub('<unit id="proctor"', '<unit id="40th-foot"'), 'error',
    '40th-foot', anchor='<unit id="40th-foot" name="Proctor')
add('duplicate-leader-unit-id.redoubt', sub('<leader id="musgrave"', '<leader id="morgan"'),
    'error', 'morgan', anchor='<leader id="morgan"')
add('duplicate-side-id.redoubt', sub('<side id="american" name="American"', '<side id="british" name="American"'),
    'error', 'british', anchor='<side id="british" name="American"')
add('duplicate-terrain-id.redoubt', sub('<terrain id="chew-house"', '<terrain id="heavy-woods"'),
    'error', 'heavy-woods', anchor='<terrain id="heavy-woods" name="Chew')
add('overstacked-setup.redoubt',
    sub('      <setup area="american-deployment" states="first-fire"/>',
        '      <setup hex="0303" states="first-fire"/>',
        text=sub('side="american" kind="rifle"', 'side="british" kind="rifle"')
        .replace('<step strength="2" morale="6"/>\n      <setup area', '<step strength="3" morale="6"/>\n      <setup area')),
    'error', 'stack')
add('missing-side-reference.redoubt', sub('side="american" kind="militia"', 'side="french" kind="militia"'),
    'error', 'french', anchor='side="french"')
add('missing-area-reference.redoubt', sub('<setup area="american-deployment"', '<setup area="nowhere"'),
    'error', 'nowhere', anchor='area="nowhere"')
add('missing-entry-reference.redoubt', sub('<arrive turn="2" entry="A"/>', '<arrive turn="2" entry="Z"/>'),
    'error', 'Z', anchor='entry="Z"')
add('missing-state-reference.redoubt', sub('states="first-fire"', 'states="no-such-state"'),
    'error', 'no-such-state', anchor='no-such-state')
add('missing-first-player.redoubt', sub('first-player="british"', 'first-player="hessian"'),
    'error', 'hessian', anchor='first-player="hessian"')
add('unit-not-placed.redoubt', sub('      <unused/>\n', ''), 'error', 'spare', anchor='<unit id="spare"')
add('empty-area.redoubt', sub('      0501 0502 0503\n', ''), 'error', 'american-deployment',
    anchor='<area id="american-deployment"')
add('arrive-turn-out-of-range.redoubt', sub('<arrive turn="2"', '<arrive turn="99"'), 'error', '99',
    anchor='<arrive turn="99"')
add('setup-step-out-of-range.redoubt', sub('      <setup hex="0303"/>\n    </unit>',
                                           '      <setup hex="0303" step="3"/>\n    </unit>'),
    'error', 'step', anchor='step="3"')

# --- Warnings -----------------------------------------------------------------------
add('comment-not-preserved.redoubt', sub('  <map default-terrain', '  <!-- designer note -->\n  <map default-terrain'),
    'warning', 'will not be preserved', anchor='<!-- designer note')

# --- Generated by tests/test-hostile.c at test time (too big to commit) ----------
add_generated('nested-10mb', 'error', 'deep')
add_generated('deep-single-line-10mb', 'error', 'deep')
add_generated('huge-attribute-11mb', 'error', 'name')
add_generated('many-elements', 'error', 'elements')
add_generated('larger-than-64mib', 'error', 'larger than')
# These point at a canary file (watched with inotify) and a TCP listener on
# 127.0.0.1 that the test creates: nothing may open the one or connect to the
# other.
add_generated('canary-external-entities', 'error', 'DOCTYPE')
add_generated('canary-external-dtd', 'error', 'DOCTYPE')
add_generated('canary-xinclude', 'error', 'include')

with open(os.path.join(HERE, 'MANIFEST'), 'w', encoding='utf-8') as manifest:
    manifest.write('# The hostile corpus: FILE SEVERITY LINE SUBSTRING, tab-separated.\n'
                   '# Written by make-corpus.py (see its docstring); do not edit by hand.\n')
    for name, data, severity, line, substring in cases:
        if data is not None:
            with open(os.path.join(HERE, name), 'wb') as out:
                out.write(data)
        manifest.write('\t'.join((name, severity, line, substring)) + '\n')
print('%d cases' % len(cases), file=sys.stderr)
