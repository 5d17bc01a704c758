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

G_BEGIN_DECLS

/* A rifle fire result not yet applied (10.4: simultaneous). */
typedef struct {
  guint unit;               /* the target */
  guint firer;              /* the first firing unit (its player) */
  char result[12];          /* the damage table's cell, "R", "1*" */
} RdtGamePendingFire;

/* A retreat owed by a fire result (13.2: 1 hex for R, 13.3: 3 for D). */
typedef struct {
  guint unit;
  int hexes;
} RdtGameOwedRetreat;

/* A leader casualty whose leader the owner chooses (13.1 "*": "The Leader
 * chosen need not be the one in command"). */
typedef struct {
  RdtHex hex;
  int player;
} RdtGameOwedCasualty;

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

/* rdt-game.c, for the combat files: the log, the die, army morale. */
void          _rdt_game_say                (RdtGame            *game,
                                            const char         *rule,
                                            const char         *format,
                                            ...) G_GNUC_PRINTF (3, 4);
int           _rdt_game_roll_die           (RdtGame            *game,
                                            const char         *purpose);
void          _rdt_game_change_army_morale (RdtGame            *game,
                                            guint               side,
                                            int                 delta,
                                            const char         *rule,
                                            const char         *why);
/* The player of scenario unit @index. */
int           _rdt_game_unit_player        (RdtGame            *game,
                                            guint               index);

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
/* Logs the attacks 12.12 and 12.13 asked for that were not made. */
void          _rdt_game_combat_phase_end   (RdtGame           *game);
/* Candidate fire actions for random play (rdt-game-auto.c). */
void          _rdt_game_fire_candidates    (RdtGame            *game,
                                            GPtrArray          *out);

G_END_DECLS
