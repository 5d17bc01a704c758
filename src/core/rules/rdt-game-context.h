/* rdt-game-context.h: what the referee is told about the game in progress.
 *
 * Many exclusive rules depend on more than the map and the counters: the game
 * turn (Brandywine 3.6.1 bivouac release on turn 6, Germantown 3.3 turn 1
 * British restriction), the weather (Germantown 3.1 fog), releases the
 * players made (Brandywine 3.6.1.2 Greene's early release, 3.6.2.2 the
 * Delaware Blues, 3.6.2.3 Proctor).  An RdtGameContext carries those facts;
 * every field has a "not told" value.  When a rule depends on a fact that is
 * not told, the rules code does not guess: it reports the rule as "not
 * decided" (RDT_RULE_UNDECIDED) and names what it depends on.
 *
 * A small plain struct: fill it with rdt_game_context_init() and set the
 * fields; the strings and vectors are borrowed (the caller owns them and
 * keeps them alive while the context is in use).  Unit states are the
 * scenario's (<setup states>); a game-state layer edits those.
 */
#pragma once

#include <glib.h>

#include "rdt-scenario.h"

G_BEGIN_DECLS

/* The turn is not told. */
#define RDT_GAME_TURN_UNKNOWN 0

typedef struct {
  /* The game turn (the scenario's numbering), or RDT_GAME_TURN_UNKNOWN. */
  int turn;
  /* The weather id (e.g. "dense-fog", "clear"), or NULL: not told. */
  const char *weather;
  /* The release ids made so far (e.g. "greene", "sullivan", "proctor",
   * "delaware-blues"), NULL-terminated; NULL: not told.  An empty vector
   * says that no release was made. */
  const char *const *released;
  /* The side index whose player is moving, or -1: not told. */
  int current_side;
  /* (nullable) The scenario as set up, with the same units in the same
   * order: where each unit was placed at the start (at start, arriving, at
   * which entry and turn).  A game moves its units in a copy whose
   * placements are their current hexes; restrictions on units "at start" or
   * "arriving" (Brandywine 3.6.1, 7.2.1.5; Savannah 4.7) read this one. */
  RdtScenario *origin;
} RdtGameContext;

void rdt_game_context_init (RdtGameContext *context);

typedef enum {
  RDT_RULE_OFF,        /* the rule does not bind the unit now */
  RDT_RULE_ON,         /* it does */
  RDT_RULE_UNDECIDED,  /* it might: it depends on something not told */
} RdtRuleVerdict;

/* What an undecided rule depends on. */
typedef enum {
  RDT_DEPENDS_NOTHING,
  RDT_DEPENDS_TURN,
  RDT_DEPENDS_WEATHER,
  RDT_DEPENDS_RELEASE,
  /* A unit fact the scenario does not state (Savannah 4.1: the units'
   * French class, <unit class>); no option tells it: the scenario must. */
  RDT_DEPENDS_UNIT_DATA,
} RdtDepends;

/* The option that tells the missing fact: "--turn", "--weather",
 * "--released" ("" for unit data, which only the scenario tells)
 * (transfer none). */
const char     *rdt_depends_get_option     (RdtDepends            depends);
/* "turn", "weather", "released", "unit-data" ("" for nothing): a stable id, the option
 * without its dashes (transfer none). */
const char     *rdt_depends_get_id         (RdtDepends            depends);
/* "the turn", "the weather", "the releases made" (translated, transfer none). */
const char     *rdt_depends_get_text       (RdtDepends            depends);

/* Whether @restriction binds @unit (an index of @scenario) in @context,
 * apart from its place (the hexes, checked by the caller).  @context may be
 * NULL (nothing told).  @out_depends (nullable) gets what an undecided
 * answer depends on. */
RdtRuleVerdict  rdt_restriction_binds      (const RdtRestriction *restriction,
                                            RdtScenario          *scenario,
                                            guint                 unit_index,
                                            const RdtGameContext *context,
                                            RdtDepends           *out_depends);
/* Whether @unit matches the selectors of @restriction (scenario, side,
 * kinds, units, exempt, states, placement, entries), ignoring time. */
gboolean        rdt_restriction_selects    (const RdtRestriction *restriction,
                                            RdtScenario          *scenario,
                                            const RdtUnit        *unit);
/* Whether @unit is one of the `with` units of @restriction (the exempt
 * list exempts it too). */
gboolean        rdt_restriction_selects_with (const RdtRestriction *restriction,
                                              const RdtUnit        *unit);
/* For a restriction with undecided_classes (Savannah 4.1): whether the
 * pair @unit, @other could conflict because a class is not stated (one of
 * them has no class, each has none or one of the listed classes).  FALSE
 * for every pair of a restriction without undecided_classes. */
gboolean        rdt_restriction_class_pair_undecided (const RdtRestriction *restriction,
                                                      const RdtUnit        *unit,
                                                      const RdtUnit        *other);
/* Whether @hex lies in the restriction's place (area or terrain, or outside
 * it).  A restriction with no place covers every hex. */
gboolean        rdt_restriction_covers_hex (const RdtRestriction *restriction,
                                            RdtScenario          *scenario,
                                            RdtHex                hex);

/* How a "not decided" text tells the user to give the missing fact. */
typedef enum {
  RDT_UNDECIDED_HINT_OPTION,   /* "pass --turn" (redoubt-cli) */
  RDT_UNDECIDED_HINT_SETTING,  /* "set the turn" (the editor's Game context) */
} RdtUndecidedHint;

/* "set the turn", "set the weather", "set the releases made" (translated,
 * transfer none). */
const char     *rdt_depends_get_setting_text (RdtDepends          depends);

/* The text "not decided: RULE depends on WHAT; pass OPTION" (transfer full). */
char           *rdt_undecided_text         (const char           *rule,
                                            RdtDepends            depends);
/* The same text with the hint @hint: "not decided: Brandywine 3.6.1 depends
 * on the turn; set the turn" for the editor (transfer full).  The CLI and the
 * editor word the rule and what it depends on identically. */
char           *rdt_undecided_text_with_hint (const char         *rule,
                                              RdtDepends          depends,
                                              RdtUndecidedHint    hint);

/* The weather ids and the release ids the volume's restrictions name
 * (<restriction weather>, <restriction until-released>), each once, in the
 * volume's order (transfer full, NULL-terminated, never NULL). */
char          **rdt_volume_dup_weather_ids   (RdtVolume          *volume);
char          **rdt_volume_dup_release_ids   (RdtVolume          *volume);

G_END_DECLS
