/* rdt-game-rules.c: the one place where the game asks the rules engines.
 *
 * The engines read a scenario's set-up, so the game keeps a working copy of
 * its scenario whose units it rewrites from the game state before each
 * question (_rdt_game_sync_board).  When src/core/rules/ gains its game
 * context (turn, weather, released formations, unit states), only this file
 * changes.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-board.h"
#include "rdt-game-private.h"
#include "rdt-game-context.h"
#include "rdt-hex-victory.h"
#include "rdt-zoc.h"

static gboolean
strv_same (char **a,
           char **b)
{
  guint na = a != NULL ? g_strv_length (a) : 0;
  guint nb = b != NULL ? g_strv_length (b) : 0;

  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (strcmp (a[i], b[i]) != 0)
      return FALSE;
  return TRUE;
}

void
_rdt_game_sync_board (RdtGame *game)
{
  if (!game->board_dirty)
    return;
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &game->state->units[i];
      RdtUnit *u = rdt_scenario_get_unit (game->board, i);
      RdtPlacement want = { 0 };

      if (gu->where == RDT_GAME_UNIT_MAP)
        {
          want.kind = RDT_PLACEMENT_HEX;
          want.hex = gu->hex;
        }
      else
        want.kind = RDT_PLACEMENT_UNUSED;
      if (!rdt_placement_equal (&u->placement, &want))
        rdt_scenario_move_unit (game->board, u->id, &want, NULL, NULL);
      if (u->step != gu->step)
        rdt_scenario_set_unit_step (game->board, u->id, gu->step, NULL);
      if (u->status != gu->status)
        rdt_scenario_set_unit_status (game->board, u->id, gu->status, NULL, NULL);
      if (!strv_same (u->states, gu->states))
        {
          g_autoptr(RdtUnit) copy = rdt_unit_copy (u);

          g_strfreev (copy->states);
          copy->states = g_strdupv (gu->states);
          rdt_scenario_replace_unit (game->board, u->id, copy, NULL, NULL);
        }
    }
  game->board_dirty = FALSE;
}

RdtReach *
_rdt_game_reach (RdtGame   *game,
                 guint      index,
                 gboolean   strategic,
                 GError   **error)
{
  RdtMoveOptions options;
  RdtGameContext context;
  const RdtUnit *unit;

  /* After the sync: it replaces the units whose states changed (a pin
   * broken in place, Brandywine 3.9). */
  _rdt_game_sync_board (game);
  unit = rdt_scenario_get_unit (game->board, index);
  if (game->movement == NULL)
    game->movement = rdt_movement_new (game->board, NULL);
  /* The game knows the turn, so the volume's turn restrictions (Brandywine
   * 7.2.1.5, Germantown 3.3, Savannah 4.7) are decided; releases and weather
   * are kept by rdt-game-events.c from volume data; where no data decides the
   * weather, rules that depend on it stay "not decided" and a move that needs
   * them is refused with the rule. */
  rdt_game_context_init (&context);
  context.turn = game->state->turn;
  context.origin = game->scenario;
  /* The weather (Germantown 3.1) and the releases (Brandywine 3.6.1, 3.6.2)
   * the game keeps (rdt-game-events.c); NULL weather: not decided by data. */
  context.weather = game->state->weather;
  context.released = (const char *const *) game->state->released;
  rdt_move_options_init (&options);
  options.strategic = strategic;
  options.context = &context;
  /* 9.11: a reinforcement placed this phase may start overstacked. */
  options.reinforcement = (game->state->units[index].flags & RDT_GAME_UNIT_ARRIVED) != 0;
  /* Savannah 4.7: the arrival bonuses of the entry hex (volume data). */
  options.allowance_halves = _rdt_game_arrival_allowance_halves (game, index, NULL);
  return rdt_movement_reach (game->movement, unit->id, &options, error);
}

/* The engines' board index of scenario unit @index: units set up in a hex, in
 * scenario order (rdt_board_new_from_scenario). */
gboolean
_rdt_game_in_enemy_zoc (RdtGame   *game,
                        guint      index,
                        gboolean  *out_in_zoc,
                        GError   **error)
{
  g_autoptr(RdtBoard) board = NULL;
  g_autoptr(GArray) enemies = NULL;
  const RdtGameUnit *gu = &game->state->units[index];
  const RdtUnit *unit;

  _rdt_game_sync_board (game);
  unit = rdt_scenario_get_unit (game->board, index);
  board = rdt_board_new_from_scenario (game->board, NULL, error);
  if (board == NULL)
    return FALSE;
  enemies = rdt_zoc_enemy_units_into (board, gu->hex, unit->side);
  *out_in_zoc = enemies != NULL && enemies->len > 0;
  return TRUE;
}

/* "when" texts of the hex-victory table (docs/volumes.md): "end of any game
 * turn", "end of game turn N", "end of any <side> player turn". */
static gboolean
when_matches (RdtGame    *game,
              const char *when,
              int         player_side)
{
  g_autofree char *lower = g_ascii_strdown (when, -1);
  int turn = game->state->turn;

  if (player_side < 0)
    {
      g_autofree char *this_turn = g_strdup_printf ("end of game turn %d", turn);

      return strstr (lower, "end of any game turn") != NULL || g_str_equal (lower, this_turn);
    }
  if (strstr (lower, "player turn") == NULL)
    return FALSE;
  for (guint s = 0; s < game->n_sides; s++)
    {
      const RdtSide *side = rdt_scenario_get_side (game->scenario, s);
      g_autofree char *id = g_ascii_strdown (side->id, -1);

      if (strstr (lower, id) != NULL)
        return game->side_player[s] == game->side_player[player_side];
    }
  return strstr (lower, "end of any player turn") != NULL;
}

gboolean
_rdt_game_check_hex_victory (RdtGame   *game,
                             int        player_side,
                             GPtrArray *out_winners,
                             GError   **error)
{
  g_autoptr(GPtrArray) rows = NULL;

  _rdt_game_sync_board (game);
  rows = rdt_hex_victory_list (game->board, error);
  if (rows == NULL)
    return FALSE;
  for (guint i = 0; i < rows->len; i++)
    {
      const RdtHexVictory *v = g_ptr_array_index (rows, i);

      if (!when_matches (game, v->when, player_side) || !rdt_hex_victory_is_met (game->board, v))
        continue;
      for (guint s = 0; s < game->n_sides; s++)
        if (v->winners & (1u << s))
          g_ptr_array_add (out_winners,
                           g_strdup_printf (_("%s %s victory (%s)"),
                                            rdt_scenario_get_side (game->scenario, s)->id,
                                            v->level, v->rule));
    }
  return TRUE;
}
