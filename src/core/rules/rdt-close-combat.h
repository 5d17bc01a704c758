/* rdt-close-combat.h: one Close Combat, itemised without rolling (issue 14).
 *
 * Given a position (a scenario's set-up, or a game's positions copied into
 * one: rdt_game_get_position), the attacking hexes, the defending hex, an
 * optional Diversion hex and optional lead units, rdt_close_combat_new()
 * works out everything 12.23 asks before the die is rolled:
 *
 *   designation  12.12-12.15 (one defending hex, all its defenders together,
 *                adjacency, the one Diversion, disrupted/shattered units may
 *                not attack 13.3/13.4, pinned units 13.1 Pin)
 *   step 1       the odds: non-artillery SPs (12.3), disrupted defenders at
 *                half rounded up (13.3), shattered at 1 (13.4), rounded in the
 *                defender's favour to the Close Combat Table's columns; below
 *                the first column (-1, or -2 with a Diversion, 12.14) and
 *                above the last; column shifts (12.14 Diversion; volume rows
 *                such as Brandywine 4.8 Lafayette); artillery defending alone
 *                is captured (12.31, 12.32)
 *   step 2       lead units: eligibility (non-artillery, Parade Order first,
 *                13.24 is the caller's), prohibited terrain, pre-combat
 *                withdrawal (12.4) as an option
 *   step 3       DRMs with rule and source: lead units' modified morale
 *                (15.32, 16.2), leader in command (14.21), terrain and
 *                hexside effects (the volume's terrain chart), the volume's
 *                Close Combat DRM chart (table "cc-drm", conditions evaluated
 *                here, docs/volumes.md), odds below the table (12.14)
 *   step 4       each Tactics Card's eligibility (12.53, 12.54) and the
 *                Tactics Matrix lookup with 12.55 illegal cards
 *   step 5       the table row a roll reads, the roll clamped to the table
 *
 * Nothing here rolls or changes the position.  When an answer depends on a
 * fact not given (the turn, the lead unit the other player will choose, the
 * army morale level) the item is "not decided" and says what it depends on.
 */
#pragma once

#include <glib.h>

#include "rdt-game-context.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_CLOSE_COMBAT_ERROR (rdt_close_combat_error_quark ())

typedef enum {
  RDT_CLOSE_COMBAT_ERROR_INVALID,    /* bad input: hex off map, unknown unit */
  RDT_CLOSE_COMBAT_ERROR_DATA,       /* a volume table cannot be read */
} RdtCloseCombatError;

GQuark rdt_close_combat_error_quark (void);

typedef enum {
  RDT_CC_ATTACKER,
  RDT_CC_DEFENDER,
} RdtCcRole;

/* The eight tactics of 12.52, in the Tactics Matrix's order. */
typedef enum {
  RDT_TACTIC_SKIRMISH,
  RDT_TACTIC_ATTACK_EN_ECHELON,
  RDT_TACTIC_STAND_FAST,
  RDT_TACTIC_WITHDRAW,
  RDT_TACTIC_FRONTAL_ASSAULT,
  RDT_TACTIC_COMMIT_RESERVE,
  RDT_TACTIC_TURN_FLANK,
  RDT_TACTIC_REFUSE_FLANK,
  RDT_N_TACTICS
} RdtTactic;

/* The printed name ("Attack en Echelon", the matrix header) and a stable id
 * ("attack-en-echelon") (transfer none). */
const char *rdt_tactic_get_name (RdtTactic tactic);
const char *rdt_tactic_get_id   (RdtTactic tactic);
gboolean    rdt_tactic_from_id  (const char *text,
                                 RdtTactic  *out);

/* Army morale modifier unknown (16.2: the level is not told). */
#define RDT_CC_MORALE_UNKNOWN G_MININT

typedef struct {
  /* (nullable) turn, weather...: rows of the DRM chart that name a turn are
   * not decided without it. */
  const RdtGameContext *context;
  const RdtHex *attackers;
  guint n_attackers;
  RdtHex defender;
  /* (nullable) 12.15: several defending hexes attacked from ONE attacking
   * hex ("one attacking hex versus two or more defending hexes ... legal").
   * When n_defenders > 0 these are the defending hexes and @defender is
   * ignored.  Terrain and hexside DRMs then read the defending lead unit's
   * hex (docs/rulings.md, 12.15 several defending hexes). */
  const RdtHex *defenders;
  guint n_defenders;
  /* (nullable) 12.15: "Attacking units stacked in a single hex may combine
   * in a single attack or attack different units": NULL-terminated unit
   * ids.  In an attacking hex holding a listed unit only the listed units
   * attack; an attacking hex without one attacks with all its units. */
  const char *const *attacking_units;
  gboolean has_diversion;
  RdtHex diversion;
  /* (nullable) unit ids of the lead units chosen (12.23 step 2). */
  const char *lead[2];
  /* Per side index (n_sides entries; NULL: all unknown): the army morale
   * modifier of 16.2 (0, -1, -2) or RDT_CC_MORALE_UNKNOWN, and whether the
   * level is provisional (the track's levels are not in the rulebooks). */
  const int *morale_modifier;
  const gboolean *morale_provisional;
  guint n_sides;
} RdtCloseCombatInput;

void rdt_close_combat_input_init (RdtCloseCombatInput *input);

/* One line of the itemisation. */
typedef struct {
  char *id;           /* stable: "diversion-shift", "lead-morale", "cc-drm:ROW" */
  char *rule;         /* "12.14", "Brandywine 5.2.4" */
  char *source;       /* "Series Rules", "volume table cc-drm", "terrain chart" */
  char *text;         /* translated explanation */
  int value;          /* DRM (added to the die roll) or column shift */
  gboolean provisional;
  /* Not decided: the text says what it depends on; value is not counted. */
  gboolean undecided;
} RdtCcItem;

typedef struct {
  guint unit;         /* scenario index */
  int sp;             /* what it counts (12.3: artillery 0) */
  char *text;         /* "3rd Virginia 4 SP (disrupted: half, rounded up, 13.3)" */
} RdtCcUnitSp;

typedef struct _RdtCloseCombat RdtCloseCombat;

/* NULL with @error only for bad input (a hex off the map, an unknown lead
 * unit id, an unreadable volume table).  A designation that breaks a rule
 * gives a combat with errors (rdt_close_combat_is_legal() FALSE). */
RdtCloseCombat *rdt_close_combat_new          (RdtScenario               *scenario,
                                               const RdtCloseCombatInput *input,
                                               GError                   **error);
void            rdt_close_combat_free         (RdtCloseCombat *cc);

/* Designation (12.12-12.15): errors (a combat that may not be resolved)
 * and notes (what is still owed elsewhere, options), as RdtCcItem. */
gboolean        rdt_close_combat_is_legal     (const RdtCloseCombat *cc);
GPtrArray      *rdt_close_combat_get_errors   (const RdtCloseCombat *cc);
GPtrArray      *rdt_close_combat_get_notes    (const RdtCloseCombat *cc);
/* Side indices of the attacker and the defender (-1 when not found). */
int             rdt_close_combat_get_side     (const RdtCloseCombat *cc,
                                               RdtCcRole             role);
/* Participating units: RdtCcUnitSp (leaders excluded; artillery with 0). */
GPtrArray      *rdt_close_combat_get_units    (const RdtCloseCombat *cc,
                                               RdtCcRole             role);
/* Leaders stacked with participating units (scenario indices). */
GArray         *rdt_close_combat_get_leaders  (const RdtCloseCombat *cc,
                                               RdtCcRole             role);

/* 12.15: the defending hexes (RdtHex; one unless several were given). */
GArray         *rdt_close_combat_get_defending_hexes (const RdtCloseCombat *cc);

/* 12.15: parses one attacking hex "HEX" or "HEX:UNIT+UNIT" (the units of
 * the stack that attack; ids appended to @ids, element-type utf8, owned). */
gboolean        rdt_close_combat_parse_attacker (RdtHexGrid  *grid,
                                                 const char  *text,
                                                 RdtHex      *out_hex,
                                                 GPtrArray   *ids,
                                                 GError     **error);

/* Step 1. */
int             rdt_close_combat_get_sp       (const RdtCloseCombat *cc,
                                               RdtCcRole             role);
/* 12.31: only artillery defends: captured without a combat (12.32). */
gboolean        rdt_close_combat_artillery_captured (const RdtCloseCombat *cc);
/* The column of the ratio before shifts: an index of the table's columns,
 * -1 below the first.  The final column after the shifts (clamped to the
 * table; -1 below the first), its header ("1-3"), the shifts as items. */
int             rdt_close_combat_get_raw_column (const RdtCloseCombat *cc);
int             rdt_close_combat_get_column   (const RdtCloseCombat *cc);
const char     *rdt_close_combat_get_column_label (const RdtCloseCombat *cc);
GPtrArray      *rdt_close_combat_get_shifts   (const RdtCloseCombat *cc);
/* "5 : 4 rounds down to 1-1 (12.23 step 1)" (translated, transfer none). */
const char     *rdt_close_combat_get_odds_text (const RdtCloseCombat *cc);

/* Step 2: the units that may lead (scenario indices), the lead chosen or
 * the only candidate (-1: not decided or none), and whether the attacker's
 * lead may not advance (prohibited terrain). */
GArray         *rdt_close_combat_get_lead_candidates (const RdtCloseCombat *cc,
                                                      RdtCcRole             role);
int             rdt_close_combat_get_lead     (const RdtCloseCombat *cc,
                                               RdtCcRole             role);
gboolean        rdt_close_combat_lead_may_not_advance (const RdtCloseCombat *cc);
/* 12.4: the withdrawal the defender may declare: "cavalry", "indian" or NULL. */
const char     *rdt_close_combat_get_withdrawal (const RdtCloseCombat *cc);

/* Step 3: the DRMs (RdtCcItem), their decided total and whether any is not
 * decided. */
GPtrArray      *rdt_close_combat_get_drms     (const RdtCloseCombat *cc);
int             rdt_close_combat_get_drm_total (const RdtCloseCombat *cc);
gboolean        rdt_close_combat_is_undecided (const RdtCloseCombat *cc);

/* Step 4: whether @role may select @tactic, and why (nullable out:
 * translated, transfer none).  RDT_RULE_UNDECIDED when it depends on
 * something not given (Withdraw's clear retreat path). */
RdtRuleVerdict  rdt_close_combat_tactic_eligible (const RdtCloseCombat *cc,
                                                  RdtCcRole             role,
                                                  RdtTactic             tactic,
                                                  const char          **out_reason);
/* The Tactics Matrix cell for the cards played, with 12.55: an illegal
 * card gives the opponent one in its favour, both illegal give 0.  Returns
 * FALSE with @error when the matrix lacks the cell.  @out_no_combat: the
 * cell reads NC (12.23 step 4). */
gboolean        rdt_close_combat_tactics_drm  (const RdtCloseCombat *cc,
                                               RdtTactic             attacker,
                                               RdtTactic             defender,
                                               int                  *out_drm,
                                               gboolean             *out_no_combat,
                                               char                **out_text,   /* says "provisional" for a provisional cell */
                                               GError              **error);

/* Step 5: the table's row range (the lowest and highest row keys) and the
 * result a modified roll reads (clamped to the range, 12.23 step 5 and the
 * table's notes) (transfer none; NULL when the table lacks the cell). */
void            rdt_close_combat_get_roll_range (const RdtCloseCombat *cc,
                                                 int                  *out_min,
                                                 int                  *out_max);
const char     *rdt_close_combat_lookup       (const RdtCloseCombat *cc,
                                               int                   modified_roll,
                                               int                  *out_row);
/* Whether the result read for @modified_roll is a provisional cell (Savannah
 * carries the current edition's table, its own edition not transcribed). */
gboolean        rdt_close_combat_lookup_is_provisional (const RdtCloseCombat *cc,
                                                        int                   modified_roll);

/* The Close Combat Table's odds: the column whose ratio is the largest not
 * above @attack : @defend (12.23 step 1: rounded in the defender's favour),
 * -1 below the first column; the last column above it.  Exposed for tests
 * and for the editor. */
int             rdt_close_combat_odds_column  (GPtrArray  *columns,
                                               int         attack,
                                               int         defend);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtCloseCombat, rdt_close_combat_free)

G_END_DECLS
