/* rdt-game.h: a game in progress (sandbox play, issue 13).
 *
 * An RdtGame is created from a loaded scenario and a seed.  It keeps its own
 * copy of the scenario, which play never changes, and the state the Series
 * Rules track: turn, player turn and phase of the Sequence of Play
 * (rdt-phase.h), unit positions, steps, status and states, the eliminated and
 * captured boxes, army morale per army (16) with its level (rdt-army-morale.h),
 * momentum chits and the pool (12.6), victory points, and the die (2.3,
 * rdt-die.h).
 *
 * Every change is an action, written in the action language of docs/play.md
 * ("move 3rd-virginia 0717", "next-phase", "rally 3rd-virginia", "roll 7"):
 * rdt_game_perform() parses and applies it, or returns an RDT_GAME_ERROR whose
 * message cites the rule that forbids it and leaves the state unchanged.  The
 * game is the scenario plus the seed plus the log of actions: replaying the log
 * (rdt_game_replay()) rebuilds the same state bit for bit, which
 * rdt_game_dup_state_digest() shows.  Undo and redo work within the phase; a
 * die roll, once seen, and a phase change are not undone.
 */
#pragma once

#include <glib-object.h>

#include "rdt-army-morale.h"
#include "rdt-die.h"
#include "rdt-fire.h"
#include "rdt-movement.h"
#include "rdt-phase.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_GAME_ERROR (rdt_game_error_quark ())

typedef enum {
  RDT_GAME_ERROR_SYNTAX,        /* not an action of docs/play.md */
  RDT_GAME_ERROR_UNKNOWN,       /* unknown unit, hex or player */
  RDT_GAME_ERROR_WRONG_PHASE,   /* not in this phase (5) */
  RDT_GAME_ERROR_ILLEGAL,       /* a rule forbids it (the message cites it) */
  RDT_GAME_ERROR_GAME_OVER,     /* the game has ended */
  RDT_GAME_ERROR_UNDO,          /* nothing to undo or redo in this phase */
  RDT_GAME_ERROR_DATA,          /* the scenario or volume lacks what the rule needs */
  RDT_GAME_ERROR_REPLAY,        /* a saved log does not replay */
} RdtGameError;

GQuark rdt_game_error_quark (void);

/* Where a unit is. */
typedef enum {
  RDT_GAME_UNIT_TO_DEPLOY,      /* at-start unit not yet deployed (set-up) */
  RDT_GAME_UNIT_TO_ARRIVE,      /* reinforcement not yet arrived (9.1) */
  RDT_GAME_UNIT_MAP,
  RDT_GAME_UNIT_ELIMINATED,
  RDT_GAME_UNIT_CAPTURED,
  RDT_GAME_UNIT_UNUSED,         /* not used in this scenario */
} RdtGameUnitWhere;

/* Per-phase marks of a unit. */
typedef enum {
  RDT_GAME_UNIT_MOVED    = 1 << 0,   /* moved this movement phase (9.2) */
  RDT_GAME_UNIT_ARRIVED  = 1 << 1,   /* placed as a reinforcement this phase (9.11) */
  RDT_GAME_UNIT_RALLIED  = 1 << 2,   /* attempted to rally this rally phase (15.1) */
  RDT_GAME_UNIT_FIRED    = 1 << 3,   /* fired this fire phase (10.1, 11.1) */
  RDT_GAME_UNIT_FIRED_AT = 1 << 4,   /* the target of a fire this phase (10.2, 11.2) */
  /* Kept for the whole game, not a phase mark: its first fire is spent
   * (10.5, 10.6: it fired, or took part in a close combat, before). */
  RDT_GAME_UNIT_FIRST_FIRE_SPENT = 1 << 5,
  /* In a Close Combat this phase (12.15: one per player turn). */
  RDT_GAME_UNIT_IN_CLOSE_COMBAT = 1 << 6,
  /* Attempted to recover from a volume state this rally phase (Germantown
   * 3.2.3.1 panic: the volume's "panic-recovery" table). */
  RDT_GAME_UNIT_RECOVERED = 1 << 7,
  /* Retreated from a Close Combat this phase (13.24). */
  RDT_GAME_UNIT_CC_RETREATED = 1 << 8,
} RdtGameUnitFlags;

typedef struct {
  RdtGameUnitWhere where;
  RdtHex hex;               /* RDT_GAME_UNIT_MAP */
  int step;                 /* the side the counter shows (0 = full strength) */
  RdtUnitStatus status;     /* Parade Order, Disrupted, Shattered (13.3, 13.4) */
  char **states;            /* (nullable) sorted volume states: "pinned"... */
  int arrive_turn;          /* RDT_GAME_UNIT_TO_ARRIVE: the turn it arrives (delays add) */
  char *entry;              /* (nullable) its entry hex id */
  guint flags;              /* RdtGameUnitFlags */
} RdtGameUnit;

/* One die roll in the log. */
typedef struct {
  int value;                /* 0..9 (2.3) */
  gboolean typed;           /* typed by a player ("roll N"), not drawn */
  char *purpose;            /* "initiative british (6.1)" */
} RdtGameRoll;

/* One line of the log: what an action did, citing its rule. */
typedef struct {
  guint action;             /* index of the action that wrote it */
  char *rule;               /* "9.11" */
  char *text;               /* translated */
} RdtGameMessage;

#define RDT_TYPE_GAME (rdt_game_get_type ())
G_DECLARE_FINAL_TYPE (RdtGame, rdt_game, RDT, GAME, GObject)

/* A new game at set-up.  The scenario is copied (its canonical form), so
 * editing it later does not change the game.  Needs two players. */
RdtGame       *rdt_game_new                 (RdtScenario   *scenario,
                                             guint64        seed,
                                             GError       **error);
/* A new game from @scenario and @seed with every action of @actions performed
 * in order; fails with RDT_GAME_ERROR_REPLAY naming the action that fails. */
RdtGame       *rdt_game_replay              (RdtScenario   *scenario,
                                             guint64        seed,
                                             const char *const *actions,
                                             guint          n_actions,
                                             GError       **error);

/* (transfer none) the game's own copy of the scenario: never changed by play. */
RdtScenario   *rdt_game_get_scenario        (RdtGame       *game);
guint64        rdt_game_get_seed            (RdtGame       *game);
const RdtMoraleTrack *
               rdt_game_get_morale_track    (RdtGame       *game);

/* Where the game is in the Sequence of Play. */
int            rdt_game_get_turn            (RdtGame       *game);
RdtPhase       rdt_game_get_phase           (RdtGame       *game);
/* 0: the player with the initiative, 1: the other, -1: a whole-turn segment. */
int            rdt_game_get_player_turn     (RdtGame       *game);
/* Player indices (rdt_game_get_player_id) or -1. */
int            rdt_game_get_phasing_player  (RdtGame       *game);
int            rdt_game_get_initiative_player (RdtGame     *game);
gboolean       rdt_game_is_over             (RdtGame       *game);
/* (nullable) the result once over: "american substantial (16.3)". */
const char    *rdt_game_get_result          (RdtGame       *game);

/* Players: the sides' players (rdt_side_get_player), in file order. */
guint          rdt_game_get_n_players       (RdtGame       *game);
const char    *rdt_game_get_player_id       (RdtGame       *game,
                                             guint          player);
int            rdt_game_find_player         (RdtGame       *game,
                                             const char    *id);
int            rdt_game_get_side_player     (RdtGame       *game,
                                             guint          side);

/* Armies (one per side, 16): morale, its level (nullable: the volume has no
 * level there), momentum chits (12.6) and victory points. */
int            rdt_game_get_army_morale     (RdtGame       *game,
                                             guint          side);
const RdtMoraleLevel *
               rdt_game_get_morale_level    (RdtGame       *game,
                                             guint          side);
int            rdt_game_get_momentum        (RdtGame       *game,
                                             guint          side);
int            rdt_game_get_momentum_pool   (RdtGame       *game);
/* 12.62: chits @player declared for this turn's initiative, or -1. */
int            rdt_game_get_momentum_declared (RdtGame     *game,
                                               guint        player);
int            rdt_game_get_vp              (RdtGame       *game,
                                             guint          player);

/* 16.1: adjusts the army morale of @side for @event, a row of the volume's
 * "army-morale-adjustments" table (docs/volumes.md: "rally", "pin-broken",
 * "am-result", "two-step-loss", "step-loss", "unit-eliminated",
 * "unit-captured", "leader-casualty", "leader-captured"...): its "change"
 * column to @side, its "enemy change" column to the other sides.  The log
 * cites @rule (the rule of the event, e.g. "13.1 AM") and 16.1, and says when
 * a value is provisional (the Army Morale Adjustment Chart is not in the
 * rulebooks).  An army at 0 is demoralised: the game ends (16.3).  For the
 * combat code: call it while applying an action.  Returns FALSE with
 * RDT_GAME_ERROR_DATA, morale unchanged and the log saying the adjustment is
 * undecided, when the volume has no such row. */
gboolean       rdt_game_adjust_army_morale  (RdtGame       *game,
                                             guint          side,
                                             const char    *event,
                                             const char    *rule,
                                             GError       **error);

/* The weather this game turn (Germantown 3.1: "dense-fog", "moderate-fog",
 * "clear"; Savannah 4.2), from the volume's "weather" table, or NULL when
 * no data decides it (rules that depend on it stay "not decided"). */
const char    *rdt_game_get_weather         (RdtGame       *game);
/* The releases made so far (Brandywine 3.6.1, 3.6.2: "greene", "sullivan",
 * "delaware-blues", "proctor"), sorted, NULL-terminated, never NULL. */
const char *const *
               rdt_game_get_released        (RdtGame       *game);
/* The turn track of this turn (Savannah 1.6: "strategic", "tactical") from
 * the volume's "turn-tracks" table, or NULL. */
const char    *rdt_game_get_turn_track      (RdtGame       *game);
/* Makes release @id (a release id of the volume's restrictions) when a rule
 * triggers it: for the combat code, Brandywine 3.6.2.3 (Proctor is released
 * once hex 1127 is attacked in close combat).  Logged with @rule.  FALSE with
 * RDT_GAME_ERROR_UNKNOWN for an id the volume does not know; TRUE and nothing
 * done when already released. */
gboolean       rdt_game_release             (RdtGame       *game,
                                             const char    *id,
                                             const char    *rule,
                                             GError       **error);

/* A leader was captured or eliminated: the volume's "leader-loss-momentum"
 * row for him (Brandywine 4.6.2 Washington: two chits, 4.7 Howe: one) returns
 * chits to the pool, or lets the other player take them (12.6).  The game
 * calls it for 14.33 captures; the combat code for its leader casualties and
 * captures.  Nothing happens for a leader without a row. */
gboolean       rdt_game_leader_lost         (RdtGame       *game,
                                             const char    *leader,
                                             const char    *rule,
                                             GError       **error);

/* Units, by scenario index. */
guint          rdt_game_get_n_units         (RdtGame       *game);
const RdtGameUnit *
               rdt_game_get_unit            (RdtGame       *game,
                                             guint          index);
int            rdt_game_find_unit           (RdtGame       *game,
                                             const char    *id);

/* The die: the generator, and the rolls typed ahead ("roll N") not yet used. */
const RdtDie  *rdt_game_get_die             (RdtGame       *game);
guint          rdt_game_get_n_typed_rolls   (RdtGame       *game);

/* The action language (docs/play.md).  Parses and applies one line; blank
 * lines and "#" comments do nothing and are not logged. */
gboolean       rdt_game_perform             (RdtGame       *game,
                                             const char    *line,
                                             GError       **error);

/* The log: the actions performed (canonical text), the messages they wrote and
 * the dice they rolled. */
guint          rdt_game_get_n_actions       (RdtGame       *game);
const char    *rdt_game_get_action          (RdtGame       *game,
                                             guint          index);
guint          rdt_game_get_n_messages      (RdtGame       *game);
const RdtGameMessage *
               rdt_game_get_message         (RdtGame       *game,
                                             guint          index);
guint          rdt_game_get_n_rolls         (RdtGame       *game);
const RdtGameRoll *
               rdt_game_get_roll            (RdtGame       *game,
                                             guint          index);

/* The log as a script of docs/play.md (transfer full): a comment naming the
 * scenario and seed, then one action per line; `redoubt-cli play SCENARIO
 * --seed N --script FILE` plays it back to the same state. */
char          *rdt_game_dup_script          (RdtGame       *game);

/* Where a unit on the map could move now, for shading legal destinations
 * (rdt-movement.h), whatever the phase; `move` itself also checks the phase,
 * the phasing player and 9.2.  (transfer full) or NULL with @error. */
RdtReach      *rdt_game_dup_reach           (RdtGame       *game,
                                             const char    *unit_id,
                                             gboolean       strategic,
                                             GError       **error);

/* Undo and redo within the phase: not across next-phase, never a die roll. */
gboolean       rdt_game_can_undo            (RdtGame       *game);
gboolean       rdt_game_can_redo            (RdtGame       *game);
gboolean       rdt_game_undo                (RdtGame       *game,
                                             GError       **error);
gboolean       rdt_game_redo                (RdtGame       *game,
                                             GError       **error);

/* Legal actions now, for random play and menus (transfer full: GPtrArray of
 * char*): every deploy, move destination, rally, next-phase...; at most
 * @max_moves_per_unit destinations per unit (0: all). */
GPtrArray     *rdt_game_dup_legal_actions   (RdtGame       *game,
                                             guint          max_moves_per_unit);

/* Performs one legal action chosen with @chooser (random play, `--auto`):
 * next-phase about one time in @phase_odds when it is legal, otherwise any
 * other legal action.  @out_action (nullable) receives the action. */
gboolean       rdt_game_perform_random      (RdtGame       *game,
                                             RdtDie        *chooser,
                                             guint          phase_odds,
                                             char         **out_action,
                                             GError       **error);

/* Fire (issue 14, rdt-game-fire.c).  The scenario with the units where they
 * are now (positions, steps, status, states), for the rules engines
 * (transfer none, valid until the next action). */
RdtScenario   *rdt_game_get_position        (RdtGame       *game);
/* The fire analysis (rdt-fire.h) of @firers (unit ids) at @target now, with
 * the facts the game tracks: units that fired or were fired at this phase,
 * spent first fires (10.5, 10.6), the turn and the phasing player.
 * @open_flank: 10.7, -1 not told.  (transfer full) or NULL with @error. */
RdtFire       *rdt_game_analyse_fire        (RdtGame       *game,
                                             RdtFireKind    kind,
                                             const char *const *firers,
                                             const char    *target,
                                             int            open_flank,
                                             GError       **error);
/* Fire results owed before the phase may end: rifle fire results not yet
 * applied (10.4) and retreats not yet made (13.2, 13.3). */
guint          rdt_game_get_n_pending_fire  (RdtGame       *game);
guint          rdt_game_get_n_owed_retreats (RdtGame       *game);
/* Close Combat designation (12.21, rdt-game-designation.c): what the
 * designation of the Close Combat phase still owes before "announce"
 * (12.12-12.15, 13.1 Pin, the volume's "cc-obligations" rows), each text
 * naming its rule ("3019 must attack (12.12)"), NULL-terminated, empty
 * outside the phase or once announced; @out_hexes (nullable) gets an RdtHex
 * per text (transfer full). */
char         **rdt_game_dup_cc_owed         (RdtGame       *game,
                                             GArray       **out_hexes);
/* The combats designated this phase: count, whether announced, and each
 * one as "ATT[,ATT...] DEF" with " resolved" when resolved (transfer full,
 * NULL-terminated). */
gboolean       rdt_game_get_cc_announced    (RdtGame       *game);
/* 12.23 step 6: the side index whose momentum option it is in the combat
 * waiting after its roll ("reroll SIDE" / "accept"), or -1. */
int            rdt_game_get_cc_momentum_side (RdtGame      *game);
/* 12.23 step 9: the participating units that may "advance UNIT" now into
 * the last combat's vacated defending hex (transfer full, NULL-terminated). */
char         **rdt_game_dup_cc_advances     (RdtGame       *game);
char         **rdt_game_dup_cc_designated   (RdtGame       *game);
/* Leader casualties whose leader the owner still chooses ("casualty LEADER",
 * 13.1 "*"). */
guint          rdt_game_get_n_owed_casualties (RdtGame     *game);
/* Issue 14: the "break-pin UNIT" actions the game accepts now (Movement
 * Phase; a pinned unit of the phasing player breaks its pin in place where
 * a "cc-obligations" row of the volume says "break in place": Brandywine
 * 3.9, 9.3, 13.1 Pin B), as rdt_game_dup_legal_actions() offers them;
 * @out_rules (nullable) gets the rule of each (transfer full,
 * NULL-terminated). */
char         **rdt_game_dup_pin_breaks      (RdtGame       *game,
                                             char        ***out_rules);
/* Issue 14: the "close-combat ATT DEF lead UNIT withdraw" actions (the
 * Defender's Cavalry or Indian Withdrawal, 12.4, 12.41) the game accepts
 * now, one per attacking lead unit, as rdt_game_dup_legal_actions() offers
 * them (transfer full, NULL-terminated). */
char         **rdt_game_dup_cc_withdrawals  (RdtGame       *game);
/* TRUE when rdt_game_perform() would accept @action now; the game is left
 * as it was (no log line, no roll). */
gboolean       rdt_game_would_accept        (RdtGame       *game,
                                             const char    *action);

/* The whole state as canonical text (one line per fact, sorted), and its
 * SHA-256: equal digests mean identical states. (transfer full) */
char          *rdt_game_dup_state_text      (RdtGame       *game);
char          *rdt_game_dup_state_digest    (RdtGame       *game);

G_END_DECLS
