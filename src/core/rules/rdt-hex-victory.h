/* rdt-hex-victory.h: hex-based victory conditions as data (issue 8).
 *
 * "At least 4 SPs of Parade Order British infantry or light infantry occupy
 * either hex 2419 or hex 2428" (Brandywine 2.1), "... in Proctor's Battery (hex
 * 1127) and the American HQ (hex 1727) with no American combat units adjacent
 * to either hex" (7.1.2.1), Germantown 2.1.2, Savannah 2.8: each is one row of
 * the volume table "hex-victory" (data/volumes/<id>.xml), whose columns are
 *
 *   scenario        the scenario id the row applies to
 *   holder          side id(s) whose combat units must occupy the hexes
 *   hexes           groups separated by ";": every group must be held, any hex
 *                   of a group will do; "area:ID" stands for a map area's hexes
 *   units           unit kinds ("infantry light-infantry"), "combat" or
 *                   "non-artillery"
 *   parade          "yes": only Parade Order units count
 *   min-sp          SPs of qualifying units needed in the hex (current step)
 *   enemy-adjacent  "ignored", "none" (no enemy combat unit adjacent to the
 *                   hex) or "no-parade" (no Parade Order enemy combat unit)
 *   when            when the condition is checked, as printed (prose)
 *   winner, level   who wins what ("british", "decisive")
 *   if              "held" or "not-held": when the winner wins
 *
 * The position checked is the scenario's own: the units set up in a hex, with
 * their step and status (the editor and the tests move units to build one).
 * Timing ("at the end of game turn 12") and history ("last to have occupied")
 * are the caller's business: the row's `when` says what applies.
 */
#pragma once

#include <glib.h>

#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_HEX_VICTORY_ERROR (rdt_hex_victory_error_quark ())

typedef enum {
  RDT_HEX_VICTORY_ERROR_INVALID,    /* a cell that cannot be read */
} RdtHexVictoryError;

GQuark rdt_hex_victory_error_quark (void);

typedef enum {
  RDT_ENEMY_ADJACENT_IGNORED,       /* "regardless of American adjacency" (2.1) */
  RDT_ENEMY_ADJACENT_NONE,          /* "with no American combat units adjacent" (7.1.2.1) */
  RDT_ENEMY_ADJACENT_NO_PARADE,     /* "without any Parade Order enemy combat unit adjacent" (Savannah 2.8) */
} RdtEnemyAdjacent;

typedef struct {
  char *rule;                       /* the row key, e.g. "7.1.2.1" */
  guint holders;                    /* bit (1 << side index) per holding side */
  GPtrArray *groups;                /* GArray of RdtHex per group */
  guint kinds;                      /* RDT_UNIT_KIND_MASK bits of qualifying units */
  gboolean parade;
  int min_sp;
  RdtEnemyAdjacent enemy_adjacent;
  char *when;
  guint winners;                    /* bit (1 << side index) per winning side */
  char *level;                      /* "decisive", "1-vp", "surrender-die-roll"... */
  gboolean if_held;                 /* TRUE: the winner wins when held */
} RdtHexVictory;

void        rdt_hex_victory_free      (RdtHexVictory *victory);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtHexVictory, rdt_hex_victory_free)

/* The rows of the volume's "hex-victory" table that apply to @scenario
 * (transfer full: GPtrArray of RdtHexVictory*; empty when the volume has none),
 * or NULL with @error when a row cannot be read (unknown side, kind, area,
 * malformed hex...). */
GPtrArray  *rdt_hex_victory_list      (RdtScenario   *scenario,
                                       GError       **error);

/* Whether the hexes are held in the scenario's current set-up. */
gboolean    rdt_hex_victory_is_held   (RdtScenario         *scenario,
                                       const RdtHexVictory *victory);

/* Whether the winner wins: held == if_held. */
gboolean    rdt_hex_victory_is_met    (RdtScenario         *scenario,
                                       const RdtHexVictory *victory);

G_END_DECLS
