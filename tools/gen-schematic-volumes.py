#!/usr/bin/env python3
# gen-schematic-volumes.py: writes the bundled volume files (data/volumes/*.xml)
# and scenario files (scenarios/*.redoubt) of Brandywine, Germantown and
# Savannah 1779 from the rulebooks in ../shared/rules (issue 8).
#
# The published maps and countersheets are not transcribed, so:
#  - each map is a SCHEMATIC: a grid holding every hex the rulebooks mention,
#    with the features the rulebooks fix (named hexes, entry hexes, fords,
#    fieldworks, the roads/creeks/woods of Germantown 3.2.1...) and plausible
#    terrain elsewhere.  Trace your own copy with the underlay tool.
#  - every value the rulebooks do not state is marked provisional, as
#    docs/format.md defines (effects fields, table cells, unit values).
#
# Run:  python3 tools/gen-schematic-volumes.py          (rewrites the files)
#       python3 tools/gen-schematic-volumes.py --check  (exit 1 if a file differs)
# The script writes the canonical form, so `redoubt-cli format` changes nothing.
# Standard library only.

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from schematic_lib import (Grid, adjacent, area_lines, attr, canon, distance,  # noqa: E402
                           drm, effects_attrs, label, parse, path_sides, polyline,
                           text, walk)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NS = "urn:x-redoubt:format"

SCHEMATIC_NOTE = ("SCHEMATIC MAP: the published map is not part of the rulebooks. "
                  "Only the hexes, hexsides, entry hexes and areas the rulebooks name are "
                  "fixed (rule numbers in the notes); all other terrain is drawn plausibly. "
                  "Trace the terrain from your own copy of the map with the underlay tool.")

SCHEMATIC_SHORT = ("The map is schematic (see the first note): trace it from your own copy with the "
                   "underlay tool. Printed counter values are provisional.")

# ====================================================================== volumes

CC_COLUMNS = ["1-3", "1-2", "1-1", "3-2", "2-1", "3-1", "4-1"]
CC_ROWS = [
    ("-2", "2/- AC/- AC/- AC/- AC/- 1*/- D/-"),
    ("-1", "AC/- 1*/- 1*/- 1*/- 1*/- D/- D/-"),
    ("0", "1*/- 1/- 1/- 1/- 1/- D/- R/-"),
    ("1", "1/- D/- D/- D/- D/- R/- R/-"),
    ("2", "1/- D/- D/- D/- R/- R/- PIN"),
    ("3", "D/- D/- R/- R/- PIN PIN R/R"),
    ("4", "D/- R/- R/- PIN R/R R/R -/R"),
    ("5", "R/- PIN PIN R/R -/R -/R -/D"),
    ("6", "PIN R/R R/R -/R -/R -/D -/D"),
    ("7", "R/R -/R -/R -/D -/D -/D -/1"),
    ("8", "-/R -/R -/D -/D -/D -/1 -/1*"),
    ("9", "-/R -/D -/D -/1 -/1 -/1* -/DC"),
    ("10", "-/D -/D -/1 -/1* -/1* -/DC -/AC"),
    ("11", "-/D -/1* -/1* -/DC -/AC -/AC -/2"),
]
TACTICS = ["Skirmish", "Attack en Echelon", "Stand Fast", "Withdraw", "Frontal Assault",
           "Commit Reserve", "Turn Flank", "Refuse Flank"]
TACTICS_ROWS = [
    "0 -1 +1 NC +2 -1 -1 0",
    "+1 0 -1 -1 0 0 +1 -1",
    "-1 +1 0 NC -1 -1 +2 0",
    "NC +1 NC NC +2 0 0 NC",
    "-2 0 +1 -2 0 +1 +1 0",
    "+1 0 +1 0 -1 0 -1 -1",
    "+1 -1 -2 0 -1 +1 0 +2",
    "0 +1 0 NC 0 +1 -2 0",
]


def tables(stated, source, vid=None):
    """The Close Combat Table and Tactics Matrix (transcribed after 16 in the
    current Series Rules), and empty editable tables for the charts the rulebooks
    lack.  stated=False marks every cell provisional (Savannah's older edition
    does not transcribe them)."""
    p = "" if stated else ' provisional="true"'
    out = []
    out.append('<table id="close-combat" name="Close Combat Table" rule="%s" corner="Die roll \\ Odds">'
               % attr(source))
    out.append("  <columns>%s</columns>" % "".join("<c>%s</c>" % text(c) for c in CC_COLUMNS))
    for key, cells in CC_ROWS:
        out.append('  <row key="%s">%s</row>' % (key, "".join("<c%s>%s</c>" % (p, text(c)) for c in cells.split())))
    out.append("  <note>Odds below 1-3 are resolved as 1-3 with a -1 DRM (-2 if Diversion is used); above 4-1 as 4-1; "
               "Diversion shifts one column left; die rolls below -2 count as -2, above 11 as 11.%s</note>"
               % ("" if stated else " Copied from the current edition: the older edition printed with this volume does not transcribe the table; check your player aid card."))
    out.append("</table>")
    out.append('<table id="tactics-matrix" name="Tactics Matrix" rule="%s" corner="Defender \\ Attacker">'
               % attr(source))
    out.append("  <columns>%s</columns>" % "".join("<c>%s</c>" % text(c) for c in TACTICS))
    for key, cells in zip(TACTICS, TACTICS_ROWS):
        out.append('  <row key="%s">%s</row>' % (attr(key), "".join("<c%s>%s</c>" % (p, text(c)) for c in cells.split())))
    out.append("  <note>NC = No Combat. Frontal Assault and Commit Reserve require a Leader; Turn Flank and Refuse Flank "
               "require a Leader and an Open Flank (12.53).</note>")
    out.append("</table>")
    out.extend(fire_tables())
    for tid, name, rule, cols in (
            ("cc-drm", "Close Combat DRM Chart", "12.2", ["DRM"]),):
        if tid == "cc-drm" and vid in CC_DRM:
            out.extend(cc_drm_tables(vid))
            out.extend(retreat_exception_tables(vid))
            continue
        out.append('<table id="%s" name="%s" rule="%s">' % (tid, attr(name), attr(rule)))
        out.append("  <columns>%s</columns>" % "".join("<c>%s</c>" % text(c) for c in cols))
        out.append("  <note>Not in the rulebooks (printed on the map or player aid card): enter the rows from your own copy.</note>")
        out.append("</table>")
    out.extend(army_morale_levels())
    return out


# Fire tables (issue 14, read by src/core/rules/rdt-fire.c): the rulebooks do
# not print the Ranged Fire To-Hit Table or the Fire Damage Tables.  So that
# fire can be played at all, the bundled volumes carry PROVISIONAL placeholder
# rows, every cell marked provisional, which the user replaces from the player
# aid card.  The only values the rulebooks reveal are those of the 10.3
# example (two rifle units adjacent hit on 6; a damage roll of 4 is an R),
# which the placeholders agree with.
TO_HIT_ROWS = [("1", 7), ("2", 6), ("3", 6), ("4", 5), ("5", 5), ("6+", 4)]
RIFLE_DAMAGE = [("0-1", "-"), ("2-3", "AM"), ("4-5", "R"), ("6-7", "D"), ("8", "1"), ("9", "1*")]
ARTILLERY_DAMAGE = [("0-1", "-"), ("2-3", "AM"), ("4", "R"), ("5-6", "D"), ("7-8", "1"), ("9", "1*")]
PLACEHOLDER = ("Not in the rulebooks (printed on the map or player aid card). Every value is a PROVISIONAL "
               "placeholder so that fire can be played: enter the rows from your own copy.")


def fire_tables():
    p = ' provisional="true"'
    out = ['<table id="to-hit" name="Ranged Fire To-Hit Table" rule="10.3, 11.3">',
           "  <columns><c>adjacent</c><c>2</c><c>3</c></columns>"]
    for key, v in TO_HIT_ROWS:
        out.append('  <row key="%s">%s</row>' % (key, "".join("<c%s>%d</c>" % (p, v + k) for k in range(3))))
    out.append("  <note>%s Rows: firing SPs (N, N-M or N+); cells: the To-Hit number (a modified roll of at "
               "least this hits, 10.3, 11.3), or \"-\" for no hit. The only value the rulebooks reveal is the "
               "10.3 example (two rifle units adjacent: 6).</note>" % PLACEHOLDER)
    out.append("</table>")
    for tid, name, rule, rows, extra in (
            ("fire-damage-artillery", "Artillery Fire Damage Table", "11.3", ARTILLERY_DAMAGE, ""),
            ("fire-damage-rifle", "Rifle Fire Damage Table", "10.3", RIFLE_DAMAGE,
             " The only value the rulebooks reveal is the 10.3 example (a 4 is an R).")):
        out.append('<table id="%s" name="%s" rule="%s" corner="Die roll">' % (tid, attr(name), rule))
        out.append("  <columns><c>result</c></columns>")
        for key, v in rows:
            out.append('  <row key="%s"><c%s>%s</c></row>' % (key, p, text(v)))
        out.append("  <note>%s Rows: the unmodified die (N or N-M); results as in 13.1: -, AM, R, D, 1, 2, with * "
                   "for a leader casualty (1*).%s</note>" % (PLACEHOLDER, extra))
        out.append("</table>")
    return out


# 10.7 German Jaegers, read as the Hessian rifle units (a reading, so the
# condition is provisional): the volumes with Jaegers carry this row.
JAEGER_ROW = ('  <row key="German Jaegers in covered terrain with an open flank"><c>roll-twice</c><c>10.7</c>'
              '<c provisional="true">all-firers firer.kind=rifle firer.nationality=hessian firer-hex.covered '
              'open-flank fire=rifle</c></row>')
TO_HIT_DRM_NOTE = ("Read by the rules core (src/core/rules/rdt-fire.h, docs/volumes.md). DRM: a signed number, or "
                   "roll-twice (10.7: two To-Hit rolls, one hit counts). When: terms that must all hold: "
                   "firer.kind=K, firer.unit=ID, firer.nationality=N (some firer matches them all; with all-firers "
                   "every firer must), target.kind=, target.unit=, target.nationality=, firer-hex.covered (10.7 "
                   "covered terrain), open-flank (12.53, told by the players), fire=rifle or fire=artillery.")


# The Close Combat DRM Chart (12.23 step 3) and exclusive column shifts (issue
# 14), read by src/core/rules/rdt-close-combat.c: rows (key, value, when, rule,
# provisional); the "when" vocabulary is src/core/format/rdt-cc-condition.h and
# docs/volumes.md.  The chart is printed on the map or player aid card: a value
# the rulebooks do not state is provisional.
CC_DRM_NOTE = ("Close Combat DRM chart (12.23 step 3): printed on the map or player aid card, not in the rulebooks. "
               "Columns: DRM (added to the die roll: + favours the attacker), when (conditions, all of which must hold; "
               "docs/volumes.md \u201cClose Combat DRM chart\u201d), rule. Terrain and hexside DRMs are the terrain "
               "chart's cc-drm (a hexside's applies when every attacking hex attacks across it). Values marked "
               "provisional are not stated in the rulebooks: enter them from your own copy.")
CC_DRM_CURRENT = [
    ("Defender surrounded", "+1", "surrounded:defender", "3.1 Surrounded, 8.2; chart (older 12.7 value)", True),
    ("Attacker surrounded", "-1", "surrounded:attacker", "3.1 Surrounded, 8.2; chart (older 12.7 value)", True),
    ("All-militia defenders", "+1", "defender:all:militia attacker:none:militia", "12.23 step 3 Important; chart", True),
    ("All-militia attackers", "-1", "attacker:all:militia defender:none:militia", "12.23 step 3; chart", True),
    ("White-R rifles defending", "+1", "defender:any:white-r", "glossary Rifle Unit; chart", True),
    ("White-R rifles attacking", "-1", "attacker:any:white-r", "glossary Rifle Unit; chart", True),
]
# Savannah 4.1: American units other than Pulaski's Legion (which may stack
# with the French).
SAV_AMERICAN_NOT_PULASKI = "side=american&!unit=pulaski&!unit=pulaski-replacement"
CC_DRM = {
    "brandywine": (CC_DRM_CURRENT + [
        ("Some attackers across the non-ford Brandywine Creek", "-1", "across:brandywine-creek:some", "Brandywine 5.2.4", False),
        # 5.2.7: "If Pinned units choose to conduct Close Combat across
        # non-ford Brandywine Creek hexsides, and if all the enemy units are
        # marked as pinned, there is no Close Combat modifier for attacking
        # across a non-ford Brandywine Creek hexside": rows that cancel 5.2.4
        # and 5.2.5 (the creek hexside's -2), itemised.
        ("Pinned, all enemy units pinned: no 5.2.4 creek modifier", "+1",
         "across:brandywine-creek:some attacker:any:state=pinned defender:all:state=pinned", "Brandywine 5.2.7", False),
        ("Pinned, all enemy units pinned: no 5.2.5 creek modifier", "+2",
         "across:brandywine-creek:all attacker:any:state=pinned defender:all:state=pinned", "Brandywine 5.2.7", False),
    ], " Brandywine 5.2.5 (-2 when every attacker crosses the non-ford creek) is the creek hexside's cc-drm; "
       "5.2.7 cancels 5.2.4 and 5.2.5 (the two Brandywine 5.2.7 rows).", [
        ("Lafayette, the only leader with the attacking Americans (once per game)", "+1",
         "attacker-side:american only-leader:attacker:lafayette", "Brandywine 4.8", False, "lafayette"),
        ("Lafayette, the only leader with the defending Americans (once per game)", "-1",
         "defender-side:american only-leader:defender:lafayette", "Brandywine 4.8", False, "lafayette"),
    ]),
    "germantown": (CC_DRM_CURRENT + [
        ("American Surprise: Vanguard attacking on turn 1", "+1",
         "turn:1 attacker-side:american attacker:any:state=american-vanguard", "Germantown 3.6", False),
        ("American Surprise: Vanguard defending on turn 1", "-1",
         "turn:1 defender-side:american defender:any:state=american-vanguard", "Germantown 3.6", False),
        ("Wayne\u2019s Fury", "+1", "attacker-side:american lead:attacker:formation=W leader-with-lead:attacker:wayne "
         "defender-side:british defender:any:light-infantry", "Germantown 3.7", False),
    ], " Germantown 3.10.4 (Chew House -2) is the chew-house terrain's cc-drm.", []),
    "savannah": ([
        ("Defender surrounded", "+1", "surrounded:defender", "older 12.7", False),
        ("Attacker surrounded", "-1", "surrounded:attacker", "older 12.7", False),
        ("Militia defending against regulars", "+1", "defender:all:militia attacker:none:militia "
         "defender:none:unit=1st-charlestown-militia defender:none:unit=2nd-charlestown-militia", "Savannah 4.17; chart", False),
        ("Militia attacking regulars", "-1", "attacker:all:militia defender:none:militia "
         "attacker:none:unit=1st-charlestown-militia attacker:none:unit=2nd-charlestown-militia", "Savannah 4.17; chart", False),
        ("White-R rifles defending", "+1", "defender:any:white-r", "glossary Rifle Unit; chart", True),
        ("White-R rifles attacking", "-1", "attacker:any:white-r", "glossary Rifle Unit; chart", True),
        ("French/American stack attacked", "+1", "stack:defender:side=french+" + SAV_AMERICAN_NOT_PULASKI,
         "Savannah 4.1", False),
        ("French/American stack forced to attack", "-2", "stack:attacker:side=french+" + SAV_AMERICAN_NOT_PULASKI,
         "Savannah 4.1 (may attack only when forced: retreat not possible)", False),
        ("French Regulars stacked with French Colonial Militia forced to attack", "-1",
         "stack:attacker:side=french&class=regular+side=french&class=colonial-militia",
         "Savannah 4.1 (may attack only when forced)", False),
        ("Incomplete British Defenses, turns 1-7", "+2", "turn:1-7 defender-side:british fieldwork:any", "Savannah 4.14", False),
        ("Incomplete British Defenses, turns 8-11", "+1", "turn:8-11 defender-side:british fieldwork:any", "Savannah 4.14", False),
        ("Irish Ferocity", "+1", "lead:attacker:unit=dillons-irish defender:any:nationality=british", "Savannah 4.16", False),
    ], " Savannah 4.1: a French/American stack is one hex holding French and American units (Pulaski's Legion, "
       "which may stack with the French, excepted); the French Regulars row needs the units' class, which the book "
       "does not state (docs/rulings.md). 4.14 reads fieldwork:any (abatis, redoubts, revetments with their symbol "
       "in the British hex).", []),
}

# Tactics restrictions of the exclusive rules (issue 14, 12.53 "See Exclusive
# Rules for additional restrictions"), read by rdt-close-combat.c: rows (key,
# tactic ids, role, when, rule); ROLE may not select the tactics when the
# conditions (the cc-drm vocabulary) hold.
CC_TACTICS = {
    "germantown": [
        ("Chew House defenders", "turn-flank attack-en-echelon", "defender", "terrain:defender:any:chew-house",
         "Germantown 3.10.4"),
        ("Chew House attackers", "turn-flank attack-en-echelon", "attacker", "terrain:attacker:any:chew-house",
         "Germantown 3.10.4"),
    ],
    "savannah": [
        ("British Tactical Doctrine, attacking", "turn-flank", "attacker",
         "attacker-side:british area:attacker:any:savannah-defensive-perimeter "
         "area:defender:none:savannah-defensive-perimeter", "Savannah 4.15"),
        ("British Tactical Doctrine, defending", "turn-flank", "defender",
         "defender-side:british area:defender:any:savannah-defensive-perimeter "
         "area:attacker:none:savannah-defensive-perimeter", "Savannah 4.15"),
    ],
}


def cc_drm_tables(vid):
    rows, note, shifts = CC_DRM[vid]

    def row(key, value, when, rule, provisional):
        p = ' provisional="true"' if provisional else ""
        return '  <row key="%s"><c%s>%s</c><c>%s</c><c>%s</c></row>' % (attr(key), p, text(value), text(when), text(rule))
    out = ['<table id="cc-drm" name="Close Combat DRM Chart" rule="12.23 step 3" corner="Case">',
           "  <columns><c>DRM</c><c>when</c><c>rule</c></columns>"]
    out.extend(row(*r) for r in rows)
    out.append("  <note>%s</note>" % text(CC_DRM_NOTE + note))
    out.append("</table>")
    if shifts:
        out.append('<table id="cc-shift" name="Close Combat column shifts" rule="Brandywine 4.8" corner="Case">')
        out.append("  <columns><c>shift</c><c>when</c><c>rule</c><c>removes</c></columns>")
        out.extend(row(*r[:5])[:-len("</row>")] + "<c>%s</c></row>" % text(r[5]) for r in shifts)
        out.append("  <note>%s</note>" % text("Columns: shift (+1 one column to the right, in the attacker\u2019s favour), "
                                               "when (the conditions of the cc-drm table), rule, removes (a unit "
                                               "removed from play, no VP or army morale, once the Close Combat that "
                                               "used the shift is resolved: Brandywine 4.8, which makes Lafayette's "
                                               "shift once per game). The 12.14 Diversion shift is a rule, not data."))
        out.append("</table>")
    if vid == "brandywine":
        # 5.3: "Leaders which are adjacent to combat units but separated from
        # them by a non-ford Brandywine Creek hexside do not count as being
        # adjacent for allowing the use of Tactics Cards. An empty hex which
        # is adjacent to both players' units but separated from either unit by
        # a non-ford Brandywine Creek hexside does not count to allow the use
        # of Turn Flank or Refuse Flank Tactics Cards."
        out.append('<table id="tactics-barriers" name="Tactics Card adjacency barriers" rule="Brandywine 5.3" corner="Hexside type">')
        out.append("  <columns><c>leader</c><c>open flank</c><c>rule</c></columns>")
        out.append('  <row key="brandywine-creek"><c>yes</c><c>yes</c><c>Brandywine 5.3</c></row>')
        out.append("  <note>%s</note>" % text(
            "Read by the rules core (12.53, 12.54; docs/volumes.md \u201cTactics restrictions\u201d): a leader "
            "(leader yes) or an empty open-flank hex (open flank yes) separated from the units by a hexside of "
            "the row's type does not count."))
        out.append("</table>")
    if vid == "savannah":
        # 4.13: "Not only are French and American units usually prohibited
        # from stacking and attacking out of the same hex, they are also
        # prohibited from combining from two or more hexes in an attack
        # against a defending enemy hex."  Pulaski's Legion "is the only
        # American combat unit that may cooperate in Close Combat with French
        # player units".
        out.append('<table id="cc-designation" name="Close Combat designation restrictions" rule="Savannah 4.13" corner="Case">')
        out.append("  <columns><c>when</c><c>rule</c></columns>")
        out.append('  <row key="French and American units may not combine from two or more hexes"><c>%s</c>'
                   '<c>Savannah 4.13</c></row>' % text("apart:attacker:side=french+" + SAV_AMERICAN_NOT_PULASKI))
        out.append("  <note>%s</note>" % text(
            "Read by the rules core (docs/volumes.md \u201cDesignation restrictions\u201d): a row whose conditions "
            "(the cc-drm vocabulary) hold makes the designation illegal, citing the rule."))
        out.append("</table>")
    if vid in CC_TACTICS:
        out.append('<table id="cc-tactics" name="Tactics restrictions" rule="12.53" corner="Case">')
        out.append("  <columns><c>tactics</c><c>role</c><c>when</c><c>rule</c></columns>")
        for key, tactics, role, when, rule in CC_TACTICS[vid]:
            out.append('  <row key="%s"><c>%s</c><c>%s</c><c>%s</c><c>%s</c></row>'
                       % (attr(key), text(tactics), text(role), text(when), text(rule)))
        out.append("  <note>%s</note>" % text(
            "12.53: \u201cSee Exclusive Rules for additional restrictions\u201d. Columns: tactics (ids: skirmish, "
            "attack-en-echelon, stand-fast, withdraw, frontal-assault, commit-reserve, turn-flank, refuse-flank), "
            "role (attacker or defender: the side that may not select them), when (the conditions of the cc-drm "
            "table), rule. Read by the rules core (docs/volumes.md \u201cTactics restrictions\u201d)."))
        out.append("</table>")
    return out


# Exclusive rules about Retreat results and morale checks in a hex (issue
# 14), read by src/core/play/rdt-game-results.c: rows keyed by terrain id.
RETREAT_EXCEPTIONS = {
    # 3.9: "If the Close Combat result against a lead unit in the Meeting
    # House hex is a "Retreat," the unit does NOT automatically retreat.
    # Instead, the lead unit takes a morale check, adding +1 ... If it passes,
    # it does not retreat and the other units in its hex do not check morale."
    "brandywine": [("meeting-house", "close-combat", "lead", "morale-check", "+1", "in-hex", "Brandywine 3.9")],
    # 3.10.4: "Units in the hex may ignore "Retreat" results from fire or
    # close combat. In this case, other units normally required to make
    # morale checks may ignore them."
    "germantown": [("chew-house", "fire close-combat", "any", "ignore", "0", "in-hex", "Germantown 3.10.4")],
}
MORALE_CHECK_DRM = {
    # 3.10.2: "Units in the hex receive +1 DRM to morale check die rolls."
    "germantown": [("chew-house", "+1", "Germantown 3.10.2")],
}


def retreat_exception_tables(vid):
    out = []
    if vid in RETREAT_EXCEPTIONS:
        out.append('<table id="retreat-exceptions" name="Retreat result exceptions" rule="13.1 R" corner="Terrain">')
        out.append("  <columns><c>applies</c><c>units</c><c>effect</c><c>DRM</c><c>others</c><c>rule</c></columns>")
        for r in RETREAT_EXCEPTIONS[vid]:
            out.append('  <row key="%s">%s</row>' % (attr(r[0]), "".join("<c>%s</c>" % text(c) for c in r[1:])))
        out.append("  <note>%s</note>" % text(
            "Read by sandbox play (docs/volumes.md \u201cRetreat result exceptions\u201d). Rows keyed by the "
            "terrain of the affected unit's hex. applies: close-combat and/or fire; units: lead (the close combat "
            "lead unit) or any; effect: morale-check (a morale check with DRM instead of the retreat: passed, no "
            "retreat) or ignore (the owner's option to ignore the Retreat result, taken); others: in-hex (when "
            "the unit does not retreat the other units of its hex need not check morale, 13.1)."))
        out.append("</table>")
    if vid in MORALE_CHECK_DRM:
        out.append('<table id="morale-check-drm" name="Morale check DRMs by terrain" rule="13.5" corner="Terrain">')
        out.append("  <columns><c>DRM</c><c>rule</c></columns>")
        for r in MORALE_CHECK_DRM[vid]:
            out.append('  <row key="%s">%s</row>' % (attr(r[0]), "".join("<c>%s</c>" % text(c) for c in r[1:])))
        out.append("  <note>%s</note>" % text(
            "Added to the die roll of a Close Combat morale check (13.1, 13.5) of a unit in a hex of the terrain."))
        out.append("</table>")
    return out


# The Army Morale Track (16.2), read by src/core/play/rdt-army-morale.c: one row
# per level; "from" is the lowest army morale of the level.  16.21-16.23 state
# the DRMs; the track itself is printed on the map, so "from" is provisional.
AM_LEVELS = [("high", "15", "+1", "0"), ("fatigued", "8", "0", "-1"), ("wavering", "1", "-1", "-2")]


def army_morale_levels():
    out = ['<table id="army-morale-levels" name="Army Morale Track" rule="16.2">']
    out.append("  <columns>%s</columns>" % "".join(
        "<c>%s</c>" % c for c in ("from", "initiative DRM", "unit morale modifier")))
    for key, frm, init, mod in AM_LEVELS:
        out.append('  <row key="%s"><c provisional="true">%s</c><c>%s</c><c>%s</c></row>' % (key, frm, init, mod))
    out.append("  <note>16.21-16.23 state each level's Initiative DRM and unit morale modifier; the army morale "
               "at which each level begins is printed on the Army Morale Track, not in the rulebooks: the "
               "\"from\" values are provisional (enter them from your own copy). 0 is Demoralized (16.3).</note>")
    out.append("</table>")
    return out


# Events of play read by src/core/play/rdt-game-events.c (issue 13).
# The Army Morale Adjustment Chart (16.1) is on the player aid card: only the
# values the rulebooks state are not provisional (16.1 rally +1, 9.6 pin -1,
# 13.1 "AM" -1 and "2" +1/-2).  (key, change, enemy change, rule, provisional)
AM_ADJUSTMENTS = [
    ("rally", "+1", "0", "16.1", False),
    ("pin-broken", "-1", "0", "9.6", False),
    ("am-result", "-1", "0", "13.1 AM", False),
    ("two-step-loss", "-2", "+1", "13.1 2", False),
    ("step-loss", "-1", "0", "7.3, 13.1 1, 16.1", True),
    ("unit-eliminated", "-1", "0", "7.3, 13.1, 16.1", True),
    ("unit-captured", "-1", "0", "13.1 DC AC, 16.1", True),
    ("leader-casualty", "-1", "0", "13.1 *, 16.1", True),
    ("leader-captured", "-1", "0", "14.33, 16.1", True),
    ("disrupted", "0", "0", "13.1 D, 13.3, 16.1", True),
    ("retreat", "0", "0", "13.1 R, 16.1", True),
]


# Exceptions to 12.12 WHO MUST ATTACK ("See Exclusive rules for additional
# exceptions"), read by src/core/play/rdt-game-designation.c when the Close
# Combats are announced (12.21).  (key, where, type, pinned, then, rule):
# "where" terrain (the attacking unit's hex) or hexside (crossed towards the
# enemy unit); "pinned" "must attack" when pinned units stay bound; "then"
# "adjacent to both": an attack across the hexside makes the enemy units
# adjacent to both the attacking and the defending units owed an attack;
# "advance" "optional": the advance after combat out of a hex of that
# terrain is optional (12.23 step 9); "where" restriction: the enemy unit's
# hex is one the named restrictions (ids) forbid the unit to enter now, with
# "forbids" "attack": the unit may not attack it either unless pinned
# (Brandywine 5.2.6).  An optional 9th item "pin" ("break in place",
# Brandywine 3.9) and 10th "start" ("retreat N" for where = stack rows: at
# the start of the owner's Movement Phase the stack retreats N hexes instead
# of the attack 12.12 or 13.1 Pin requires, if possible: Savannah 4.1),
# given as (value, provisional).
CC_OBLIGATIONS = {
    "brandywine": [
        ("meeting-house", "terrain", "meeting-house", "must attack", "", "", "", "Brandywine 3.9", "break in place"),
        ("non-ford-creek", "hexside", "brandywine-creek", "must attack", "adjacent to both", "", "", "Brandywine 5.2.3"),
        ("bivouac", "restriction", "bivouac bivouac-greene maxwells-detachment", "must attack", "", "", "attack",
         "Brandywine 5.2.6"),
    ],
    "germantown": [
        ("chew-house", "terrain", "chew-house", "must attack", "", "optional", "", "Germantown 3.10.4"),
    ],
    # Savannah 4.1: "Units within a French/American stack may not attack
    # voluntarily, either as a stack or individually, until the French and
    # American units are separated": they attack only where 12.12 or 13.1
    # Pin obliges them (then at the cc-drm row's -2).  "If a
    # French/American stack begins a Movement Phase adjacent to an enemy in
    # circumstances where an attack would normally be required, it must
    # retreat instead if possible": start = "retreat 1", provisional: the
    # rule does not state the distance; one hex is the Retreat of 13.1 "R"
    # (docs/rulings.md).
    "savannah": [
        ("french-american-stack", "stack", "side=french+" + SAV_AMERICAN_NOT_PULASKI, "", "", "", "voluntary attack",
         "Savannah 4.1", "", ("retreat 1", True)),
    ],
}


def cc_obligations(vid):
    rows = CC_OBLIGATIONS.get(vid)
    if not rows:
        return []
    out = ['<table id="cc-obligations" name="Close Combat obligations: exceptions to 12.12" rule="12.12">']
    out.append("  <columns><c>where</c><c>type</c><c>pinned</c><c>then</c><c>advance</c><c>forbids</c><c>rule</c>"
               "<c>pin</c><c>start</c></columns>")
    for r in rows:
        key, where, typ, pinned, then, advance, forbids, rule = r[:8]
        pin = r[8] if len(r) > 8 else ""
        start, start_prov = r[9] if len(r) > 9 else ("", False)
        out.append('  <row key="%s">%s%s</row>' % (attr(key), "".join(
            "<c>%s</c>" % text(c) for c in (where, typ, pinned, then, advance, forbids, rule, pin)),
            '<c%s>%s</c>' % (' provisional="true"' if start_prov else "", text(start))))
    out.append("  <note>Read by the game when the Close Combats are announced (12.21, rdt-game-designation.c): "
               "a combat unit is not required to attack (12.12) an enemy unit when its hex has the terrain "
               "\"type\" (where = terrain) or the hexside between them has the hexside type \"type\" (where = "
               "hexside); with pinned = \"must attack\", pinned units are still bound (13.1 Pin). then = "
               "\"adjacent to both\": once units attack across such a hexside, the enemy units adjacent to both "
               "the attacking and the defending units must be attacked this phase. advance = \"optional\": the "
               "advance after combat (12.23 step 9) out of a hex of that terrain is optional. where = restriction: "
               "type lists restriction ids; the enemy unit's hex is one they forbid the unit to enter now "
               "(the turn, the releases made); forbids = \"attack\": the unit may not attack it unless "
               "pinned. Brandywine 3.9 (Meeting "
               "House: units there need not attack, pinned ones must), 5.2.3 (non-ford Brandywine Creek "
               "hexsides: optional, then the units adjacent to both), Germantown 3.10.4 (Chew House; its "
               "advance out of the hex is optional), Brandywine 5.2.6 (American units may not attack a hex outside "
               "the Bivouac Area until released, unless pinned: the bivouac restrictions of 3.6.1 and 4.1). "
               "where = stack: type is \"+\"-separated groups of \"&amp;\"-joined selectors (the cc-drm stack "
               "terms); a unit in a hex holding a unit of its player for every group, with forbids = "
               "\"voluntary attack\", attacks only where 12.12 or 13.1 Pin obliges it (Savannah 4.1: a "
               "French/American stack, Pulaski's Legion excepted). pin = \"break in place\": a pinned unit "
               "in a hex of that terrain may pay the Army Morale to break its pin without leaving the hex "
               "(\"break-pin UNIT\"; Brandywine 3.9: it may not attack other enemy units this player turn, nor "
               "may other friendly units attack the enemy units whose pin it broke). start = \"retreat N\" "
               "(stack rows): a stack that begins its owner's Movement Phase adjacent to enemy units where 12.12 or "
               "13.1 Pin requires an attack retreats N hexes instead (\"retreat UNIT HEX\", before any movement) "
               "when each of its units can; when none can, the attack stays owed (Savannah 4.1: \"If retreat is "
               "not possible, the French/American stack must fulfill the required attack\")."
               "</note>")
    out.append("</table>")
    return out


def play_tables(vid):
    out = ['<table id="army-morale-adjustments" name="Army Morale Adjustment Chart" rule="16.1">']
    out.append("  <columns><c>change</c><c>enemy change</c><c>rule</c></columns>")
    for key, change, enemy, rule, prov in AM_ADJUSTMENTS:
        p = ' provisional="true"' if prov else ""
        out.append('  <row key="%s"><c%s>%s</c><c%s>%s</c><c>%s</c></row>' % (key, p, change, p, enemy, rule))
    out.append("  <note>Read by the game (src/core/play/rdt-game-events.c, rdt_game_adjust_army_morale): change is "
               "added to the army morale of the side of the event, enemy change to the other player's armies. "
               "Stated in the rulebooks: a unit rallies +1 (16.1), a pin broken -1 (9.6), the AM result -1 and "
               "the 2 result's +1/-2 (13.1). The Army Morale Adjustment Chart itself is printed on the player "
               "aid card, not in the rulebooks: the other values are provisional (enter them from your own "
               "copy).</note>")
    out.append("</table>")
    if vid == "brandywine":
        out.append('<table id="leader-adjacent-drm" name="Leadership DRM to adjacent hexes" rule="Brandywine 4.6.1">')
        out.append("  <columns><c>DRM</c><c>not across</c><c>rule</c></columns>")
        out.append('  <row key="washington"><c>+1</c><c>brandywine-creek</c><c>Brandywine 4.6.1, 5.3</c></row>')
        out.append("  <note>Read by the game (rally, 14.23): the leader (a unit id) adds DRM to the morale checks "
                   "and rally attempts of the combat units he commands in adjacent hexes, never across the "
                   "hexside types listed (Brandywine 5.3: non-ford Brandywine Creek hexsides). Stacked, his "
                   "printed Leadership DRM (+4) applies as for any leader in command.</note>")
        out.append("</table>")
    if vid == "brandywine":
        out.append('<table id="releases" name="Releases" rule="Brandywine 3.6.1, 3.6.2">')
        out.append("  <columns><c>side</c><c>choose turns</c><c>automatic turn</c><c>near unit</c><c>near</c>"
                   "<c>rule</c><c>attacked hex</c></columns>")
        for key, side, choose, auto, near_unit, near, rule, attacked in [
                ("greene", "american", "1-3", "4", "", "", "Brandywine 3.6.1.1, 3.6.1.2", ""),
                ("sullivan", "american", "4-5", "6", "", "", "Brandywine 3.6.1.1, 3.6.1.3", ""),
                ("delaware-blues", "", "-", "", "delaware", "2", "Brandywine 3.6.2.2", ""),
                ("proctor", "british", "", "", "", "", "Brandywine 3.6.2.3", "1127")]:
            out.append('  <row key="%s">%s</row>' % (key, "".join(
                "<c>%s</c>" % c for c in (side, choose, auto, near_unit, near, rule, attacked))))
        out.append("  <note>Read by the game (src/core/play/rdt-game-events.c): a release id of the restrictions "
                   "(until-released) is made automatically at the start of \"automatic turn\" (3.6.1.1: Greene's "
                   "wing on turn 4, everyone on turn 6), once any unit moves within \"near\" hexes of \"near "
                   "unit\" (3.6.2.2: the Delaware Blues), or by the action \"release NAME\" on \"choose turns\" "
                   "(3.6.1.2, 3.6.1.3: early releases; the VP penalty is on the Turn Record Track, not in the "
                   "rulebooks, and is not applied; Greene's precondition, an attack on Maxwell's Detachment, is "
                   "the player's to check). Proctor (3.6.2.3) is released once the \"attacked hex\" (1127) is "
                   "attacked in Close Combat by the row's \"side\" (the British): the close-combat action makes "
                   "the release (rdt-game-combat.c); \"release proctor\" stays possible for a game not played "
                   "through the program.</note>")
        out.append("</table>")
    if vid == "brandywine":
        out.append('<table id="removals" name="Units removed from play" rule="Brandywine 7.1.3.2">')
        out.append("  <columns><c>scenario</c><c>units</c><c>turn</c><c>side</c><c>phase</c>"
                   "<c>unless stacked with</c></columns>")
        out.append('  <row key="Brandywine 7.1.3.2"><c>brandywine-knyphausens-feint</c>'
                   '<c>washington lafayette pulaski washington-life-guards</c><c>9</c><c>american</c>'
                   '<c>movement</c><c></c></row>')
        out.append('  <row key="Brandywine 4.8"><c></c><c>lafayette</c><c></c><c>american</c>'
                   '<c>close-combat</c><c>washington</c></row>')
        out.append("  <note>Read by the game: at the end of the phase of that side's player turn on that turn (empty: "
                   "every turn; close-combat: the end of the player turn) the units still in play are removed "
                   "from play, with no VP or army morale adjustment; with \"unless stacked with\", only when on the "
                   "map and not stacked with that unit (4.8: Lafayette apart from Washington). Lafayette's "
                   "one-time close combat shift (4.8) is for the combat code.</note>")
        out.append("</table>")
        out.append('<table id="leader-loss-momentum" name="Leader loss: momentum" rule="Brandywine 4.6.2, 4.7">')
        out.append("  <columns><c>chits</c><c>rule</c></columns>")
        out.append('  <row key="washington"><c>2</c><c>Brandywine 4.6.2</c></row>')
        out.append('  <row key="howe"><c>1</c><c>Brandywine 4.7</c></row>')
        out.append("  <note>Read by the game (rdt_game_leader_lost): when the leader is captured or eliminated his "
                   "player returns the chits to the pool; for each he cannot return, the other player takes one "
                   "from the pool, if any.</note>")
        out.append("</table>")
    if vid == "germantown":
        out.append('<table id="weather" name="Fog" rule="Germantown 3.1">')
        out.append("  <columns><c>scenario</c><c>turns</c><c>weather</c><c>roller</c><c>rule</c></columns>")
        out.append('  <row key="dense"><c>germantown</c><c>1-3</c><c>dense-fog</c><c></c><c>Germantown 3.1</c></row>')
        out.append('  <row key="fog-table"><c>germantown</c><c>4-6</c>'
                   '<c provisional="true">0-3 dense-fog; 4-6 moderate-fog; 7-9 clear</c><c>american</c>'
                   '<c>Germantown 3.1</c></row>')
        out.append('  <row key="clear"><c>germantown</c><c>7-10</c><c>clear</c><c></c><c>Germantown 3.1</c></row>')
        out.append("  <note>Read by the game at the start of each game turn (src/core/play/rdt-game-events.c): "
                   "turns 1-3 Dense, turns 4-6 the American player rolls on the Fog Table, turns 7-10 Clear "
                   "(3.1). The Fog Table is printed on the map, not in the rulebooks: its ranges are "
                   "provisional. weather: an id, a roll table, hold (the previous turn's holds) or undecided.</note>")
        out.append("</table>")
        out.append('<table id="variable-entry" name="Variable reinforcements" rule="Germantown 3.4.1.2">')
        out.append("  <columns><c>scenario</c><c>entry</c><c>turns</c><c>results</c></columns>")
        out.append('  <row key="Germantown 3.4.1.2"><c>germantown</c><c>A-2</c><c>7-10</c>'
                   '<c provisional="true">0-4 A-2; 5-9 wait</c></row>')
        out.append("  <note>Read by the game at the start of the owner's movement phase: the units due whose "
                   "scheduled entry is \"entry\" roll one die together on the turns listed; results: \"0-4 A-2\" "
                   "enter at that entry hex, \"wait\" roll again next turn. Germantown 3.4.1.2: from turn 7 "
                   "Smallwood's militia enter at 3800 (A-2) on the number shown on the Game Turn Track, which is "
                   "not in the rulebooks: the 0-4 range is provisional.</note>")
        out.append("</table>")
        out.append('<table id="panic-recovery" name="Recovery from panic" rule="Germantown 3.2.3.1">')
        out.append('  <columns><c>DRM</c><c>army morale</c><c>on failure</c><c>rule</c></columns>')
        out.append('  <row key="panic"><c>-1</c><c>no</c><c>retreat 4 hexes toward the northwest</c><c>Germantown 3.2.3.1</c></row>')
        out.append('  <note>Read by the game (src/core/play/rdt-game.c, action recover): in the Rally Phase a unit in the state of the row key (a volume state id) may attempt to recover by a morale check: die + modified morale (15.32) + the leader\'s DRM (14.23) + DRM against 5 (13.5). Passed: the state is removed; army morale: no (the +1 of 16.1 is not gained) or yes. Failed: the unit stays in the state and the log states "on failure" (Germantown 3.2.3.1: it retreats another 4 hexes toward the northwest, made by the players). Germantown 3.2.3.1 Recovery From Panic: -1 DRM to the rally die roll in addition to normal modifiers; units that recover do not gain Army Morale points.</note>')
        out.append('</table>')
    if vid == "savannah":
        out.append('<table id="turn-tracks" name="Game Turn Tracks" rule="Savannah 1.6">')
        out.append("  <columns><c>scenario</c><c>turns</c><c>rule</c></columns>")
        out.append('  <row key="strategic"><c></c><c>1-15</c><c>Savannah 1.6</c></row>')
        out.append('  <row key="tactical"><c></c><c>16-25</c><c>Savannah 1.6</c></row>')
        out.append("  <note>Read by the game: the track of each game turn (Strategic: a day, fixed player order, "
                   "weather, random events, siege works; Tactical: an hour). The Allies' early assault "
                   "(1.6 case A, a jump to turn 16) is not played yet.</note>")
        out.append("</table>")
        out.append('<table id="weather" name="Weather" rule="Savannah 4.2">')
        out.append("  <columns><c>scenario</c><c>turns</c><c>weather</c><c>roller</c><c>rule</c>"
                   "<c>unless released</c></columns>")
        for key, scen, turns, weather, rule, unless in [
                ("strategic", "savannah-campaign", "1-15", "undecided", "Savannah 4.2", ""),
                ("grand-assault-fog", "savannah-campaign", "16", "fog", "Savannah 1.6 case B, 4.2", "grand-assault"),
                ("tactical", "savannah-campaign", "17-25", "favorable", "Savannah 1.6 case B, 4.2", "grand-assault"),
                ("early-assault", "savannah-campaign", "16-25", "hold", "Savannah 1.6 case A, 4.2", ""),
                ("historical-fog", "savannah-historical", "16", "fog", "Savannah historical scenario, turn 16", ""),
                ("historical-clear", "savannah-historical", "17-20", "clear",
                 "Savannah historical scenario, turn 16 note", "")]:
            out.append('  <row key="%s"><c>%s</c><c>%s</c><c>%s</c><c>allies</c><c>%s</c><c>%s</c></row>'
                       % (key, scen, turns, weather, rule, unless))
        out.append("  <note>Read by the game at the start of each game turn. The Weather Table and the ten weather "
                   "turns of the Strategic Turn Track are printed on the map, not in the rulebooks: the strategic "
                   "turns' weather is undecided (4.2). Reaching turn 16 (case B): Fog on 16, Favorable after "
                   "(1.6, 4.2); the historical scenario: Fog on 16, Clear on the remaining turns.</note>")
        out.append("</table>")
        out.append('<table id="player-turns" name="Player turns" rule="Savannah 4.19">')
        out.append("  <columns><c>scenario</c><c>turns</c><c>only</c><c>rule</c></columns>")
        out.append('  <row key="turn-1"><c>savannah-campaign</c><c>1</c><c>british</c><c>Savannah 4.19</c></row>')
        out.append("  <note>Read by the game: on these turns only the side's player has a player turn (4.19: "
                   "\"Turn 1, British only\"); the other player's phases are left out.</note>")
        out.append("</table>")
        out.append('<table id="releases" name="Grand Assault" rule="Savannah 1.6">')
        out.append("  <columns><c>side</c><c>choose turns</c><c>jump to turn</c><c>rule</c></columns>")
        out.append('  <row key="grand-assault"><c>allies</c><c>1-14</c><c>16</c><c>Savannah 1.6 case A</c></row>')
        out.append("  <note>Read by the game: the action \"release grand-assault\" is the Allies' announcement, on "
                   "turns 1-14, of their assault on the Savannah Defensive Perimeter; at the end of the turn the "
                   "Game Turn Marker moves to turn 16 (the Tactical Turn Track), reinforcements still to come "
                   "never arrive, and the weather of turns 16-25 is the last prevailing one (1.6, 4.2).</note>")
        out.append("</table>")
        out.append('<table id="variable-entry" name="French variable entry" rule="Savannah 4.7">')
        out.append("  <columns><c>scenario</c><c>entry</c><c>turns</c><c>results</c></columns>")
        out.append('  <row key="Savannah 4.7"><c>savannah-campaign savannah-historical</c><c>V-1</c><c>8-11</c>'
                   '<c>0-4 V-1; 5-7 V-2; 8 V-3; 9 F</c></row>')
        out.append("  <note>Read by the game at the start of the French player's movement phase: the French "
                   "reinforcements of turns 8-11 (scheduled at V-1) roll one die together (Savannah 4.7 and "
                   "campaign notes C: 0-4 V-1, 3822 or 3920; 5-7 V-2, 4214; 8 V-3, 4105; 9 F, 3123). The "
                   "arrival bonuses are the entry-arrival-mp table.</note>")
        out.append("</table>")
        out.append('<table id="blocked-entry" name="Blocked entry" rule="Savannah 4.7">')
        out.append("  <columns><c>blocked by</c><c>after delay</c><c>rule</c></columns>")
        for side in ("american", "french"):
            out.append('  <row key="%s"><c>units zoc</c><c>nearest-free</c><c>Savannah 4.7</c></row>' % side)
        out.append("  <note>Read by the game when reinforcements of the side of the row key arrive "
                   "(src/core/play/rdt-game.c): an entry hex holding an enemy unit, or (zoc) in an enemy ZOC, "
                   "delays them one game turn; after the delay (nearest-free) they enter at the nearest hex "
                   "neither enemy-occupied nor in an enemy ZOC (Savannah 4.7, American/French "
                   "Reinforcements). Equally distant hexes: the owning player may choose (not offered yet); "
                   "the terrain cost of that hex is not charged yet.</note>")
        out.append("</table>")
        out.append('<table id="entry-choices" name="Entry hex choices" rule="Savannah 4.7">')
        out.append("  <columns><c>choices</c><c>rule</c></columns>")
        out.append('  <row key="V-1"><c>V-1-3920</c><c>Savannah 4.7</c></row>')
        out.append('  <row key="V-1-3920"><c>V-1</c><c>Savannah 4.7</c></row>')
        out.append("  <note>Read by the game's action enter-at UNIT ENTRY (src/core/play/rdt-game.c): a "
                   "reinforcement placed this movement phase at the entry of the row key that has not moved "
                   "may go to one of the entries listed instead (Savannah 4.7: V-1 reinforcements \"enter "
                   "at hex 3822 or 3920\"; the game places them at 3822 first).</note>")
        out.append("</table>")
        out.append('<table id="entry-arrival-mp" name="Movement on the turn of arrival" rule="Savannah 4.7">')
        out.append("  <columns><c>MP bonus</c><c>double kinds</c><c>rule</c></columns>")
        for key in ("V-1", "V-1-3920"):
            out.append('  <row key="%s"><c>+2</c><c>artillery mortar amusette</c><c>Savannah 4.7</c></row>' % key)
        for key in ("V-2", "V-3"):
            out.append('  <row key="%s"><c>0</c><c>artillery mortar amusette</c><c>Savannah 4.7</c></row>' % key)
        out.append("  <note>Read by the game when a unit placed this movement phase at the entry hex of the row key "
                   "moves (src/core/play/rdt-game-events.c): its allowance is the printed MPs plus \"MP bonus\", "
                   "doubled for the unit kinds of \"double kinds\", and doubled again by strategic movement "
                   "(Savannah 4.7: V-1 \"all units receive a +2 MP bonus. In addition, all artillery receive "
                   "double their printed MPs\", a mortar 2 becomes (2+2) x 2 = 8; V-2 and V-3 artillery double, "
                   "2 becomes 4).</note>")
        out.append("</table>")
    return out


HEX_VICTORY_COLUMNS = ["scenario", "holder", "hexes", "units", "parade", "min-sp", "enemy-adjacent", "when",
                       "winner", "level", "if"]

# Hex-based victory conditions (Brandywine 2.1, 2.2, 7.1.2, 7.2.2, 7.3.2;
# Germantown 2.1.2; Savannah 2.1, 2.8, Historical Scenario), one row each, read
# by src/core/rules/rdt-hex-victory.c.  "hexes": groups separated by ";", every group
# must be held, any hex of a group will do; "area:ID" names a map area.
# "units": unit kinds, or "combat" / "non-artillery".  "enemy-adjacent": "ignored",
# "none" (no enemy combat unit adjacent) or "no-parade" (no Parade Order one).
# "if": the winner wins when the hexes are "held" or "not-held".
IL = "infantry light-infantry"
HEX_VICTORY = {
    # key: (scenario, holder(s), hexes, units, parade, min-sp, enemy-adjacent, when, winner, level, if)
    "brandywine": [
        ("2.1", ("brandywine", "british", "2419 2428", IL, "yes", "4", "ignored",
                 "end of any American player turn", "british", "decisive", "held")),
        ("2.2 case 2", ("brandywine", "british", "1910 1127", IL, "yes", "1", "none",
                        "end of game turn 12", "american", "decisive", "not-held")),
        ("7.1.2.1", ("brandywine-knyphausens-feint", "british", "1127; 1727", IL, "yes", "1", "none",
                     "end of any game turn", "british", "decisive", "held")),
        ("7.1.2.2", ("brandywine-knyphausens-feint", "british", "1127", IL, "yes", "1", "ignored",
                     "end of game turn 12", "american", "decisive", "not-held")),
        ("7.2.2.1", ("brandywine-howes-flank-attack", "british", "1910; 2215 2315", IL, "yes", "1", "none",
                     "end of any game turn", "british", "decisive", "held")),
        ("7.2.2.2", ("brandywine-howes-flank-attack", "british", "1910", IL, "yes", "1", "ignored",
                     "end of game turn 12", "american", "decisive", "not-held")),
        ("7.3.2.1", ("brandywine-short-campaign", "british", "2419 2428", IL, "yes", "4", "ignored",
                     "end of any American player turn", "british", "decisive", "held")),
        ("7.3.2.2", ("brandywine-short-campaign", "british", "1910 1127", IL, "yes", "1", "none",
                     "end of game turn 12", "american", "decisive", "not-held")),
    ],
    "germantown": [
        ("2.1.2 case 1", ("germantown", "american", "4617", "non-artillery", "no", "1", "none",
                          "end of any game turn; the American army has not panicked", "american", "decisive",
                          "held")),
        ("2.1.2 case 2", ("germantown", "american", "3313; 3915", "non-artillery", "no", "1", "none",
                          "end of any game turn; the American army panicked; the Chew House may instead have been "
                          "the last occupied", "american", "decisive", "held")),
    ],
    "savannah": [
        ("2.1 case A", ("savannah-campaign", "french american", "area:city-of-savannah", "combat", "yes", "1",
                        "ignored", "end of any British player turn", "british", "surrender-die-roll", "held")),
        ("2.8", ("savannah-campaign", "british", "1404", "combat", "yes", "1", "no-parade", "end of game",
                 "british", "1-vp", "held")),
        ("2.8 allies", ("savannah-campaign", "french american", "1404", "combat", "yes", "1", "no-parade",
                        "end of game", "french american", "1-vp", "held")),
        ("Historical Allied Decisive", ("savannah-historical", "french american", "area:city-of-savannah", "combat",
                                        "yes", "1", "ignored", "immediately on entering", "french american",
                                        "decisive", "held")),
        ("Historical 2.8", ("savannah-historical", "british", "1404", "combat", "yes", "1", "no-parade",
                            "end of game", "british", "1-vp", "held")),
        ("Historical 2.8 allies", ("savannah-historical", "french american", "1404", "combat", "yes", "1",
                                   "no-parade", "end of game", "french american", "1-vp", "held")),
    ],
}


def hex_victory_table(vid):
    out = ['<table id="hex-victory" name="Hex-based victory conditions" rule="%s">'
           % {"brandywine": "2.1, 2.2, 7.1.2, 7.2.2, 7.3.2", "germantown": "2.1.2",
              "savannah": "2.1, 2.8; Historical Scenario"}[vid]]
    out.append("  <columns>%s</columns>" % "".join("<c>%s</c>" % c for c in HEX_VICTORY_COLUMNS))
    for key, cells in HEX_VICTORY[vid]:
        assert len(cells) == len(HEX_VICTORY_COLUMNS), key
        out.append('  <row key="%s">%s</row>' % (attr(key), "".join("<c>%s</c>" % text(c) for c in cells)))
    out.append("  <note>Read by the rules core (src/core/rules/rdt-hex-victory.h). scenario: the scenario id. holder: "
               "the side(s) whose combat units must hold the hexes. hexes: groups separated by a semicolon, every "
               "group held, any hex of a group; area:ID names a map area. units: unit kinds, combat or "
               "non-artillery. min-sp: SPs of such units per hex. enemy-adjacent: ignored, none (no enemy combat "
               "unit adjacent) or no-parade (no Parade Order one). if: the winner gains the level when the hexes "
               "are held or not-held.</note>")
    out.append("</table>")
    return out


KIND_ORDER = ("infantry", "light-infantry", "militia", "dragoons", "artillery", "rifle", "musket-rifle",
              "indians", "amusette", "mortar", "leader")
RESTRICTION_ATTRS = ("effect", "applies", "scenario", "side", "kinds", "units", "exempt", "states", "placement",
                     "entries", "area", "terrain", "outside", "turns", "weather", "until-released", "arrival-turn",
                     "with-kinds", "with-units", "with-combat", "may-pass", "may-retreat", "undecided-classes", "mp", "range", "rule",
                     "note")


def restriction_xml(r):
    """A <restriction> (docs/format.md "Restrictions"), attributes in canonical order."""
    s = '<restriction id="%s"' % r["id"]
    for k in RESTRICTION_ATTRS:
        v = r.get(k)
        if v is None:
            continue
        if k in ("kinds", "with-kinds"):
            v = " ".join(x for x in KIND_ORDER if x in v.split())
        if v is True:
            v = "true"
        elif v is False:
            v = "false"
        s += ' %s="%s"' % (k, attr(str(v)))
    return s + "/>"


def restriction(id_, effect, rule, **kw):
    r = {"id": id_, "effect": effect, "rule": rule}
    for k, v in kw.items():
        r[k.replace("_", "-")] = v
    return r


def volume_xml(vid, title, edition, stacking, terrains, hexsides, combined, states, stated_tables,
               table_source, free_kinds=None, restrictions=(), extra_tables=()):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<volume xmlns="%s" format-version="1" id="%s">' % (NS, vid)]
    body = []
    body.append("<title>%s</title>" % text(title))
    # 11.2: "The range for artillery units is three hexes" (both editions).
    body.append('<series-rules edition="%s" artillery-range="3">' % edition)
    for rule in ("11.43 B", "15.1", "9.51", "12.7"):
        body.append('  <variant rule="%s" edition="%s"/>' % (rule, edition))
    body.append("</series-rules>")
    st = '<stacking max-sp="6" max-artillery="1"'
    if free_kinds:
        # Unit kinds that never count against stacking (Brandywine 4.5.2).
        st += ' free="%s"' % free_kinds
    st += ' rule="7.1"'
    if stacking:
        body.append(st + ">")
        for ex in stacking:
            s = '  <exception id="%s"' % ex["id"]
            if ex.get("area"):
                s += ' area="%s"' % ex["area"]
            if ex.get("terrain"):
                s += ' terrain="%s"' % ex["terrain"]
            s += ' max-sp="%d" max-artillery="%d"' % (ex["max-sp"], ex["max-artillery"])
            if ex.get("rule"):
                s += ' rule="%s"' % attr(ex["rule"])
            if ex.get("note"):
                s += ' note="%s"' % attr(ex["note"])
            body.append(s + "/>")
        body.append("</stacking>")
    else:
        body.append(st + "/>")
    for t in terrains:
        body.append('<terrain id="%s" name="%s" %s/>' % (t["id"], attr(t["name"]), effects_attrs(t)))
    for t in hexsides:
        crossing = ' crossing="%s"' % t["crossing"] if t.get("crossing") else ""
        body.append('<hexside-type id="%s" name="%s" kind="%s"%s %s/>'
                    % (t["id"], attr(t["name"]), t["kind"], crossing, effects_attrs(t)))
    for t in combined:
        body.append('<combined id="%s" name="%s" slope="%s" with="%s" direction="%s" %s/>'
                    % (t["id"], attr(t["name"]), t["slope"], t["with"], t["direction"], effects_attrs(t)))
    for st in states:
        sid, name, rule = st[:3]
        # A fourth element False: the state takes the ZOC away (8.1).
        zoc = ' zoc="false"' if len(st) > 3 and st[3] is False else ""
        body.append('<state id="%s" name="%s"%s rule="%s"/>' % (sid, attr(name), zoc, attr(rule)))
    for r in restrictions:
        body.append(restriction_xml(r))
    body.extend(tables(stated_tables, table_source, vid))
    body.extend(play_tables(vid))
    body.extend(cc_obligations(vid))
    body.extend(extra_tables)
    body.extend(hex_victory_table(vid))
    out.extend("  " + b for b in body)
    out.append("</volume>")
    return "\n".join(out) + "\n"


ALL = ("mp", "prohibited", "blocks-los", "zoc", "strategic", "slope-for-los", "covered",
       "fire-drm", "cc-drm")


def eff(id_, name, stated=(), **kw):
    """An effects entry; every field not in `stated` is provisional."""
    e = {"id": id_, "name": name}
    for k, v in kw.items():
        e[k.replace("_", "-")] = v
    e["provisional"] = [f for f in ALL if f not in stated]
    return e


def common_states():
    return [("first-fire", "First Fire marker", "10.5"),
            ("pinned", "Pinned", "13.1")]


def brandywine_volume():
    terrains = [
        eff("clear", "Clear", stated=("blocks-los", "zoc", "covered"), mp=1, zoc=True,
            rule="9.2; 8.1 (ZOC into all adjacent hexes but the listed exceptions); 11.42; 10.7",
            note="Terrain Effects Chart not transcribed"),
        eff("light-woods", "Light forest / orchard", stated=("blocks-los", "zoc", "covered"),
            mp=1.5, blocks_los=True, zoc=False, covered=True, rule="11.42; 8.1; 10.7"),
        eff("heavy-woods", "Heavy forest", stated=("blocks-los", "zoc", "covered"),
            mp=2, blocks_los=True, zoc=False, covered=True, rule="11.42; 8.1; 10.7"),
        eff("hill", "Hill", stated=("blocks-los",), mp=1, blocks_los=True, rule="11.42",
            note="slope/hill hexes are blocking terrain"),
        eff("town", "Town", stated=("blocks-los", "zoc"), mp=1, blocks_los=True, zoc=False,
            rule="Brandywine 3.8"),
        eff("meeting-house", "Birmingham Meeting House", stated=("blocks-los", "zoc"), mp=1,
            blocks_los=True, zoc=False, rule="Brandywine 3.8, 3.9",
            note="units inside need not attack; pin and retreat exceptions of 3.9"),
    ]
    hexsides = [
        eff("primary-ford", "Primary ford", stated=("mp", "zoc", "strategic", "fire-drm", "cc-drm"),
            kind="water", mp=1, zoc=True, strategic=False, rule="Brandywine 3.5, 5.1; 5.2.1, 5.2.2; 8.1",
            note="+1 MP; no strategic movement in a turn crossing a primary ford"),
        eff("secondary-ford", "Secondary ford", stated=("mp", "zoc", "fire-drm", "cc-drm"),
            kind="water", mp=2, zoc=True, rule="Brandywine 5.1, 5.2.1, 5.2.2; 8.1", note="+2 MP"),
        eff("brandywine-creek", "Brandywine Creek (non-ford)",
            stated=("prohibited", "zoc", "fire-drm", "cc-drm"), kind="water", mp=0,
            prohibited=["artillery"], zoc=True, cc_drm=-2, crossing="whole-allowance",
            rule="Brandywine 5.1, 5.2; 8.1",
            note="crossing takes the whole movement allowance from an adjacent start hex; "
                 "never artillery or disrupted units; no ZOC-to-ZOC; CC -2 when all attackers "
                 "cross it, -1 when some do (5.2.4)"),
        eff("run", "Run / stream", kind="water", mp=1, zoc=True, rule="9.4"),
        eff("slope", "Slope", stated=("slope-for-los",), kind="slope", mp=1, slope_for_los=True,
            rule="11.41, 11.43"),
        eff("fieldwork", "Fieldwork", stated=("zoc",), kind="fieldwork", mp=1, zoc=False,
            rule="8.1; Brandywine 3.8"),
        eff("road", "Road", stated=("strategic",), kind="road", mp=1, strategic=True,
            rule="9.4, 9.5", note="roads nullify terrain costs for movement only"),
        eff("path", "Path (Dungeon Bottom)", stated=("strategic",), kind="road", mp=1,
            strategic=False, rule="Brandywine 3.5"),
    ]
    combined = [
        eff("up-slope-run", "Up slope/run", slope="slope", with_="run", direction="up", mp=2,
            slope_for_los=True, rule="9.4; 11.41"),
        eff("down-slope-run", "Down slope/run", slope="slope", with_="run", direction="down", mp=1,
            slope_for_los=True, rule="9.4; 11.41"),
    ]
    for c in combined:
        c["with"] = c.pop("with-")
        c["provisional"] = [f for f in c["provisional"] if f != "slope-for-los"]
    states = common_states() + [("attached", "Amusettes attached", "Brandywine 4.5.1")]
    md = "maxwell simms porterfield parker 8th-chester-county penn-state-foot"
    restrictions = [
        # 3.6.1: at-start Americans stay in the Bivouac Area (4.1: Maxwell's
        # Detachment apart); Greene's Wing may cross the creek from turn 4
        # (or its early release, 3.6.1.2), everyone is free on turn 6 (or
        # Sullivan's early release, 3.6.1.3).
        restriction("bivouac", "no-enter", "Brandywine 3.6.1", applies="move retreat", side="american",
                    placement="at-start", exempt=md + " greenes-wing", area="american-bivouac-area",
                    outside=True, turns="1-5", until_released="sullivan",
                    note="retreats included (reading: \"must remain within the area\")"),
        restriction("bivouac-greene", "no-enter", "Brandywine 3.6.1, 3.6.1.1", applies="move retreat",
                    side="american", placement="at-start", units="greenes-wing", exempt=md,
                    area="american-bivouac-area", outside=True, turns="1-3", until_released="greene"),
        restriction("bivouac-greene-boundary", "no-enter", "Brandywine 3.6.1.1", applies="move retreat",
                    side="american", placement="at-start", units="greenes-wing", exempt=md,
                    area="american-bivouac-area west-of-creek-within-boundary", outside=True, turns="1-5",
                    until_released="sullivan",
                    note="released Greene's Wing may cross the creek, not north or east of the boundary"),
        restriction("maxwells-detachment", "no-enter", "Brandywine 4.1, 3.6.1", applies="move retreat",
                    side="american", units=md, area="maxwells-detachment-area american-bivouac-area",
                    outside=True, turns="1-5", until_released="sullivan",
                    note="west of the creek within the Detachment boundary, east of it the Bivouac Area"),
        restriction("radley-run", "no-end", "Brandywine 3.6.2.1", side="american", area="north-of-radley-run"),
        restriction("delaware-blues", "no-move", "Brandywine 3.6.2.2", units="delaware", placement="at-start",
                    until_released="delaware-blues",
                    note="released once a unit of either side moves within two hexes of it"),
        restriction("proctor", "no-move", "Brandywine 3.6.2.3", units="proctor-artillery", placement="at-start",
                    until_released="proctor", note="released once hex 1127 is attacked in Close Combat"),
        restriction("proctors-battery", "may-pass-overstacked", "Brandywine 3.3.3", side="american",
                    kinds="artillery", area="proctors-battery",
                    note="American artillery may move (not retreat) through 1127 even with Proctor in it"),
        restriction("maxwell-stacking", "end-with", "Brandywine 3.3.1", units="maxwell",
                    with_kinds="light-infantry", with_units="simms parker",
                    note="only while such units are in play"),
        restriction("stirn-stacking", "no-end-with", "Brandywine 3.3.2", units="stirn",
                    with_units="british loyalist", with_combat=True, may_retreat=True,
                    note="may pass; if forced to stack he may not command"),
        restriction("renwick-run", "no-enter", "Brandywine 7.1.3.1", applies="move retreat",
                    scenario="brandywine-knyphausens-feint", side="british", area="north-of-renwick-run"),
        restriction("arrival-no-strategic", "no-strategic", "Brandywine 7.2.1.5",
                    scenario="brandywine-howes-flank-attack", side="american", placement="arriving",
                    arrival_turn=True),
    ]
    return volume_xml("brandywine", "Brandywine (Battles of the American Revolution, Vol. II, 2nd ed.)",
                      "current", [], terrains, hexsides, combined, states, True,
                      "Series Rules 12.2, Close Combat Table and Tactics Matrix", free_kinds="amusette",
                      restrictions=restrictions, extra_tables=[
                          # Exclusive To-Hit modifiers the rulebook states (combat
                          # data; the range and targets are the target code's).
                          '<table id="to-hit-drm" name="Exclusive To Hit modifiers" rule="Brandywine 4.3, 4.5.5; 10.7" '
                          'corner="Case">',
                          "  <columns><c>DRM</c><c>Rule</c><c>When</c></columns>",
                          '  <row key="Amusettes firing"><c>+2</c><c>Brandywine 4.5.5</c><c>firer.kind=amusette</c></row>',
                          '  <row key="Firing at Amusettes"><c>+1</c><c>Brandywine 4.5.5</c><c>target.kind=amusette</c></row>',
                          '  <row key="Ferguson\'s Rifles firing"><c>+1</c><c>Brandywine 4.3</c>'
                          '<c>firer.unit=fergusons-rifles</c></row>',
                          JAEGER_ROW,
                          "  <note>%s Amusettes: range 2 (unit range), fire only at enemy artillery, only in the "
                          "owning player's Rifle Fire Phase, never combined (4.5.5: checked by the core); their "
                          "first-fire +1 is the 10.5 bonus, \"in the same way that rifles do\". The Jaeger row reads "
                          "\"German Jaegers\" as the Hessian rifle units (provisional reading).</note>" % TO_HIT_DRM_NOTE,
                          "</table>"])


def germantown_volume():
    terrains = [
        eff("clear", "Clear", stated=("blocks-los", "zoc", "covered"), mp=1, zoc=True,
            rule="9.2; Germantown 3.2.1 example; 8.1; 11.42; 10.7",
            note="the 3.2.1 example moves four clear hexes with a 4 MP brigade"),
        eff("light-woods", "Light forest / orchard", stated=("blocks-los", "zoc", "covered"),
            mp=1, blocks_los=True, zoc=False, covered=True, rule="11.42; 8.1; 10.7"),
        eff("heavy-woods", "Heavy woods", stated=("mp", "blocks-los", "zoc", "covered"),
            mp=1.5, blocks_los=True, zoc=False, covered=True,
            rule="Germantown 3.2.1 example (1.5 MP); 11.42; 8.1; 10.7"),
        eff("hill", "Hill", stated=("blocks-los",), mp=1, blocks_los=True, rule="11.42"),
        eff("town", "Town (Germantown)", mp=1, rule="9.2", note="effects not transcribed"),
        eff("chew-house", "Chew House (fortified hex)", stated=("zoc", "fire-drm", "cc-drm"),
            mp=1, zoc=False, fire_drm=-3, cc_drm=-2, rule="Germantown 1.1, 3.10",
            note="cavalry and artillery may pass but not end movement or retreat in it; +1 morale "
                 "checks; may ignore Retreat results; 1 VP to the British (3.10.5)"),
    ]
    hexsides = [
        eff("creek", "Creek", stated=("mp", "zoc"), kind="water", mp=1, zoc=True,
            rule="Germantown 3.2.1 example (+1 MP); 8.1"),
        eff("slope", "Slope", stated=("slope-for-los",), kind="slope", mp=1, slope_for_los=True,
            rule="11.41, 11.43"),
        eff("fieldwork", "Fieldwork (barricade)", stated=("mp", "zoc"), kind="fieldwork", mp=1,
            zoc=False, rule="Germantown 1.1, 3.2.1 example; 8.1",
            note="+1 MP to cross an enemy fieldwork"),
        eff("flechette", "Flechette", stated=("mp", "zoc"), kind="fieldwork", mp=1, zoc=False,
            rule="Germantown 1.1, 3.2.1 example; 8.1", note="+1 MP to cross an enemy flechette"),
        eff("road", "Road", stated=("strategic",), kind="road", mp=1, strategic=True,
            rule="9.4, 9.5; Germantown 3.1.1"),
        eff("lane", "Lane", stated=("strategic",), kind="road", mp=1, strategic=True,
            rule="Germantown 3.1.1, 3.2.1.2"),
        eff("trail", "Trail", kind="road", mp=1, strategic=False, rule="Germantown 3.1.1"),
    ]
    combined = [
        eff("up-slope-creek", "Up slope/creek", slope="slope", with_="creek", direction="up", mp=2,
            slope_for_los=True, rule="9.4; 11.41"),
        eff("down-slope-creek", "Down slope/creek", slope="slope", with_="creek", direction="down",
            mp=1, slope_for_los=True, rule="9.4; 11.41"),
    ]
    for c in combined:
        c["with"] = c.pop("with-")
        c["provisional"] = [f for f in c["provisional"] if f != "slope-for-los"]
    states = common_states() + [("panic", "Panic", "Germantown 3.2.3", False),
                                ("friendly-fire", "Friendly Fire marker", "Germantown 3.2.2"),
                                ("american-vanguard", "American Vanguard (yellow MP box)", "Germantown 3.6, 4.3")]
    restrictions = [
        # 3.10.1: cavalry (dragoons) and artillery pass through, never end a
        # move there, never retreat into it.
        restriction("chew-house-end", "no-end", "Germantown 3.10.1", kinds="dragoons artillery",
                    terrain="chew-house"),
        restriction("chew-house-retreat", "no-enter", "Germantown 3.10.1", applies="retreat",
                    kinds="dragoons artillery", terrain="chew-house"),
        restriction("panic", "no-move", "Germantown 3.2.3", states="panic"),
        # 3.4: an entry hex occupied by enemy units or their ZOC: enter at
        # the nearest unblocked hex, paying its terrain cost.
        restriction("blocked-entry", "blocked-entry", "Germantown 3.4", placement="arriving", arrival_turn=True),
        # 3.1, 3.1.1: dense fog on turns 1-3, rolled on turns 4-6 (clear on
        # 7-10): movement reduced by 1 MP if any of it is off road.
        restriction("dense-fog", "off-road-penalty", "Germantown 3.1.1", turns="1-3",
                    note="turns 1-3 are automatically Dense (3.1)"),
        restriction("dense-fog-rolled", "off-road-penalty", "Germantown 3.1.1", turns="4-6",
                    weather="dense-fog", note="turns 4-6: the Fog Table roll decides (3.1)"),
        # 3.1.1, 3.1.2: maximum artillery range 1 in dense fog, 2 in moderate
        # fog (turns 7-10 are clear: the 11.2 range).
        restriction("dense-fog-artillery", "artillery-range", "Germantown 3.1.1", turns="1-3",
                    range="1", note="turns 1-3 are automatically Dense (3.1)"),
        restriction("dense-fog-rolled-artillery", "artillery-range", "Germantown 3.1.1",
                    turns="4-6", weather="dense-fog", range="1",
                    note="turns 4-6: the Fog Table roll decides (3.1)"),
        restriction("moderate-fog-artillery", "artillery-range", "Germantown 3.1.2",
                    turns="4-6", weather="moderate-fog", range="2",
                    note="turns 4-6: the Fog Table roll decides (3.1)"),
        restriction("british-turn-1", "no-move", "Germantown 3.3", side="british", area="british-turn-1",
                    outside=True, turns="1"),
        restriction("british-turn-2", "no-move", "Germantown 3.3", side="british", exempt="hessian",
                    area="british-turn-1", outside=True, turns="2",
                    note="reading: the units released on turn 1 are those on or north of hex row 34xx"),
    ]
    return volume_xml("germantown", "Germantown (Battles of the American Revolution)", "current",
                      [], terrains, hexsides, combined, states, True,
                      "Series Rules 12.2, Close Combat Table and Tactics Matrix", restrictions=restrictions,
                      extra_tables=[
                          '<table id="to-hit-drm" name="Exclusive To Hit modifiers" rule="10.7" corner="Case">',
                          "  <columns><c>DRM</c><c>Rule</c><c>When</c></columns>",
                          JAEGER_ROW,
                          "  <note>%s The Jaeger row reads \"German Jaegers\" as the Hessian rifle units "
                          "(provisional reading).</note>" % TO_HIT_DRM_NOTE,
                          "</table>",
                          # 3.5: the American militia's off-board bombardment, as
                          # data read by the rules core (src/core/rules/rdt-fire.c).
                          '<table id="off-board-fire" name="Off-board artillery" rule="Germantown 3.5" corner="Source">',
                          "  <columns><c>side</c><c>area</c><c>weather</c><c>sp</c><c>range</c><c>Rule</c></columns>",
                          '  <row key="militia-bombardment"><c>american</c><c>militia-bombardment-zone</c><c>clear</c>'
                          "<c>1</c><c>3</c><c>Germantown 3.5</c></row>",
                          "  <note>Read by the rules core (docs/volumes.md): a source fired as off-board:ID in the "
                          "Defensive Artillery Fire Phase by the side, at enemy combat units in the area, only in "
                          "the weather (empty: any), with these SPs and this range whatever the target hex, without "
                          "Line of Sight (3.5: an exception to 11.41); every other fire modifier applies.</note>",
                          "</table>"])


def savannah_volume():
    terrains = [
        eff("clear", "Clear", stated=("blocks-los", "zoc"), mp=1, zoc=True, rule="9.1; older 8.1, 11.42"),
        eff("light-forest", "Light forest", stated=("blocks-los", "zoc"), mp=1.5, blocks_los=True,
            zoc=False, covered=True, rule="older 11.42; 8.1"),
        eff("forest", "Forest", stated=("blocks-los", "zoc"), mp=2, blocks_los=True, zoc=False,
            covered=True, rule="older 11.42; 8.1"),
        eff("swamp", "Swamp (Yamacraw)", stated=("zoc",), mp=3, zoc=False,
            rule="Savannah 4.19",
            note="ZOC extends out of, not into; the one-hex minimum move (9.1) does not apply"),
        eff("rice-field", "Rice field", mp=2, rule="Savannah 4.4"),
        eff("city", "City of Savannah", stated=("zoc",), mp=1, blocks_los=True, zoc=False,
            rule="Savannah 2.1, 4.19", note="ZOC extends out of, not into"),
        eff("covered-way", "Covered Way (swamp)", stated=("strategic", "fire-drm", "cc-drm"),
            mp=1, zoc=False, strategic=False, fire_drm=-1, cc_drm=-1, rule="Savannah 4.9",
            note="negates swamp MPs along the covered way; units may get lost"),
    ]
    hexsides = [
        eff("stream", "Stream", kind="water", mp=1, zoc=True, rule="Savannah 4.9",
            note="not forded along the Covered Way: +1 MP there"),
        eff("slope", "Slope", stated=("slope-for-los",), kind="slope", mp=1, slope_for_los=True,
            rule="older 11.41, 11.43"),
        eff("abatis", "Abatis", stated=("zoc",), kind="fieldwork", mp=1, zoc=False, cc_drm=-1,
            rule="Savannah 1.7, 4.14; 8.1"),
        eff("redoubt", "Redoubt", stated=("zoc", "fire-drm"), kind="fieldwork", mp=1, zoc=False,
            fire_drm=-1, cc_drm=-1, rule="Savannah 4.12, 4.14; 8.1"),
        eff("abatis-redoubt", "Abatis and redoubt", stated=("zoc", "fire-drm", "cc-drm"),
            kind="fieldwork", mp=1, zoc=False, fire_drm=-1, cc_drm=-2,
            rule="Savannah 4.14 example (-2); 4.12; 8.1",
            note="one hexside with both an abatis and a redoubt (the format allows one fieldwork per hexside)"),
        eff("revetment", "Revetment", stated=("zoc", "fire-drm"), kind="fieldwork", mp=1, zoc=False,
            fire_drm=-1, cc_drm=-1, rule="Savannah 4.12, 4.14; 8.1"),
        eff("dyke", "Dyke", stated=("zoc", "fire-drm"), kind="fieldwork", mp=1, zoc=False,
            fire_drm=-1, cc_drm=-1, rule="Savannah 4.12; 8.1"),
        eff("siege-works", "French siege works", stated=("zoc", "fire-drm"), kind="fieldwork", mp=1,
            zoc=False, fire_drm=-1, cc_drm=-1, rule="Savannah 4.4, 4.12; 8.1"),
        eff("road", "Road", stated=("mp", "strategic"), kind="road", mp=1, strategic=True,
            rule="older 9.51, 9.52"),
        eff("track", "Track", stated=("mp", "strategic"), kind="road", mp=1, strategic=True,
            rule="older 9.51, 9.52"),
        eff("path", "Path", stated=("mp", "strategic"), kind="road", mp=1, strategic=False,
            rule="older 9.51; 9.52 (strategic movement along roads or tracks only)"),
        eff("covered-way", "Covered Way", stated=("strategic",), kind="road", mp=1, strategic=False,
            rule="Savannah 4.9"),
    ]
    combined = [
        eff("up-slope-stream", "Up slope/stream", slope="slope", with_="stream", direction="up", mp=2,
            slope_for_los=True, rule="older 9.4; 11.41"),
        eff("down-slope-stream", "Down slope/stream", slope="slope", with_="stream", direction="down",
            mp=1, slope_for_los=True, rule="older 9.4; 11.41"),
    ]
    for c in combined:
        c["with"] = c.pop("with-")
        c["provisional"] = [f for f in c["provisional"] if f != "slope-for-los"]
    states = common_states() + [("lost", "Lost", "Savannah 4.9", False),
                                ("previously-lost", "Previously Lost", "Savannah 4.9"),
                                ("mortar-moved", "Mortar Moved", "Savannah 4.12"),
                                ("mortar-fired", "Mortar Fired", "Savannah 4.12")]
    combat = "infantry light-infantry militia dragoons artillery rifle musket-rifle indians mortar"
    southern = ("kings-florida-rangers georgia-loyalists 1st-sc-royalists 2nd-sc-royalists royal-north-carolina "
                "1st-georgia-militia 2nd-georgia-militia loyal-savannah-militia chatham-county-militia")
    negro = "negro-volunteers negro-volunteers-replacement"
    # 4.1: the French classes' rule does not bind leaders or artillery.
    french_foot = "infantry light-infantry militia dragoons rifle musket-rifle indians"
    restrictions = [
        # 4.1: French and American units pass through one another, never end
        # a movement phase stacked (Pulaski's Legion and leaders excepted);
        # a retreat may stack them.
        restriction("french-american", "no-end-with", "Savannah 4.1", side="french", kinds=combat,
                    with_units="continental militia", with_combat=True, exempt="pulaski pulaski-replacement",
                    may_retreat=True),
        restriction("american-french", "no-end-with", "Savannah 4.1", side="american", kinds=combat,
                    exempt="pulaski pulaski-replacement", with_units="french", with_combat=True,
                    may_retreat=True),
        # 4.1: the Negro Volunteers never pass through or stack with the
        # southern Provincial and Tory militia units (captured instead).
        restriction("negro-volunteers", "no-end-with", "Savannah 4.1", units=negro, with_units=southern,
                    may_pass=False),
        restriction("southern-loyalists", "no-end-with", "Savannah 4.1", units=southern, with_units=negro,
                    may_pass=False),
        # 4.1: French Regulars and French Colonial Militia never end a
        # movement phase stacked (French leaders and artillery may stack with
        # the militia; Colonial Militia, Colonial Regulars and the Mercenary
        # Regiment stack freely); a retreat may stack them.  The class is the
        # unit's class attribute; where it is not stated, the move is not
        # decided (french-class-unknown).
        restriction("french-regulars-militia", "no-end-with", "Savannah 4.1", side="french", kinds=french_foot,
                    units="regular", with_kinds=french_foot, with_units="colonial-militia", with_combat=True,
                    may_retreat=True),
        restriction("french-militia-regulars", "no-end-with", "Savannah 4.1", side="french", kinds=french_foot,
                    units="colonial-militia", with_kinds=french_foot, with_units="regular", with_combat=True,
                    may_retreat=True),
        restriction("french-class-unknown", "no-end-with", "Savannah 4.1", side="french", kinds=french_foot,
                    with_kinds=french_foot, with_units="french", with_combat=True, may_retreat=True,
                    undecided_classes="regular colonial-militia"),
        # 4.7 note: no strategic movement on the turn of arrival at A and F.
        # (and the Campaign schedule's notes A and B): every arrival at A or F.
        restriction("arrival-a-f", "no-strategic", "Savannah 4.7", placement="arriving", entries="A F",
                    arrival_turn=True),
        # 4.19: no one-hex minimum move (9.1 Exception) in the Yamacraw
        # Swamp, for naval artillery and mortars.
        restriction("minimum-move-swamp", "no-minimum-move", "Savannah 4.19", terrain="swamp"),
        restriction("minimum-move-mortars", "no-minimum-move", "Savannah 4.19", kinds="mortar"),
        restriction("minimum-move-naval", "no-minimum-move", "Savannah 4.19",
                    units="naval-battery naval-bombardiers"),
    ]
    return volume_xml("savannah", "Savannah 1779 (Battles of the American Revolution)", "older",
                      [], terrains, hexsides, combined, states, False,
                      "Series Rules (current edition) 12.2; older edition not transcribed",
                      restrictions=restrictions)


# ========================================================================= maps

class Map:
    def __init__(self, grid, default="clear"):
        self.grid = grid
        self.default = default
        self.terrain = {}
        self.sides = {}
        self.locations = {}
        self.entries = []
        self.areas = []

    def _check(self, h):
        assert self.grid.contains(h), "off map: %s" % label(h)

    def set_terrain(self, hexes, t):
        for h in hexes:
            self._check(h)
            if t == self.default:
                self.terrain.pop(h, None)
            else:
                self.terrain[h] = t

    def feature(self, a, b, kind, value, extra=None, overwrite=True):
        self._check(a)
        self._check(b)
        assert adjacent(a, b), (label(a), label(b))
        f = self.sides.setdefault(canon(a, b), {})
        if kind in f and not overwrite:
            return
        f[kind] = value
        if extra is not None:
            f[kind + "-hex"] = extra

    def water(self, sides, t, overwrite=True):
        for a, b in sides:
            self.feature(a, b, "water", t, overwrite=overwrite)

    def road(self, path, t):
        for a, b in path_sides(path):
            self.feature(a, b, "road", t)

    def fieldwork(self, a, b, t, symbol):
        self.feature(a, b, "fieldwork", t, symbol)

    def slope(self, a, b, high):
        self.feature(a, b, "slope", "slope", high)

    def location(self, h, name):
        self._check(h)
        self.locations[h] = name

    def entry(self, id_, h, name=None):
        self._check(h)
        self.entries.append((id_, h, name))

    def area(self, id_, name, hexes):
        hexes = set(hexes)
        assert hexes, id_
        for h in hexes:
            self._check(h)
        self.areas.append((id_, name, hexes))

    def area_hexes(self, id_):
        for i, _, hexes in self.areas:
            if i == id_:
                return hexes
        raise KeyError(id_)

    def xml(self, indent):
        g = self.grid
        sp = " " * indent
        out = [sp + '<map default-terrain="%s">' % self.default,
               sp + '  <grid columns="%d" rows="%d" first-column="%d" first-row="%d" '
                    'orientation="flat-top" shift="odd"/>' % (g.cols, g.rows, g.first_col, g.first_row)]
        for h in sorted(self.terrain):
            out.append(sp + '  <hex at="%s" terrain="%s"/>' % (label(h), self.terrain[h]))
        for (a, b) in sorted(self.sides):
            f = self.sides[(a, b)]
            s = sp + '  <hexside at="%s|%s"' % (label(a), label(b))
            if "water" in f:
                s += ' water="%s"' % f["water"]
            if "slope" in f:
                s += ' slope="%s" high="%s"' % (f["slope"], label(f["slope-hex"]))
            if "fieldwork" in f:
                s += ' fieldwork="%s" symbol="%s"' % (f["fieldwork"], label(f["fieldwork-hex"]))
            if "road" in f:
                s += ' road="%s"' % f["road"]
            out.append(s + "/>")
        for h in sorted(self.locations):
            out.append(sp + '  <location at="%s" name="%s"/>' % (label(h), attr(self.locations[h])))
        for id_, h, name in self.entries:
            s = sp + '  <entry id="%s" at="%s"' % (id_, label(h))
            if name:
                s += ' name="%s"' % attr(name)
            out.append(s + "/>")
        for id_, name, hexes in self.areas:
            out.append(sp + '  <area id="%s" name="%s">' % (id_, attr(name)))
            out.extend(area_lines(hexes, indent + 4))
            out.append(sp + "  </area>")
        out.append(sp + "</map>")
        return out


def H(s):
    """'0928' -> (9, 28); '0928 1127' -> list."""
    parts = s.split()
    if len(parts) == 1:
        return parse(parts[0])
    return [parse(p) for p in parts]


def run_line(grid, north_rows, cols):
    """Hexsides of a run that separates, within columns `cols`, the hexes with
    row <= north_rows(col) from those below."""
    north = {h for h in grid.hexes() if h[0] in cols and h[1] <= north_rows(h[0])}
    return {(a, b) for (a, b) in grid.boundary(north) if a[0] in cols and b[0] in cols}


# ------------------------------------------------------------------ Brandywine

def brandywine_west_limit(r):
    """Brandywine Creek: hexes with column <= this are west of the creek
    (0405, 0407, 0613, 0716, 0918, 0928 east; 0518, 0628, 0827-0829 west)."""
    if r <= 9:
        return 3
    if r <= 14:
        return 5
    if r <= 20:
        return 6
    if r <= 24:
        return 7
    return 8


def brandywine_map():
    g = Grid(1, 24, 1, 31)
    m = Map(g)
    west = {h for h in g.hexes() if h[0] <= brandywine_west_limit(h[1])}
    east = set(g.hexes()) - west
    m.west, m.east = west, east

    # Brandywine Creek: one continuous hexside line from the north to the south
    # edge; the fords replace it on their hexsides (5.1).
    creek = g.boundary(west)
    m.water(creek, "brandywine-creek")
    fords = [("0305", "0405", "secondary-ford"),   # Jones Ford (3.5)
             ("0616", "0716", "primary-ford"),     # Brinton's Ford (6.8)
             ("0828", "0928", "primary-ford"),     # Chadd's Ford (7.1.1.5)
             ("0830", "0930", "secondary-ford")]   # Chadd's Ferry (7.1.1.5)
    for a, b, t in fords:
        assert canon(H(a), H(b)) in creek
        m.feature(H(a), H(b), "water", t)
    m.creek = creek
    m.fords = fords

    # Runs (3.6.2.1 Radley Run; 7.1.1.5 Renwick Run, Brinton Run, Ring Run).
    radley = run_line(g, lambda c: 3 if c <= 12 else 4, range(4, 25))
    renwick = run_line(g, lambda c: 13, range(6, 17))
    brinton = run_line(g, lambda c: 21, range(8, 16))
    ring = run_line(g, lambda c: 13, range(1, 6))
    for r in (radley, renwick, brinton, ring):
        m.water(r - creek, "run", overwrite=False)

    # Roads.  The Wilmington-Philadelphia Pike crosses at Chadd's Ford and runs
    # by Proctor's Battery (1127) and the American HQ (1727) to 2428 (2.1).
    pike_east = walk(H("0928"), "NE NE SE NE SE NE SE NE SE NE SE NE SE NE SE")
    assert pike_east[-1] == H("2428") and H("1127") in pike_east and H("1727") in pike_east
    pike_west = polyline([H("0828"), H("0625"), H("0121")])
    starved_gut = polyline([H("0830"), H("0529"), H("0127")])
    for p in (pike_west, starved_gut):
        assert all(h in west for h in p), p
    m.road(list(reversed(pike_west)) + pike_east, "road")
    m.road([H("0930")] + starved_gut, "road")
    birmingham = polyline([H("1727"), H("1822"), H("1914"), H("1910"), H("1905"), H("1801")])
    osborne = polyline([H("1401"), H("1602"), H("1801")])
    street = polyline([H("1910"), H("2114"), H("2419")])
    brinton_rd = polyline([H("0116"), H("0616")]) + polyline([H("0716"), H("1318"), H("1822")])
    jones_rd = polyline([H("0405"), H("1207"), H("1707"), H("1905")])
    for p in (birmingham, osborne, street, jones_rd):
        m.road(p, "road")
    m.road(polyline([H("0116"), H("0616")]), "road")
    m.road([H("0616"), H("0716")], "road")
    m.road(polyline([H("0716"), H("1318"), H("1822")]), "road")
    m.road(polyline([H("0305"), H("0105")]) , "path")           # Dungeon Bottom (3.5)
    m.road([H("0305"), H("0405")], "path")

    # Terrain (schematic except the Meeting House).
    m.set_terrain([H("1910")], "meeting-house")
    m.set_terrain(H("2021 2022 2121"), "town")
    m.set_terrain(H("1802 1902 2012 2013"), "hill")
    for hill in H("2012 2013"):
        from schematic_lib import neighbours
        for n in neighbours(hill):
            if g.contains(n) and n not in H("2012 2013") and n != H("1910"):
                m.slope(hill, n, hill)
    m.set_terrain(H("0409 0509 0609 0610 0710 1012 1013 1113 0322 0422 0423 0524 "
                    "1424 1524 1525 0802 0803 0903"), "heavy-woods")
    m.set_terrain(H("1306 1406 1407 2108 2109 0415 0315 1620 1621 2325 2326 0219 0220"),
                  "light-woods")

    # Named locations and entry hexes.
    m.location(H("1910"), "Birmingham Meeting House")
    m.location(H("1127"), "Proctor's Battery")
    m.location(H("1727"), "American Headquarters")
    m.location(H("0928"), "Chadd's Ford")
    m.location(H("0930"), "Chadd's Ferry")
    m.location(H("2215"), "Sandy Bottom")
    m.location(H("2315"), "Sandy Bottom")
    m.location(H("0405"), "Jones Ford")
    m.location(H("0716"), "Brinton's Ford")
    m.entry("A", starved_gut[-1], "Entry hex A (position schematic)")
    m.entry("B", pike_west[-1], "Entry hex B (position schematic)")
    m.entry("D", H("1401"), "Entry hex D (position schematic)")

    # Areas.
    def pike_row(c):
        rows = [h[1] for h in pike_west + pike_east if h[0] == c]
        return min(rows)

    def sg_row(c):
        return max(h[1] for h in starved_gut if h[0] == c)

    def pike_row_max(c):
        return max(h[1] for h in pike_west if h[0] == c)

    bivouac = {h for h in east if (h[1] >= 12 and h[0] <= 20) or (h[1] >= 4 and h[0] <= 9)}
    m.area("american-bivouac-area", "American Bivouac Area (3.6.1; boundary schematic)", bivouac)
    md = {h for h in west if h[1] >= 20 and h[0] >= 2}
    m.area("maxwells-detachment-area", "Maxwell's Detachment boundary, west of the creek (4.1; schematic)", md)
    m.area("west-of-creek-within-boundary",
           "West of the creek, not north of the American Bivouac Area boundary (3.6.1.1; schematic)",
           {h for h in west if h[1] >= 4})
    m.area("north-of-radley-run", "North of Radley Run (3.6.2.1)",
           {h for h in east if h[1] <= (3 if h[0] <= 12 else 4)})
    m.area("north-of-renwick-run", "North of Renwick Run and Ring Run (7.1.3.1)",
           {h for h in g.hexes() if h[1] <= 13})
    m.area("7.1-pike-08xx-starved-gut",
           "Bounded by the Wilmington-Philadelphia Pike, hex row 08xx and Starved Gut Road, inclusive (7.1.1.5)",
           {h for h in west if h[0] <= 8 and pike_row_max(h[0]) <= h[1] <= sg_row(h[0])})
    m.area("7.1-chadds-ford-2", "Within two hexes of Chadd's Ford (0928), west of row 08xx inclusive (7.1.1.5)",
           {h for h in g.within(H("0928"), 2) if h[0] <= 8})
    m.area("7.1-chadds-ferry-2", "Within two hexes of Chadd's Ferry (0930), west of row 08xx inclusive (7.1.1.5)",
           {h for h in g.within(H("0930"), 2) if h[0] <= 8})
    m.area("7.1-south-of-starved-gut", "South of Starved Gut Road, west of row 08xx inclusive (7.1.1.5)",
           {h for h in west if h[0] <= 8 and h[1] > sg_row(h[0])})
    m.area("7.1-south-of-ring-run", "South of Ring Run, west of the creek (7.1.1.5)",
           {h for h in west if h[1] >= 14})
    m.area("east-south-of-renwick-run", "East of the Brandywine Creek and south of Renwick Run (7.1.1.5, 7.3.1.5)",
           {h for h in east if h[1] >= 14})
    m.area("east-south-of-pike", "East of the Brandywine Creek and south of the Philadelphia-Wilmington Pike, inclusive (7.1.1.5, 7.3.1.5)",
           {h for h in east if h[1] >= pike_row(h[0])})
    m.area("brinton-run-to-renwick-run", "North of Brinton Run and south of Renwick Run (7.1.1.5)",
           {h for h in east if 14 <= h[1] <= 21})
    m.area("victory-2428-2419", "British Decisive Victory hexes 2419, 2428 (2.1, 7.3.2.1)", H("2419 2428"))
    m.area("victory-1910-1127", "Birmingham Meeting House and Proctor's Battery (2.2 case 2, 7.3.2.2)",
           H("1910 1127"))
    m.area("victory-1127-1727", "Proctor's Battery and the American HQ (7.1.2.1)", H("1127 1727"))
    m.area("sandy-bottom", "Sandy Bottom (7.2.2.1)", H("2215 2315"))
    m.area("proctors-battery", "Proctor's Battery (3.3.3)", [H("1127")])
    return m


# ------------------------------------------------------------------ Germantown

def germantown_map():
    # Row 00 exists (entry hex 2800, 3.4.1); 4617 (3.4.2) the highest column.
    g = Grid(20, 27, 0, 27)
    m = Map(g)
    # Germantown 3.2.1, extended example of Stephen's movement, fixes:
    # Lime Kiln Road 3304-3405-3505-...-3806-3807-3907, on to 3908 across the
    # Luken's Mill flechette (3907|3908); north from 3304 off the map through
    # entry hex A; intersections at 3405 and 3806; Mill Creek at 3306|3307; Saw
    # Mill Creek at 3503|3603; heavy woods 3205 and 3105; clear hexes on the
    # other walks (3303-3300, 3404, 3503, 3603, 3305-3307, 3006).
    lime_kiln = H("2800 2801 2802 2902 3003 3103 3204 3304 3405 3505 3606 3706 3806 3807 3907 3908")
    lime_kiln += polyline([H("3908"), H("3915")])[1:]
    m.lime_kiln = lime_kiln
    m.road(lime_kiln, "road")
    old_york = polyline([H("3800"), H("3806")])
    m.road(old_york, "road")
    # the third road at the 3405 intersection, a lane to the Chew House
    m.road(polyline([H("3405"), H("3413"), H("3313")]), "lane")
    germantown_rd = polyline([H("2020"), H("2716"), H("3313"), H("3614"), H("3915"), H("4216"), H("4617")])
    m.road(germantown_rd, "road")
    ridge_rd = polyline([H("2024"), H("3624")]) + polyline([H("3724"), H("4622")])
    m.road(ridge_rd, "road")
    m.road(polyline([H("2507"), H("2911")]), "trail")

    mill_creek = run_line(g, lambda c: 6, range(28, 36))
    m.water(mill_creek, "creek")
    sawmill_north = {h for h in g.hexes() if h[0] >= 36 and h[1] <= 4}
    saw_mill = {(a, b) for (a, b) in g.boundary(sawmill_north) if a[0] >= 35 and b[0] >= 35}
    m.water(saw_mill, "creek")
    wiss_east = {h for h in g.hexes() if h[0] >= 37 and h[1] >= 18}
    wissahickon = {(a, b) for (a, b) in g.boundary(wiss_east) if a[1] >= 18 and b[1] >= 18}
    m.water(wissahickon, "creek")
    assert canon(H("3306"), H("3307")) in mill_creek
    assert canon(H("3503"), H("3603")) in saw_mill
    assert canon(H("3624"), H("3724")) in wissahickon

    # Fieldworks (1.1): the symbol is on the British side (the flechette faces the
    # Americans coming down Lime Kiln Road, 3.2.1; the barricade faces Armstrong).
    m.fieldwork(H("3624"), H("3724"), "fieldwork", H("3724"))
    m.fieldwork(H("3907"), H("3908"), "flechette", H("3908"))

    m.set_terrain([H("3313")], "chew-house")
    m.set_terrain(H("3205 3105 3104 3204") + H("3020 3021 3120 3121 3221 3322 3323 3422") +
                  H("2509 2510 2610 4420 4421 4521"), "heavy-woods")
    m.set_terrain(H("2812 2813 2913 4009 4010 4109 2318 2418"), "light-woods")
    town = set(polyline([H("3514"), H("4216")])) | set(polyline([H("3515"), H("4117")]))
    town -= {H("3313")}
    m.set_terrain(sorted(town | {H("3915")}), "town")
    m.set_terrain(H("2604 2605 2705"), "hill")
    for h in H("3303 3302 3301 3300 3404 3503 3603 3305 3306 3307 3006"):
        assert h not in m.terrain, label(h)
    assert m.terrain[H("3205")] == "heavy-woods" and m.terrain[H("3105")] == "heavy-woods"

    m.location(H("3313"), "Chew House")
    m.location(H("3915"), "Market Square")
    m.location(H("3908"), "Luken's Mill Flechette")
    m.location(H("3724"), "Ewald's Barricade")
    m.entry("A-1", H("2800"), "A-1 (American reinforcements, 3.4.1)")
    m.entry("A-2", H("3800"), "A-2 (Smallwood's militia, 3.4.1.2)")
    m.entry("B", H("4617"), "B (British reinforcements, 3.4.2)")

    m.area("militia-bombardment-zone", "American Militia Bombardment Zone (3.5; schematic)",
           {h for h in g.hexes() if h[1] >= 23 and h[0] >= 38})
    m.area("british-turn-1", "On or north of hex row 34xx: British units that may move on turn 1 (3.3)",
           {h for h in g.hexes() if h[0] <= 34})
    m.area("british-camp", "British camp: at-start hexes are printed on the counters (1.6; schematic area)",
           {h for h in g.hexes() if 30 <= h[0] <= 46 and 6 <= h[1] <= 24})
    m.area("american-approach", "American approach: at-start hexes are printed on the counters (1.6; schematic area)",
           {h for h in g.hexes() if 20 <= h[0] <= 29 and 8 <= h[1] <= 26})
    m.area("victory-4617", "British entry hex B (2.1.2 case 1)", [H("4617")])
    m.area("victory-chew-market", "Chew House and Market Square (2.1.2 case 2)", H("3313 3915"))
    return m


# -------------------------------------------------------------------- Savannah

def savannah_map():
    g = Grid(1, 42, 1, 23)
    m = Map(g)
    # Savannah Defensive Perimeter (1.7): the river to the north (the map edge),
    # the abatis ring east and south, Yamacraw Swamp west; hex 1303 too.
    perim = set()
    for c in range(14, 25):
        last = 4 if c == 14 else (5 if c == 15 else 8)
        perim |= {(c, r) for r in range(1, last + 1)}
    perim.add(H("1303"))
    covered = H("1105 1205 1304 1303 1302 1301 1401")      # 4.9 "hexes 1105 to 1401"
    swamp = {h for h in g.hexes() if 10 <= h[0] <= 13 and h[1] <= 8} - set(covered)
    m.set_terrain(sorted(swamp), "swamp")
    m.set_terrain([h for h in covered if h != H("1401")], "covered-way")
    m.road(covered, "covered-way")
    city = {h for h in g.hexes() if 17 <= h[0] <= 22 and 1 <= h[1] <= 4}
    m.set_terrain(sorted(city), "city")
    m.set_terrain(sorted({h for h in g.hexes() if 26 <= h[0] <= 34 and h[1] <= 4}), "rice-field")
    m.set_terrain(H("2815 2816 2915 3016 3017 3116 2617 2618"), "forest")
    m.set_terrain(H("1216 1217 1317 3418 3419 3518 2012 2013 2113"), "light-forest")

    ring = set()
    for a, b in g.boundary(perim):
        inside, outside = (a, b) if a in perim else (b, a)
        if outside[0] >= 14:                 # east and south faces; west is the swamp
            ring.add((inside, outside))
    redoubt_hexes = H("1404 1808 2208 2404")
    for inside, outside in ring:
        t = "abatis-redoubt" if inside in redoubt_hexes else "abatis"
        m.fieldwork(inside, outside, t, inside)
    m.fieldwork(H("1404"), H("1304"), "redoubt", H("1404"))   # Spring Hill faces the swamp too
    for inside in H("2402 2403"):
        m.fieldwork(inside, (25, inside[1]), "revetment", inside)
    # dyke along the rice fields, the printed French siege works (historical
    # scenario; 4.4): positions schematic.
    for c in range(26, 31):
        m.fieldwork((c, 5), (c, 6), "dyke", (c, 6))
    for c in range(25, 30):
        m.fieldwork((c, 12), (c, 11), "siege-works", (c, 12))
    stream = {(a, b) for (a, b) in run_line(g, lambda c: 4, range(10, 14))}
    stream |= run_line(g, lambda c: 14, range(20, 31))
    for a, b in stream:
        if "fieldwork" not in m.sides.get(canon(a, b), {}):
            m.feature(a, b, "water", "stream")
    assert canon(H("1205"), H("1304")) in {canon(a, b) for a, b in stream}

    hq = H("1902")
    m.location(H("1404"), "Spring Hill Redoubt")
    m.location(hq, "British HQ (position schematic)")
    m.location(H("1115"), "American HQ (position schematic)")
    m.location(H("3021"), "French HQ (position schematic)")
    m.location(H("1610"), "Jewish Cemetery (position schematic)")
    m.location(H("1105"), "Covered Way (south end)")
    m.location(H("1401"), "Covered Way (north end)")
    for id_, h, name in (("A", "1014", "A (American reinforcements)"),
                         ("B-1", "1723", "B-1 (British reinforcements)"),
                         ("B-2", "1023", "B-2 (British reinforcements)"),
                         ("F", "3123", "F (French reinforcements)"),
                         ("V-1", "3822", "V-1 (French variable entry; also 3920)"),
                         ("V-1-3920", "3920", "V-1 (French variable entry; also 3822)"),
                         ("V-2", "4214", "V-2 (French variable entry)"),
                         ("V-3", "4105", "V-3 (French variable entry)")):
        m.entry(id_, H(h), name)
    m.entry("HQ", hq, "At HQ (British reinforcements, 4.7)")

    for p in (polyline([H("1014"), H("1409"), H("1605")]), polyline([H("1723"), H("1809")]),
              polyline([H("1023"), H("1216"), H("1409")]), polyline([H("3123"), H("2209")]),
              polyline([H("4214"), H("3310"), H("2506")]), polyline([H("4105"), H("2505")]),
              polyline([H("3822"), H("3520"), H("3123")]), polyline([H("3920"), H("3822")])):
        m.road(p, "road")

    m.area("savannah-defensive-perimeter", "Savannah Defensive Perimeter (1.7; with hex 1303)", perim)
    m.area("city-of-savannah", "City of Savannah (2.1)", city)
    m.area("covered-way", "Covered Way, hexes 1105 to 1401 (4.9)", covered)
    m.area("naval-bombardment-zone", "British Naval Bombardment Zone (4.11; schematic)",
           {h for h in g.hexes() if h[0] <= 9 and h[1] <= 6})
    m.area("allied-assault-positions",
           "Allied at-start positions of the Historical Scenario: printed on the counters (schematic area)",
           {h for h in g.hexes() if 12 <= h[0] <= 32 and 11 <= h[1] <= 18})
    m.area("victory-1404", "Spring Hill Redoubt (2.8)", [H("1404")])
    return m


# ======================================================================== units
#
# Printed values (strength, morale, movement, leader ratings) are on the
# countersheets, which the rulebooks do not transcribe: the values below are
# placeholders marked provisional, chosen only so that every stack the
# rulebooks set up hex by hex stays within 7.1 (e.g. three regiments in 0716,
# Brandywine 7.2.1.5).  Morale is a signed rating used as a DRM (15.32,
# 16.2; 12.64 names +2 as a printed value), written with a sign.

KIND_DEFAULTS = {
    # kind: (steps [(strength, fire, morale)], movement)
    "infantry": ([(2, None, 1), (1, None, 0)], 4),
    "light-infantry": ([(2, None, 1), (1, None, 0)], 5),
    "militia": ([(2, None, 0), (1, None, -1)], 4),
    "dragoons": ([(1, None, 1)], 6),
    "artillery": ([(1, None, 0)], 3),
    "rifle": ([(1, None, 1)], 5),
    "rifle-regiment": ([(2, None, 1), (1, None, 0)], 5),
    "musket-rifle": ([(2, 2, 1), (1, 2, 0)], 4),
    "amusette": ([(1, None, 0)], 5),
    "mortar": ([(1, None, 0)], 2),
    "indians": ([(1, None, -1)], 5),
}


class U:
    def __init__(self, id_, name, kind, side, nat=None, form=None, rifle=None, demi=False,
                 movement=None, stated=(), note=None, steps=None, leader=None, range_=None, cls=None,
                 cls_provisional=False):
        self.id, self.name, self.kind, self.side = id_, name, kind, side
        self.cls, self.cls_provisional = cls, cls_provisional  # Savannah 4.1 French class
        self.nat, self.form, self.rifle, self.demi = nat, form, rifle, demi
        self.range = range_  # 11.2: the unit's own artillery range (Brandywine 4.5.5)
        self.note = note
        self.leader = leader            # dict rank, cc, lead, seniority, commands
        if leader is None:
            d_steps, d_mv = KIND_DEFAULTS[kind]
            self.steps = steps or d_steps
            self.movement = movement if movement is not None else d_mv
            self.prov = [p for p in ("strength", "morale", "movement") if p not in stated]
            if self.kind == "rifle-regiment":
                self.kind = "rifle"
        else:
            self.steps = []
            self.movement = movement if movement is not None else 6
            self.prov = [p for p in ("movement", "leader") if p not in stated]

    def xml(self, placement, indent=4):
        sp = " " * indent
        if self.leader is None:
            s = '<unit id="%s" name="%s" side="%s"' % (self.id, attr(self.name), self.side)
        else:
            s = '<leader id="%s" name="%s" side="%s"' % (self.id, attr(self.name), self.side)
        if self.nat:
            s += ' nationality="%s"' % self.nat
        if self.form:
            s += ' formation="%s"' % self.form
        if self.cls:
            s += ' class="%s"' % self.cls
        if self.leader is None:
            s += ' kind="%s"' % self.kind
            if self.rifle:
                s += ' rifle="%s"' % self.rifle
        else:
            ld = self.leader
            s += ' rank="%d" cc-drm="%s" leadership-drm="%s"' % (ld["rank"], drm(ld["cc"]), drm(ld["lead"]))
            if ld.get("seniority"):
                s += ' seniority="%d"' % ld["seniority"]
            if ld.get("commands"):
                s += ' commands="%s"' % ld["commands"]
        if self.demi:
            s += ' demi-leader="true"'
        s += ' movement="%d"' % self.movement
        if self.range:
            s += ' range="%d"' % self.range
        order = ("strength", "morale", "movement", "leader")
        prov = [p for p in order if p in self.prov]
        if self.cls and self.cls_provisional:
            prov.append("class")
        if prov:
            s += ' provisional="%s"' % " ".join(prov)
        out = [sp + s + ">"]
        for st, fire, mor in self.steps:
            t = '<step strength="%d"' % st
            if fire is not None:
                t += ' fire-strength="%d"' % fire
            t += ' morale="%s"/>' % drm(mor)
            out.append(sp + "  " + t)
        out.append(sp + "  " + placement.xml())
        notes = [n for n in (self.note, placement.note) if n]
        if notes:
            out.append(sp + "  <note>%s</note>" % text("; ".join(notes)))
        out.append(sp + ("</unit>" if self.leader is None else "</leader>"))
        return out


class P:
    """A placement: hex, area, arrive (turn, entry) or unused."""

    def __init__(self, hex=None, area=None, turn=None, entry=None, unused=False, step=None,
                 status=None, states=None, note=None):
        self.hex, self.area, self.turn, self.entry, self.unused = hex, area, turn, entry, unused
        self.step, self.status, self.states, self.note = step, status, states, note

    def xml(self):
        if self.unused:
            return "<unused/>"
        if self.hex:
            s = '<setup hex="%s"' % self.hex
        elif self.area:
            s = '<setup area="%s"' % self.area
        else:
            s = '<arrive turn="%d" entry="%s"' % (self.turn, self.entry)
        if self.step:
            s += ' step="%d"' % self.step
        if self.status and self.status != "parade":
            s += ' status="%s"' % self.status
        if self.states:
            s += ' states="%s"' % self.states
        return s + "/>"


def leader(id_, name, side, rank, seniority=None, lead=1, cc=1, commands=None, stated=(),
           nat=None, form=None, demi=False, note=None, movement=None):
    return U(id_, name, "leader", side, nat=nat, form=form, demi=demi, note=note, stated=stated,
             movement=movement,
             leader={"rank": rank, "cc": cc, "lead": lead, "seniority": seniority,
                     "commands": commands})


def slug(name):
    s = name.lower().replace("'", "").replace('"', "").replace(".", "").replace("/", "-")
    s = s.replace("&", "and").replace("(", "").replace(")", "").replace(",", "")
    s = "-".join(s.split())
    return s


# ------------------------------------------------------------ Brandywine units

def brandywine_units():
    B, A = "british", "american"
    u = []
    # Leaders: 3.1 gives ranks (stars) and seniority; Washington's +4 is 4.6.1.
    u += [leader("howe", "Howe", B, 3, nat="british",
                 note="4.7: momentum chit lost if a casualty; rank and entry turn not stated (" + LEADER_TURN_NOTE + ")"),
          leader("cornwallis", "Cornwallis", B, 2, 1, nat="british", note="entry turn not stated (" + LEADER_TURN_NOTE + ")"),
          leader("knyphausen", "Knyphausen", B, 3, nat="hessian", note="Lt. General (3.3.2 design note); rank not stated"),
          leader("grey", "Grey", B, 2, 2, nat="british", form="3rd-brigade"),
          leader("grant", "Grant", B, 2, 3, nat="british", form="2nd-brigade"),
          leader("stirn", "Stirn", B, 2, 4, nat="hessian", form="knyphausen-hessians", commands="hessian",
                 note="3.3.2: may not voluntarily stack with British or Loyalist units; cannot command them")]
    bu = [
        # Knyphausen's division (7.1.1.5)
        ("kings-own", "King's Own", "infantry", "british", "1st-brigade"),
        ("royal-welsh-fusiliers", "Royal Welsh Fusiliers", "infantry", "british", "1st-brigade"),
        ("28th-foot", "28", "infantry", "british", "1st-brigade"),
        ("49th-foot", "49", "infantry", "british", "1st-brigade"),
        ("1st-brigade-artillery", "1st Brigade Artillery", "artillery", "british", "1st-brigade"),
        ("5th-foot", "5", "infantry", "british", "2nd-brigade"),
        ("10th-foot", "10", "infantry", "british", "2nd-brigade"),
        ("40th-foot", "40", "infantry", "british", "2nd-brigade"),
        ("55th-foot", "55", "infantry", "british", "2nd-brigade"),
        ("enniskillens", "Enniskillens", "infantry", "british", "2nd-brigade"),
        ("2nd-brigade-artillery", "2nd Brigade Artillery", "artillery", "british", "2nd-brigade"),
        ("donop", "Donop", "infantry", "hessian", "knyphausen-hessians"),
        ("combined", "\"Combined\"", "infantry", "hessian", "knyphausen-hessians"),
        ("mirbach", "Mirbach", "infantry", "hessian", "knyphausen-hessians"),
        ("leib", "Leib", "infantry", "hessian", "knyphausen-hessians"),
        ("hessian-artillery", "Hessian Artillery", "artillery", "hessian", "knyphausen-hessians"),
        ("queens-rangers", "Queen's Rangers", "light-infantry", "loyalist", "knyphausen-division"),
        ("fergusons-rifles", "Ferguson's Rifles", "rifle", "british", "knyphausen-division"),
        ("3-queens-lt-dragoons", "3 Queen's Lt Dragoons", "dragoons", "british", "knyphausen-division"),
        ("2-frasers-highlanders", "2 Fraser's Highlanders", "infantry", "british", "knyphausen-division"),
        ("reserve-a-artillery", "Reserve a Artillery", "artillery", "british", "artillery"),
        ("reserve-b-artillery", "Reserve b Artillery", "artillery", "british", "artillery"),
        ("cleveland-a-artillery", "Cleveland a Artillery", "artillery", "british", "artillery"),
        ("cleveland-b-artillery", "Cleveland b Artillery", "artillery", "british", "artillery"),
        # Howe's column (Howe's Column Worksheet)
        ("4th-brigade-artillery", "4th Brig Arty", "artillery", "british", "4th-brigade"),
        ("reserve-c-artillery", "Reserve \"C\" Arty", "artillery", "british", "artillery"),
        ("light-artillery", "Lt. Arty", "artillery", "british", "artillery"),
        ("hessian-light-artillery", "Hessian Lt. Arty", "artillery", "hessian", "artillery"),
        ("3rd-brigade-artillery", "3rd Brigade Artillery", "artillery", "british", "3rd-brigade"),
        ("chasseurs", "Chasseurs", "light-infantry", "hessian", "vanguard"),
        ("amusettes", "Amusettes", "amusette", "hessian", "vanguard"),
        ("ewald-rifles", "Ewald Rifles", "rifle", "hessian", "vanguard"),
        ("ab-jaegers", "A/B Jaegers", "rifle", "hessian", "vanguard"),
        ("1st-grenadiers", "1st Grenadiers", "infantry", "british", "flank-companies"),
        ("2nd-grenadiers", "2nd Grenadiers", "infantry", "british", "flank-companies"),
        ("1st-light-infantry", "1st Lt. Infantry", "light-infantry", "british", "flank-companies"),
        ("2nd-light-infantry", "2nd Lt. Infantry", "light-infantry", "british", "flank-companies"),
        ("17th-light-infantry", "17th Lt. Infantry", "light-infantry", "british", "flank-companies"),
        ("grenadier-guards", "Grenadier Gds.", "infantry", "british", "guards-brigade"),
        ("coldstream-guards", "Coldstream Gds.", "infantry", "british", "guards-brigade"),
        ("lengerke-grenadiers", "Lenge Grenadiers", "infantry", "hessian", "hessian-brigade"),
        ("linsing-grenadiers", "v. Lin Grenadiers", "infantry", "hessian", "hessian-brigade"),
        ("minnigerode-grenadiers", "v. Min Grenadiers", "infantry", "hessian", "hessian-brigade"),
        ("hessian-jaegers", "H. Jaegers", "rifle", "hessian", "hessian-brigade"),
        ("33rd-foot", "33rd Foot", "infantry", "british", "4th-brigade"),
        ("37th-foot", "37th Foot", "infantry", "british", "4th-brigade"),
        ("46th-foot", "46th Foot", "infantry", "british", "4th-brigade"),
        ("64th-foot", "64th Foot", "infantry", "british", "4th-brigade"),
        ("15th-foot", "15th Foot", "infantry", "british", "3rd-brigade"),
        ("17th-foot", "17th Foot", "infantry", "british", "3rd-brigade"),
        ("44th-foot", "44th Foot", "infantry", "british", "3rd-brigade"),
        ("ewald-dragoons", "Ewald Dragoons", "dragoons", "hessian", "dragoons"),
        ("1-queens-light-dragoons", "1 Queen's Light Dragoons", "dragoons", "british", "dragoons"),
        ("2-queens-light-dragoons", "2 Queen's Light Dragoons", "dragoons", "british", "dragoons"),
        ("black-watch", "Black Watch", "infantry", "british", "independent"),
    ]
    notes = {"fergusons-rifles": "4.3: bayonets, no Close Combat penalty; the British firer gets +1 To Hit",
             "amusettes": "4.5: range 2, fires only at artillery, never counts for stacking",
             "combined": "7.1.1.5 names it \"Combined\""}
    for id_, name, kind, nat, form in bu:
        rifle = "black-r" if id_ == "fergusons-rifles" else None
        u.append(U(id_, name, kind, B, nat=nat, form=form, rifle=rifle, note=notes.get(id_),
                   range_=2 if kind == "amusette" else None))
    u += [leader("washington", "Washington", A, 3, lead=4, nat="continental",
                 note="4.6.1: leadership DRM +4 stacked, +1 adjacent (stated); rank and CC DRM provisional"),
          leader("greene", "Greene", A, 2, 1, nat="continental", form="greenes-wing"),
          leader("sullivan", "Sullivan", A, 2, 2, nat="continental", form="sullivans-wing"),
          leader("stirling", "Lord Stirling", A, 2, 3, nat="continental", form="sullivans-wing"),
          leader("lafayette", "Lafayette", A, 2, 4, lead=0, cc=0, nat="continental",
                 note="4.8: no normal leader abilities; one column shift once per game"),
          leader("wayne", "Wayne", A, 1, 1, nat="continental", form="greenes-wing"),
          leader("maxwell", "Maxwell", A, 1, 2, nat="continental", form="greenes-wing",
                 note="3.3.1: must stay stacked with a light infantry unit of his Detachment")]
    S, G = "sullivans-wing", "greenes-wing"
    au = [
        ("1-maryland", "1 Maryland", "infantry", S), ("2-maryland", "2 Maryland", "infantry", S),
        ("3-maryland", "3 Maryland", "infantry", S), ("4-maryland", "4 Maryland", "infantry", S),
        ("6-maryland", "6 Maryland", "infantry", S), ("german-battalion", "German Battalion", "infantry", S),
        ("delaware", "Delaware", "infantry", S), ("congress-own", "Congress' Own", "infantry", S),
        ("nelson", "Nelson", "rifle", S), ("smith", "Smith", "rifle", S),
        ("new-york-a-artillery", "New York a Artillery", "artillery", S),
        ("new-york-b-artillery", "New York b Artillery", "artillery", S),
        ("porter-artillery", "Porter Artillery", "artillery", S),
        ("new-jersey", "New Jersey", "infantry", S),
        ("new-jersey-a-artillery", "New Jersey a Artillery", "artillery", S),
        ("3-pennsylvania", "3 Pennsylvania", "infantry", S),
        ("crane-artillery", "Crane Artillery", "artillery", S),
        ("spencer", "Spencer", "infantry", S),
        ("3-virginia", "3 Virginia", "infantry", S), ("4-virginia", "4 Virginia", "infantry", S),
        ("7-virginia", "7 Virginia", "infantry", S), ("14-virginia", "14 Virginia", "infantry", S),
        ("15-virginia", "15 Virginia", "infantry", S),
        ("patton", "Patton", "infantry", S), ("grayson", "Grayson", "infantry", S),
        ("stephenson", "Stephenson", "rifle", S),
        ("lee-artillery", "Lee Artillery", "artillery", S),
        ("connecticut-artillery", "Connecticut Artillery", "artillery", S),
        ("2-massachusetts-artillery", "2 Massachusetts Artillery", "artillery", S),
        ("blands-horse", "Bland's Horse", "dragoons", S), ("moylans-horse", "Moylan's Horse", "dragoons", S),
        ("1-virginia", "1 Virginia", "infantry", G), ("2-virginia", "2 Virginia", "infantry", G),
        ("5-virginia", "5 Virginia", "infantry", G), ("6-virginia", "6 Virginia", "infantry", G),
        ("9-virginia", "9 Virginia", "infantry", G), ("10-virginia", "10 Virginia", "infantry", G),
        ("west-augusta", "West Augusta", "infantry", G),
        ("penn-state-foot", "Penn State Foot", "infantry", G),
        ("penn-state-rifle", "Penn State Rifle", "rifle-regiment", G),
        ("doyle", "Doyle", "rifle", G),
        ("stevens-artillery", "Stevens Artillery", "artillery", G),
        ("bedlam-artillery", "Bedlam Artillery", "artillery", G),
        ("2-penn-brigade", "2 Penn Brigade", "infantry", G), ("old-eleventh", "Old Eleventh", "infantry", G),
        ("hartley", "Hartley", "infantry", G), ("10-pennsylvania", "10 Pennsylvania", "infantry", G),
        ("2-penn-regiment", "2 Penn Regiment", "infantry", G), ("7-pennsylvania", "7 Pennsylvania", "infantry", G),
        ("penn-rifle-regiment", "Penn Rifle Regiment", "rifle-regiment", G),
        ("lady-washingtons-horse", "Lady Washington's Horse", "dragoons", G),
        ("3-pennsylvania-artillery", "3 Pennsylvania Artillery", "artillery", G),
        ("2-pennsylvania-artillery", "2 Pennsylvania Artillery", "artillery", G),
        ("simms", "Simms", "light-infantry", G), ("porterfield", "Porterfield", "rifle", G),
        ("parker", "Parker", "light-infantry", G), ("8th-chester-county", "8th Chester County", "militia", G),
        ("proctor-artillery", "Proctor Artillery", "artillery", G),
        ("jones-artillery", "Jones Artillery", "artillery", G),
        ("rhode-island-artillery", "Rhode Island Artillery", "artillery", G),
        ("continental-artillery", "Continental Artillery", "artillery", G),
        ("washington-life-guards", "Washington Life Guards", "infantry", G),
        ("pulaski", "Pulaski", "dragoons", G),
        ("n-carolina", "N. Carolina", "infantry", G), ("nc-lt-dragoons", "NC Lt. Dragoons", "dragoons", G),
    ]
    notes = {"pulaski": "4.2: Count Pulaski is a demi-leader for Tactics Cards for dragoons stacked with him",
             "penn-rifle-regiment": "4.4: mixed rifles and muskets, no Close Combat penalty",
             "proctor-artillery": "3.6.2.3: may not move until 1127 is attacked in Close Combat",
             "delaware": "3.6.2.2: may not move until a unit comes within two hexes of 0407",
             "nelson": "unit type not stated in the rulebook", "stephenson": "unit type not stated in the rulebook",
             "penn-state-foot": "4.1: part of Maxwell's Detachment in the full game (0829)"}
    for id_, name, kind, form in au:
        rifle = "black-r" if id_ == "penn-rifle-regiment" else None
        nat = "militia" if kind == "militia" else "continental"
        steps = None
        if id_ == "german-battalion":
            # placeholder kept small: 7.3.1.5 stacks it in 0613 with Smith, 1 and 3 Maryland (7.1)
            steps = [(1, None, 1)]
        u.append(U(id_, name, kind, A, nat=nat, form=form, rifle=rifle, demi=(id_ == "pulaski"),
                   note=notes.get(id_), steps=steps))
    return u


def by_name(units, names, side):
    """Units from the rulebook's comma list (names as printed)."""
    alias = {"Ewald": "Ewald Rifles", "Pulaski": "Pulaski", "Count Pulaski": "Pulaski",
             "1 Queen's Light Dragoons": "1 Queen's Light Dragoons",
             "Penn. State Foot": "Penn State Foot", "Penn. State Rifle": "Penn State Rifle",
             "Simms (reduced)": "Simms", "Lord Stirling": "Lord Stirling",
             "2nd Brigade Artillery": "2nd Brigade Artillery"}
    out = []
    for n in [x.strip() for x in names.split(",")]:
        n = alias.get(n, n)
        hits = [x for x in units if x.side == side and (x.name == n or x.name.strip('"') == n.strip('"'))]
        assert len(hits) == 1, (n, side, [h.name for h in hits])
        out.append(hits[0])
    return out


# ===================================================================== scenarios

def scenario_xml(sid, title, description, volume, m, sides, turns, units, placements,
                 objectives=(), conditions=(), notes=()):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<scenario xmlns="%s" format-version="1" id="%s">' % (NS, sid),
           "  <title>%s</title>" % text(title + " (schematic map)"),
           "  <description>%s</description>" % text(description + " " + SCHEMATIC_SHORT),
           '  <volume-ref ref="%s"/>' % volume]
    out += m.xml(2)
    out.append("  <sides>")
    for side in sides:
        id_, name, am, mom = side[:4]
        s = '    <side id="%s" name="%s"' % (id_, attr(name))
        if len(side) > 4 and side[4]:
            s += ' player="%s"' % side[4]
        if am is not None:
            s += ' army-morale="%d"' % am
        if mom is not None:
            s += ' momentum="%d"' % mom
        if len(side) > 5 and side[5]:
            # Retreat priorities (13.21): attributes of <retreat>.
            out.append(s + ">")
            out.append("      <retreat %s/>" % side[5])
            out.append("    </side>")
            continue
        out.append(s + "/>")
    out.append("  </sides>")
    first, count, first_player, order = turns[:4]
    # Initiative by turn (<turns><initiative/>, issue 13): attribute strings.
    initiatives = turns[4] if len(turns) > 4 else []
    s = '  <turns first="%d" count="%d"' % (first, count)
    if first_player:
        s += ' first-player="%s"' % first_player
    s += ' player-order="%s"' % order
    if not initiatives:
        out.append(s + "/>")
    else:
        out.append(s + ">")
        for i in initiatives:
            out.append("    <initiative %s/>" % i)
        out.append("  </turns>")
    out.append("  <units>")
    missing = [x.id for x in units if x.id not in placements]
    assert not missing, (sid, missing)
    extra = [k for k in placements if k not in {x.id for x in units}]
    assert not extra, (sid, extra)
    for x in units:
        out += x.xml(placements[x.id], 4)
    out.append("  </units>")
    if objectives or conditions:
        out.append("  <victory>")
        for at, side, vp, when in objectives:
            s = '    <objective at="%s"' % at
            if side:
                s += ' side="%s"' % side
            s += ' vp="%s"' % drm(vp).lstrip("+")
            if when:
                s += ' when="%s"' % when
            out.append(s + "/>")
        for side, level, margin in conditions:
            out.append('    <condition side="%s" level="%s" margin="%s"/>'
                       % (side, level, str(margin)))
        out.append("  </victory>")
    for n in notes:
        out.append("  <note>%s</note>" % text(n))
    out.append("</scenario>")
    return "\n".join(out) + "\n"


class Placements(dict):
    def put(self, units, names, side, **kw):
        for x in by_name(units, names, side):
            assert x.id not in self, x.id
            self[x.id] = P(**kw)

    def put_ids(self, ids, **kw):
        for i in ids.split():
            assert i not in self, i
            self[i] = P(**kw)

    def rest_unused(self, units, side, note=None):
        for x in units:
            if x.side == side and x.id not in self:
                self[x.id] = P(unused=True, note=note)


HOWE_COLUMN = [  # Howe's Column Worksheet: original turn of entry
    ("4th-brigade-artillery reserve-c-artillery light-artillery hessian-light-artillery", 7),
    ("3rd-brigade-artillery", 8),
    ("chasseurs amusettes ewald-rifles ab-jaegers", 6),
    ("1st-grenadiers 2nd-grenadiers 1st-light-infantry 2nd-light-infantry 17th-light-infantry", 7),
    ("grenadier-guards coldstream-guards", 7),
    ("lengerke-grenadiers linsing-grenadiers minnigerode-grenadiers hessian-jaegers", 7),
    ("33rd-foot 37th-foot 46th-foot 64th-foot", 7),
    ("grey 15th-foot 17th-foot 44th-foot", 8),
    ("ewald-dragoons 1-queens-light-dragoons", 6),
    ("2-queens-light-dragoons", 8),
    ("black-watch", 9),
]
HOWE_NOTE = "Howe's Column Worksheet: original turn of entry at hex D"
LEADER_TURN_NOTE = ("the leader's turn of entry is not stated in the rulebook (the Worksheet only says Howe "
                    "arrives at the Black Watch's entry hex); check the counter")


def howe_column(p, first_turn=1, skip=()):
    for ids, turn in HOWE_COLUMN:
        for i in ids.split():
            if i in skip:
                continue
            states = "attached" if i == "amusettes" else None
            p[i] = P(turn=turn, entry="D", states=states, note=HOWE_NOTE)
    p["howe"] = P(turn=9, entry="D")
    p["cornwallis"] = P(turn=7, entry="D")


# Retreat priorities as <side><retreat> data (13.21 "specific game rules").
BW_RETREAT_A = 'hex="1727" rule="Brandywine 3.2.1"'
BW_RETREAT_B = 'entry="true" rule="Brandywine 3.2.2"'
# Germantown 3.2.1 fixes the compass: map north is 300 degrees clockwise from
# the grid's up (3304 -> 3405 is south).
GT_RETREAT_A = 'directions="N NW W" north="300" rule="Germantown 3.8"'
GT_RETREAT_B = 'directions="S SE E" north="300" rule="Germantown 3.8"'
# Savannah 4.19: "Each army must retreat toward its HQ"; the HQ hexes are
# schematic (see the map's locations), so the hexes are provisional.
SV_RETREAT_B = 'hex="1902" provisional="true" rule="Savannah 4.19"'
SV_RETREAT_A = 'hex="1115" provisional="true" rule="Savannah 4.19"'
SV_RETREAT_F = 'hex="3021" provisional="true" rule="Savannah 4.19"'

BW_SIDES_NOTE = "Army morale and momentum from the scenario's Prepare for Play section."


def brandywine_common_notes():
    return [SCHEMATIC_NOTE,
            "Brandywine 3.2: American units retreat toward the American HQ (1727); British units toward their "
            "respective entry hexes. 3.3: stacking exceptions (Maxwell, Stirn, Proctor's Battery). "
            "3.8: the Meeting House and Town hexes block LOS; ZOCs extend out of, not into, them and fieldworks "
            "hexsides. 5.1-5.3: Brandywine Creek fords and non-ford hexsides."]


def brandywine_scenarios(units):
    out = {}
    B, A = "british", "american"
    marginal = [(B, "marginal", 1), (A, "marginal", 0)]

    # ---- the full game (I, II): at-start state as far as the rulebook states it.
    m = brandywine_map()
    p = Placements()
    howe_column(p)
    second = "grant 5th-foot 10th-foot 40th-foot 55th-foot enniskillens 2nd-brigade-artillery"
    p.put_ids(second, turn=1, entry="A",
              note="3.6.3 Second Brigade: the British player chooses before play between turn 1 at hex A "
                   "and turn 2 at hex B")
    for x in units:
        if x.side == B and x.id not in p:
            p[x.id] = P(turn=1, entry="A",
                        note="1.5: turn and hex of entry printed on the counter (not transcribed); schematic")
    p.put_ids("delaware", hex="0407")
    p.put_ids("proctor-artillery", hex="1127")
    p.put_ids("penn-state-foot", hex="0829")
    p.put_ids("maxwell simms porterfield parker 8th-chester-county", area="maxwells-detachment-area",
              note="4.1: the four \"MD\" units set up south of Maxwell's Detachment Boundary and west of the creek; "
                   "three more start in 0628 (the rulebook does not name them)")
    for x in units:
        if x.side == A and x.id not in p:
            p[x.id] = P(area="american-bivouac-area",
                        note="1.5, 3.6.1: at-start hex printed on the counter (not transcribed), inside the American "
                             "Bivouac Area")
    out["brandywine"] = scenario_xml(
        "brandywine", "Brandywine: the full battle",
        "11 September 1777. Turns 1-12 (1.1); the British player has the initiative on turn 1 (1.2). "
        "Units deploy by the at-start hex or turn of entry printed on the counters (1.5): the hexes the "
        "exclusive rules state are set here; the rest are placed in their areas or entry hexes, provisionally.",
        "brandywine", m, [(B, "British", 20, 1, None, BW_RETREAT_B), (A, "American", 20, 0, None, BW_RETREAT_A)], (1, 12, B, "initiative"),
        units, p, conditions=marginal,
        notes=brandywine_common_notes() + [
            "2.1 British Decisive Victory: at the end of any American player turn, at least 4 SPs of Parade Order "
            "British infantry or light infantry occupy hex 2419 or hex 2428, regardless of American adjacency "
            "(area victory-2428-2419).",
            "2.2 American Decisive Victory: case 1, at the end of any game turn, at least 15 SPs of British "
            "infantry/light infantry eliminated or captured and at least twice as many as the American losses; "
            "case 2, at the end of turn 12 the British have no Parade Order infantry or light infantry unit without "
            "American combat units adjacent in either 1910 or 1127 (area victory-1910-1127).",
            "2.4 Marginal Victory: the British win with more VPs; otherwise the Americans. 2.5.2: Proctor's "
            "Battery captured (1127), early release of Greene's and Sullivan's Wings: VP values on the Turn "
            "Record Track.",
            "3.6: American Bivouac Area; Greene's Wing may cross the creek on turn 4 and the whole army is released "
            "on turn 6 (3.6.1.1); early releases 3.6.1.2-3. 3.6.2: Radley Run, Delaware Blues (0407), Proctor "
            "(1127). 3.6.4 Third Brigade: turn 3 at A, turn 3 at B or turn 8 at D (set here: turn 8 at D). "
            "3.7: No Tea Stop on turn 6."])

    # ---- 7.1 Knyphausen's Feint
    m = brandywine_map()
    p = Placements()
    p.put(units, "King's Own, Reserve b Artillery", B, hex="0518")
    p.put(units, "Cleveland a Artillery", B, hex="0827")
    p.put(units, "Reserve a Artillery", B, hex="0828")
    p.put(units, "2nd Brigade Artillery", B, area="7.1-pike-08xx-starved-gut")
    p.put(units, "Hessian Artillery", B, area="7.1-chadds-ford-2")
    p.put(units, "1st Brigade Artillery", B, area="7.1-chadds-ferry-2")
    p.put(units, "Cleveland b Artillery", B, area="7.1-south-of-starved-gut")
    p.put(units, "Grant, 5, 10, 40, 55, Enniskillens", B, area="7.1-pike-08xx-starved-gut")
    p.put(units, "Stirn, Donop, \"Combined\", Mirbach, Leib", B, area="7.1-chadds-ford-2")
    p.put(units, "Royal Welsh Fusiliers, 28, 49", B, area="7.1-chadds-ferry-2")
    p.put(units, "Queen's Rangers, Ferguson's Rifles", B, area="7.1-south-of-ring-run")
    p.put(units, "Knyphausen, 3 Queen's Lt Dragoons, 2 Fraser's Highlanders", B, area="7.1-south-of-starved-gut")
    p.rest_unused(units, B)
    p.put(units, "Nelson, New York b Artillery", A, hex="0717")
    p.put(units, "New York a Artillery", A, hex="0918")
    p.put(units, "Jones Artillery", A, hex="1020")
    p.put(units, "Smith", A, hex="1022")
    p.put(units, "Proctor Artillery", A, hex="1127")
    p.put(units, "Rhode Island Artillery", A, hex="1331")
    p.put(units, "N. Carolina, NC Lt. Dragoons", A, hex="1726")
    p.put(units, "Washington, Lafayette, Pulaski, Washington Life Guards", A, hex="1727")
    p.put(units, "Continental Artillery", A, hex="1826")
    p.put(units, "Bedlam Artillery, 3 Pennsylvania Artillery", A, area="east-south-of-renwick-run")
    p.put(units, "2 Pennsylvania Artillery", A, area="east-south-of-pike")
    p.put(units, "Wayne, 2 Penn Brigade, Old Eleventh, Hartley, 10 Pennsylvania, 2 Penn Regiment, "
                 "7 Pennsylvania, Penn Rifle Regiment, Lady Washington's Horse", A, area="east-south-of-renwick-run")
    p.put(units, "Maxwell, Porterfield, Parker, 8th Chester County", A, area="east-south-of-pike")
    p["simms"] = P(area="east-south-of-pike", step=2, note="7.1.1.5: Simms (reduced)")
    p.put(units, "Spencer, Grayson, Patton", A, area="brinton-run-to-renwick-run")
    p.rest_unused(units, A)
    out["brandywine-knyphausens-feint"] = scenario_xml(
        "brandywine-knyphausens-feint", "Brandywine 7.1: Knyphausen's Feint",
        "Turns 7-12 (7.1.1.1); initiative rolled on every turn (7.1.1.2). Deployment in strict order: "
        "hex-specific in tandem, then remaining British and American artillery, then the remaining British and "
        "American area-specific units (7.1.1.5).",
        "brandywine", m, [(B, "British", 20, 0, None, BW_RETREAT_B), (A, "American", 19, 0, None, BW_RETREAT_A)], (7, 6, None, "initiative"),
        units, p, conditions=marginal,
        notes=brandywine_common_notes() + [
            "7.1.1.5: British Turn 9 reinforcements and American Turn 8 and 9 reinforcements arrive normally; the "
            "rulebook does not name them (they are on the counters and turn track), so they are listed as unused "
            "here: schedule them from your copy.",
            "7.1.2.1 British Decisive Victory: at the end of any game turn at least one British Parade Order "
            "infantry or light infantry unit is in Proctor's Battery (1127) and the American HQ (1727) with no "
            "American combat units adjacent to either hex (area victory-1127-1727).",
            "7.1.2.2 American Decisive Victory: at the end of turn 12 the British have no Parade Order infantry "
            "or light infantry unit in Proctor's Battery (1127).",
            "7.1.3.1: no British unit may move or retreat north of Renwick Run (area north-of-renwick-run). "
            "7.1.3.2: Washington, Lafayette, Count Pulaski and Washington's Life Guards are removed at the end of "
            "the turn 9 American movement phase, without VP or Army Morale adjustment."])
    fe = p

    # ---- 7.2 Howe's Flank Attack
    m = brandywine_map()
    t11 = [("2316", "Greene, 2 Virginia, 10 Virginia, Stevens Artillery"),
           ("2219", "6 Virginia, Penn. State Foot, Penn. State Rifle"),
           ("2019", "1 Virginia, 5 Virginia, 9 Virginia"),
           ("1919", "West Augusta, Doyle, Bedlam Artillery"),
           ("1718", "Washington, Lafayette, Count Pulaski, Washington Life Guards")]
    for hx, _ in t11:
        m.entry("T11-" + hx, H(hx), "Turn 11 American arrival hex %s (7.2.1.5)" % hx)
    p = Placements()
    p.put(units, "1 Queen's Light Dragoons, Ewald Dragoons", B, hex="1803")
    p.put(units, "Ewald, A/B Jaegers, Chasseurs", B, hex="1801")
    p["amusettes"] = P(hex="1801", states="attached", note="4.5.1: begins attached to the Hessian Chasseurs")
    howe_column(p, skip=set(p.keys()))
    for k, v in list(p.items()):
        if v.entry == "D":
            v.note = "7.2.1.5: enters at hex D normally (Howe's Column Worksheet, original turn)"
    p.rest_unused(units, B, note="7.2.1.5: no other British units are used in this scenario")
    for hx, names in (("0716", "Sullivan, 1 Maryland, 3 Maryland, 6 Maryland, New York a Artillery"),
                      ("0717", "2 Maryland, 4 Maryland, German Battalion, Porter Artillery"),
                      ("0817", "Nelson, Smith"), ("0407", "Delaware"), ("0405", "Congress' Own"),
                      ("1707", "Bland's Horse, Moylan's Horse"), ("1908", "3 Virginia"),
                      ("1710", "Lord Stirling, Spencer"), ("1814", "New Jersey, New Jersey a Artillery"),
                      ("1815", "3 Pennsylvania, Crane Artillery"), ("2119", "14 Virginia"),
                      ("2316", "Patton, Grayson"), ("2317", "4 Virginia, Lee Artillery"),
                      ("2318", "7 Virginia, Stephenson"), ("2319", "15 Virginia, Connecticut Artillery")):
        p.put(units, names, A, hex=hx)
    for hx, names in t11:
        p.put(units, names, A, turn=11, entry="T11-" + hx,
              note="7.2.1.5: enters on turn 11 at no MP cost; no strategic movement on entry")
    p.rest_unused(units, A)
    out["brandywine-howes-flank-attack"] = scenario_xml(
        "brandywine-howes-flank-attack", "Brandywine 7.2: Howe's Flank Attack",
        "Turns 6-12 (7.2.1.1); the British player has the initiative on turn 6, then random (7.2.1.2).",
        "brandywine", m, [(B, "British", 20, 1, None, BW_RETREAT_B), (A, "American", 19, 0, None, BW_RETREAT_A)], (6, 7, B, "initiative"),
        units, p, conditions=marginal,
        notes=brandywine_common_notes() + [
            "7.2.2.1 British Decisive Victory: at the end of any game turn at least one British Parade Order "
            "infantry or light infantry unit is in the Birmingham Meeting House (1910) and either hex of the Sandy "
            "Bottom (2215/2315), with no American combat units adjacent to the occupied hexes (areas "
            "victory-1910-1127 (1910) and sandy-bottom).",
            "7.2.2.2 American Decisive Victory: at the end of turn 12 the British have no Parade Order infantry or "
            "light infantry unit in the Birmingham Meeting House (1910)."])
    fl = p

    # ---- 7.3 Short Campaign
    m = brandywine_map()
    p = Placements()
    for k, v in fe.items():
        if any(x.id == k and x.side == B for x in units) and not v.unused:
            p[k] = v
    for k, v in fl.items():
        if any(x.id == k and x.side == B for x in units) and not v.unused:
            assert k not in p, k
            p[k] = P(hex=v.hex, area=v.area, turn=v.turn, entry=v.entry, states=v.states,
                     note="7.3.1.5: deployed as in 7.1/7.2")
    p.rest_unused(units, B)
    for hx, names in (("0405", "Congress' Own"), ("0407", "Delaware"),
                      ("0613", "Sullivan, Smith, 1 Maryland, 3 Maryland, German Battalion"),
                      ("0614", "2 Maryland, 4 Maryland, 6 Maryland, Porter Artillery"),
                      ("0717", "Nelson, New York b Artillery"), ("0918", "New York a Artillery"),
                      ("1020", "Jones Artillery"), ("1127", "Proctor Artillery"),
                      ("1331", "Rhode Island Artillery"), ("1707", "Bland's Horse, Moylan's Horse"),
                      ("1710", "Lord Stirling, Spencer"), ("1726", "N. Carolina, NC Lt. Dragoons"),
                      ("1727", "Washington, Lafayette, Pulaski, Washington Life Guards"),
                      ("1814", "Crane Artillery, 3 Pennsylvania"), ("1815", "New Jersey"),
                      ("1816", "Stephenson"), ("1826", "Continental Artillery"), ("1908", "3 Virginia"),
                      ("2028", "West Augusta, 1 Virginia, 14 Virginia"), ("2128", "Doyle, 9 Virginia, 5 Virginia"),
                      ("2226", "Greene, Stevens Artillery, Penn State Rifle, 10 Virginia, 2 Virginia"),
                      ("2227", "6 Virginia, Penn State Foot"), ("2316", "Patton, Grayson"),
                      ("2317", "4 Virginia, Lee Artillery"), ("2318", "15 Virginia, Connecticut Artillery"),
                      ("2319", "2 Massachusetts Artillery, 7 Virginia")):
        p.put(units, names, A, hex=hx)
    p["new-jersey-a-artillery"] = P(unused=True, note=(
        "7.3.1.5: \"The New Jersey a Artillery unit is not used in this scenario\", although the hex list also "
        "names it in 1815; the explicit note is followed here"))
    p.put(units, "Wayne, 2 Penn Brigade, Old Eleventh, Hartley, 10 Pennsylvania, 2 Penn Regiment, 7 Pennsylvania, "
                 "Penn Rifle Regiment, Lady Washington's Horse, Bedlam Artillery, 3 Pennsylvania Artillery", A,
          area="east-south-of-renwick-run")
    p.put(units, "Maxwell, Porterfield, Parker, 8th Chester County, 2 Pennsylvania Artillery", A,
          area="east-south-of-pike")
    p["simms"] = P(area="east-south-of-pike", step=2, note="7.3.1.5: Simms (reduced)")
    p.rest_unused(units, A)
    out["brandywine-short-campaign"] = scenario_xml(
        "brandywine-short-campaign", "Brandywine 7.3: Short Campaign",
        "Turns 7-12 (7.3.1.1). Initiative is rolled normally on turn 7 with -1 to the American roll, then "
        "random (7.3.1.2). The British deploy all their units of 7.1 and 7.2 first; no sequential deployment "
        "(7.3.1.5). Both sides receive their normal reinforcements on turns 7, 8 and 9.",
        "brandywine", m, [(B, "British", 20, 1, None, BW_RETREAT_B), (A, "American", 19, 0, None, BW_RETREAT_A)], (7, 6, None, "initiative",
                                        ['from="7" side="american" drm="-1" rule="Brandywine 7.3.1.2"']),
        units, p, conditions=marginal,
        notes=brandywine_common_notes() + [
            "7.3.2.1 British Decisive Victory: at the end of any American player turn at least 4 SPs of Parade "
            "Order British infantry or light infantry occupy hex 2419 or hex 2428, regardless of American "
            "adjacency (area victory-2428-2419).",
            "7.3.2.2 American Decisive Victory: at the end of turn 12 the British have no Parade Order infantry or "
            "light infantry unit without American combat units adjacent in either 1910 or 1127."])
    return out


# ------------------------------------------------------------ Germantown units

def germantown_units():
    B, A = "british", "american"
    u = [leader("cornwallis", "Cornwallis", B, 2, 1, nat="british", note="3.9.2.1: Major General"),
         leader("agnew", "Agnew", B, 2, 2, nat="british", note="3.9.2.1: listed among the Major Generals"),
         leader("grey", "Grey", B, 2, 3, nat="british"),
         leader("grant", "Grant", B, 2, 4, nat="british"),
         leader("musgrave", "Musgrave", B, 1, nat="british", commands="40th-foot",
                note="3.9.2: can only command the 40th Foot (its formation here is 40th-foot; order of battle: "
                     "Center Division, from the 2nd Brigade)"),
         leader("ewald", "Ewald", B, 0, nat="hessian", demi=True, lead=0, cc=0,
                note="3.9.3: demi-leader when alone or with Hessian units only")]
    bu = [("16th-queens-light-dragoons", "16th Queen's Light Dragoons", "dragoons", "british", "center-division"),
          ("2nd-light-infantry", "2nd Battalion Light Infantry", "light-infantry", "british", "center-division"),
          ("1st-grenadiers", "1st Grenadier Battalion", "infantry", "british", "center-division"),
          ("2nd-grenadiers", "2nd Grenadier Battalion", "infantry", "british", "center-division"),
          ("17th-foot", "17th Foot", "infantry", "british", "3rd-brigade"),
          ("44th-foot", "44th Foot", "infantry", "british", "3rd-brigade"),
          ("3rd-brigade-artillery", "3rd Brigade Artillery", "artillery", "british", "3rd-brigade"),
          ("33rd-foot", "33rd Foot", "infantry", "british", "4th-brigade"),
          ("46th-foot", "46th Foot", "infantry", "british", "4th-brigade"),
          ("64th-foot", "64th Foot", "infantry", "british", "4th-brigade"),
          ("4th-brigade-artillery", "4th Brigade Artillery", "artillery", "british", "4th-brigade"),
          ("40th-foot", "40th Foot", "infantry", "british", "40th-foot"),
          ("leib-regiment", "Leib Regiment", "infantry", "hessian", "center-division"),
          ("leib-regiment-artillery", "Leib Regiment Artillery", "artillery", "hessian", "center-division"),
          ("corps-reserve-artillery", "Corps Reserve Artillery", "artillery", "british", "center-division"),
          ("queens-rangers", "Queens Loyalist Rangers", "light-infantry", "provincial", "right-division"),
          ("1st-light-infantry", "1st Battalion Light Infantry", "light-infantry", "british", "right-division"),
          ("1st-guards", "1st Guards Battalion", "infantry", "british", "right-division"),
          ("2nd-guards", "2nd Guards Battalion", "infantry", "british", "right-division"),
          ("4th-foot", "4th Foot, \"Kings Own\"", "infantry", "british", "1st-brigade"),
          ("28th-foot", "28th Foot", "infantry", "british", "1st-brigade"),
          ("49th-foot", "49th Foot", "infantry", "british", "1st-brigade"),
          ("1st-brigade-artillery", "1st Brigade Artillery", "artillery", "british", "1st-brigade"),
          ("5th-foot", "5th Foot", "infantry", "british", "2nd-brigade"),
          ("27th-foot", "27th Foot, \"Enniskillings\"", "infantry", "british", "2nd-brigade"),
          ("55th-foot", "55th Foot", "infantry", "british", "2nd-brigade"),
          ("2nd-brigade-artillery", "2nd Brigade Artillery", "artillery", "british", "2nd-brigade"),
          ("chasseurs", "Chasseurs", "light-infantry", "hessian", "hessian-brigade"),
          ("von-linsing-grenadiers", "Von Linsing Grenadier Battalion", "infantry", "hessian", "hessian-brigade"),
          ("mirbach", "Mirbach Regiment", "infantry", "hessian", "hessian-brigade"),
          ("15th-foot", "15th Foot", "infantry", "british", "hessian-brigade"),
          ("37th-foot", "37th Foot", "infantry", "british", "hessian-brigade"),
          ("jaegers", "Jaegers", "rifle", "hessian", "left-division"),
          ("von-minnigerode-grenadiers", "Von Minnigerode Grenadier Battalion", "infantry", "hessian", "left-division"),
          ("von-donop", "Von Donop Regiment", "infantry", "hessian", "left-division"),
          ("von-donop-artillery", "Von Donop Regiment Artillery", "artillery", "hessian", "left-division")]
    for id_, name, kind, nat, form in bu:
        u.append(U(id_, name, kind, B, nat=nat, form=form))
    # Unit letters: A Armstrong, C Conway, G Greene, M McDougall, Mx Maxwell,
    # N Nash, S Sullivan, Sm Smallwood, St Stephen, W Wayne (Combat Units).
    u += [leader("washington", "Washington", A, 3, lead=4, nat="continental",
                 note="3.9.1: leadership DRM +4 stacked, +1 adjacent (stated); rank and CC DRM provisional"),
          leader("sullivan", "Sullivan", A, 2, 1, nat="continental", form="S"),
          leader("stephen", "Stephen", A, 2, 2, nat="continental", form="St",
                 note="3.2.1: must end Stephen's Movement Phase stacked with one of his infantry units"),
          leader("greene", "Greene", A, 2, 3, nat="continental", form="G"),
          leader("maxwell", "Maxwell", A, 1, 1, nat="continental", form="Mx"),
          leader("wayne", "Wayne", A, 1, 2, nat="continental", form="W", note="3.7: Wayne's Fury"),
          leader("muhlenberg", "Muhlenberg", A, 1, 3, nat="continental", form="G"),
          leader("armstrong", "Armstrong", A, 1, nat="patriot-militia", form="A", commands="patriot-militia",
                 note="3.9.1: can only command American militia"),
          leader("matthews", "Matthews", A, 1, nat="continental", form="G",
                 note="3.9.1: can only command the 9th VA (the format's commands= takes formations or "
                      "nationalities, and the 9th VA shares formation G; not machine-checked)")]
    oob = "named in the Orders of Battle only; the rules give no counter for it: if your countersheet has one, set it up"
    u += [leader("howe", "Howe", B, 3, nat="british", note=oob),
          leader("knyphausen", "Knyphausen", B, 3, nat="hessian", note=oob),
          leader("stirn", "Stirn", B, 2, nat="hessian", note=oob),
          leader("stirling", "Lord Stirling", A, 2, nat="continental", note=oob),
          leader("smallwood", "Smallwood", A, 1, nat="patriot-militia", form="Sm", note=oob),
          leader("potter", "Potter", A, 1, nat="patriot-militia", form="A", note=oob)]
    C = "continental"
    au = [("1st-maryland", "1st Maryland", "infantry", "S"), ("3rd-maryland", "3rd Maryland", "infantry", "S"),
          ("5th-maryland", "5th Maryland", "infantry", "S"), ("6th-maryland", "6th Maryland", "infantry", "S"),
          ("delaware-blues", "Delaware Blues", "infantry", "S"),
          ("1st-maryland-brigade-artillery", "1st Maryland Brigade Artillery", "artillery", "S"),
          ("2nd-maryland", "2nd Maryland", "infantry", "S"), ("4th-maryland", "4th Maryland", "infantry", "S"),
          ("smiths-rifle-company", "Smith's Rifle Company", "rifle", "S"),
          ("german-battalion", "German Battalion", "infantry", "S"),
          ("congress-own", "Hazen's Regiment, \"Congress' Own\"", "infantry", "S"),
          ("2nd-maryland-brigade-artillery", "2nd Maryland Brigade Artillery", "artillery", "S"),
          ("pennsylvania-rifle-regiment", "1st Pennsylvania, \"Pennsylvania Rifle Regiment\"", "rifle-regiment", "W"),
          ("7th-pennsylvania", "7th Pennsylvania", "infantry", "W"),
          ("10th-pennsylvania", "10th Pennsylvania", "infantry", "W"),
          ("hartleys-regiment", "Hartley's Regiment", "infantry", "W"),
          ("1st-pennsylvania-brigade-artillery", "1st Pennsylvania Brigade Artillery", "artillery", "W"),
          ("4th-pennsylvania", "4th Pennsylvania", "infantry", "W"),
          ("5th-pennsylvania", "5th Pennsylvania", "musket-rifle", "W"),
          ("8th-pennsylvania", "8th Pennsylvania", "infantry", "W"),
          ("old-eleventh", "11th Pennsylvania, \"Old Eleventh\"", "infantry", "W"),
          ("2nd-pennsylvania-brigade-artillery", "2nd Pennsylvania Brigade Artillery", "artillery", "W"),
          ("3rd-pennsylvania", "3rd Pennsylvania", "infantry", "C"),
          ("6th-pennsylvania", "6th Pennsylvania", "infantry", "C"),
          ("9th-pennsylvania", "9th Pennsylvania", "infantry", "C"),
          ("12th-pennsylvania", "12th Pennsylvania", "infantry", "C"),
          ("spencers-regiment", "Spencer's Regiment", "infantry", "C"),
          ("conways-brigade-artillery", "Conway's Brigade Artillery", "artillery", "C"),
          ("1st-new-jersey", "1st New Jersey", "infantry", "Mx"), ("3rd-new-jersey", "3rd New Jersey", "infantry", "Mx"),
          ("new-jersey-brigade-artillery", "New Jersey Brigade Artillery", "artillery", "Mx"),
          ("north-carolina-regiments", "1st thru 8th North Carolina Regiments", "infantry", "N"),
          ("north-carolina-brigade-artillery", "North Carolina Brigade Artillery", "artillery", "N"),
          ("1st-virginia", "1st Virginia", "infantry", "G"), ("5th-virginia", "5th Virginia", "infantry", "G"),
          ("9th-virginia", "9th Virginia", "infantry", "G"),
          ("west-augusta", "13th Virginia, \"West Augusta\"", "infantry", "G"),
          ("1st-virginia-brigade-artillery", "1st Virginia Brigade Artillery", "artillery", "G"),
          ("2nd-virginia", "2nd Virginia", "infantry", "G"), ("10th-virginia", "10th Virginia", "infantry", "G"),
          ("14th-virginia", "14th Virginia", "infantry", "G"),
          ("pennsylvania-state-foot", "Pennsylvania State Foot", "musket-rifle", "G"),
          ("2nd-virginia-brigade-artillery", "2nd Virginia Brigade Artillery", "artillery", "G"),
          ("3rd-virginia", "3rd Virginia", "infantry", "St"), ("7th-virginia", "7th Virginia", "infantry", "St"),
          ("11th-virginia", "11th Virginia", "infantry", "St"), ("15th-virginia", "15th Virginia", "infantry", "St"),
          ("3rd-virginia-brigade-artillery", "3rd Virginia Brigade Artillery", "artillery", "St"),
          ("4th-virginia", "4th Virginia", "infantry", "St"),
          ("8th-virginia", "8th Virginia, \"German Regiment\"", "infantry", "St"),
          ("12th-virginia", "12th Virginia", "infantry", "St"),
          ("graysons-regiment", "Grayson's Regiment", "infantry", "St"),
          ("pattons-regiment", "Patton's Regiment", "infantry", "St"),
          ("4th-virginia-brigade-artillery", "4th Virginia Brigade Artillery", "artillery", "St"),
          ("4th-connecticut", "4th Connecticut", "infantry", "M"), ("5th-connecticut", "5th Connecticut", "infantry", "M"),
          ("8th-connecticut", "8th Connecticut", "infantry", "M"),
          ("mcdougals-brigade-artillery", "McDougal's Brigade Artillery", "artillery", "M"),
          ("maryland-militia", "Maryland Brigade (militia)", "militia", "Sm"),
          ("new-jersey-militia", "New Jersey Brigade (militia)", "militia", "Sm"),
          ("8th-chester-county", "8th Chester County (PA) Regiment", "militia", "Sm"),
          ("pennsylvania-levies", "Pennsylvania Levies", "militia", "A"),
          ("philadelphia-associators", "Philadelphia Associators", "militia", "A"),
          ("potters-artillery", "Potter's Artillery", "artillery", "A"),
          ("irvines-brigade", "Irvine's Pennsylvania Brigade", "militia", "A"),
          ("schotts-dragoons", "Schott's Independent Dragoon Company", "dragoons", None),
          ("blands-horse", "Bland's Horse", "dragoons", None),
          ("moylans-horse", "Moylan's Horse", "dragoons", None),
          ("mclanes-delaware-horse", "McLane's Delaware Horse", "dragoons", None),
          ("doyles-rifle-company", "Doyle's Rifle Company", "rifle", None)]
    notes = {"pennsylvania-rifle-regiment": "4.2: black R, no Close Combat penalty",
             "5th-pennsylvania": "4.1, 4.2: musket/rifle, Close Combat / Rifle Fire values; black R",
             "pennsylvania-state-foot": "4.1, 4.2: musket/rifle, Close Combat / Rifle Fire values; black R",
             "north-carolina-regiments": "the order of battle lists the 1st thru 8th North Carolina Regiments; "
                                         "the number of counters is not stated",
             "pennsylvania-levies": "the order of battle lists levies from six counties; the number of counters "
                                    "is not stated",
             "corps-reserve-artillery": "order of battle: Corp Reserve Artillery Batteries (deployed with the "
                                        "British pickets); the number of counters is not stated"}
    for id_, name, kind, form in au:
        nat = "patriot-militia" if kind == "militia" or form in ("A", "Sm") else C
        rifle = "black-r" if id_ in ("pennsylvania-rifle-regiment", "5th-pennsylvania",
                                     "pennsylvania-state-foot") else None
        u.append(U(id_, name, kind, A, nat=nat, form=form, rifle=rifle, note=notes.get(id_)))
    for x in u:
        if x.id == "5th-pennsylvania" or x.id == "pennsylvania-state-foot":
            x.prov = [p for p in x.prov]
    return u


VANGUARD = "doyles-rifle-company spencers-regiment 3rd-pennsylvania 6th-pennsylvania 9th-pennsylvania " \
           "12th-pennsylvania conways-brigade-artillery moylans-horse"


def germantown_scenarios(units):
    B, A = "british", "american"
    m = germantown_map()
    p = Placements()
    ext = {x.id: x for x in units}
    greene_col = [x.id for x in units if x.side == A and x.form in ("G", "St", "M")]
    for i in greene_col:
        p[i] = P(turn=2, entry="A-1", note=(
            "3.4.1: American reinforcements enter on turn 2 at 2800 (A-1) and cannot be withheld; which units "
            "they are is printed on the counters: Greene's column (formations G, St, M) is set here provisionally"))
    for x in units:
        if x.side == A and x.form == "Sm":
            p[x.id] = P(turn=7, entry="A-2", note=(
                "3.4.1.2: Smallwood's militia enter at 3800 (A-2) from turn 7 on a successful die roll"))
    for i in ("cornwallis", "1st-grenadiers", "2nd-grenadiers"):
        p[i] = P(turn=5, entry="B", note=(
            "3.4.2: British reinforcements enter on turn 5 at 4617 (B); which units is printed on the counters: "
            "Cornwallis and the Grenadier battalions (historical summary) are set here provisionally"))
    for i in ("howe", "knyphausen", "stirn", "stirling", "smallwood", "potter"):
        p[i] = P(unused=True)
    for x in units:
        if x.id in p:
            continue
        area = "british-camp" if x.side == B else "american-approach"
        states = "american-vanguard" if x.id in VANGUARD.split() else None
        p[x.id] = P(area=area, states=states, note=(
            "1.6: at-start hex printed on the counter (not transcribed); schematic area"))
    out = {}
    out["germantown"] = scenario_xml(
        "germantown", "Germantown",
        "4 October 1777, 5:20 AM (turn 1) to 2:20 PM (turn 10) (1.3). Turns 1-3: American then British; "
        "turns 4-10: random player order (1.2). Units with 4-digit at-start numbers are placed in those "
        "hexes, the others are reinforcements (1.6); the counters are not transcribed, so at-start units are "
        "placed in schematic areas.",
        "germantown", m, [(B, "British", 14, 0, None, GT_RETREAT_B), (A, "American", 13, 1, None, GT_RETREAT_A)], (1, 10, A, "initiative",
                                                                                                       ['from="1" to="3" first="american" rule="Germantown 1.2"']),
        units, p,
        objectives=[("3313", B, 1, "end"), ("3915", A, 1, "end")],
        conditions=[(A, "marginal", 2), (B, "marginal", 2)],
        notes=[SCHEMATIC_NOTE,
               "1.2: turns 1-3 the American player moves first, then the British; from turn 4 player order is "
               "random (player-order initiative from turn 4).",
               "2.1.1 British Decisive Victory: 17 or more SPs of non-militia, non-artillery American combat units "
               "eliminated or captured (12 if Washington is a casualty).",
               "2.1.2 American Decisive Victory: case 1, the American army does not panic and occupies British entry "
               "hex B (4617) with a non-artillery combat unit at the end of any game turn with no British combat unit "
               "adjacent (area victory-4617); case 2, the army panicked: occupy (or last occupied) the Chew House "
               "(3313) and occupy Market Square (3915) with non-artillery combat units at the end of any game turn, "
               "no British combat units adjacent (area victory-chew-market).",
               "2.3: marginal victory with a margin of 2 or more VPs, otherwise a draw. 2.4: Chew House 1 VP to the "
               "British (or last to occupy it, 3.10.5), Market Square 1 VP to the Americans, at game end.",
               "3.1 Fog: dense on turns 1-3, rolled on turns 4-6, clear on 7-10. 3.2 Stephen's Shame. 3.3: on turn 1 "
               "only British units on or north of hex row 34xx may move (area british-turn-1). 3.5: American "
               "Militia Bombardment Zone. 3.6/4.3: American Vanguard +1 CC DRM on turn 1 (state american-vanguard).",
               "3.8 Retreat priorities: American units north, northwest or west; British units south, southeast or "
               "east, if possible. 3.10 Chew House: fortified hex."])
    return out


# -------------------------------------------------------------- Savannah units

def savannah_units():
    B, A, F = "british", "american", "french"
    u = [leader("prevost", "Prevost", B, 2, nat="british", note="4.18: momentum chit lost if a casualty"),
         leader("maitland", "Maitland", B, 1, 1, nat="british"),
         leader("von-porbeck", "von Porbeck", B, 1, 2, nat="german")]
    bu = [("tawes", "Tawes' Dismounted Dragoons", "infantry", "british", True,
           "4.18: demi-leader in the Spring Hill Redoubt (1404); dismounted dragoons"),
          ("grahams-light-infantry", "Graham's Light Infantry", "light-infantry", "british", False, None),
          ("1st-frasers-highlanders", "1st Bn. Fraser's Highlanders", "infantry", "british", False, None),
          ("2nd-frasers-highlanders", "2nd Bn. Fraser's Highlanders", "infantry", "british", False, None),
          ("2nd-royal-americans", "2nd Bn. Royal Americans", "infantry", "british", False, None),
          ("3rd-royal-americans", "3rd Bn. Royal Americans", "infantry", "british", False, None),
          ("4th-royal-americans", "4th Bn. Royal Americans", "infantry", "british", False, None),
          ("royal-marines", "Royal Marines", "infantry", "british", False, None),
          ("royal-navy", "Royal Navy", "infantry", "british", False, None),
          ("von-trumbach", "von Trumbach", "infantry", "german", False, "Grenadier Regiment von Trumbach"),
          ("von-wissenbach", "Garrison Regiment von Wissenbach", "infantry", "german", False, None),
          ("new-york-volunteers", "New York Volunteers", "infantry", "provincial", False, None),
          ("1st-delancey", "1st Bn. DeLancy", "infantry", "provincial", False, None),
          ("2nd-delancey", "2nd Bn. DeLancy", "infantry", "provincial", False, None),
          ("3rd-new-jersey-volunteers", "3rd Bn. New Jersey Volunteers", "infantry", "provincial", False, None),
          ("kings-florida-rangers", "King's Fl. Rangers", "infantry", "provincial", False, None),
          ("1st-sc-royalists", "1st Bn. South Carolina Royalists", "infantry", "provincial", False, None),
          ("2nd-sc-royalists", "2nd Bn. South Carolina Royalists", "infantry", "provincial", False, None),
          ("royal-north-carolina", "Royal N.C.", "infantry", "provincial", False,
           "North Carolina Volunteers (Lt. Colonel John Hamilton)"),
          ("georgia-loyalists", "Georgia Loyalists", "infantry", "provincial", False, None),
          ("1st-georgia-militia", "1st Ga. Militia", "militia", "tory-militia", False, None),
          ("2nd-georgia-militia", "2nd Ga. Militia", "militia", "tory-militia", False, None),
          ("loyal-savannah-militia", "Loyal Savannah Militia", "militia", "tory-militia", False, None),
          ("chatham-county-militia", "Chatham County Militia", "militia", "tory-militia", False,
           "4.8: optional, comes into play through Random Events"),
          ("negro-volunteers", "Negro Volunteers", "infantry", "provincial", False,
           "4.1: may never pass through or stack with southern Provincial or Tory Militia units"),
          ("convalescents", "Convalescents", "infantry", "british", False, None),
          ("battery-a", "Battery A", "artillery", "british", False, None),
          ("battery-b", "Battery B", "artillery", "british", False, None),
          ("battery-d", "Battery D", "artillery", "british", False, None),
          ("naval-battery", "Naval Battery", "artillery", "british", False, None),
          ("fort-battery", "Fort Battery", "artillery", "british", False, None),
          ("invalid-battery", "Invalid Battery", "artillery", "british", False, None),
          ("augusta-rd-battery", "Augusta Rd. Battery", "artillery", "british", False, None),
          ("carolina-battery", "Carolina Battery", "artillery", "british", False, None),
          ("grand-battery", "Grand Battery", "artillery", "british", False, None),
          ("creek-indians", "Creek Indians", "indians", "creek", False,
           "4.8: optional (Random Events); militia with light infantry capability; MP 5 (stated); combat value "
           "in parentheses: defence only when alone; never enters the Savannah Defensive Perimeter"),
          ("tawes-replacement", "Tawes (replacement counter)", "infantry", "british", False,
           "4.8, 4.18: replacement without the demi-leader star"),
          ("negro-volunteers-replacement", "Negro Volunteers (replacement counter)", "infantry", "provincial",
           False, "4.8: replacement counter")]
    for id_, name, kind, nat, demi, note in bu:
        stated = ("movement",) if kind == "indians" else ()
        u.append(U(id_, name, kind, B, nat=nat, demi=demi, note=note, stated=stated))
    u += [leader("lincoln", "Lincoln", A, 2, nat="continental", note="4.18: momentum chit lost if a casualty"),
          leader("mcintosh", "McIntosh", A, 1, 1, nat="continental"),
          leader("huger", "Huger", A, 1, 2, nat="militia", commands="militia",
                 note="4.18: may only stack with and command American militia and/or artillery"),
          leader("laurens", "Laurens", A, 1, nat="continental")]
    au = [("pulaski", "Pulaski", "dragoons", "continental", True,
           "4.18: demi-leader for himself and American cavalry stacked with him; 4.13: the only American unit that "
           "may cooperate with the French in Close Combat"),
          ("1st-sc", "1st S.C.", "infantry", "continental", False, None),
          ("3rd-sc", "3rd S.C.", "infantry", "continental", False, None),
          ("6th-sc", "6th S.C.", "infantry", "continental", False, None),
          ("2nd-sc", "2nd S.C.", "infantry", "continental", False, None),
          ("5th-sc", "5th S.C.", "infantry", "continental", False, None),
          ("twigg", "Twigg", "militia", "militia", False, None),
          ("dooly", "Dooly", "militia", "militia", False, None),
          ("ga-combined-militia", "GA \"Combined\" Militia", "militia", "militia", False, None),
          ("1st-va-levies", "1st Va. Levies", "infantry", "continental", False, None),
          ("1st-va-light-dragoons", "1st Va. Light Dragoons", "dragoons", "continental", False, None),
          ("beekmans-sc-artillery", "Beekman's S.C. Artillery", "artillery", "continental", False, None),
          ("horrys-sc-horse", "Horry's S.C. Horse", "dragoons", "continental", False, None),
          ("sc-ga-light-corps", "S.C./Ga. Light Corps", "light-infantry", "continental", False, None),
          ("1st-charlestown-militia", "1st Bn. Charlestown Militia", "militia", "militia", False,
           "4.17: no militia -1 DRM in Close Combat against regulars"),
          ("2nd-charlestown-militia", "2nd Bn. Charlestown Militia", "militia", "militia", False,
           "4.17: no militia -1 DRM in Close Combat against regulars"),
          ("harden", "Harden", "militia", "militia", False, None),
          ("garden", "Garden", "militia", "militia", False, None),
          ("skirving", "Skirving", "militia", "militia", False, None),
          ("reed", "Reed", "militia", "militia", False, None),
          ("sc-combined-militia", "S.C. \"Combined\" Militia", "militia", "militia", False, None),
          ("pulaski-replacement", "Pulaski (replacement counter)", "dragoons", "continental", False,
           "4.8, 4.18: replacement without the demi-leader star")]
    for id_, name, kind, nat, demi, note in au:
        u.append(U(id_, name, kind, A, nat=nat, demi=demi, note=note))
    u += [leader("destaing", "d'Estaing", F, 3, nat="french",
                 note="4.18: momentum chit lost if a casualty; Historical Scenario: must attack on turn 16"),
          leader("de-noailles", "de Noailles", F, 1, 1, nat="french"),
          leader("dillon", "Dillon", F, 1, 2, nat="french"),
          leader("von-stedingk", "von Stedingk", F, 1, nat="french")]
    fu = [("champagne-chasseurs", "Champagne Chasseurs", "light-infantry"), ("avant-garde", "Avant-Garde", "infantry"),
          ("auxerrois", "Auxerrois", "infantry"), ("foix", "Foix", "infantry"),
          ("guadaloupe-flank-companies", "Guadaloupe Flank Companies", "light-infantry"),
          ("guadaloupe-fusiliers", "Guadaloupe Fusiliers", "infantry"), ("conde", "Conde", "dragoons"),
          ("cambresis", "Cambresis", "infantry"), ("hainault", "Hainault", "infantry"),
          ("colonial-chasseurs", "Colonial Chasseurs", "light-infantry"), ("ducap-fusiliers", "DuCap Fusiliers", "infantry"),
          ("port-au-prince", "Port-au-Prince", "infantry"), ("martinique", "Martinique", "infantry"),
          ("dillons-irish", "Dillon's Irish Regt.", "infantry"), ("armagnac", "Armagnac", "infantry"),
          ("grenadier-bn", "Grenadier Bn.", "infantry"), ("grenadier-volunteers", "Grenadier Volunteers", "infantry"),
          ("reserve-bn", "Reserve Bn.", "infantry"), ("reserve-artillery", "Reserve Artillery", "artillery"),
          ("grenadiers-de-san-domingue", "Grenadiers de San Domingue", "infantry"),
          ("san-domingue-volunteers", "San Domingue Volunteers", "infantry"),
          ("marine-bn", "Marine Bn.", "infantry"), ("naval-bombardiers", "Naval bombardiers", "artillery"),
          ("mortar-battery", "Mortar Battery", "mortar"), ("marine-company", "Marine Company", "infantry"),
          ("battery-a-rt", "Battery A (rt.)", "artillery"), ("battery-b-rt", "Battery B (rt.)", "artillery"),
          ("battery-a-lft", "Battery A (lft)", "artillery"), ("battery-b-lft", "Battery B (lft)", "artillery"),
          ("san-domingue-volunteer-detachment", "San Domingue Volunteer Detachment", "infantry")]
    fnotes = {"dillons-irish": "4.16: Irish Ferocity, +1 CC DRM leading against British Regulars",
              "mortar-battery": "4.12: range 5, not adjacent, no LOS, scatter; MP 2 (4.7 example)"}
    # 4.1: the book classes French units only by counter stripe colour (1.1)
    # and names no unit's class.  Only the San Domingue Volunteers (the
    # Order of Battle's "Volunteers of San Domingo", apart from the three
    # Divisions) are inferred French Colonial Militia, provisionally; every
    # other French unit's class is not stated (docs/rulings.md).
    fclass = {"san-domingue-volunteers": "colonial-militia",
              "san-domingue-volunteer-detachment": "colonial-militia"}
    for id_, name, kind in fu:
        stated = ("movement",) if kind == "mortar" else ()
        # 4.12: mortars "Have a range of 5 hexes" (read by rdt-fire.c).
        u.append(U(id_, name, kind, F, nat="french", note=fnotes.get(id_), stated=stated,
                   cls=fclass.get(id_), cls_provisional=id_ in fclass,
                   range_=5 if kind == "mortar" else None))
    return u


SAV_SCHEDULE = [  # Campaign Game Reinforcement Schedule
    (1, "british", "1st-delancey 2nd-georgia-militia", "B-1"), (1, "british", "battery-a", "HQ"),
    (2, "french", "champagne-chasseurs avant-garde", "F"),
    (3, "british", "kings-florida-rangers 1st-georgia-militia", "B-2"), (3, "british", "battery-b", "HQ"),
    (3, "american", "mcintosh 1st-sc 3rd-sc 6th-sc twigg dooly ga-combined-militia", "A"),
    (3, "french", "von-stedingk auxerrois foix guadaloupe-flank-companies guadaloupe-fusiliers", "F"),
    (4, "british", "royal-marines royal-navy naval-battery fort-battery", "HQ"),
    (4, "american", "pulaski", "F"),
    (4, "french", "destaing conde cambresis hainault", "F"),
    (5, "british", "loyal-savannah-militia battery-d", "HQ"),
    (5, "american", "1st-va-levies 1st-va-light-dragoons", "A"),
    (5, "french", "colonial-chasseurs ducap-fusiliers port-au-prince martinique", "F"),
    (6, "french", "dillon dillons-irish armagnac grenadier-bn grenadier-volunteers de-noailles reserve-bn "
                  "reserve-artillery grenadiers-de-san-domingue san-domingue-volunteers", "F"),
    (7, "british", "maitland 1st-frasers-highlanders", "HQ"),
    (7, "american", "lincoln beekmans-sc-artillery horrys-sc-horse laurens sc-ga-light-corps "
                    "1st-charlestown-militia 2nd-charlestown-militia huger 2nd-sc 5th-sc harden garden skirving "
                    "reed sc-combined-militia", "A"),
    (8, "british", "von-trumbach royal-north-carolina", "HQ"),
    (8, "french", "marine-bn naval-bombardiers mortar-battery", "V-1"),
    (9, "british", "invalid-battery", "HQ"),
    (9, "french", "marine-company battery-a-rt battery-b-rt", "V-1"),
    (10, "british", "negro-volunteers augusta-rd-battery", "HQ"),
    (10, "french", "battery-a-lft", "V-1"),
    (11, "british", "carolina-battery", "HQ"),
    (11, "french", "san-domingue-volunteer-detachment battery-b-lft", "V-1"),
    (12, "british", "convalescents grand-battery", "HQ"),
]
SAV_NOTES = {
    "HQ": "Campaign Game Reinforcement Schedule: at the British HQ",
    "V-1": "French variable entry (notes C, 4.7): die roll 0-4 V-1 (3822 or 3920), 5-7 V-2 (4214), 8 V-3 (4105), "
           "9 F (3123); set here at V-1",
    "A": "note A: no strategic movement on the turn of arrival",
    "F": "note B: no strategic movement on the turn of arrival",
}
RANDOM_EVENT_UNITS = "chatham-county-militia creek-indians tawes-replacement negro-volunteers-replacement " \
                     "pulaski-replacement"


def savannah_common_notes():
    return [SCHEMATIC_NOTE,
            "4.1 Stacking restrictions: French and American units may not stack together at the end of a movement "
            "phase (except Pulaski's Legion and leaders); the Negro Volunteers never with southern Provincial or "
            "Tory Militia units; French Regulars and French Colonial Militia not together.",
            "4.19: ZOCs extend out of, not into, swamp and city hexes; each army retreats toward its HQ (HQ "
            "locations schematic); the 9.1 one-hex move does not apply in the Yamacraw Swamp or to naval artillery "
            "and mortars. 4.9 Covered Way (hexes 1105 to 1401). 4.11 British Naval Bombardment Zone.",
            "2.8 Victory hex: Spring Hill Redoubt (1404), 1 VP to the player controlling it at game end (occupying "
            "it with a Parade Order combat unit, no Parade Order enemy combat unit adjacent).",
            "1.4: the Allies (French and Americans) share momentum; the chit is recorded on the American side."]


def savannah_scenarios(units):
    B, A, F = "british", "american", "french"
    out = {}
    ids = {x.id: x for x in units}
    # ---- Campaign: the reinforcement schedule (1.2) and at-start deployment.
    m = savannah_map()
    p = Placements()
    for turn, side, names, entry in SAV_SCHEDULE:
        for i in names.split():
            assert ids[i].side == side, i
            extra = ""
            if turn in (7, 8) and side == B:
                extra = "; may only move 1 space on the turn of arrival"
            p.put_ids(i, turn=turn, entry=entry, note=SAV_NOTES.get(entry, "") + extra or None)
    p.put_ids("von-porbeck", hex="1805", note="Campaign Game At-Start Deployment")
    p.put_ids("grahams-light-infantry", hex="1803", note="Campaign Game At-Start Deployment")
    p.put_ids(RANDOM_EVENT_UNITS, unused=True, note="4.8: comes into play only through Random Events")
    for x in units:
        if x.id not in p:
            assert x.side == B, x.id
            p[x.id] = P(area="savannah-defensive-perimeter", note=(
                "Campaign Game At-Start Deployment: at-start location printed on the counter (not transcribed)"))
    out["savannah-campaign"] = scenario_xml(
        "savannah-campaign", "Savannah 1779: Campaign Game",
        "Strategic Turn Track turns 1-15, Tactical Turn Track turns 16-25 (1.5, 1.6). Deploy according to the "
        "Campaign Game Reinforcement Schedule (1.2).",
        "savannah", m, [(B, "British", 19, 0, None, SV_RETREAT_B), (A, "American", 18, 1, "allies", SV_RETREAT_A), (F, "French", 17, 0, "allies", SV_RETREAT_F)],
        (1, 25, B, "initiative", ['from="1" to="15" first="british" rule="Savannah 4.19"',
                                  'from="16" first="french" rule="Savannah 4.19"',
                                  'from="17" to="25" level="french" rule="Savannah 4.19"']), units, p,
        objectives=[("1404", None, 1, "end")],
        conditions=[(A, "marginal", 3), (F, "marginal", 3), (B, "marginal", -2)],
        notes=savannah_common_notes() + [
            "4.19 Player order: turn 1 British only; turns 2-15 British then Allies; turn 16 Allies then British; "
            "turns 17-25 random, the Allies using the French initiative level.",
            "2.1 Allied Decisive Victory: case A, an Allied Parade Order combat unit in a City of Savannah hex at "
            "the end of a British player turn forces a Surrender Die Roll (area city-of-savannah); case B, 26 SPs of "
            "British, German and/or Provincial combat units eliminated, at least 10 of British Regulars. 2.4 British "
            "Decisive Victory: 26 SPs of French Regular, Mercenary and/or Continental units, at least 18 French "
            "Regulars. 2.3/2.6 Marginal: the Allies with a margin of 3 or more VPs, otherwise the British.",
            "4.7: British reinforcements \"At HQ\" enter in a Savannah city hex if the HQ is enemy occupied."])
    # ---- Historical Scenario
    m = savannah_map()
    p = Placements()
    p.put_ids(RANDOM_EVENT_UNITS, unused=True, note="Historical Scenario: not used in this scenario")
    p.put_ids("loyal-savannah-militia", area="savannah-defensive-perimeter",
              note="Historical Scenario: may deploy in any hex within the Savannah Defensive Perimeter")
    for x in units:
        if x.id in p:
            continue
        if x.side == B:
            p[x.id] = P(area="savannah-defensive-perimeter", note=(
                "Historical Scenario: printed at-start location (not transcribed); schematic area"))
        else:
            p[x.id] = P(area="allied-assault-positions", note=(
                "Historical Scenario: printed at-start location (not transcribed); schematic area"))
    out["savannah-historical"] = scenario_xml(
        "savannah-historical", "Savannah 1779: Historical Scenario",
        "The assault of 9 October 1779: turns 16-20 on the Tactical Game Turn Track. Deploy all units according "
        "to their printed at-start locations; the Loyal Savannah Militia anywhere within the Savannah Defensive "
        "Perimeter.",
        "savannah", m, [(B, "British", 14, 0, None, SV_RETREAT_B), (A, "American", 13, 1, "allies", SV_RETREAT_A), (F, "French", 12, 0, "allies", SV_RETREAT_F)],
        (16, 5, F, "initiative", ['from="17" to="20" level="french" rule="Savannah 4.19"']), units, p,
        objectives=[("1404", None, 1, "end")],
        conditions=[(A, "marginal", 3), (F, "marginal", 3), (B, "marginal", -2)],
        notes=savannah_common_notes() + [
            "Player order: turn 16 the Allies (French and Americans) then the British; turns 17-20 random.",
            "Turn 16: fog; American units may not attack in Close Combat; d'Estaing must take part in a Close "
            "Combat attack. Weather is clear on the remaining turns.",
            "Victory: Allied Decisive immediately when a Parade Order Allied combat unit enters a City of Savannah "
            "hex (area city-of-savannah); British Decisive: eliminate d'Estaing and at least 15 SPs of French "
            "Regular and/or Continental units; other levels as in the Campaign Game.",
            "Special rules: no artillery may move (except the French Reserve Artillery) until attacked in Close "
            "Combat; the printed siege works hexsides are used; all French attacks -1 DRM; the listed Campaign "
            "Game rules apply (Historical Scenario)."])
    return out


# ========================================================================= main

def outputs():
    """(path relative to the source root, content) of every generated file."""
    out = [("data/volumes/brandywine.xml", brandywine_volume()),
           ("data/volumes/germantown.xml", germantown_volume()),
           ("data/volumes/savannah.xml", savannah_volume())]
    for gen, units in ((brandywine_scenarios, brandywine_units), (germantown_scenarios, germantown_units),
                       (savannah_scenarios, savannah_units)):
        for name, content in gen(units()).items():
            out.append(("scenarios/%s.redoubt" % name, content))
    return out


def main(argv):
    check = "--check" in argv[1:]
    stale = []
    for rel, content in outputs():
        path = os.path.join(ROOT, rel)
        if check:
            try:
                with open(path, encoding="utf-8", newline="") as f:
                    if f.read() != content:
                        stale.append(rel)
            except OSError:
                stale.append(rel)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(content)
    for rel in stale:
        print("%s: differs from what tools/gen-schematic-volumes.py generates" % rel)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
