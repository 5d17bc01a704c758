/* rdt-phase.c: the phase table and the Series Rules Sequence of Play (5). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "rdt-phase.h"

static const RdtPhaseInfo phases[RDT_N_PHASES] = {
  { RDT_PHASE_SETUP, "setup", N_("Set-up"), "scenario deployment", FALSE },
  { RDT_PHASE_INITIATIVE, "initiative", N_("Initiative segment"), "6", FALSE },
  { RDT_PHASE_MOVEMENT, "movement", N_("Movement phase"), "9", FALSE },
  { RDT_PHASE_RALLY, "rally", N_("Rally phase"), "15", FALSE },
  { RDT_PHASE_ARTILLERY_FIRE, "artillery-fire", N_("Defensive Artillery Fire phase"), "11", TRUE },
  { RDT_PHASE_RIFLE_FIRE, "rifle-fire", N_("Rifle Fire phase"), "10", TRUE },
  { RDT_PHASE_CLOSE_COMBAT, "close-combat", N_("Close Combat phase"), "12", TRUE },
  { RDT_PHASE_END_OF_TURN, "end-of-turn", N_("End-of-Turn segment"), "5 D", FALSE },
  { RDT_PHASE_GAME_OVER, "game-over", N_("Game over"), "16.3; scenario victory conditions", FALSE },
};

const RdtPhaseInfo *
rdt_phase_get_info (RdtPhase phase)
{
  g_return_val_if_fail (phase < RDT_N_PHASES, &phases[0]);
  return &phases[phase];
}

gboolean
rdt_phase_from_id (const char *id,
                   RdtPhase   *out_phase)
{
  for (guint i = 0; i < RDT_N_PHASES; i++)
    if (g_strcmp0 (phases[i].id, id) == 0)
      {
        *out_phase = phases[i].phase;
        return TRUE;
      }
  return FALSE;
}

/* 5 and the Expanded Sequence of Play: A. Initiative Segment; B. Initiative
 * Player Turn; C. Second Player Turn; D. End-of-Turn Segment. */
static const RdtSequenceStep series_steps[] = {
  { RDT_PHASE_INITIATIVE, -1 },
  { RDT_PHASE_MOVEMENT, 0 },
  { RDT_PHASE_RALLY, 0 },
  { RDT_PHASE_ARTILLERY_FIRE, 0 },
  { RDT_PHASE_RIFLE_FIRE, 0 },
  { RDT_PHASE_CLOSE_COMBAT, 0 },
  { RDT_PHASE_MOVEMENT, 1 },
  { RDT_PHASE_RALLY, 1 },
  { RDT_PHASE_ARTILLERY_FIRE, 1 },
  { RDT_PHASE_RIFLE_FIRE, 1 },
  { RDT_PHASE_CLOSE_COMBAT, 1 },
  { RDT_PHASE_END_OF_TURN, -1 },
};

static const RdtSequence series = {
  "series-5", "5; Expanded Sequence of Play", series_steps, G_N_ELEMENTS (series_steps),
};

const RdtSequence *
rdt_sequence_get_series (void)
{
  return &series;
}
