/* rdt-game-results.h: combat results (Series Rules 13.1) applied to a game's
 * units: step losses ("1", "2"), disruption and its escalation ("D", 13.3,
 * 13.4), retreats ("R", 13.2) owed as actions and chosen among the retreat
 * engine's legal ends (or capture, 13.23), the leader casualty ("*"), the army
 * morale loss ("AM") and the army morale adjustments after each result (16.1,
 * the volume's "army-morale-adjustments" table).
 *
 * Fire (rdt-game-fire.c) applies a result to the target only (13 intro, 10.3,
 * 11.3 STEP 3); close combat (issue 14, branch cc14) can apply the same
 * results to its lead units and reuse the retreat queue.
 */
#pragma once

#include "rdt-game.h"

G_BEGIN_DECLS

/* One result of 13.1, parsed from a table cell ("1*", "D", "R", "AM", "-"). */
typedef struct {
  gboolean none;            /* "-": no effect */
  int steps;                /* "1", "2" */
  gboolean disrupt;         /* "D" */
  gboolean retreat;         /* "R" */
  gboolean leader;          /* "*" */
  gboolean army_morale;     /* "AM" */
  gboolean pin;             /* "PIN" (close combat) */
  gboolean dc;              /* "DC" (close combat) */
  gboolean ac;              /* "AC" (close combat) */
} RdtCombatResult;

/* FALSE when @text is not a result of 13.1. */
gboolean      rdt_combat_result_parse      (const char            *text,
                                            RdtCombatResult       *out);

/* Applies @result to unit @unit (the affected unit) in @game: the steps, D,
 * R (a retreat owed, rdt_game_get_n_owed_retreats()), the leader casualty in
 * its hex, AM and the army morale adjustments; @rule is the rule that read
 * the table ("10.3", "11.3"; "13.1" for a close combat lead unit, which
 * the volume's "retreat-exceptions" rows for close combat read).  Retreats that the engine says cannot be made
 * are captures at once (13.23). */
void          _rdt_game_apply_result       (RdtGame               *game,
                                            guint                  unit,
                                            const RdtCombatResult *result,
                                            const char            *rule);
/* After a close combat Retreat result the lead unit did not have to carry
 * out (table "retreat-exceptions", "others" = "in-hex": Brandywine 3.9,
 * Germantown 3.10.4): TRUE when @unit, of the same hex, need not make the
 * morale check of 13.1 (logged). */
gboolean      _rdt_game_morale_check_excused (RdtGame             *game,
                                              guint                unit);
/* The volume's "morale-check-drm" rows for @unit's hex (Germantown 3.10.2:
 * +1 in the Chew House), logged; 0 without one. */
int           _rdt_game_terrain_morale_drm (RdtGame               *game,
                                            guint                  unit);
/* Eliminates or captures @unit with the army morale adjustment (16.1); for
 * close combat's DC, AC, PIN and 12.31 captures (branch cc14). */
void          _rdt_game_remove_unit        (RdtGame               *game,
                                            guint                  unit,
                                            RdtGameUnitWhere       where,
                                            const char            *rule);
/* Owes a retreat of @hexes (1: 13.2, 3: 13.3) by @unit; @first puts it
 * ahead of the others (10.4: the non-phasing player's first). */
void          _rdt_game_owe_retreat        (RdtGame               *game,
                                            guint                  unit,
                                            int                    hexes,
                                            gboolean               first);
/* Captures owed retreats that have no legal end (13.23), from the head of
 * the queue, until one with a choice is first. */
void          _rdt_game_settle_retreats    (RdtGame               *game);
/* "retreat UNIT HEX": makes the owed retreat of @unit to @hex. */
gboolean      _rdt_game_do_retreat         (RdtGame               *game,
                                            guint                  unit,
                                            RdtHex                 hex,
                                            GError               **error);
/* "casualty LEADER": the owner's choice of an owed leader casualty (13.1). */
gboolean      _rdt_game_do_casualty        (RdtGame               *game,
                                            guint                  leader,
                                            GError               **error);
/* 10.5 Important: a rifle unit that takes part in a close combat before it
 * fires loses its first fire bonus (for close combat, branch cc14). */
void          _rdt_game_spend_first_fire   (RdtGame               *game,
                                            guint                  unit);

G_END_DECLS
