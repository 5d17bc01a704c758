/* rdt-phase.h: the phases of a game turn and the Sequence of Play as data
 * (Series Rules 5 and the Expanded Sequence of Play; the older edition printed
 * with Savannah has the same outline, its 5).
 *
 * A sequence is a table of steps: the initiative segment (6), the two player
 * turns of five phases each (9, 15, 11, 10, 12), the end-of-turn segment (5 D).
 * Set-up (deployment before the first turn) comes before the table, and the
 * game is over after it or on a demoralised army (16.3).  The fire and close
 * combat phases are entered and left with no resolution yet: that is the seam
 * for combat (issue 14), which will act inside RDT_PHASE_ARTILLERY_FIRE,
 * RDT_PHASE_RIFLE_FIRE and RDT_PHASE_CLOSE_COMBAT.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  RDT_PHASE_SETUP,            /* deployment before the first turn (scenario set-up) */
  RDT_PHASE_INITIATIVE,       /* 5 A, 6 */
  RDT_PHASE_MOVEMENT,         /* 9 */
  RDT_PHASE_RALLY,            /* 15 */
  RDT_PHASE_ARTILLERY_FIRE,   /* 11: the non-phasing player's artillery */
  RDT_PHASE_RIFLE_FIRE,       /* 10: simultaneous */
  RDT_PHASE_CLOSE_COMBAT,     /* 12 */
  RDT_PHASE_END_OF_TURN,      /* 5 D */
  RDT_PHASE_GAME_OVER,
  RDT_N_PHASES
} RdtPhase;

typedef struct {
  RdtPhase phase;
  const char *id;           /* "movement": stable, in files, scripts and JSON */
  const char *name;         /* translatable (N_), use _() */
  const char *rule;         /* "9" */
  gboolean combat;          /* a combat phase: the seam for issue 14 */
} RdtPhaseInfo;

const RdtPhaseInfo *rdt_phase_get_info   (RdtPhase    phase);
gboolean            rdt_phase_from_id    (const char *id,
                                          RdtPhase   *out_phase);

/* One step of a sequence: a phase and whose player turn it is (0: the player
 * with the initiative, 1: the other, -1: a segment of the whole turn). */
typedef struct {
  RdtPhase phase;
  int player_turn;
} RdtSequenceStep;

typedef struct {
  const char *id;           /* "series-5" */
  const char *rule;         /* "5; Expanded Sequence of Play" */
  const RdtSequenceStep *steps;
  guint n_steps;
} RdtSequence;

/* The Sequence of Play of the Series Rules (both editions' outline). */
const RdtSequence  *rdt_sequence_get_series (void);

G_END_DECLS
