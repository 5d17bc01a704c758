/* rdt-cc-condition.h: the condition vocabulary of the Close Combat DRM chart
 * (issue 14).
 *
 * The chart itself is printed on each volume's map or player aid card, not in
 * the rulebooks; a volume holds it as the table "cc-drm" (columns "DRM",
 * "when", "rule"), and the column shifts of exclusive rules (Brandywine 4.8
 * Lafayette) as the table "cc-shift" (columns "shift", "when", "rule").  The
 * "when" cell is a list of terms separated by spaces, all of which must hold
 * (docs/volumes.md "Close Combat DRM chart"):
 *
 *   turn:N  turn:N-M              the game turn (not decided when not told)
 *   attacker-side:ID  defender-side:ID
 *   attacker:Q:SEL  defender:Q:SEL
 *                                 Q all|any|none of the participating combat
 *                                 units (artillery included, 12.23 step 3
 *                                 Important) match SEL
 *   lead:ROLE:SEL                 the lead unit of ROLE matches SEL
 *   leader-with-lead:ROLE:ID      leader ID is stacked with ROLE's lead unit
 *   only-leader:ROLE:ID           ID is the only leader stacked with ROLE's
 *                                 participating units (Brandywine 4.8)
 *   defender-terrain:ID           the defending hex's terrain
 *   across:TYPE:Q                 Q all|some|any|none of the attacking hexes
 *                                 attack across a hexside feature of TYPE;
 *                                 "some" is some but not all (Brandywine 5.2.4)
 *   up-slope:Q                    ... across a slope whose high side is the
 *                                 defending hex
 *   fieldwork:Q                   ... across an unbreached fieldwork whose
 *                                 symbol is in the defending hex
 *   surrounded:ROLE               12.7: the defending hex (or every attacking
 *                                 hex) is surrounded
 *   stack:ROLE:SEL+SEL[+SEL]      one hex of ROLE (an attacking hex, or the
 *                                 defending hex) holds participating units
 *                                 matching each SEL (Savannah 4.1: a
 *                                 French/American stack)
 *   apart:ROLE:SEL+SEL            a participating unit of ROLE matching the
 *                                 first group and one matching the second are
 *                                 in different hexes (Savannah 4.13)
 *   terrain:ROLE:Q:ID             Q all|any|none of ROLE's hexes have terrain
 *                                 ID (Germantown 3.10.4 Chew House)
 *   area:ROLE:Q:ID                Q all|any|none of ROLE's hexes are in the
 *                                 scenario's area ID (Savannah 4.15 Defensive
 *                                 Perimeter); "not decided" without the area
 *
 * SEL is a unit kind ("militia", "light-infantry"), "white-r" (glossary Rifle
 * Unit), "non-artillery", or KEY=VALUE with KEY unit, nationality, formation,
 * class, state or side.  In a stack term, a SEL may be a conjunction of such
 * selectors joined by "&", each optionally negated by "!"
 * ("side=american&!unit=pulaski").  This file only parses (the loader's check); the rules
 * layer (rdt-close-combat.c) evaluates.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  RDT_CC_TERM_TURN,
  RDT_CC_TERM_SIDE,
  RDT_CC_TERM_UNITS,
  RDT_CC_TERM_LEAD,
  RDT_CC_TERM_LEADER_WITH_LEAD,
  RDT_CC_TERM_ONLY_LEADER,
  RDT_CC_TERM_DEFENDER_TERRAIN,
  RDT_CC_TERM_ACROSS,
  RDT_CC_TERM_UP_SLOPE,
  RDT_CC_TERM_FIELDWORK,
  RDT_CC_TERM_SURROUNDED,
  RDT_CC_TERM_STACK,
  RDT_CC_TERM_TERRAIN,
  RDT_CC_TERM_AREA,
  RDT_CC_TERM_APART,
} RdtCcTermKind;

typedef enum {
  RDT_CC_ALL,
  RDT_CC_ANY,
  RDT_CC_NONE,
  RDT_CC_SOME,        /* some but not all (across, up-slope, fieldwork) */
} RdtCcQuantifier;

typedef struct {
  RdtCcTermKind kind;
  int role;                 /* 0 attacker, 1 defender (RdtCcRole) */
  RdtCcQuantifier quantifier;
  char *id;                 /* side, leader, terrain, hexside type; SEL value */
  char *key;                /* SEL key: "kind", "white-r", "non-artillery",
                               "unit", "nationality", "formation", "class", "state" */
  int from;                 /* turn range */
  int to;
  gboolean negate;          /* a "!SEL" selector inside a stack term */
  /* RDT_CC_TERM_STACK, _APART: one GPtrArray per "+" group, each holding the
   * selectors (RdtCcTerm with key, id, negate) that must all match one unit. */
  GPtrArray *groups;
} RdtCcTerm;

/* Parses a "when" cell (NULL or empty: always) into RdtCcTerm (transfer
 * full: GPtrArray freeing its terms), or NULL with @error naming the term. */
GPtrArray *rdt_cc_condition_parse (const char  *text,
                                   GError     **error);

G_END_DECLS
