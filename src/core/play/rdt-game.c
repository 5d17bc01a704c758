/* rdt-game.c: the game in progress: state, actions, log, undo (issue 13).
 *
 * Each action runs on the live state after a snapshot of it is taken; when a
 * rule forbids it, the snapshot is put back, so a refused action leaves no
 * trace.  The snapshot stays with the log entry for undo.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-board.h"
#include "rdt-game-private.h"
#include "rdt-scenario-io.h"
#include "rdt-zoc.h"

G_DEFINE_QUARK (rdt-game-error-quark, rdt_game_error)

G_DEFINE_FINAL_TYPE (RdtGame, rdt_game, G_TYPE_OBJECT)

/* Bounds on what a script line may hold. */
#define MAX_LINE 1000
#define MAX_TOKENS 16   /* close-combat (issue 14) has up to 12 words */
/* 6.2: ties are rolled again; this bounds a run of typed ties. */
#define MAX_INITIATIVE_ROLLS 1000
/* 13.5: a modified roll of 5 or more passes a morale check. */
#define MORALE_CHECK_PASS 5

typedef struct {
  char *text;
  RdtGameState *before;
  gboolean barrier;             /* a roll or a phase change: undo stops here */
  guint first_message;
  guint first_roll;
} LogEntry;

/* ------------------------------------------------------------------ state */

static void
unit_clear (RdtGameUnit *u)
{
  g_clear_pointer (&u->states, g_strfreev);
  g_clear_pointer (&u->entry, g_free);
}

RdtGameState *
_rdt_game_state_copy (RdtGame            *game,
                      const RdtGameState *src)
{
  RdtGameState *s = g_new0 (RdtGameState, 1);

  *s = *src;
  s->result = g_strdup (src->result);
  s->army_morale = g_memdup2 (src->army_morale, sizeof (int) * MAX (game->n_sides, 1));
  s->momentum = g_memdup2 (src->momentum, sizeof (int) * MAX (game->n_sides, 1));
  s->typed = g_array_copy (src->typed);
  s->pending_fire = g_array_copy (src->pending_fire);
  s->owed_retreats = g_array_copy (src->owed_retreats);
  s->owed_casualties = g_array_copy (src->owed_casualties);
  s->designated = g_array_copy (src->designated);
  s->pending_cc = g_strdup (src->pending_cc);
  s->weather = g_strdup (src->weather);
  s->released = g_strdupv (src->released);
  s->units = g_new0 (RdtGameUnit, MAX (game->n_units, 1));
  for (guint i = 0; i < game->n_units; i++)
    {
      s->units[i] = src->units[i];
      s->units[i].states = g_strdupv (src->units[i].states);
      s->units[i].entry = g_strdup (src->units[i].entry);
    }
  return s;
}

void
_rdt_game_state_free (RdtGame      *game,
                      RdtGameState *s)
{
  if (s == NULL)
    return;
  for (guint i = 0; i < game->n_units; i++)
    unit_clear (&s->units[i]);
  g_free (s->units);
  g_free (s->result);
  g_free (s->army_morale);
  g_free (s->momentum);
  g_array_unref (s->typed);
  g_array_unref (s->pending_fire);
  g_array_unref (s->owed_retreats);
  g_array_unref (s->owed_casualties);
  g_array_unref (s->designated);
  g_free (s->pending_cc);
  g_free (s->weather);
  g_strfreev (s->released);
  g_free (s);
}

static void
message_free (RdtGameMessage *m)
{
  g_free (m->rule);
  g_free (m->text);
  g_free (m);
}

static void
roll_free (RdtGameRoll *r)
{
  g_free (r->purpose);
  g_free (r);
}

/* --------------------------------------------------------------- GObject */

static void
rdt_game_finalize (GObject *object)
{
  RdtGame *game = RDT_GAME (object);

  if (game->log != NULL)
    for (guint i = 0; i < game->log->len; i++)
      {
        LogEntry *e = g_ptr_array_index (game->log, i);

        g_free (e->text);
        _rdt_game_state_free (game, e->before);
        g_free (e);
      }
  g_clear_pointer (&game->log, g_ptr_array_unref);
  _rdt_game_state_free (game, game->state);
  g_clear_pointer (&game->redo, g_ptr_array_unref);
  g_clear_pointer (&game->messages, g_ptr_array_unref);
  g_clear_pointer (&game->rolls, g_ptr_array_unref);
  g_clear_pointer (&game->players, g_ptr_array_unref);
  g_clear_pointer (&game->side_player, g_free);
  g_clear_pointer (&game->movement, rdt_movement_free);
  g_clear_pointer (&game->track, rdt_morale_track_free);
  g_clear_object (&game->board);
  g_clear_object (&game->scenario);

  G_OBJECT_CLASS (rdt_game_parent_class)->finalize (object);
}

static void
rdt_game_class_init (RdtGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = rdt_game_finalize;
}

static void
rdt_game_init (RdtGame *game)
{
  game->log = g_ptr_array_new ();
  game->redo = g_ptr_array_new_with_free_func (g_free);
  game->messages = g_ptr_array_new_with_free_func ((GDestroyNotify) message_free);
  game->rolls = g_ptr_array_new_with_free_func ((GDestroyNotify) roll_free);
  game->players = g_ptr_array_new_with_free_func (g_free);
  game->excused_lead = -1;
  game->take_retreat[0] = -1;
}

static RdtScenario *
copy_scenario (RdtScenario  *scenario,
               GError      **error)
{
  g_autoptr(GBytes) bytes = rdt_scenario_to_bytes (scenario, error);

  if (bytes == NULL)
    return NULL;
  return rdt_scenario_load_from_bytes (bytes, rdt_scenario_get_path (scenario), NULL, error);
}

/* g_qsort_with_data wants a comparison of pointers to elements. */
static int
compare_strings (gconstpointer a,
                 gconstpointer b,
                 gpointer      data)
{
  (void) data;
  return strcmp (*(char *const *) a, *(char *const *) b);
}

RdtGame *
rdt_game_new (RdtScenario  *scenario,
              guint64       seed,
              GError      **error)
{
  g_autoptr(RdtGame) game = NULL;
  RdtGameState *s;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  game = g_object_new (RDT_TYPE_GAME, NULL);
  game->scenario = copy_scenario (scenario, error);
  if (game->scenario == NULL)
    return NULL;
  game->board = copy_scenario (game->scenario, error);
  if (game->board == NULL)
    return NULL;
  game->board_dirty = TRUE;
  game->track = rdt_morale_track_new (rdt_scenario_get_volume (game->scenario), error);
  if (game->track == NULL)
    return NULL;
  game->sequence = rdt_sequence_get_series ();
  game->n_sides = rdt_scenario_get_n_sides (game->scenario);
  game->n_units = rdt_scenario_get_n_units (game->scenario);

  game->side_player = g_new0 (int, MAX (game->n_sides, 1));
  for (guint i = 0; i < game->n_sides; i++)
    {
      const char *player = rdt_side_get_player (rdt_scenario_get_side (game->scenario, i));
      guint p;

      for (p = 0; p < game->players->len; p++)
        if (g_str_equal (g_ptr_array_index (game->players, p), player))
          break;
      if (p == game->players->len)
        g_ptr_array_add (game->players, g_strdup (player));
      game->side_player[i] = (int) p;
    }
  if (game->players->len != 2)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA,
                   _("5: a game turn has two player turns, but the scenario has %u players"),
                   game->players->len);
      return NULL;
    }

  s = g_new0 (RdtGameState, 1);
  s->turn = rdt_scenario_get_first_turn (game->scenario);
  s->step = -1;
  s->initiative = -1;
  s->last_initiative = -1;
  s->declared[0] = s->declared[1] = -1;
  s->army_morale = g_new0 (int, MAX (game->n_sides, 1));
  s->momentum = g_new0 (int, MAX (game->n_sides, 1));
  /* 12.61: a pool of five chits; a side's at-start chits come out of it. */
  s->pool = 5;
  for (guint i = 0; i < game->n_sides; i++)
    {
      const RdtSide *side = rdt_scenario_get_side (game->scenario, i);

      s->army_morale[i] = MAX (side->army_morale, 0);
      s->momentum[i] = MAX (side->momentum, 0);
      s->pool = MAX (s->pool - s->momentum[i], 0);
    }
  rdt_die_init (&s->die, seed);
  s->typed = g_array_new (FALSE, FALSE, sizeof (int));
  s->pending_fire = g_array_new (FALSE, FALSE, sizeof (RdtGamePendingFire));
  s->owed_retreats = g_array_new (FALSE, FALSE, sizeof (RdtGameOwedRetreat));
  s->owed_casualties = g_array_new (FALSE, FALSE, sizeof (RdtGameOwedCasualty));
  s->designated = g_array_new (FALSE, FALSE, sizeof (RdtGameDesignation));
  s->released = g_new0 (char *, 1);
  s->units = g_new0 (RdtGameUnit, MAX (game->n_units, 1));
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtUnit *u = rdt_scenario_get_unit (game->scenario, i);
      RdtGameUnit *gu = &s->units[i];

      gu->step = u->step;
      gu->status = u->status;
      gu->states = g_strdupv (u->states);
      if (gu->states != NULL)
        g_qsort_with_data (gu->states, g_strv_length (gu->states), sizeof (char *),
                           compare_strings, NULL);
      switch (u->placement.kind)
        {
        case RDT_PLACEMENT_HEX:
        case RDT_PLACEMENT_AREA:
          gu->where = RDT_GAME_UNIT_TO_DEPLOY;
          break;
        case RDT_PLACEMENT_ENTRY:
          gu->where = RDT_GAME_UNIT_TO_ARRIVE;
          gu->arrive_turn = u->placement.turn;
          gu->entry = g_strdup (u->placement.entry);
          break;
        /* Issue 16: the scenario starts it in the eliminated or captured box. */
        case RDT_PLACEMENT_ELIMINATED:
          gu->where = RDT_GAME_UNIT_ELIMINATED;
          break;
        case RDT_PLACEMENT_CAPTURED:
          gu->where = RDT_GAME_UNIT_CAPTURED;
          break;
        case RDT_PLACEMENT_NONE:
        case RDT_PLACEMENT_UNUSED:
        default:
          gu->where = RDT_GAME_UNIT_UNUSED;
          break;
        }
    }
  game->state = s;
  return g_steal_pointer (&game);
}

/* ------------------------------------------------------------- accessors */

RdtScenario *
rdt_game_get_scenario (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  return game->scenario;
}

guint64
rdt_game_get_seed (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->state->die.seed;
}

const RdtMoraleTrack *
rdt_game_get_morale_track (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  return game->track;
}

int
rdt_game_get_turn (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->state->turn;
}

RdtPhase
rdt_game_get_phase (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), RDT_PHASE_SETUP);
  if (game->state->over)
    return RDT_PHASE_GAME_OVER;
  if (game->state->step < 0)
    return RDT_PHASE_SETUP;
  return game->sequence->steps[game->state->step].phase;
}

int
rdt_game_get_player_turn (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), -1);
  if (game->state->over || game->state->step < 0)
    return -1;
  return game->sequence->steps[game->state->step].player_turn;
}

int
rdt_game_get_initiative_player (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), -1);
  return game->state->initiative;
}

int
rdt_game_get_phasing_player (RdtGame *game)
{
  int pt = rdt_game_get_player_turn (game);

  if (pt < 0 || game->state->initiative < 0)
    return -1;
  return pt == 0 ? game->state->initiative : 1 - game->state->initiative;
}

gboolean
rdt_game_is_over (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  return game->state->over;
}

const char *
rdt_game_get_result (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  return game->state->result;
}

guint
rdt_game_get_n_players (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->players->len;
}

const char *
rdt_game_get_player_id (RdtGame *game,
                        guint    player)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  g_return_val_if_fail (player < game->players->len, NULL);
  return g_ptr_array_index (game->players, player);
}

int
rdt_game_find_player (RdtGame    *game,
                      const char *id)
{
  g_return_val_if_fail (RDT_IS_GAME (game), -1);
  for (guint p = 0; p < game->players->len; p++)
    if (g_strcmp0 (g_ptr_array_index (game->players, p), id) == 0)
      return (int) p;
  /* A side id names its player too. */
  for (guint s = 0; s < game->n_sides; s++)
    if (g_strcmp0 (rdt_scenario_get_side (game->scenario, s)->id, id) == 0)
      return game->side_player[s];
  return -1;
}

int
rdt_game_get_side_player (RdtGame *game,
                          guint    side)
{
  g_return_val_if_fail (RDT_IS_GAME (game), -1);
  g_return_val_if_fail (side < game->n_sides, -1);
  return game->side_player[side];
}

int
rdt_game_get_army_morale (RdtGame *game,
                          guint    side)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  g_return_val_if_fail (side < game->n_sides, 0);
  return game->state->army_morale[side];
}

const RdtMoraleLevel *
rdt_game_get_morale_level (RdtGame *game,
                           guint    side)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  g_return_val_if_fail (side < game->n_sides, NULL);
  return rdt_morale_track_level (game->track, game->state->army_morale[side]);
}

int
rdt_game_get_momentum (RdtGame *game,
                       guint    side)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  g_return_val_if_fail (side < game->n_sides, 0);
  return game->state->momentum[side];
}

int
rdt_game_get_momentum_pool (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->state->pool;
}

int
rdt_game_get_momentum_declared (RdtGame *game,
                                guint    player)
{
  g_return_val_if_fail (RDT_IS_GAME (game), -1);
  g_return_val_if_fail (player < 2, -1);
  return game->state->declared[player];
}

/* 3 "VP Clarifications": an eliminated unit is worth its steps at the start
 * of the game (a two-step unit that began reduced counts 1), a captured unit
 * 1 VP.  Leader losses (Leader Summary Table) and hex VPs are not in the
 * rulebooks and not counted here. */
int
rdt_game_get_vp (RdtGame *game,
                 guint    player)
{
  int vp = 0;

  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtUnit *u = rdt_scenario_get_unit (game->scenario, i);
      const RdtGameUnit *gu = &game->state->units[i];

      if (rdt_unit_is_leader (u) || game->side_player[u->side] == (int) player)
        continue;
      if (gu->where == RDT_GAME_UNIT_ELIMINATED)
        vp += MAX ((int) rdt_unit_get_n_steps (u) - u->step, 1);
      else if (gu->where == RDT_GAME_UNIT_CAPTURED)
        vp += 1;
    }
  return vp;
}

guint
rdt_game_get_n_units (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->n_units;
}

const RdtGameUnit *
rdt_game_get_unit (RdtGame *game,
                   guint    index)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  g_return_val_if_fail (index < game->n_units, NULL);
  return &game->state->units[index];
}

int
rdt_game_find_unit (RdtGame    *game,
                    const char *id)
{
  g_return_val_if_fail (RDT_IS_GAME (game), -1);
  return rdt_scenario_find_unit_index (game->scenario, id);
}

const RdtDie *
rdt_game_get_die (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  return &game->state->die;
}

guint
rdt_game_get_n_typed_rolls (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->state->typed->len;
}

guint
rdt_game_get_n_actions (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->log->len;
}

const char *
rdt_game_get_action (RdtGame *game,
                     guint    index)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  g_return_val_if_fail (index < game->log->len, NULL);
  return ((LogEntry *) g_ptr_array_index (game->log, index))->text;
}

guint
rdt_game_get_n_messages (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->messages->len;
}

const RdtGameMessage *
rdt_game_get_message (RdtGame *game,
                      guint    index)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  g_return_val_if_fail (index < game->messages->len, NULL);
  return g_ptr_array_index (game->messages, index);
}

guint
rdt_game_get_n_rolls (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->rolls->len;
}

const RdtGameRoll *
rdt_game_get_roll (RdtGame *game,
                   guint    index)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  g_return_val_if_fail (index < game->rolls->len, NULL);
  return g_ptr_array_index (game->rolls, index);
}

/* ---------------------------------------------------------------- helpers */

static void G_GNUC_PRINTF (3, 4)
say (RdtGame    *game,
     const char *rule,
     const char *format,
     ...)
{
  RdtGameMessage *m = g_new0 (RdtGameMessage, 1);
  va_list args;

  va_start (args, format);
  m->text = g_strdup_vprintf (format, args);
  va_end (args);
  m->rule = g_strdup (rule);
  m->action = game->log->len;
  g_ptr_array_add (game->messages, m);
}

static const char *
player_id (RdtGame *game,
           int      player)
{
  return player >= 0 ? g_ptr_array_index (game->players, player) : "-";
}

static const RdtUnit *
unit_of (RdtGame *game,
         guint    index)
{
  return rdt_scenario_get_unit (game->scenario, index);
}

static int
unit_player (RdtGame *game,
             guint    index)
{
  return game->side_player[unit_of (game, index)->side];
}

static char *
label (RdtGame *game,
       RdtHex   hex)
{
  return rdt_hex_grid_dup_label (rdt_scenario_get_grid (game->scenario), hex);
}

/* 2.3: the next die roll, a typed one first if any; logged. */
static int
roll_die (RdtGame    *game,
          const char *purpose)
{
  RdtGameState *s = game->state;
  RdtGameRoll *r = g_new0 (RdtGameRoll, 1);

  if (s->typed->len > 0)
    {
      r->value = g_array_index (s->typed, int, 0);
      r->typed = TRUE;
      g_array_remove_index (s->typed, 0);
    }
  else
    r->value = rdt_die_roll (&s->die);
  r->purpose = g_strdup (purpose);
  g_ptr_array_add (game->rolls, r);
  say (game, "2.3", r->typed ? _("Die roll %d (typed) for %s") : _("Die roll %d for %s"),
       r->value, purpose);
  return r->value;
}

static void
end_game (RdtGame    *game,
          const char *result)
{
  game->state->over = TRUE;
  g_free (game->state->result);
  game->state->result = g_strdup (result);
  say (game, "16.3; scenario victory conditions", _("Game over: %s"), result);
}

/* 16.3: an army at 0 is demoralised; the game ends at once. */
static void
change_army_morale (RdtGame    *game,
                    guint       side,
                    int         delta,
                    const char *rule,
                    const char *why)
{
  RdtGameState *s = game->state;
  const RdtSide *sd = rdt_scenario_get_side (game->scenario, side);

  s->army_morale[side] = MAX (s->army_morale[side] + delta, 0);
  say (game, rule, _("Army morale of %s %+d (%s): now %d"), sd->id, delta, why, s->army_morale[side]);
  if (s->army_morale[side] == 0 && !s->over)
    {
      g_autofree char *result =
        g_strdup_printf (_("%s army demoralized: %s wins a Substantial Victory (16.3)"),
                         sd->id, player_id (game, 1 - game->side_player[side]));
      end_game (game, result);
    }
}

void
_rdt_game_say (RdtGame    *game,
               const char *rule,
               const char *format,
               ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  say (game, rule, "%s", text);
}

int
_rdt_game_roll_die (RdtGame    *game,
                    const char *purpose)
{
  return roll_die (game, purpose);
}

void
_rdt_game_change_army_morale (RdtGame    *game,
                              guint       side,
                              int         delta,
                              const char *rule,
                              const char *why)
{
  change_army_morale (game, side, delta, rule, why);
}

int
_rdt_game_unit_player (RdtGame *game,
                       guint    index)
{
  return unit_player (game, index);
}

static gboolean
parse_unit (RdtGame     *game,
            const char  *id,
            guint       *out,
            GError     **error)
{
  int index = rdt_scenario_find_unit_index (game->scenario, id);

  if (index < 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN,
                   _("unknown unit “%s”"), id);
      return FALSE;
    }
  *out = (guint) index;
  return TRUE;
}

static gboolean
parse_hex (RdtGame     *game,
           const char  *text,
           RdtHex      *out,
           GError     **error)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);

  if (!rdt_hex_grid_parse_label (grid, text, out, NULL) || !rdt_hex_grid_contains (grid, *out))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN,
                   _("“%s” is not a hex of this map"), text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_count (const char  *text,
             int          max,
             int         *out,
             GError     **error)
{
  guint64 v;

  if (!g_ascii_string_to_unsigned (text, 10, 0, (guint64) max, &v, NULL))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX,
                   _("“%s” is not a number from 0 to %d"), text, max);
      return FALSE;
    }
  *out = (int) v;
  return TRUE;
}

static gboolean
require_phase (RdtGame     *game,
               RdtPhase     phase,
               const char  *action,
               GError     **error)
{
  RdtPhase now = rdt_game_get_phase (game);

  if (now == phase)
    return TRUE;
  if (now == RDT_PHASE_GAME_OVER)
    g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_GAME_OVER,
                 _("the game is over (%s)"), game->state->result);
  else
    g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_WRONG_PHASE,
                 _("5: “%s” belongs to the %s (%s); this is the %s (%s)"), action,
                 _(rdt_phase_get_info (phase)->name), rdt_phase_get_info (phase)->rule,
                 _(rdt_phase_get_info (now)->name), rdt_phase_get_info (now)->rule);
  return FALSE;
}

static gboolean
require_phasing (RdtGame     *game,
                 guint        unit,
                 GError     **error)
{
  int phasing = rdt_game_get_phasing_player (game);

  if (unit_player (game, unit) == phasing)
    return TRUE;
  g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
               _("5: this is the %s player turn; %s belongs to the %s player"),
               player_id (game, phasing), unit_of (game, unit)->id,
               player_id (game, unit_player (game, unit)));
  return FALSE;
}

static gboolean
require_on_map (RdtGame     *game,
                guint        unit,
                GError     **error)
{
  if (game->state->units[unit].where == RDT_GAME_UNIT_MAP)
    return TRUE;
  g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
               _("9.2: %s is not on the map"), unit_of (game, unit)->id);
  return FALSE;
}

/* Units of @player in @hex (state order). */
static GArray *
units_in_hex (RdtGame *game,
              RdtHex   hex,
              int      player)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &game->state->units[i];

      if (gu->where == RDT_GAME_UNIT_MAP && gu->hex.col == hex.col && gu->hex.row == hex.row &&
          (player < 0 || unit_player (game, i) == player))
        g_array_append_val (out, i);
    }
  return out;
}

static gboolean
enemy_in_hex (RdtGame *game,
              RdtHex   hex,
              int      player)
{
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &game->state->units[i];

      if (gu->where == RDT_GAME_UNIT_MAP && gu->hex.col == hex.col && gu->hex.row == hex.row &&
          unit_player (game, i) != player)
        return TRUE;
    }
  return FALSE;
}

/* An enemy combat unit in a hex adjacent to @hex (9.6, older 15.1). */
static gboolean
enemy_combat_adjacent (RdtGame *game,
                       RdtHex   hex,
                       int      player)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);

  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &game->state->units[i];

      if (gu->where == RDT_GAME_UNIT_MAP && unit_player (game, i) != player &&
          !rdt_unit_is_leader (unit_of (game, i)) && rdt_hex_grid_are_adjacent (grid, gu->hex, hex))
        return TRUE;
    }
  return FALSE;
}

/* 7.1 with the volume's exceptions for the hex's terrain or area. */
static void
stacking_limit (RdtGame *game,
                RdtHex   hex,
                int     *max_sp,
                int     *max_art,
                const char **rule)
{
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  const RdtStacking *st = rdt_volume_get_stacking (volume);
  const RdtTerrainType *terrain = rdt_scenario_get_terrain_type (game->scenario, hex);

  *max_sp = st->max_sp;
  *max_art = st->max_artillery;
  *rule = st->rule != NULL ? st->rule : "7.1";
  for (guint i = 0; st->exceptions != NULL && i < st->exceptions->len; i++)
    {
      const RdtStackingException *e = g_ptr_array_index (st->exceptions, i);
      gboolean applies = FALSE;

      if (e->terrain != NULL && terrain != NULL && g_str_equal (e->terrain, terrain->id))
        applies = TRUE;
      if (e->area != NULL)
        {
          const RdtArea *area = rdt_scenario_find_area (game->scenario, e->area);

          applies = area != NULL && rdt_scenario_area_contains (area, hex);
        }
      if (applies)
        {
          *max_sp = e->max_sp;
          *max_art = e->max_artillery;
          *rule = e->rule != NULL ? e->rule : *rule;
        }
    }
}

/* TRUE when @player's units in @hex (plus @extra, if not G_MAXUINT) exceed
 * the stacking limit (7.1). */
static gboolean
overstacked (RdtGame     *game,
             RdtHex       hex,
             int          player,
             guint        extra,
             const char **out_rule)
{
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  g_autoptr(GArray) here = units_in_hex (game, hex, player);
  int sp = 0, art = 0, max_sp, max_art;
  const char *rule;

  if (extra != G_MAXUINT)
    g_array_append_val (here, extra);
  for (guint i = 0; i < here->len; i++)
    {
      guint u = g_array_index (here, guint, i);
      const RdtUnit *unit = unit_of (game, u);
      g_autoptr(RdtUnit) shown = rdt_unit_copy (unit);
      gboolean is_art = FALSE;
      int n;

      /* The SPs of the side the counter shows now. */
      shown->step = game->state->units[u].step;
      n = rdt_volume_unit_stacking_sp (volume, shown, &is_art);
      if (is_art)
        art++;
      else
        sp += n;
    }
  stacking_limit (game, hex, &max_sp, &max_art, &rule);
  if (out_rule != NULL)
    *out_rule = rule;
  return sp > max_sp || art > max_art;
}

gboolean
_rdt_game_overstacked (RdtGame     *game,
                       RdtHex       hex,
                       int          player,
                       guint        extra,
                       const char **out_rule)
{
  return overstacked (game, hex, player, extra, out_rule);
}

static void
set_state (RdtGameUnit *gu,
           const char  *state,
           gboolean     on)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; gu->states != NULL && gu->states[i] != NULL; i++)
    if (!g_str_equal (gu->states[i], state))
      g_ptr_array_add (list, g_strdup (gu->states[i]));
  if (on)
    g_ptr_array_add (list, g_strdup (state));
  g_ptr_array_sort_with_data (list, compare_strings, NULL);
  g_strfreev (gu->states);
  gu->states = NULL;
  if (list->len > 0)
    {
      g_ptr_array_add (list, NULL);
      gu->states = (char **) g_ptr_array_steal (list, NULL);
    }
}

static gboolean
has_state (const RdtGameUnit *gu,
           const char        *state)
{
  return gu->states != NULL && g_strv_contains ((const char *const *) gu->states, state);
}

/* 14.1: the leader in command in @hex for @unit: the highest rank, then the
 * most senior (seniority 1 first, 0 = unset last), who may command it
 * (leader "commands"). */
static int
leader_in_command (RdtGame *game,
                   guint    unit)
{
  const RdtUnit *u = unit_of (game, unit);
  g_autoptr(GArray) here = units_in_hex (game, game->state->units[unit].hex, unit_player (game, unit));
  int best = -1;

  for (guint i = 0; i < here->len; i++)
    {
      guint l = g_array_index (here, guint, i);
      const RdtUnit *lu = unit_of (game, l);
      const RdtUnit *bu;

      if (!rdt_unit_is_leader (lu))
        continue;
      if (best < 0)
        {
          best = (int) l;
          continue;
        }
      bu = unit_of (game, (guint) best);
      if (lu->rank > bu->rank ||
          (lu->rank == bu->rank && lu->seniority != 0 &&
           (bu->seniority == 0 || lu->seniority < bu->seniority)))
        best = (int) l;
    }
  if (best >= 0)
    {
      const RdtUnit *lu = unit_of (game, (guint) best);

      if (lu->commands != NULL &&
          !(u->formation != NULL && g_strv_contains ((const char *const *) lu->commands, u->formation)) &&
          !(u->nationality != NULL && g_strv_contains ((const char *const *) lu->commands, u->nationality)) &&
          !g_strv_contains ((const char *const *) lu->commands, u->id))
        return -1;
    }
  return best;
}

static const RdtMoraleLevel *
level_or_error (RdtGame     *game,
                guint        side,
                const char  *what,
                GError     **error)
{
  const RdtMoraleLevel *level = rdt_game_get_morale_level (game, side);

  if (level == NULL)
    g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA,
                 _("16.2: the volume’s Army Morale Track has no level at army morale %d (%s): "
                   "the %s is undecided"),
                 game->state->army_morale[side], rdt_scenario_get_side (game->scenario, side)->id, what);
  return level;
}

/* The first side of @player in file order. */
static guint
player_first_side (RdtGame *game,
                   int      player)
{
  for (guint s = 0; s < game->n_sides; s++)
    if (game->side_player[s] == player)
      return s;
  return 0;
}

/* The army whose level gives @player's Initiative DRM: the scenario says for
 * a player of several armies (Savannah 4.19: the Allies use the French
 * level); otherwise the player's first side. */
static guint
player_initiative_side (RdtGame *game,
                        int      player)
{
  for (guint i = 0; i < rdt_scenario_get_n_turn_initiatives (game->scenario); i++)
    {
      const RdtTurnInitiative *t = rdt_scenario_get_turn_initiative (game->scenario, i);

      if (t->level >= 0 && game->side_player[t->level] == player &&
          game->state->turn >= t->from && game->state->turn <= t->to)
        return (guint) t->level;
    }
  return player_first_side (game, player);
}

static int
player_momentum (RdtGame *game,
                 int      player)
{
  int n = 0;

  for (guint s = 0; s < game->n_sides; s++)
    if (game->side_player[s] == player)
      n += game->state->momentum[s];
  return n;
}

/* ------------------------------------------------------------ the phases */

static void
clear_phase_flags (RdtGame *game)
{
  for (guint i = 0; i < game->n_units; i++)
    game->state->units[i].flags &= RDT_GAME_UNIT_FIRST_FIRE_SPENT;
  game->state->off_board_fired = 0;
  game->state->fire_resolved = FALSE;
  /* 12.21: the designation is the phase's. */
  game->state->advance_open = FALSE;
  g_array_set_size (game->state->designated, 0);
  game->state->announced = FALSE;
  game->state->has_diversion = FALSE;
}

/* An enemy unit's ZOC covers @hex for a unit of @side. */
static gboolean
hex_in_enemy_zoc (RdtGame *game,
                  RdtHex   hex,
                  int      side)
{
  g_autoptr(RdtBoard) board = NULL;
  g_autoptr(GArray) enemies = NULL;

  _rdt_game_sync_board (game);
  board = rdt_board_new_from_scenario (game->board, NULL, NULL);
  if (board == NULL)
    return FALSE;
  enemies = rdt_zoc_enemy_units_into (board, hex, side);
  return enemies != NULL && enemies->len > 0;
}

/* Savannah 4.7: the nearest map hex to @from neither enemy-occupied nor in an
 * enemy ZOC; @out_ties: how many hexes are that near. */
static gboolean
nearest_free_hex (RdtGame *game,
                  RdtHex   from,
                  int      side,
                  int      player,
                  RdtHex  *out,
                  guint   *out_ties)
{
  const RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  g_autoptr(RdtBoard) board = NULL;
  int best = G_MAXINT;

  *out_ties = 0;
  _rdt_game_sync_board (game);
  board = rdt_board_new_from_scenario (game->board, NULL, NULL);
  if (board == NULL)
    return FALSE;
  for (guint h = 0; h < rdt_hex_grid_get_n_hexes (grid); h++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, h);
      int d = rdt_hex_grid_distance (grid, from, hex);
      g_autoptr(GArray) enemies = NULL;

      if (d > best || enemy_in_hex (game, hex, player))
        continue;
      enemies = rdt_zoc_enemy_units_into (board, hex, side);
      if (enemies != NULL && enemies->len > 0)
        continue;
      if (d < best)
        {
          best = d;
          *out = hex;
          *out_ties = 0;
        }
      (*out_ties)++;
    }
  return best != G_MAXINT;
}

/* 9.11: reinforcements of the phasing player arrive at the start of the
 * movement phase on their entry hex, in excess of stacking if need be. */
static void
place_reinforcements (RdtGame *game)
{
  int phasing = rdt_game_get_phasing_player (game);

  /* Germantown 3.4.1.2, Savannah 4.7: variable entry rolls (volume data). */
  _rdt_game_roll_variable_entry (game, phasing);
  for (guint i = 0; i < game->n_units; i++)
    {
      RdtGameUnit *gu = &game->state->units[i];
      const RdtUnit *u = unit_of (game, i);
      const RdtEntryHex *entry = NULL;

      if (gu->where != RDT_GAME_UNIT_TO_ARRIVE || unit_player (game, i) != phasing ||
          gu->arrive_turn > game->state->turn)
        continue;
      for (guint e = 0; e < rdt_scenario_get_n_entries (game->scenario); e++)
        if (g_strcmp0 (rdt_scenario_get_entry (game->scenario, e)->id, gu->entry) == 0)
          entry = rdt_scenario_get_entry (game->scenario, e);
      if (entry == NULL || !rdt_hex_grid_contains (rdt_scenario_get_grid (game->scenario), entry->hex))
        {
          say (game, "9.11", _("%s cannot arrive: entry hex %s is not on the map"), u->id, gu->entry);
          continue;
        }
      {
        gboolean zoc_blocks = FALSE, nearest = FALSE;
        /* Savannah 4.7: a side's blocked entry (volume table "blocked-entry"). */
        const char *brule = _rdt_game_blocked_entry (game, u->side, &zoc_blocks, &nearest);
        gboolean in_zoc = FALSE;
        RdtHex at = entry->hex;

        if (zoc_blocks && !enemy_in_hex (game, entry->hex, phasing))
          in_zoc = hex_in_enemy_zoc (game, entry->hex, u->side);
        if (enemy_in_hex (game, entry->hex, phasing) || in_zoc)
          {
            guint ties = 0;

            /* 4.7: delayed one game turn, after which they may enter at the
             * nearest hex neither enemy-occupied nor in an enemy ZOC. */
            if (brule != NULL && nearest && game->state->turn > u->placement.turn &&
                nearest_free_hex (game, entry->hex, u->side, phasing, &at, &ties))
              {
                g_autofree char *l = label (game, at);

                say (game, brule, _("%s: entry hex %s is blocked; it enters at the nearest hex "
                                    "neither enemy-occupied nor in an enemy ZOC, %s%s"),
                     u->id, gu->entry, l,
                     ties > 1 ? _(" (other hexes are as near: the owning player may choose; "
                                  "not offered yet, use force)") : "");
              }
            else
              {
                /* 9.3: never into an enemy-occupied hex; Brandywine 6.4.4
                 * is not data yet: it waits a turn. */
                gu->arrive_turn = game->state->turn + 1;
                say (game, brule != NULL ? brule : "9.3, 9.11",
                     in_zoc ? _("%s cannot arrive: entry hex %s is in an enemy ZOC; it arrives on turn %d")
                            : _("%s cannot arrive: entry hex %s is occupied by the enemy; "
                                "it arrives on turn %d"), u->id, gu->entry, gu->arrive_turn);
                continue;
              }
          }
        gu->where = RDT_GAME_UNIT_MAP;
        gu->hex = at;
        /* (the ZOC checks above may have synced the board) */
        game->board_dirty = TRUE;
      }
      gu->flags |= RDT_GAME_UNIT_ARRIVED;
      {
        g_autofree char *l = label (game, entry->hex);

        say (game, "9.11", _("%s arrives at entry hex %s (%s)"), u->id, gu->entry, l);
      }
      {
        /* Savannah 4.7: the arrival bonuses of the entry hex (volume data). */
        const char *rule = NULL;
        int halves = _rdt_game_arrival_allowance_halves (game, i, &rule);

        if (halves >= 0 && halves != 2 * u->movement)
          say (game, rule != NULL ? rule : "Savannah 4.7",
               _("%s has %d MPs on its turn of arrival at %s instead of %d"),
               u->id, halves / 2, gu->entry, u->movement);
      }
    }
}

static void
enter_step (RdtGame *game)
{
  RdtGameState *s = game->state;
  RdtPhase phase = rdt_game_get_phase (game);
  const RdtPhaseInfo *info = rdt_phase_get_info (phase);
  int phasing = rdt_game_get_phasing_player (game);

  game->board_dirty = TRUE;
  clear_phase_flags (game);
  if (phasing >= 0)
    say (game, info->rule, _("Turn %d, %s player turn: %s"), s->turn, player_id (game, phasing),
         _(info->name));
  else
    say (game, info->rule, _("Turn %d: %s"), s->turn, _(info->name));

  /* The start of a game turn: turn track, weather, automatic releases. */
  if (s->step == 0)
    _rdt_game_start_turn (game);
  switch (phase)
    {
    case RDT_PHASE_INITIATIVE:
      {
        int first = rdt_scenario_get_first_player (game->scenario);
        gboolean fixed_order = g_strcmp0 (rdt_scenario_get_player_order (game->scenario), "fixed") == 0;

        s->last_initiative = s->initiative;
        s->initiative = -1;
        s->declared[0] = s->declared[1] = -1;
        /* The scenario's player order: its first player has the initiative on
         * the first turn (Brandywine 1.2, 7.2.1.2), or on every turn when
         * the order is fixed. */
        if (first >= 0 && (fixed_order || s->turn == rdt_scenario_get_first_turn (game->scenario)))
          {
            s->initiative = game->side_player[first];
            say (game, "6; scenario player order",
                 _("The scenario gives %s the initiative on turn %d"),
                 player_id (game, s->initiative), s->turn);
          }
        /* The scenario's fixed order on some turns (Germantown 1.2). */
        for (guint i = 0; i < rdt_scenario_get_n_turn_initiatives (game->scenario); i++)
          {
            const RdtTurnInitiative *t = rdt_scenario_get_turn_initiative (game->scenario, i);

            if (t->first < 0 || s->turn < t->from || s->turn > t->to)
              continue;
            s->initiative = game->side_player[t->first];
            say (game, t->rule != NULL ? t->rule : "6; scenario player order",
                 _("The scenario gives %s the initiative on turn %d"),
                 player_id (game, s->initiative), s->turn);
          }
      }
      break;
    case RDT_PHASE_MOVEMENT:
      place_reinforcements (game);
      /* Savannah 4.1: stacks that retreat instead of an attack (volume
       * data, rdt-game-designation.c). */
      _rdt_game_stack_retreats (game);
      break;
    case RDT_PHASE_ARTILLERY_FIRE:
    case RDT_PHASE_RIFLE_FIRE:
      /* Fire (issue 14): the "fire" actions of rdt-game-fire.c. */
      break;
    case RDT_PHASE_CLOSE_COMBAT:
      /* Close Combat (issue 14): the "close-combat" action of
       * rdt-game-combat.c. */
      say (game, info->rule, _("%s: designate every Close Combat (“designate ATT DEF”), “announce” them (12.21), then resolve each with “close-combat” (docs/play.md)"), _(info->name));
      break;
    case RDT_PHASE_END_OF_TURN:
      {
        g_autoptr(GPtrArray) winners = g_ptr_array_new_with_free_func (g_free);
        g_autoptr(GError) local = NULL;

        if (!_rdt_game_check_hex_victory (game, -1, winners, &local))
          say (game, "5 D", _("Automatic victory not checked: %s"), local->message);
        else if (winners->len > 0)
          {
            end_game (game, g_ptr_array_index (winners, 0));
            break;
          }
        if (s->turn >= rdt_scenario_get_first_turn (game->scenario) +
                       rdt_scenario_get_n_turns (game->scenario) - 1)
          {
            int vp[2] = { rdt_game_get_vp (game, 0), rdt_game_get_vp (game, 1) };
            g_autofree char *result = NULL;

            /* The scenario's VP victory levels, in file order: the first whose
             * side leads by at least its margin wins (Brandywine 2.4). */
            for (guint i = 0; result == NULL && i < rdt_scenario_get_n_victory_conditions (game->scenario); i++)
              {
                const RdtVictoryCondition *c = rdt_scenario_get_victory_condition (game->scenario, i);
                int p;

                if (c->side < 0 || (guint) c->side >= game->n_sides)
                  continue;
                p = game->side_player[c->side];
                if (vp[p] - vp[1 - p] >= c->margin)
                  result = g_strdup_printf (_("%s %s victory: %s %d VP, %s %d VP (scenario victory "
                                              "conditions; VPs by 3 VP Clarifications, leader and "
                                              "hex VPs not counted)"),
                                            rdt_scenario_get_side (game->scenario, (guint) c->side)->id,
                                            c->level, player_id (game, 0), vp[0], player_id (game, 1), vp[1]);
              }
            if (result == NULL)
              result = g_strdup_printf (_("last turn: %s %d VP, %s %d VP (3 VP Clarifications; leader "
                                          "and hex VPs are not counted): no victory condition of the "
                                          "scenario is met"),
                                        player_id (game, 0), vp[0], player_id (game, 1), vp[1]);
            end_game (game, result);
          }
      }
      break;
    case RDT_PHASE_RALLY:
      /* 12.43: "Withdrawal markers are automatically removed from friendly
       * units during the owning player's next Rally phase." */
      for (guint i = 0; i < game->n_units; i++)
        {
          RdtGameUnit *gu = &s->units[i];

          if (unit_player (game, i) != rdt_game_get_phasing_player (game) ||
              !(has_state (gu, "cavalry-withdrawal") || has_state (gu, "indian-withdrawal")))
            continue;
          set_state (gu, "cavalry-withdrawal", FALSE);
          set_state (gu, "indian-withdrawal", FALSE);
          game->board_dirty = TRUE;
          say (game, "12.43", _("Withdrawal marker removed from %s"), unit_of (game, i)->id);
        }
      break;
    case RDT_PHASE_SETUP:
    case RDT_PHASE_GAME_OVER:
    case RDT_N_PHASES:
    default:
      break;
    }
}

/* What must be true before the phase may end; may change the state (9.6). */
static gboolean
leave_step (RdtGame  *game,
            GError  **error)
{
  RdtGameState *s = game->state;
  RdtPhase phase = rdt_game_get_phase (game);
  int phasing = rdt_game_get_phasing_player (game);

  switch (phase)
    {
    case RDT_PHASE_SETUP:
      {
        guint left = 0;
        const char *first = NULL;

        for (guint i = 0; i < game->n_units; i++)
          if (s->units[i].where == RDT_GAME_UNIT_TO_DEPLOY)
            {
              left++;
              if (first == NULL)
                first = unit_of (game, i)->id;
            }
        if (left > 0)
          {
            g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                         g_dngettext (GETTEXT_PACKAGE, "scenario set-up: %u unit is still to deploy (%s): deploy it "
                                   "or use deploy-all",
                                   "scenario set-up: %u units are still to deploy (%s first): "
                                   "deploy them or use deploy-all", left),
                         left, first);
            return FALSE;
          }
      }
      break;
    case RDT_PHASE_INITIATIVE:
      if (s->initiative < 0)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                       _("6.1: the initiative is not determined yet: use “initiative”"));
          return FALSE;
        }
      break;
    case RDT_PHASE_MOVEMENT:
      /* Savannah 4.1: the retreats owed at its start are made first. */
      if (!_rdt_game_fire_may_leave (game, error))
        return FALSE;
      /* 7.3, 9.11: stacking limits at the end of the movement phase. */
      for (guint i = 0; i < game->n_units; i++)
        {
          const char *rule;

          if (s->units[i].where == RDT_GAME_UNIT_MAP && unit_player (game, i) == phasing &&
              overstacked (game, s->units[i].hex, phasing, G_MAXUINT, &rule))
            {
              g_autofree char *l = label (game, s->units[i].hex);

              g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                           _("7.3, 9.11: hex %s is overstacked (%s): move units out or "
                             "eliminate steps (“eliminate UNIT”)"), l, rule);
              return FALSE;
            }
        }
      /* 13.3: a disrupted unit that began the phase adjacent to enemy units
       * must move away from as many as possible, if it can. */
      for (guint i = 0; i < game->n_units; i++)
        {
          const RdtGameUnit *gu = &s->units[i];
          g_autoptr(RdtReach) reach = NULL;

          if (gu->where != RDT_GAME_UNIT_MAP || unit_player (game, i) != phasing ||
              gu->status != RDT_UNIT_STATUS_DISRUPTED || (gu->flags & RDT_GAME_UNIT_MOVED))
            continue;
          reach = _rdt_game_reach (game, i, FALSE, NULL);
          for (guint h = 0; reach != NULL && h < rdt_reach_get_n_hexes (reach); h++)
            if (rdt_reach_get_hex (reach, h)->flags & RDT_REACH_MUST_MOVE)
              {
                g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                             _("13.3: %s is disrupted and adjacent to enemy units: it must move "
                               "away from as many as possible"), unit_of (game, i)->id);
                return FALSE;
              }
        }
      /* 9.6: pins of units no longer adjacent to enemy units are removed; the
       * phasing player loses 1 army morale for each of his. */
      for (guint i = 0; i < game->n_units; i++)
        {
          RdtGameUnit *gu = &s->units[i];

          if (gu->where != RDT_GAME_UNIT_MAP || !has_state (gu, "pinned") ||
              enemy_combat_adjacent (game, gu->hex, unit_player (game, i)))
            continue;
          set_state (gu, "pinned", FALSE);
          game->board_dirty = TRUE;
          say (game, "9.6", _("Pin removed from %s: no longer adjacent to enemy units"),
               unit_of (game, i)->id);
          if (unit_player (game, i) == phasing)
            _rdt_game_morale_event (game, unit_of (game, i)->side, "pin-broken", "9.6");
        }
      /* Brandywine 7.1.3.2: removals at the end of a movement phase. */
      _rdt_game_end_phase_removals (game);
      break;
    case RDT_PHASE_CLOSE_COMBAT:
      /* 12.23 step 7, 13.2: the retreats of the last combat are made within
       * the phase (rdt-game-combat.c). */
      if (!_rdt_game_fire_may_leave (game, error))
        return FALSE;
      /* 12.21, 12.23: announced combats are all resolved first. */
      if (!_rdt_game_combat_may_leave (game, error))
        return FALSE;
      _rdt_game_combat_phase_end (game);
      /* Brandywine 3.9: pins broken in place, for this player turn. */
      _rdt_game_clear_pin_breaks (game);
      /* Brandywine 4.8: removals at the end of a player turn. */
      _rdt_game_end_phase_removals (game);
      {
        /* Automatic victory "at the end of any <side> player turn". */
        g_autoptr(GPtrArray) winners = g_ptr_array_new_with_free_func (g_free);

        if (_rdt_game_check_hex_victory (game, (int) player_first_side (game, phasing), winners, NULL) &&
            winners->len > 0)
          end_game (game, g_ptr_array_index (winners, 0));
      }
      break;
    case RDT_PHASE_ARTILLERY_FIRE:
    case RDT_PHASE_RIFLE_FIRE:
      /* 10.4, 13.2: fire results and retreats are made within the phase. */
      if (!_rdt_game_fire_may_leave (game, error))
        return FALSE;
      break;
    case RDT_PHASE_RALLY:
    case RDT_PHASE_END_OF_TURN:
    case RDT_PHASE_GAME_OVER:
    case RDT_N_PHASES:
    default:
      break;
    }
  return TRUE;
}

static gboolean
do_next_phase (RdtGame  *game,
               GError  **error)
{
  RdtGameState *s = game->state;

  if (s->over)
    return require_phase (game, RDT_PHASE_SETUP, "next-phase", error);
  if (!leave_step (game, error))
    return FALSE;
  if (s->over)
    return TRUE;
  /* 13.3: the end of the Close Combat phase shattered units that owe their
   * retreats: the phase ends once they are made (rdt-game-combat.c). */
  if (s->owed_retreats->len > 0)
    return TRUE;
  s->combat_phase_ending = FALSE;
  for (guint skipped = 0;; skipped++)
    {
      if (s->step < 0)
        s->step = 0;
      else if ((guint) s->step + 1 < game->sequence->n_steps)
        s->step++;
      else
        {
          /* Savannah 1.6 case A may move the marker further (rdt-game-events.c). */
          s->turn = _rdt_game_next_turn (game);
          s->step = 0;
        }
      /* Savannah 4.19: a player turn the scenario leaves out (volume data). */
      if (skipped > game->sequence->n_steps || !_rdt_game_player_turn_skipped (game, skipped == 0))
        break;
    }
  enter_step (game);
  return TRUE;
}

/* -------------------------------------------------------------- actions */

static gboolean
do_deploy (RdtGame     *game,
           guint        unit,
           RdtHex       hex,
           GError     **error)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);
  g_autofree char *l = label (game, hex);
  const char *rule;

  if (!require_phase (game, RDT_PHASE_SETUP, "deploy", error))
    return FALSE;
  if (gu->where != RDT_GAME_UNIT_TO_DEPLOY)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("scenario set-up: %s is not an at-start unit waiting to deploy"), u->id);
      return FALSE;
    }
  if (u->placement.kind == RDT_PLACEMENT_HEX &&
      (u->placement.hex.col != hex.col || u->placement.hex.row != hex.row))
    {
      g_autofree char *want = label (game, u->placement.hex);

      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("scenario set-up: %s sets up in hex %s, not %s"), u->id, want, l);
      return FALSE;
    }
  if (u->placement.kind == RDT_PLACEMENT_AREA)
    {
      const RdtArea *area = rdt_scenario_find_area (game->scenario, u->placement.area);

      if (area == NULL || !rdt_scenario_area_contains (area, hex))
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                       _("scenario set-up: %s sets up in area “%s”, which does not hold hex %s"),
                       u->id, area != NULL ? area->name : u->placement.area, l);
          return FALSE;
        }
    }
  if (enemy_in_hex (game, hex, unit_player (game, unit)))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("9.3: a unit may never enter an enemy occupied hex (%s)"), l);
      return FALSE;
    }
  if (overstacked (game, hex, unit_player (game, unit), unit, &rule))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("%s: %s would overstack hex %s"), rule, u->id, l);
      return FALSE;
    }
  gu->where = RDT_GAME_UNIT_MAP;
  gu->hex = hex;
  game->board_dirty = TRUE;
  say (game, "scenario set-up", _("%s deploys in %s"), u->id, l);
  return TRUE;
}

static gboolean
do_deploy_all (RdtGame  *game,
               GError  **error)
{
  guint n = 0;

  if (!require_phase (game, RDT_PHASE_SETUP, "deploy-all", error))
    return FALSE;
  for (guint i = 0; i < game->n_units; i++)
    {
      RdtGameUnit *gu = &game->state->units[i];
      const RdtUnit *u = unit_of (game, i);

      if (gu->where != RDT_GAME_UNIT_TO_DEPLOY || u->placement.kind != RDT_PLACEMENT_HEX)
        continue;
      gu->where = RDT_GAME_UNIT_MAP;
      gu->hex = u->placement.hex;
      n++;
    }
  if (n == 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("scenario set-up: no unit with a listed hex is waiting to deploy"));
      return FALSE;
    }
  game->board_dirty = TRUE;
  say (game, "scenario set-up",
       g_dngettext (GETTEXT_PACKAGE, "%u unit deployed in its listed hex", "%u units deployed in their listed hexes", n), n);
  return TRUE;
}

/* 6.3, 12.62: the checks shared by spending momentum on the initiative roll
 * and dictating player order, both decided before the initiative die. */
static gboolean
may_decide_momentum (RdtGame     *game,
                     int          player,
                     gboolean     dictate,
                     GError     **error)
{
  RdtGameState *s = game->state;

  if (!require_phase (game, RDT_PHASE_INITIATIVE, dictate ? "dictate" : "momentum", error))
    return FALSE;
  if (s->initiative >= 0)
    {
      if (dictate)
        g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                     _("12.62: player order is dictated before the initiative die is rolled; the "
                       "initiative of turn %d is already decided"), s->turn);
      else
        g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                     _("12.62: momentum is spent before the initiative die is rolled; the initiative "
                       "of turn %d is already decided"), s->turn);
      return FALSE;
    }
  if (s->declared[player] >= 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("6.3: %s has already decided how many momentum chits to spend"),
                   player_id (game, player));
      return FALSE;
    }
  if (s->last_initiative >= 0 && player != s->last_initiative && s->declared[s->last_initiative] < 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("6.3: %s had the initiative on the previous turn and decides first"),
                   player_id (game, s->last_initiative));
      return FALSE;
    }
  return TRUE;
}

/* 12.62: spent chits go back to the pool, taken from the player's sides in
 * order. */
static void
spend_momentum (RdtGame *game,
                int      player,
                int      chits)
{
  RdtGameState *s = game->state;

  s->declared[player] = chits;
  for (guint side = 0, left = (guint) chits; side < game->n_sides && left > 0; side++)
    if (game->side_player[side] == player)
      {
        guint take = MIN (left, (guint) s->momentum[side]);

        s->momentum[side] -= (int) take;
        s->pool += (int) take;
        left -= take;
      }
}

static gboolean
do_momentum (RdtGame     *game,
             int          player,
             int          chits,
             GError     **error)
{
  int have = player_momentum (game, player);

  if (!may_decide_momentum (game, player, FALSE, error))
    return FALSE;
  if (chits > have)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("12.62: %s has %d momentum chits, not %d"), player_id (game, player), have, chits);
      return FALSE;
    }
  spend_momentum (game, player, chits);
  say (game, "6.3, 12.62", _("%s spends %d momentum chits: %+d to the initiative roll"),
       player_id (game, player), chits, 2 * chits);
  return TRUE;
}

/* 12.62: "A player may spend three Momentum Chits before the initiative die
 * rolls to dictate player order for the current game turn." */
#define DICTATE_CHITS 3

static gboolean
do_dictate (RdtGame     *game,
            int          player,
            int          first,
            GError     **error)
{
  int have = player_momentum (game, player);

  if (!may_decide_momentum (game, player, TRUE, error))
    return FALSE;
  if (have < DICTATE_CHITS)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("12.62: dictating player order takes %d momentum chits; %s has %d"),
                   DICTATE_CHITS, player_id (game, player), have);
      return FALSE;
    }
  spend_momentum (game, player, DICTATE_CHITS);
  game->state->initiative = first;
  say (game, "12.62", _("%s spends %d momentum chits to dictate player order: %s moves first on turn %d"),
       player_id (game, player), DICTATE_CHITS, player_id (game, first), game->state->turn);
  return TRUE;
}

static gboolean
do_initiative (RdtGame  *game,
               GError  **error)
{
  RdtGameState *s = game->state;
  int total[2] = { 0, 0 }, drm[2];

  if (!require_phase (game, RDT_PHASE_INITIATIVE, "initiative", error))
    return FALSE;
  if (s->initiative >= 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("6.1: %s already has the initiative on turn %d"),
                   player_id (game, s->initiative), s->turn);
      return FALSE;
    }
  for (int p = 0; p < 2; p++)
    {
      const RdtMoraleLevel *level = level_or_error (game, player_initiative_side (game, p),
                                                    _("Initiative DRM"), error);

      if (level == NULL)
        return FALSE;
      /* 6.1 Army Morale Initiative DRM; 12.62 +2 per momentum chit. */
      drm[p] = level->initiative_drm + 2 * MAX (s->declared[p], 0);
      /* The scenario's modifiers on this turn (Brandywine 7.3.1.2). */
      for (guint i = 0; i < rdt_scenario_get_n_turn_initiatives (game->scenario); i++)
        {
          const RdtTurnInitiative *t = rdt_scenario_get_turn_initiative (game->scenario, i);

          if (t->side < 0 || game->side_player[t->side] != p || s->turn < t->from || s->turn > t->to)
            continue;
          drm[p] += t->drm;
          say (game, t->rule != NULL ? t->rule : "6.1; scenario",
               _("%s %+d to the initiative roll on turn %d (scenario)"),
               player_id (game, p), t->drm, s->turn);
        }
    }
  for (guint n = 0;; n++)
    {
      int roll[2];

      if (n >= MAX_INITIATIVE_ROLLS)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                       _("6.2: still tied after %d rolls"), MAX_INITIATIVE_ROLLS);
          return FALSE;
        }
      for (int p = 0; p < 2; p++)
        {
          g_autofree char *purpose = g_strdup_printf (_("initiative, %s (6.1)"), player_id (game, p));

          roll[p] = roll_die (game, purpose);
          total[p] = roll[p] + drm[p];
        }
      say (game, "6.1", _("Initiative: %s %d %+d = %d, %s %d %+d = %d"),
           player_id (game, 0), roll[0], drm[0], total[0],
           player_id (game, 1), roll[1], drm[1], total[1]);
      if (total[0] != total[1])
        break;
      say (game, "6.2", _("Tie: both players roll again with the same modifiers"));
    }
  s->initiative = total[0] > total[1] ? 0 : 1;
  say (game, "6.1", _("%s has the initiative on turn %d"), player_id (game, s->initiative), s->turn);
  return TRUE;
}

static gboolean
do_move (RdtGame     *game,
         guint        unit,
         RdtHex       hex,
         gboolean     strategic,
         GError     **error)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);
  g_autoptr(RdtReach) reach = NULL;
  g_autoptr(GArray) path = NULL;
  g_autoptr(GPtrArray) captures = NULL;
  g_autoptr(GString) path_text = g_string_new (NULL);
  g_autofree char *from = NULL;
  g_autofree char *to = label (game, hex);
  RdtReachHex rh;
  RdtMoveReason reason;

  if (!require_phase (game, RDT_PHASE_MOVEMENT, "move", error) ||
      !require_phasing (game, unit, error) || !require_on_map (game, unit, error))
    return FALSE;
  if (gu->flags & RDT_GAME_UNIT_MOVED)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("9.2: %s has already completed its move this phase"), u->id);
      return FALSE;
    }
  /* Savannah 4.1: the retreats owed at the start of the phase come first. */
  if (game->state->owed_retreats->len > 0)
    {
      guint owed = g_array_index (game->state->owed_retreats, RdtGameOwedRetreat, 0).unit;

      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("Savannah 4.1, 13.2: %s retreats first, at the start of the Movement Phase: “retreat %s HEX”"),
                   unit_of (game, owed)->id, unit_of (game, owed)->id);
      return FALSE;
    }
  /* 12.42: units under a Withdrawal marker "May not move or attack". */
  if (has_state (gu, "cavalry-withdrawal") || has_state (gu, "indian-withdrawal"))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("12.42: %s is under a Withdrawal marker and may not move (removed in its Rally phase, 12.43)"), u->id);
      return FALSE;
    }
  reach = _rdt_game_reach (game, unit, strategic, error);
  if (reach == NULL)
    return FALSE;
  if (!rdt_reach_lookup (reach, hex, &rh))
    {
      const char *rule;

      reason = rdt_reach_get_unit_reason (reach);
      if (reason != RDT_MOVE_REASON_NONE)
        {
          /* The volume's restriction names its own rule (Brandywine
           * 7.2.1.5), the reason only the series rule it applies (9.5). */
          rule = rdt_reach_get_unit_rule (reach);
          if (rule == NULL)
            rule = rdt_move_reason_get_rule (reason);
        }
      else
        {
          reason = rdt_reach_get_reason (reach, hex);
          rule = rdt_reach_get_reason_rule (reach, hex);
        }
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL, _("%s: %s (%s to %s)"),
                   rule, rdt_move_reason_get_message (reason), u->id, to);
      return FALSE;
    }
  path = rdt_reach_dup_path (reach, hex);
  for (guint i = 0; path != NULL && i < path->len; i++)
    {
      g_autofree char *l = label (game, g_array_index (path, RdtHex, i));

      g_string_append_printf (path_text, "%s%s", i > 0 ? " " : "", l);
    }
  from = label (game, gu->hex);
  say (game, strategic ? "9.5" : "9.2",
       strategic ? _("%s moves %s to %s by strategic movement: %d half MPs (path %s)")
                 : _("%s moves %s to %s: %d half MPs (path %s)"),
       u->id, from, to, rh.cost_halves, path_text->str);
  /* 14.33: lone enemy leaders in the hexes entered are captured. */
  captures = rdt_reach_dup_captures (reach, hex);
  for (guint i = 0; captures != NULL && i < captures->len; i++)
    {
      guint leader;

      if (parse_unit (game, g_ptr_array_index (captures, i), &leader, NULL))
        {
          game->state->units[leader].where = RDT_GAME_UNIT_CAPTURED;
          say (game, "14.33", _("%s, alone in its hex, is captured"), unit_of (game, leader)->id);
          _rdt_game_morale_event (game, unit_of (game, leader)->side, "leader-captured", "14.33");
          rdt_game_leader_lost (game, unit_of (game, leader)->id, "14.33", NULL);
        }
    }
  gu->hex = hex;
  gu->flags |= RDT_GAME_UNIT_MOVED;
  game->board_dirty = TRUE;
  /* Brandywine 3.6.2.2: releases triggered by a unit moving near. */
  _rdt_game_release_near (game, unit);
  /* 9.3, 13.1: a pinned unit that moves away costs 1 army morale (9.6). */
  if ((rh.flags & RDT_REACH_PINNED_AM) && has_state (gu, "pinned"))
    {
      set_state (gu, "pinned", FALSE);
      _rdt_game_morale_event (game, u->side, "pin-broken", "9.3, 9.6");
    }
  return TRUE;
}

static gboolean
do_delay (RdtGame     *game,
          guint        unit,
          GError     **error)
{
  RdtGameUnit *gu = &game->state->units[unit];

  if (!require_phase (game, RDT_PHASE_MOVEMENT, "delay", error) ||
      !require_phasing (game, unit, error))
    return FALSE;
  if (!(gu->flags & RDT_GAME_UNIT_ARRIVED) || (gu->flags & RDT_GAME_UNIT_MOVED) ||
      gu->where != RDT_GAME_UNIT_MAP)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("9.11: only a reinforcement placed this phase that has not moved may be delayed (%s)"),
                   unit_of (game, unit)->id);
      return FALSE;
    }
  gu->where = RDT_GAME_UNIT_TO_ARRIVE;
  gu->arrive_turn = game->state->turn + 1;
  gu->flags = 0;
  game->board_dirty = TRUE;
  say (game, "9.11", _("%s delayed: arrives on turn %d"), unit_of (game, unit)->id, gu->arrive_turn);
  return TRUE;
}

/* Savannah 4.7: "Reinforcements enter at hex 3822 or 3920": a reinforcement
 * placed this phase that has not moved goes to another entry hex the
 * volume's "entry-choices" table offers for its entry (rdt-game-events.c). */
static gboolean
do_enter_at (RdtGame     *game,
             guint        unit,
             const char  *entry_id,
             GError     **error)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);
  const RdtEntryHex *entry = NULL;
  const char *rule;

  if (!require_phase (game, RDT_PHASE_MOVEMENT, "enter-at", error) ||
      !require_phasing (game, unit, error))
    return FALSE;
  if (!(gu->flags & RDT_GAME_UNIT_ARRIVED) || (gu->flags & RDT_GAME_UNIT_MOVED) ||
      gu->where != RDT_GAME_UNIT_MAP)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("9.11: only a reinforcement placed this phase that has not moved may change "
                     "its entry hex (%s)"), u->id);
      return FALSE;
    }
  rule = _rdt_game_entry_choice_rule (game, gu->entry, entry_id);
  for (guint e = 0; e < rdt_scenario_get_n_entries (game->scenario); e++)
    if (g_strcmp0 (rdt_scenario_get_entry (game->scenario, e)->id, entry_id) == 0)
      entry = rdt_scenario_get_entry (game->scenario, e);
  if (rule == NULL || entry == NULL ||
      !rdt_hex_grid_contains (rdt_scenario_get_grid (game->scenario), entry->hex))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("9.11: %s arrived at %s; the volume’s entry-choices table offers no entry %s "
                     "instead"), u->id, gu->entry, entry_id);
      return FALSE;
    }
  if (enemy_in_hex (game, entry->hex, unit_player (game, unit)))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("9.3: entry hex %s is occupied by the enemy"), entry_id);
      return FALSE;
    }
  g_free (gu->entry);
  gu->entry = g_strdup (entry_id);
  gu->hex = entry->hex;
  game->board_dirty = TRUE;
  {
    g_autofree char *l = label (game, entry->hex);

    say (game, rule, _("%s enters at entry hex %s (%s) instead"), u->id, entry_id, l);
  }
  return TRUE;
}

static gboolean
do_eliminate (RdtGame     *game,
              guint        unit,
              GError     **error)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);
  const char *rule;

  if (!require_phase (game, RDT_PHASE_MOVEMENT, "eliminate", error) ||
      !require_phasing (game, unit, error) || !require_on_map (game, unit, error))
    return FALSE;
  if (rdt_unit_is_leader (u) || !overstacked (game, gu->hex, unit_player (game, unit), G_MAXUINT, &rule))
    {
      g_autofree char *l = label (game, gu->hex);

      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("7.3: steps are eliminated only from an overstacked hex; %s in %s is not"),
                   u->id, l);
      return FALSE;
    }
  game->board_dirty = TRUE;
  /* 7.3: "All step losses taken impact Army Morale and Victory Points as if
   * they were lost in combat": the volume's adjustments (16.1). */
  if ((guint) gu->step + 1 < rdt_unit_get_n_steps (u))
    {
      gu->step++;
      say (game, "7.3", _("%s loses a step to overstacking (reduced)"), u->id);
      _rdt_game_morale_event (game, u->side, "step-loss", "7.3");
    }
  else
    {
      gu->where = RDT_GAME_UNIT_ELIMINATED;
      say (game, "7.3", _("%s loses its last step to overstacking: eliminated"), u->id);
      _rdt_game_morale_event (game, u->side, "unit-eliminated", "7.3");
    }
  return TRUE;
}

static gboolean
do_rally (RdtGame     *game,
          guint        unit,
          GError     **error)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);
  const RdtUnitStep *step;
  const RdtMoraleLevel *level;
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  gboolean older = rdt_volume_get_variant (volume, RDT_VARIANT_RALLY) == RDT_EDITION_OLDER;
  int leader, leader_drm = 0, roll, morale, total;
  g_autofree char *purpose = NULL;

  if (!require_phase (game, RDT_PHASE_RALLY, "rally", error) ||
      !require_phasing (game, unit, error) || !require_on_map (game, unit, error))
    return FALSE;
  if (rdt_unit_is_leader (u) || gu->status == RDT_UNIT_STATUS_PARADE)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("15.1: only disrupted or shattered units rally; %s is in Parade Order"), u->id);
      return FALSE;
    }
  if (gu->flags & RDT_GAME_UNIT_RALLIED)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("15.1: %s has already attempted to rally this phase"), u->id);
      return FALSE;
    }
  if (older)
    {
      /* Older edition 15.1: "not adjacent to enemy combat units". */
      if (enemy_combat_adjacent (game, gu->hex, unit_player (game, unit)))
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                       _("15.1 (older edition): %s is adjacent to enemy combat units and may not rally"),
                       u->id);
          return FALSE;
        }
    }
  else
    {
      gboolean in_zoc = FALSE;

      if (!_rdt_game_in_enemy_zoc (game, unit, &in_zoc, error))
        return FALSE;
      if (in_zoc)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                       _("15.1: %s is in an enemy ZOC and may not rally"), u->id);
          return FALSE;
        }
    }
  level = level_or_error (game, u->side, _("unit morale modifier"), error);
  if (level == NULL)
    return FALSE;
  step = &g_array_index (u->steps, RdtUnitStep, MIN ((guint) gu->step, u->steps->len - 1));
  leader = leader_in_command (game, unit);
  if (leader >= 0)
    leader_drm = unit_of (game, (guint) leader)->leadership_drm;
  /* 14.23 exception (Brandywine 4.6.1): a leader of the volume's
   * "leader-adjacent-drm" table adds his DRM from an adjacent hex; one
   * leader's DRM applies, the better one. */
  {
    int adjacent_leader;
    const char *adjacent_rule = NULL;
    int adjacent_drm = _rdt_game_adjacent_leader_drm (game, unit, &adjacent_leader, &adjacent_rule);

    if (adjacent_leader >= 0 && adjacent_drm > leader_drm)
      {
        g_autofree char *cite = g_strdup_printf ("14.23; %s", adjacent_rule);

        leader = adjacent_leader;
        leader_drm = adjacent_drm;
        say (game, cite, _("%s adds his Leadership DRM %+d from an adjacent hex"),
             unit_of (game, (guint) leader)->id, leader_drm);
      }
  }
  gu->flags |= RDT_GAME_UNIT_RALLIED;
  purpose = g_strdup_printf (_("rally, %s (15.1)"), u->id);
  roll = roll_die (game, purpose);
  /* 15.32: modified morale = base morale + the army morale modifier (16.2). */
  morale = step->morale + level->morale_modifier;
  total = roll + morale + leader_drm;
  say (game, "13.5, 14.23, 15.32",
       _("Rally %s: roll %d %+d morale (%d base %+d %s) %+d leader%s%s = %d, needs %d"),
       u->id, roll, morale, step->morale, level->morale_modifier, level->id, leader_drm,
       leader >= 0 ? " " : "", leader >= 0 ? unit_of (game, (guint) leader)->id : "",
       total, MORALE_CHECK_PASS);
  if (total < MORALE_CHECK_PASS)
    {
      say (game, "15.2", _("%s fails and stays %s"), u->id, rdt_unit_status_to_string (gu->status));
      return TRUE;
    }
  gu->status = gu->status == RDT_UNIT_STATUS_SHATTERED ? RDT_UNIT_STATUS_DISRUPTED
                                                       : RDT_UNIT_STATUS_PARADE;
  game->board_dirty = TRUE;
  say (game, "15.2", _("%s rallies: now %s"), u->id, rdt_unit_status_to_string (gu->status));
  _rdt_game_morale_event (game, u->side, "rally", "15.2");
  return TRUE;
}

/* Recovery from a volume state at the rally phase (Germantown 3.2.3.1
 * Recovery From Panic): the volume's "panic-recovery" table, rows keyed by
 * state id, columns "DRM", "army morale" (yes/no: whether 16.1's +1 is
 * gained), "on failure" (what the players do, logged), "rule".  A morale
 * check (13.5): die + modified morale (15.32) + the leader in command's
 * Leadership DRM (14.23) + DRM against 5.  The rule does not restrict it by
 * enemy ZOC (15.1 is about rally), so neither does the game. */
static gboolean
do_recover (RdtGame     *game,
            guint        unit,
            GError     **error)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), "panic-recovery");
  const RdtUnitStep *step;
  const RdtMoraleLevel *level;
  const char *state = NULL, *rule, *am, *on_failure, *drm_text;
  gint64 drm = 0;
  int leader, leader_drm = 0, roll, morale, total;
  g_autofree char *purpose = NULL;

  if (!require_phase (game, RDT_PHASE_RALLY, "recover", error) ||
      !require_phasing (game, unit, error) || !require_on_map (game, unit, error))
    return FALSE;
  if (table == NULL)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("15: this volume has no recovery from panic (no panic-recovery table); use rally"));
      return FALSE;
    }
  for (guint r = 0; r < table->rows->len && state == NULL; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);

      if (has_state (gu, row->key))
        state = row->key;
    }
  rule = rdt_table_lookup (table, state != NULL ? state : "", "rule", NULL);
  if (rule == NULL || rule[0] == '\0')
    rule = table->rule != NULL ? table->rule : "panic-recovery";
  if (state == NULL)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("%s: %s is in no state that recovers (panic)"),
                   table->rule != NULL ? table->rule : "15", u->id);
      return FALSE;
    }
  if (gu->flags & RDT_GAME_UNIT_RECOVERED)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("%s: %s has already attempted to recover this phase"), rule, u->id);
      return FALSE;
    }
  drm_text = rdt_table_lookup (table, state, "DRM", NULL);
  if (drm_text == NULL ||
      !g_ascii_string_to_signed (drm_text[0] == '+' ? drm_text + 1 : drm_text, 10, -9, 9, &drm, NULL))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA,
                   _("%s: the DRM of the panic-recovery row %s is not a number"), rule, state);
      return FALSE;
    }
  level = level_or_error (game, u->side, _("unit morale modifier"), error);
  if (level == NULL)
    return FALSE;
  step = &g_array_index (u->steps, RdtUnitStep, MIN ((guint) gu->step, u->steps->len - 1));
  leader = leader_in_command (game, unit);
  if (leader >= 0)
    leader_drm = unit_of (game, (guint) leader)->leadership_drm;
  {
    int adjacent_leader;
    const char *adjacent_rule = NULL;
    int adjacent_drm = _rdt_game_adjacent_leader_drm (game, unit, &adjacent_leader, &adjacent_rule);

    if (adjacent_leader >= 0 && adjacent_drm > leader_drm)
      {
        leader = adjacent_leader;
        leader_drm = adjacent_drm;
      }
  }
  gu->flags |= RDT_GAME_UNIT_RECOVERED;
  purpose = g_strdup_printf (_("recovery from %s, %s (%s)"), state, u->id, rule);
  roll = roll_die (game, purpose);
  morale = step->morale + level->morale_modifier;
  total = roll + morale + leader_drm + (int) drm;
  {
    g_autofree char *cite = g_strdup_printf ("13.5, 14.23, 15.32; %s", rule);

    say (game, cite,
         _("Recover %s from %s: roll %d %+d morale (%d base %+d %s) %+d leader%s%s %+d %s = %d, needs %d"),
         u->id, state, roll, morale, step->morale, level->morale_modifier, level->id, leader_drm,
         leader >= 0 ? " " : "", leader >= 0 ? unit_of (game, (guint) leader)->id : "",
         (int) drm, state, total, MORALE_CHECK_PASS);
  }
  if (total < MORALE_CHECK_PASS)
    {
      on_failure = rdt_table_lookup (table, state, "on failure", NULL);
      say (game, rule, _("%s fails and stays in %s: %s (not automated: the players make it, e.g. with force)"),
           u->id, state, on_failure != NULL && on_failure[0] != '\0' ? on_failure : _("no effect stated"));
      return TRUE;
    }
  set_state (gu, state, FALSE);
  game->board_dirty = TRUE;
  am = rdt_table_lookup (table, state, "army morale", NULL);
  if (am != NULL && g_str_equal (am, "yes"))
    {
      say (game, rule, _("%s recovers: %s removed"), u->id, state);
      _rdt_game_morale_event (game, u->side, "rally", rule);
    }
  else
    say (game, rule, _("%s recovers: %s removed; no army morale gained"), u->id, state);
  return TRUE;
}

static gboolean
do_roll (RdtGame     *game,
         char       **argv,
         guint        argc,
         gboolean    *barrier,
         GString     *canonical,
         GError     **error)
{
  int value;

  if (argc == 1)
    {
      roll_die (game, _("a free roll"));
      *barrier = TRUE;
      return TRUE;
    }
  /* 2.3: a physical die, typed: used by the next roll the rules need. */
  if (!parse_count (argv[1], RDT_DIE_FACES - 1, &value, error))
    {
      g_prefix_error (error, "2.3: ");
      return FALSE;
    }
  g_array_append_val (game->state->typed, value);
  say (game, "2.3", _("Typed roll %d: used by the next die roll"), value);
  g_string_append_printf (canonical, " %d", value);
  return TRUE;
}

/* Parses and applies one action on the live state.  @canonical receives the
 * action as logged; @barrier is set for rolls and phase changes. */
/* Sandbox override (issue 13): puts @unit in @hex whatever the rules say (the
 * editor's "Force" on a refused drop).  No rule is applied, so the log says
 * "sandbox override" instead of a rule number; in a movement phase the unit
 * counts as moved (9.2).  Replayable like any action. */
static gboolean
do_force (RdtGame     *game,
          guint        unit,
          RdtHex       hex,
          GError     **error)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);
  g_autofree char *to = label (game, hex);

  (void) error;
  if (gu->where == RDT_GAME_UNIT_MAP)
    {
      g_autofree char *from = label (game, gu->hex);

      say (game, "sandbox override", _("%s forced from %s to %s: no rule applied"), u->id, from, to);
    }
  else
    say (game, "sandbox override", _("%s forced onto the map in %s: no rule applied"), u->id, to);
  gu->where = RDT_GAME_UNIT_MAP;
  gu->hex = hex;
  if (rdt_game_get_phase (game) == RDT_PHASE_MOVEMENT)
    gu->flags |= RDT_GAME_UNIT_MOVED;
  game->board_dirty = TRUE;
  return TRUE;
}

static gboolean
apply (RdtGame     *game,
       char       **argv,
       guint        argc,
       GString     *canonical,
       gboolean    *barrier,
       GError     **error)
{
  const char *verb = argv[0];
  guint unit;
  RdtHex hex;
  int n;

#define WANT(min, max, usage)                                                           \
  if (argc < (min) || argc > (max))                                                     \
    {                                                                                   \
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), usage); \
      return FALSE;                                                                     \
    }

  g_string_append (canonical, verb);
  if (game->state->over)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_GAME_OVER,
                   _("the game is over (%s)"), game->state->result);
      return FALSE;
    }
  if (g_str_equal (verb, "next-phase"))
    {
      WANT (1, 1, "next-phase");
      *barrier = TRUE;
      return do_next_phase (game, error);
    }
  if (g_str_equal (verb, "deploy-all"))
    {
      WANT (1, 1, "deploy-all");
      return do_deploy_all (game, error);
    }
  if (g_str_equal (verb, "deploy"))
    {
      WANT (3, 3, "deploy UNIT HEX");
      if (!parse_unit (game, argv[1], &unit, error) || !parse_hex (game, argv[2], &hex, error))
        return FALSE;
      g_string_append_printf (canonical, " %s %s", argv[1], argv[2]);
      return do_deploy (game, unit, hex, error);
    }
  if (g_str_equal (verb, "force"))
    {
      WANT (3, 3, "force UNIT HEX");
      if (!parse_unit (game, argv[1], &unit, error) || !parse_hex (game, argv[2], &hex, error))
        return FALSE;
      g_string_append_printf (canonical, " %s %s", argv[1], argv[2]);
      return do_force (game, unit, hex, error);
    }
  if (g_str_equal (verb, "roll"))
    {
      WANT (1, 2, "roll [0-9]");
      return do_roll (game, argv, argc, barrier, canonical, error);
    }
  if (g_str_equal (verb, "momentum"))
    {
      int player;

      WANT (3, 3, "momentum PLAYER N");
      player = rdt_game_find_player (game, argv[1]);
      if (player < 0)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("unknown player “%s”"), argv[1]);
          return FALSE;
        }
      /* 12.61: there are five chits. */
      if (!parse_count (argv[2], 5, &n, error))
        return FALSE;
      g_string_append_printf (canonical, " %s %d", player_id (game, player), n);
      return do_momentum (game, player, n, error);
    }
  if (g_str_equal (verb, "dictate"))
    {
      int player, first;

      WANT (3, 3, "dictate PLAYER FIRST-PLAYER");
      player = rdt_game_find_player (game, argv[1]);
      first = rdt_game_find_player (game, argv[2]);
      if (player < 0 || first < 0)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("unknown player “%s”"),
                       player < 0 ? argv[1] : argv[2]);
          return FALSE;
        }
      g_string_append_printf (canonical, " %s %s", player_id (game, player), player_id (game, first));
      return do_dictate (game, player, first, error);
    }
  if (g_str_equal (verb, "initiative"))
    {
      WANT (1, 1, "initiative");
      *barrier = TRUE;
      return do_initiative (game, error);
    }
  if (g_str_equal (verb, "move"))
    {
      gboolean strategic = FALSE;

      WANT (3, 4, "move UNIT HEX [strategic]");
      if (argc == 4)
        {
          if (!g_str_equal (argv[3], "strategic"))
            {
              g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX,
                           _("usage: move UNIT HEX [strategic]"));
              return FALSE;
            }
          strategic = TRUE;
        }
      if (!parse_unit (game, argv[1], &unit, error) || !parse_hex (game, argv[2], &hex, error))
        return FALSE;
      g_string_append_printf (canonical, " %s %s%s", argv[1], argv[2], strategic ? " strategic" : "");
      return do_move (game, unit, hex, strategic, error);
    }
  if (g_str_equal (verb, "delay") || g_str_equal (verb, "rally") || g_str_equal (verb, "eliminate") ||
      g_str_equal (verb, "recover"))
    {
      g_autofree char *usage = g_strdup_printf ("%s UNIT", verb);

      WANT (2, 2, usage);
      if (!parse_unit (game, argv[1], &unit, error))
        return FALSE;
      g_string_append_printf (canonical, " %s", argv[1]);
      if (g_str_equal (verb, "delay"))
        return do_delay (game, unit, error);
      if (g_str_equal (verb, "eliminate"))
        return do_eliminate (game, unit, error);
      *barrier = TRUE;
      if (g_str_equal (verb, "recover"))
        return do_recover (game, unit, error);  /* Germantown 3.2.3.1 */
      return do_rally (game, unit, error);
    }
  if (g_str_equal (verb, "enter-at"))
    {
      /* Savannah 4.7: the choice of the V-1 hex (3822 or 3920). */
      WANT (3, 3, "enter-at UNIT ENTRY");
      if (!parse_unit (game, argv[1], &unit, error))
        return FALSE;
      g_string_append_printf (canonical, " %s %s", argv[1], argv[2]);
      return do_enter_at (game, unit, argv[2], error);
    }
  if (g_str_equal (verb, "release"))
    {
      /* Brandywine 3.6.1.2, 3.6.1.3: a release the player decides. */
      WANT (2, 2, "release NAME");
      g_string_append_printf (canonical, " %s", argv[1]);
      return _rdt_game_do_release (game, argv[1], error);
    }
#undef WANT
  /* Fire (issue 14): rdt-game-fire.c. */
  if (g_str_equal (verb, "fire") || g_str_equal (verb, "resolve-fire") || g_str_equal (verb, "retreat") ||
      g_str_equal (verb, "casualty"))
    {
      if (!_rdt_game_apply_fire_action (game, argv, argc, canonical, barrier, error))
        return FALSE;
      /* 12.23 step 9: the advance once the defenders' retreats are made. */
      if (rdt_game_get_phase (game) == RDT_PHASE_CLOSE_COMBAT)
        _rdt_game_check_advance (game);
      return TRUE;
    }
  /* Close Combat (issue 14): rdt-game-combat.c. */
  if (g_str_equal (verb, "close-combat") || g_str_equal (verb, "reroll") || g_str_equal (verb, "accept") ||
      g_str_equal (verb, "advance"))
    return _rdt_game_apply_combat_action (game, argv, argc, canonical, barrier, error);
  /* 12.21, 12.22: rdt-game-designation.c. */
  if (g_str_equal (verb, "designate") || g_str_equal (verb, "undesignate") || g_str_equal (verb, "diversion") ||
      g_str_equal (verb, "announce") || g_str_equal (verb, "break-pin"))
    return _rdt_game_apply_designation_action (game, argv, argc, canonical, error);
  g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX,
               _("unknown action “%s” (see docs/play.md)"), verb);
  return FALSE;
}

static void
truncate_logs (RdtGame *game,
               guint    n_messages,
               guint    n_rolls)
{
  if (game->messages->len > n_messages)
    g_ptr_array_remove_range (game->messages, n_messages, game->messages->len - n_messages);
  if (game->rolls->len > n_rolls)
    g_ptr_array_remove_range (game->rolls, n_rolls, game->rolls->len - n_rolls);
}

static gboolean
perform (RdtGame     *game,
         const char  *line,
         gboolean     from_redo,
         GError     **error)
{
  g_autofree char *copy = NULL;
  g_auto(GStrv) tokens = NULL;
  char *argv[MAX_TOKENS + 1];
  guint argc = 0;
  g_autoptr(GString) canonical = g_string_new (NULL);
  gboolean barrier = FALSE;
  guint n_messages = game->messages->len, n_rolls = game->rolls->len;
  RdtGameState *before;
  LogEntry *entry;
  char *hash;

  if (strlen (line) > MAX_LINE)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX,
                   _("the line is longer than %d characters"), MAX_LINE);
      return FALSE;
    }
  copy = g_strdup (line);
  hash = strchr (copy, '#');
  if (hash != NULL)
    *hash = '\0';
  tokens = g_strsplit_set (copy, " \t\r\n", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    if (tokens[i][0] != '\0')
      {
        if (argc == MAX_TOKENS)
          {
            g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("too many words"));
            return FALSE;
          }
        argv[argc++] = tokens[i];
      }
  argv[argc] = NULL;
  if (argc == 0)
    return TRUE;
  if (!g_utf8_validate (copy, -1, NULL))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("the line is not UTF-8"));
      return FALSE;
    }

  before = _rdt_game_state_copy (game, game->state);
  if (!apply (game, argv, argc, canonical, &barrier, error))
    {
      /* Refused: put everything back as it was. */
      _rdt_game_state_free (game, game->state);
      game->state = before;
      game->board_dirty = TRUE;
      truncate_logs (game, n_messages, n_rolls);
      return FALSE;
    }
  entry = g_new0 (LogEntry, 1);
  entry->text = g_string_free (g_steal_pointer (&canonical), FALSE);
  entry->before = before;
  entry->barrier = barrier;
  entry->first_message = n_messages;
  entry->first_roll = n_rolls;
  g_ptr_array_add (game->log, entry);
  if (!from_redo)
    g_ptr_array_set_size (game->redo, 0);
  return TRUE;
}

/* Whether @line would be accepted now; the state is left exactly as it was. */
gboolean
_rdt_game_try (RdtGame    *game,
               const char *line)
{
  g_autofree char *copy = g_strdup (line);
  g_auto(GStrv) tokens = g_strsplit_set (copy, " ", -1);
  char *argv[MAX_TOKENS + 1];
  guint argc = 0;
  g_autoptr(GString) canonical = g_string_new (NULL);
  gboolean barrier = FALSE, ok;
  guint n_messages = game->messages->len, n_rolls = game->rolls->len;
  RdtGameState *before;

  for (guint i = 0; tokens[i] != NULL && argc < MAX_TOKENS; i++)
    if (tokens[i][0] != '\0')
      argv[argc++] = tokens[i];
  argv[argc] = NULL;
  if (argc == 0)
    return FALSE;
  before = _rdt_game_state_copy (game, game->state);
  ok = apply (game, argv, argc, canonical, &barrier, NULL);
  _rdt_game_state_free (game, game->state);
  game->state = before;
  game->board_dirty = TRUE;
  truncate_logs (game, n_messages, n_rolls);
  return ok;
}

gboolean
rdt_game_perform (RdtGame     *game,
                  const char  *line,
                  GError     **error)
{
  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  g_return_val_if_fail (line != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return perform (game, line, FALSE, error);
}

RdtGame *
rdt_game_replay (RdtScenario        *scenario,
                 guint64             seed,
                 const char *const  *actions,
                 guint               n_actions,
                 GError            **error)
{
  g_autoptr(RdtGame) game = rdt_game_new (scenario, seed, error);

  if (game == NULL)
    return NULL;
  for (guint i = 0; i < n_actions; i++)
    {
      g_autoptr(GError) local = NULL;

      if (!rdt_game_perform (game, actions[i], &local))
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_REPLAY,
                       _("action %u “%s” does not replay: %s"), i + 1, actions[i], local->message);
          return NULL;
        }
    }
  return g_steal_pointer (&game);
}

/* ------------------------------------------------------------------ undo */

gboolean
rdt_game_can_undo (RdtGame *game)
{
  LogEntry *e;

  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  if (game->log->len == 0)
    return FALSE;
  e = g_ptr_array_index (game->log, game->log->len - 1);
  return !e->barrier;
}

gboolean
rdt_game_can_redo (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  return game->redo->len > 0;
}

gboolean
rdt_game_undo (RdtGame  *game,
               GError  **error)
{
  LogEntry *e;

  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  if (!rdt_game_can_undo (game))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNDO,
                   _("nothing to undo in this phase (die rolls and phase changes stand)"));
      return FALSE;
    }
  e = g_ptr_array_steal_index (game->log, game->log->len - 1);
  _rdt_game_state_free (game, game->state);
  game->state = e->before;
  game->board_dirty = TRUE;
  truncate_logs (game, e->first_message, e->first_roll);
  g_ptr_array_add (game->redo, e->text);
  g_free (e);
  return TRUE;
}

gboolean
rdt_game_redo (RdtGame  *game,
               GError  **error)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  if (game->redo->len == 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNDO, _("nothing to redo"));
      return FALSE;
    }
  text = g_ptr_array_steal_index (game->redo, game->redo->len - 1);
  if (!perform (game, text, TRUE, error))
    {
      g_ptr_array_add (game->redo, g_steal_pointer (&text));
      return FALSE;
    }
  return TRUE;
}

/* ------------------------------------------------------ for front ends */

char *
rdt_game_dup_script (RdtGame *game)
{
  GString *out;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);

  out = g_string_new (NULL);
  g_string_append_printf (out, "# %s, seed %" G_GUINT64_FORMAT " (docs/play.md)\n",
                          rdt_scenario_get_id (game->scenario), game->state->die.seed);
  for (guint i = 0; i < game->log->len; i++)
    g_string_append_printf (out, "%s\n", ((LogEntry *) g_ptr_array_index (game->log, i))->text);
  return g_string_free (out, FALSE);
}

RdtReach *
rdt_game_dup_reach (RdtGame     *game,
                    const char  *unit_id,
                    gboolean     strategic,
                    GError     **error)
{
  guint unit;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  g_return_val_if_fail (unit_id != NULL, NULL);

  if (!parse_unit (game, unit_id, &unit, error) || !require_on_map (game, unit, error))
    return NULL;
  return _rdt_game_reach (game, unit, strategic, error);
}
