#!/usr/bin/env python3
# Writes tests/data/los/rules/*.redoubt: one small map per sentence of 11.41 to
# 11.44 (and the conventions), read by test-los-files.c together with
# cases.txt.  Run from this directory; the output is committed.
import os

def volume(edition):
    return f'''  <volume id="los-rules-{edition}">
    <title>LOS rules test volume ({edition} edition)</title>
    <series-rules edition="{edition}">
      <variant rule="11.43 B" edition="{edition}"/>
      <variant rule="15.1" edition="{edition}"/>
      <variant rule="9.51" edition="{edition}"/>
      <variant rule="12.7" edition="{edition}"/>
    </series-rules>
    <stacking max-sp="6" max-artillery="1" rule="7.1"/>
    <terrain id="clear" name="Clear" mp="1" blocks-los="false" zoc="true" strategic="false" slope-for-los="false" covered="false" fire-drm="0" cc-drm="0" provisional="fire-drm cc-drm"/>
    <terrain id="light-forest" name="Light forest" mp="1.5" blocks-los="true" zoc="false" strategic="false" slope-for-los="false" covered="true" fire-drm="0" cc-drm="0" provisional="mp fire-drm cc-drm" rule="11.42; 8.1"/>
    <terrain id="meeting-house" name="Meeting House" mp="1" blocks-los="true" zoc="false" strategic="false" slope-for-los="false" covered="false" fire-drm="0" cc-drm="0" provisional="mp fire-drm cc-drm" rule="Brandywine 3.8"/>
    <hexside-type id="creek" name="Creek" kind="water" mp="1" blocks-los="false" zoc="true" strategic="false" slope-for-los="false" covered="false" fire-drm="0" cc-drm="0" provisional="fire-drm cc-drm" rule="8.1 Note"/>
    <hexside-type id="slope" name="Slope" kind="slope" mp="0" blocks-los="false" zoc="true" strategic="false" slope-for-los="true" covered="false" fire-drm="0" cc-drm="0" provisional="mp fire-drm cc-drm" rule="11.43"/>
  </volume>'''

def unit(uid, side, hexlabel, status=None):
    st = f' status="{status}"' if status else ""
    return f'''    <unit id="{uid}" name="{uid}" side="{side}" kind="infantry" movement="4" provisional="strength morale movement">
      <step strength="2" morale="5"/>
      <setup hex="{hexlabel}"{st}/>
    </unit>'''

def scenario(name, edition="current", hexes=(), sides=(), units=(), orientation="flat-top", shift="odd"):
    body = []
    for at, terrain in hexes:
        body.append(f'    <hex at="{at}" terrain="{terrain}"/>')
    for at, attrs in sides:
        body.append(f'    <hexside at="{at}" {attrs}/>')
    us = "\n".join(unit(f"u{i}", *u) for i, u in enumerate(units))
    text = f'''<?xml version="1.0" encoding="UTF-8"?>
<scenario xmlns="urn:x-redoubt:format" format-version="1" id="{name}">
  <title>{name}</title>
{volume(edition)}
  <map default-terrain="clear">
    <grid columns="10" rows="10" first-column="1" first-row="1" orientation="{orientation}" shift="{shift}"/>
{chr(10).join(body)}
  </map>
  <sides>
    <side id="british" name="British"/>
    <side id="american" name="American"/>
  </sides>
  <turns first="1" count="1" first-player="british" player-order="fixed"/>
  <units>
{us}
  </units>
</scenario>
'''
    text = text.replace("\n\n", "\n")
    with open(os.path.join("rules", name + ".redoubt"), "w") as f:
        f.write(text)

def slope(high, low):
    a, b = sorted([high, low])
    return (f"{a}|{b}", f'slope="slope" high="{high}"')

scenario("adjacent", hexes=[("0505", "light-forest"), ("0506", "light-forest")],
         sides=[slope("0505", "0506")], units=[("british", "0505"), ("american", "0506")])
scenario("slope-creek", sides=[("0503|0504", 'water="creek" slope="slope" high="0503"')])
scenario("creek-only", sides=[("0503|0504", 'water="creek"')])
scenario("light-forest", hexes=[("0503", "light-forest")])
scenario("meeting-house", hexes=[("0503", "meeting-house")])
scenario("units", units=[("british", "0502"), ("american", "0504"), ("british", "0702"), ("british", "0704")])
scenario("into", hexes=[("0505", "light-forest"), ("0502", "light-forest")], units=[("british", "0502")])
scenario("case-a-slope", sides=[slope("0504", "0503")])
scenario("case-a-end-slopes", sides=[slope("0503", "0502"), slope("0504", "0505")])
scenario("case-b-up-slope", sides=[slope("0505", "0504")])
for ed in ("current", "older"):
    scenario(f"staircase-{ed}", edition=ed, sides=[slope("0505", "0504"), slope("0504", "0503")])
    scenario(f"valley-{ed}", edition=ed, hexes=[("0503", "light-forest")],
             sides=[slope("0502", "0503"), slope("0506", "0505"), slope("0505", "0504")],
             units=[("american", "0504")])
    scenario(f"blocking-b-{ed}", edition=ed, sides=[slope("0505", "0504")], units=[("american", "0503")])
scenario("ridge-older", edition="older", sides=[slope("0505", "0504"), slope("0503", "0504")])
scenario("range3-older", edition="older", sides=[slope("0503", "0502"), slope("0505", "0504")])
scenario("range3-same-older", edition="older",
         sides=[slope("0503", "0502"), slope("0505", "0504"), slope("0504", "0503")])
# Hex spines: 0505 -> 0305 runs along 0405|0406 (flat-top, odd columns low).
scenario("spine-both", hexes=[("0405", "light-forest")], units=[("american", "0406")])
scenario("spine-one", hexes=[("0405", "light-forest")])
scenario("spine-slope", sides=[slope("0405", "0406")])
scenario("spine-corner-both", sides=[slope("0305", "0405"), slope("0305", "0406")])
scenario("spine-corner-one", sides=[slope("0305", "0405")])
# Pointy-top, even rows shifted: 0504 -> 0506 runs along 0505|0605.
scenario("pointy-spine-both", orientation="pointy-top", shift="even",
         hexes=[("0505", "light-forest")], units=[("american", "0605")])
scenario("pointy-spine-one", orientation="pointy-top", shift="even", hexes=[("0505", "light-forest")])
# ZOC: 0505 with enemies in three alternate neighbours (N, SE, SW), whose ZOCs
# cover the other three (3.1 Surrounded); then a disrupted friend in 0506 (S)
# negates the enemy ZOC there (8.2) and a disrupted enemy in 0909 has none (8.1).
scenario("zoc-surrounded", units=[("british", "0505"), ("american", "0504"),
                                  ("american", "0606"), ("american", "0406")])
scenario("zoc-negated", units=[("british", "0505"), ("american", "0504"),
                               ("american", "0606"), ("american", "0406"),
                               ("british", "0506", "disrupted"), ("american", "0909", "disrupted")])
