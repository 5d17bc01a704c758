/* rdt-game-private.h: the game's state and what its files share.
 *
 * rdt-game.c applies actions to an RdtGameState; rdt-game-rules.c is the one
 * place that asks the rules engines (movement, ZOC, hex victory) about it, so
 * that switching them to the game-context API of src/core/rules/ touches one
 * file; rdt-game-io.c saves and loads; rdt-game-json.c writes the JSON state.
 */
#pragma once

#include "rdt-game.h"
#include "rdt-movement.h"
#include "rdt-retreat.h"

G_BEGIN_DECLS

/* A rifle fire result not yet applied (10.4: simultaneous). */
typedef struct {
  guint unit;               /* the target */
  guint firer;              /* the first firing unit (its player) */
  char result[12];          /* the damage table's cell, "R", "1*" */
} RdtGamePendingFire;

/* A retreat owed by a fire result (13.2: 1 hex for R, 13.3: 3 for D).
 * @instead: owed instead of an attack (Savannah 4.1, the volume's
 * cc-obligations column "start"): a unit with no legal end is not captured
 * (13.23) but stays, and the attack is owed. */
typedef struct {
  guint unit;
  int hexes;
  gboolean instead;
} RdtGameOwedRetreat;

/* A leader casualty whose leader the owner chooses (13.1 "*": "The Leader
 * chosen need not be the one in command"). */
typedef struct {
  RdtHex hex;
  int player;
} RdtGameOwedCasualty;

/* A Close Combat designated this phase (12.21): its attacking hexes (at
 * most 6: a defending hex has six neighbours), its defending hex, whether it
 * was resolved. */
#define RDT_GAME_MAX_ATTACKING_HEXES 6
#define RDT_GAME_MAX_ATTACKING_UNITS 32
typedef struct {
  RdtHex attackers[RDT_GAME_MAX_ATTACKING_HEXES];
  guint n_attackers;
  RdtHex defender;
  /* 12.15: "one attacking hex versus two or more defending hexes": the
   * defending hexes (defenders[0] == defender; one unless several). */
  RdtHex defenders[RDT_GAME_MAX_ATTACKING_HEXES];
  guint n_defenders;
  /* 12.15: "Attacking units stacked in a single hex may combine in a
   * single attack or attack different units": the units named (scenario
   * indices); in an attacking hex holding one of them only those attack. */
  guint att_units[RDT_GAME_MAX_ATTACKING_UNITS];
  guint n_att_units;
  gboolean resolved;
} RdtGameDesignation;

typedef struct {
  int turn;
  int step;                 /* index into the sequence; -1 = set-up */
  gboolean over;
  char *result;             /* (nullable) */
  int initiative;           /* player with the initiative this turn, or -1 */
  int last_initiative;      /* the previous turn's (6.3), or -1 */
  int declared[2];          /* momentum chits declared for the initiative, -1 = none */
  int *army_morale;         /* per side */
  int *momentum;            /* per side */
  int pool;                 /* 12.61: chits in the pool */
  RdtDie die;
  GArray *typed;            /* int: typed rolls not yet used, first first */
  RdtGameUnit *units;       /* per scenario unit */
  GArray *pending_fire;     /* RdtGamePendingFire (10.4) */
  GArray *owed_retreats;    /* RdtGameOwedRetreat, the non-phasing player's first */
  guint off_board_fired;    /* rows of the volume's "off-board-fire" table that fired this phase */
  gboolean fire_resolved;   /* 10.4: the rifle fire results of this phase were applied */
  GArray *owed_casualties;  /* RdtGameOwedCasualty: leader choices owed (13.1 "*") */
  /* rdt-game-events.c: the weather this turn (the volume's "weather" table:
   * Germantown 3.1 fog, Savannah 4.2), NULL when no data decides it; the
   * releases made (Brandywine 3.6.1, 3.6.2), sorted, never NULL. */
  char *weather;
  char **released;
  /* rdt-game-combat.c: the end of the Close Combat phase was applied (13.3,
   * 13.4) and its retreats are owed: no new combat, the phase ends once
   * they are made. */
  gboolean combat_phase_ending;
  /* rdt-game-designation.c (12.21, 12.22): the Close Combats designated
   * this phase (RdtGameDesignation, in order), whether they are announced,
   * and the phase's Diversion hex (12.14). */
  GArray *designated;
  gboolean announced;
  gboolean has_diversion;
  RdtHex diversion;
  /* rdt-game-combat.c, 12.23 step 6: the Close Combat rolled and waiting
   * for the momentum decision ("reroll SIDE" / "accept"): its action
   * (without re-rolls), the die, whose option it is (0: the side with the
   * fewest chits, the Defender on a tie; 1: the other), the attacker's and
   * defender's sides, the DRM total and the table cell each die reads. */
  char *pending_cc;
  int pending_designation;  /* its index in designated */
  int pending_die;
  int pending_stage;
  int pending_side[2];
  int pending_offset;
  char pending_cells[10][16];
  /* rdt-game-combat.c, 12.23 step 9: the advance after the last combat:
   * its defending hex, the lead unit that must advance (-1 none, -2
   * advanced), whether the hex became vacant, the participating attackers
   * and where they attacked from, the "advance UNIT" words of the action. */
  gboolean advance_open;
  RdtHex advance_hex;
  /* 12.15, 12.23 step 9: with several defending hexes, the hexes the
   * advance may go into, the Attacker's choice first (the first vacant one
   * becomes advance_hex); 0: advance_hex only. */
  RdtHex advance_hexes[RDT_GAME_MAX_ATTACKING_HEXES];
  guint n_advance_hexes;
  int advance_lead;
  gboolean advance_lead_done;
  guint advance_units[24];
  RdtHex advance_from[24];
  guint n_advance_units;
  guint advance_declared[6];
  guint n_advance_declared;
} RdtGameState;

struct _RdtGame {
  GObject parent_instance;

  RdtScenario *scenario;        /* pristine copy: never changed */
  RdtScenario *board;           /* working copy the engines read (synced) */
  gboolean board_dirty;
  RdtMovement *movement;
  RdtMoraleTrack *track;
  const RdtSequence *sequence;
  guint n_sides;
  guint n_units;
  GPtrArray *players;           /* char* player ids */
  int *side_player;             /* per side */

  RdtGameState *state;
  GPtrArray *log;               /* LogEntry* */
  GPtrArray *redo;              /* char* actions undone, last undone last */
  GPtrArray *messages;          /* RdtGameMessage* */
  GPtrArray *rolls;             /* RdtGameRoll* */
  /* rdt-game-results.c: the lead unit whose Retreat result a volume row
   * (table "retreat-exceptions": Brandywine 3.9, Germantown 3.10.4) let it
   * ignore, so that the other units of its hex need not check morale
   * (-1: none); set by each _rdt_game_apply_result(). */
  int excused_lead;
  RdtHex excused_hex;
  /* Germantown 3.10.4 "Units in the hex MAY ignore Retreat results": the
   * units whose owner declines that option in the action being applied
   * ("take-retreat UNIT"; -1 ends; set and cleared by do_close_combat). */
  int take_retreat[4];
};

/* rdt-game-rules.c: the rules engines, asked about the current state. */
/* The reach of unit @index (rdt-movement.h). (transfer full) */
RdtReach     *_rdt_game_reach              (RdtGame   *game,
                                            guint      index,
                                            gboolean   strategic,
                                            GError   **error);
/* Whether an enemy ZOC covers the hex of unit @index (15.1, 8.1). */
gboolean      _rdt_game_in_enemy_zoc       (RdtGame   *game,
                                            guint      index,
                                            gboolean  *out_in_zoc,
                                            GError   **error);
/* The scenario's automatic victory rows (the volume's hex-victory table) that
 * are met now and whose "when" matches @when_turn / @player_side (-1: end of
 * the game turn).  Appends "rule winner level" texts to @out. */
gboolean      _rdt_game_check_hex_victory  (RdtGame   *game,
                                            int        player_side,
                                            GPtrArray *out_winners,
                                            GError   **error);
void          _rdt_game_sync_board         (RdtGame   *game);

/* rdt-game-state.c: "map", "eliminated"... (docs/play-json.md). */
const char   *_rdt_game_unit_where_id      (RdtGameUnitWhere    where);

/* rdt-game.c */
RdtGameState *_rdt_game_state_copy         (RdtGame            *game,
                                            const RdtGameState *state);
gboolean      _rdt_game_try                (RdtGame            *game,
                                            const char         *line);
void          _rdt_game_state_free         (RdtGame            *game,
                                            RdtGameState       *state);

/* rdt-game.c, for the other files of the game (fire, combat, events): the
 * log, the die, army morale. */
void          _rdt_game_say                (RdtGame            *game,
                                            const char         *rule,
                                            const char         *format,
                                            ...) G_GNUC_PRINTF (3, 4);
int           _rdt_game_roll_die           (RdtGame            *game,
                                            const char         *purpose);
/* Changes army morale by @delta; ends the game at 0 (16.3). */
void          _rdt_game_change_army_morale (RdtGame            *game,
                                            guint               side,
                                            int                 delta,
                                            const char         *rule,
                                            const char         *why);
/* The player of scenario unit @index. */
int           _rdt_game_unit_player        (RdtGame            *game,
                                            guint               index);
/* rdt-game-results.c: the leader in command in @unit's hex (14.2), or -1. */
int           _rdt_game_leader_in_hex      (RdtGame            *game,
                                            guint               unit);

/* rdt-game-fire.c: the fire actions (docs/play.md "Fire"): "fire",
 * "resolve-fire", "retreat", "casualty".  Returns FALSE with @error; sets @barrier when
 * dice were rolled. */
gboolean      _rdt_game_apply_fire_action  (RdtGame            *game,
                                            char              **argv,
                                            guint               argc,
                                            GString            *canonical,
                                            gboolean           *barrier,
                                            GError            **error);
/* Whether the fire phase may end (results and retreats owed), else FALSE
 * with @error citing 10.4 or 13.2. */
gboolean      _rdt_game_fire_may_leave     (RdtGame            *game,
                                            GError            **error);
/* rdt-game-combat.c: "close-combat" (docs/play.md "Close Combat"). */
gboolean      _rdt_game_apply_combat_action (RdtGame           *game,
                                             char             **argv,
                                             guint              argc,
                                             GString           *canonical,
                                             gboolean          *barrier,
                                             GError           **error);
void          _rdt_game_combat_candidates  (RdtGame           *game,
                                            GPtrArray         *out);
/* 12.23 step 9: the advance into the last combat's defending hex once it
 * is vacant and the retreats owed are made. */
void          _rdt_game_check_advance      (RdtGame           *game);
/* 12.23 step 6: the side whose momentum option it is, or -1. */
int           _rdt_game_momentum_waiting   (RdtGame           *game);
/* rdt-game-designation.c: "designate", "undesignate", "diversion",
 * "announce" (12.21, 12.22; docs/play.md "Close Combat"). */
gboolean      _rdt_game_apply_designation_action (RdtGame      *game,
                                                  char        **argv,
                                                  guint         argc,
                                                  GString      *canonical,
                                                  GError      **error);
/* Brandywine 3.9: the marks of pins broken in place ("break-pin UNIT")
 * end with the player turn. */
void          _rdt_game_clear_pin_breaks   (RdtGame           *game);
/* The designated combat of @def_hex (one of its defending hexes), or -1. */
int           _rdt_game_find_designation   (RdtGame           *game,
                                            RdtHex             def_hex);
/* "D1,D2": the defending hexes of @d (transfer full). */
char         *_rdt_game_designation_defenders (RdtGame                  *game,
                                               const RdtGameDesignation *d);
/* Adds the combat @attackers -> @defs (12.15: several defending hexes
 * from one attacking hex) to the designation (checked: 12.11, 12.15, the
 * rules layer's errors). */
gboolean      _rdt_game_designate          (RdtGame           *game,
                                            const RdtHex      *attackers,
                                            guint              n_attackers,
                                            const RdtHex      *defs,
                                            guint              n_defs,
                                            const guint       *att_units,
                                            guint              n_att_units,
                                            GError           **error);
/* "ATT[:UNIT+UNIT],ATT": the attacking hexes of @d with the units named
 * (transfer full). */
char         *_rdt_game_designation_attackers (RdtGame                  *game,
                                               const RdtGameDesignation *d);
/* Parses "ATT[:UNIT+UNIT][,ATT...]" (12.15) into @hexes (at most
 * RDT_GAME_MAX_ATTACKING_HEXES) and @units (unit indices). */
gboolean      _rdt_game_parse_attackers    (RdtGame           *game,
                                            const char        *text,
                                            RdtHex            *hexes,
                                            guint             *n_hexes,
                                            guint             *units,
                                            guint             *n_units,
                                            GError           **error);
/* Announces the designation: refused while 12.12-12.15 or 13.1 Pin owe
 * anything (unless @anyway), then 12.22. */
gboolean      _rdt_game_announce           (RdtGame           *game,
                                            gboolean           anyway,
                                            GError           **error);
/* Whether the Close Combat phase may end (12.21, 12.23), else FALSE with
 * @error. */
gboolean      _rdt_game_combat_may_leave   (RdtGame           *game,
                                            GError           **error);
/* Designation candidates for random play. */
void          _rdt_game_designation_candidates (RdtGame       *game,
                                                GPtrArray     *out);
/* Issue 14: "break-pin UNIT" candidates (Movement Phase, pinned units of
 * the phasing player; rdt-game-designation.c) and "close-combat ... lead
 * UNIT withdraw" candidates (12.4, 12.41; rdt-game-combat.c), not yet
 * tried. */
void          _rdt_game_pin_break_candidates (RdtGame         *game,
                                              GPtrArray       *out);
void          _rdt_game_withdrawal_candidates (RdtGame        *game,
                                               GPtrArray      *out);
/* Savannah 4.1 (the volume's cc-obligations column "start"): at the start
 * of the Movement Phase, the stacks that must retreat instead of an attack
 * owe their retreats (rdt-game-designation.c); their "retreat" candidates;
 * the retreat engine's answer for @unit retreating @hexes now
 * (rdt-game-results.c). */
void          _rdt_game_stack_retreats     (RdtGame           *game);
void          _rdt_game_stack_retreat_candidates (RdtGame     *game,
                                                  GPtrArray   *out);
RdtRetreat   *_rdt_game_compute_retreat    (RdtGame           *game,
                                            guint              unit,
                                            int                hexes,
                                            GError           **error);
/* Logs the attacks 12.12 and 12.13 asked for that were not made. */
void          _rdt_game_combat_phase_end   (RdtGame           *game);
/* 7.1: TRUE when @player's units in @hex plus @extra exceed the limit. */
gboolean      _rdt_game_overstacked        (RdtGame           *game,
                                            RdtHex             hex,
                                            int                player,
                                            guint              extra,
                                            const char       **out_rule);
void          _rdt_game_release_attacked_hex (RdtGame         *game,
                                              int              attacker_side,
                                              RdtHex           hex);
/* Candidate fire actions for random play (rdt-game-auto.c). */
void          _rdt_game_fire_candidates    (RdtGame            *game,
                                            GPtrArray          *out);

/* rdt-game-events.c: volume-data events of play (issue 13). */
/* 16.1: rdt_game_adjust_army_morale(), logging (not failing) when the volume
 * lacks the row: the adjustment is then undecided, and the log says so. */
void          _rdt_game_morale_event       (RdtGame            *game,
                                            guint               side,
                                            const char         *event,
                                            const char         *rule);
/* The best Leadership DRM from an adjacent leader of the volume's
 * "leader-adjacent-drm" table (Brandywine 4.6.1: Washington +1) for unit
 * @index, or 0; @out_leader (nullable) gets the leader's unit index or -1,
 * @out_rule (nullable) the rule of the table row. */
int           _rdt_game_adjacent_leader_drm (RdtGame           *game,
                                             guint              index,
                                             int               *out_leader,
                                             const char       **out_rule);
/* Variable entry (Germantown 3.4.1.2, Savannah 4.7): the phasing player's
 * reinforcements due now whose entry is rolled for by the volume's
 * "variable-entry" table get their entry (or wait a turn) by one roll per
 * table row. */
void          _rdt_game_roll_variable_entry (RdtGame           *game,
                                             int                player);
/* Savannah 4.7: the movement allowance, in half MPs, of unit @index placed
 * this movement phase at an entry hex listed by the volume's
 * "entry-arrival-mp" table (printed MPs + "MP bonus", doubled for "double
 * kinds"), or -1 (the printed allowance).  @out_rule (nullable): the row's
 * rule. */
int           _rdt_game_arrival_allowance_halves (RdtGame       *game,
                                                  guint          index,
                                                  const char   **out_rule);
/* Savannah 4.7: the rule of the volume's "entry-choices" row that lets a
 * unit that arrived at entry @from enter at entry @to instead, or NULL. */
const char   *_rdt_game_entry_choice_rule (RdtGame           *game,
                                           const char        *from,
                                           const char        *to);
/* Savannah 4.7: the rule of the volume's "blocked-entry" row of @side, or
 * NULL; @out_zoc: an enemy ZOC on the entry hex blocks it too; @out_nearest:
 * after one turn's delay the units enter at the nearest free hex. */
const char   *_rdt_game_blocked_entry     (RdtGame           *game,
                                           int                side,
                                           gboolean          *out_zoc,
                                           gboolean          *out_nearest);

/* At the start of each game turn: the turn track (Savannah 1.6), the weather
 * (Germantown 3.1, Savannah 4.2) and automatic releases (Brandywine 3.6.1.1). */
void          _rdt_game_start_turn         (RdtGame            *game);
/* The action "release NAME": a release the player decides (Brandywine
 * 3.6.1.2, 3.6.1.3), on the turns the volume's "releases" table allows. */
gboolean      _rdt_game_do_release         (RdtGame            *game,
                                            const char         *name,
                                            GError            **error);
/* The release ids the game knows: the volume's restrictions' and the rows of
 * its "releases" table (transfer full, NULL-terminated). */
char        **_rdt_game_dup_release_ids    (RdtGame            *game);
/* After unit @index moved: releases triggered by a unit coming near
 * (Brandywine 3.6.2.2: the Delaware Blues). */
void          _rdt_game_release_near       (RdtGame            *game,
                                            guint               index);

/* The game turn after this one: turn + 1, or the "jump to turn" of a release
 * made (Savannah 1.6 case A), whose forfeited reinforcements it removes. */
int           _rdt_game_next_turn          (RdtGame            *game);
/* Whether the step now is in a player turn the volume's "player-turns" table
 * leaves out (Savannah 4.19: turn 1, British only); logs it when @first. */
gboolean      _rdt_game_player_turn_skipped (RdtGame           *game,
                                             gboolean           first);
/* At the end of a phase: the volume's "removals" rows for this scenario,
 * turn, phase and phasing side (Brandywine 7.1.3.2). */
void          _rdt_game_end_phase_removals (RdtGame            *game);

G_END_DECLS
