/* rdt-gl-game.h: a Pub Battles game in progress on a gridless map (issue 18).
 *
 * As for the hex game (rdt-game.h, docs/play.md): a game is the scenario, plus
 * the seed, plus the log of actions.  Every action is one text line of the
 * language in docs/gridless-play.md; an action a rule forbids is refused with
 * a GError whose message names the rulebook section, and the state stays as it
 * was.  Chits are pulled and dice rolled from the seeded splitmix64 generator
 * of rdt-die.h (one d6 face = rdt_die_uniform (die, 6) + 1), so replaying the
 * log from the scenario and the seed rebuilds the same state bit for bit (the
 * digest says so).  Undo replays the log without its last action.
 *
 * At the play level: sees gridless/ (the rulings, rdt_gl_can_reach), play/
 * (the die), format/ and grid/.
 */
#pragma once

#include <glib.h>

#include "rdt-die.h"
#include "rdt-gridless.h"

G_BEGIN_DECLS

typedef enum {
  RDT_GL_PHASE_COMMANDS,   /* How the Turns Work, steps 1-4: pull chits, move */
  RDT_GL_PHASE_COMBAT,     /* step 5: resolve combat between all pieces in contact */
  RDT_GL_PHASE_SETUP,      /* Brandywine Scenario, Setup: sides place in turn (option reinforcements) */
  RDT_GL_PHASE_OVER,       /* the scenario's last turn has ended (<victory last-turn>) */
} RdtGlPhase;

/* What the game adds to a piece of the scenario. */
typedef struct {
  gboolean destroyed;
  gboolean acted;          /* moved, rallied or bombarded this turn */
  gboolean must_retreat;   /* its hits made it retreat (Applying Hits) */
  gboolean retreated;      /* retreated in this combat: the next hit destroys it */
  gboolean absorbed;       /* Elite: the first hit of this combat absorbed */
  gboolean militia_hit;    /* Militia: the first hit of this combat counted twice */
  gboolean altered;        /* an HQ that has tried to alter this turn */
  int moved_from_level;    /* hill level at the start of its last move (Hills: cover) */
  gboolean attacker;       /* its move this turn created a Combat ("The Attacker is the
                            * piece that moved creating the Combat"; Rivers) */
  gboolean engaged;        /* declared by `engage` in the Combat being resolved */
  gboolean off_map;        /* not yet placed (Setup) or entered (reinforcements, Early
                            * Start Option): shown off map, ignored by every ruling */
  gboolean baggage_used;   /* a Baggage Train that has rallied a piece this turn
                            * (Optional Baggage Trains: "only Rally 1 piece per turn") */
  const char *reserve_of;  /* (nullable) the HQ whose Reserve Card holds it (Optional
                            * Hidden Reserves): off the board, ignored by every ruling */
} RdtGlPieceState;

typedef struct _RdtGlGame RdtGlGame;

/* The domain of refused actions and bad saved games. */
GQuark rdt_gl_game_error_quark (void);

/* Takes @gridless (transfer full). */
RdtGlGame   *rdt_gl_game_new         (RdtGridless  *gridless,
                                      guint64       seed);
void         rdt_gl_game_free        (RdtGlGame    *game);

/* Applies one action line (docs/gridless-play.md).  On success appends it
 * to the log with what the dice did (@result, nullable, transfer full: a
 * human-readable line). */
gboolean     rdt_gl_game_apply       (RdtGlGame    *game,
                                      const char   *line,
                                      char        **result,
                                      GError      **error);
/* Undoes the last action (replays the log without it). */
gboolean     rdt_gl_game_undo        (RdtGlGame    *game,
                                      GError      **error);

const RdtGridless     *rdt_gl_game_get_gridless (RdtGlGame *game);
const RdtGlPieceState *rdt_gl_game_get_state    (RdtGlGame *game,
                                                 const char *piece_id);
int          rdt_gl_game_get_turn    (RdtGlGame    *game);
RdtGlPhase   rdt_gl_game_get_phase   (RdtGlGame    *game);
/* (nullable) the command whose chit was pulled and is moving. */
const char  *rdt_gl_game_get_current (RdtGlGame    *game);
/* The command ids whose chits are still in the cup. */
GPtrArray   *rdt_gl_game_get_cup     (RdtGlGame    *game);
guint64      rdt_gl_game_get_seed    (RdtGlGame    *game);
/* The actions applied (char *), and their results (char *, "" when none). */
GPtrArray   *rdt_gl_game_get_log     (RdtGlGame    *game);
GPtrArray   *rdt_gl_game_get_results (RdtGlGame    *game);
/* Ineffective: "A Command that has suffered 50% losses (killed pieces)". */
gboolean     rdt_gl_game_command_ineffective (RdtGlGame  *game,
                                              const char *command);
/* Brandywine Scenario, Setup: the zone whose side places now (nullable:
 * not in the set-up phase). */
const RdtGlZone *rdt_gl_game_get_setup_zone (RdtGlGame  *game);
/* The zone an off-map piece enters from, and the turn it may (nullable:
 * none, e.g. a piece placed at set-up or a game without set-up). */
const RdtGlZone *rdt_gl_game_get_entry_zone (RdtGlGame  *game,
                                             const char *piece_id,
                                             int        *turn);
/* Victory (Brandywine, Objectives): each side's destroyed pieces (trains
 * counted double under Optional Baggage Trains) and Ineffective commands,
 * the colonial army's state, and the winner by the scenario's <condition>s
 * or "not decided by the rules text".  (transfer full) */
char        *rdt_gl_game_victory_report (RdtGlGame *game);

/* SHA-256 of the state (positions to 10^-6 inch, status, flags, turn,
 * cup, die). (transfer full) */
char        *rdt_gl_game_digest      (RdtGlGame    *game);
/* The state as text, one piece a line. (transfer full) */
char        *rdt_gl_game_describe    (RdtGlGame    *game);

/* Saved game: "redoubt-gridless-game 1", "scenario NAME" (a file in the
 * save file's folder), "seed N", "option ...", then "action LINE" lines and
 * "digest HEX".  (transfer full) */
char        *rdt_gl_game_to_text     (RdtGlGame    *game,
                                      const char   *scenario_name);
/* Rebuilds a saved game: loads the scenario from @folder, replays the log and
 * checks the digest. */
RdtGlGame   *rdt_gl_game_from_text   (const char   *text,
                                      const char   *folder,
                                      GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtGlGame, rdt_gl_game_free)

G_END_DECLS
