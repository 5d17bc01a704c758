/* rdt-game-auto.c: the legal actions of the moment and random play
 * (`redoubt-cli play --auto N`, the replay tests). */
#include "config.h"

#include "rdt-game-private.h"

static void
add (GPtrArray  *out,
     char       *action)
{
  g_ptr_array_add (out, action);
}

/* @n items of @total, evenly spread (all when @n is 0 or large enough). */
static gboolean
sampled (guint i,
         guint total,
         guint n)
{
  if (n == 0 || total <= n)
    return TRUE;
  return (i * n) / total != ((i + 1) * n) / total;
}

/* Candidate actions: what the phase allows, each then tried on the state. */
static GPtrArray *
candidates (RdtGame *game,
            guint    max_per_unit)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  RdtScenario *scenario = game->scenario;
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  RdtPhase phase = rdt_game_get_phase (game);
  int phasing = rdt_game_get_phasing_player (game);

  if (phase == RDT_PHASE_GAME_OVER)
    return out;
  add (out, g_strdup ("next-phase"));
  switch (phase)
    {
    case RDT_PHASE_SETUP:
      add (out, g_strdup ("deploy-all"));
      for (guint i = 0; i < game->n_units; i++)
        {
          const RdtUnit *u = rdt_scenario_get_unit (scenario, i);
          const RdtArea *area;

          if (game->state->units[i].where != RDT_GAME_UNIT_TO_DEPLOY ||
              u->placement.kind != RDT_PLACEMENT_AREA)
            continue;
          area = rdt_scenario_find_area (scenario, u->placement.area);
          for (guint h = 0; area != NULL && h < area->hexes->len; h++)
            /* Every hex: a crowded area may leave few legal ones. */
            if (sampled (h, area->hexes->len, 0))
              {
                g_autofree char *l = rdt_hex_grid_dup_label (grid, g_array_index (area->hexes, RdtHex, h));

                add (out, g_strdup_printf ("deploy %s %s", u->id, l));
              }
        }
      break;
    case RDT_PHASE_INITIATIVE:
      add (out, g_strdup ("initiative"));
      for (guint p = 0; p < 2; p++)
        for (int n = 0; n <= 2; n++)
          add (out, g_strdup_printf ("momentum %s %d", rdt_game_get_player_id (game, p), n));
      for (guint p = 0; p < 2; p++)
        for (guint f = 0; f < 2; f++)
          add (out, g_strdup_printf ("dictate %s %s", rdt_game_get_player_id (game, p),
                                     rdt_game_get_player_id (game, f)));
      /* Releases by choice (Brandywine 3.6.1.2, 3.6.1.3; Savannah 1.6 case A),
       * offered once a turn: here. */
      {
        g_auto(GStrv) releases = _rdt_game_dup_release_ids (game);

        for (guint r = 0; releases[r] != NULL; r++)
          add (out, g_strdup_printf ("release %s", releases[r]));
      }
      break;
    case RDT_PHASE_MOVEMENT:
      /* Brandywine 3.9, 13.1 Pin B: pins broken in place (issue 14). */
      _rdt_game_pin_break_candidates (game, out);
      /* Savannah 4.1: retreats owed at the start of the phase. */
      _rdt_game_stack_retreat_candidates (game, out);
      for (guint i = 0; i < game->n_units; i++)
        {
          const RdtGameUnit *gu = &game->state->units[i];
          const RdtUnit *u = rdt_scenario_get_unit (scenario, i);
          g_autoptr(RdtReach) reach = NULL;
          guint n;

          if (gu->where != RDT_GAME_UNIT_MAP || game->side_player[u->side] != phasing)
            continue;
          if (gu->flags & RDT_GAME_UNIT_ARRIVED)
            add (out, g_strdup_printf ("delay %s", u->id));
          add (out, g_strdup_printf ("eliminate %s", u->id));
          /* Savannah 4.1: no move while a retreat is owed (do_move). */
          if ((gu->flags & RDT_GAME_UNIT_MOVED) || game->state->owed_retreats->len > 0)
            continue;
          for (int strategic = 0; strategic <= 1; strategic++)
            {
              g_clear_pointer (&reach, rdt_reach_unref);
              reach = _rdt_game_reach (game, i, strategic, NULL);
              n = reach != NULL ? rdt_reach_get_n_hexes (reach) : 0;
              for (guint h = 0; h < n; h++)
                if (sampled (h, n, strategic ? 1 : max_per_unit))
                  {
                    g_autofree char *l = rdt_hex_grid_dup_label (grid, rdt_reach_get_hex (reach, h)->hex);

                    add (out, g_strdup_printf ("move %s %s%s", u->id, l, strategic ? " strategic" : ""));
                  }
            }
        }
      break;
    case RDT_PHASE_RALLY:
      for (guint i = 0; i < game->n_units; i++)
        {
          const RdtGameUnit *gu = &game->state->units[i];
          const RdtUnit *u = rdt_scenario_get_unit (scenario, i);

          if (gu->where == RDT_GAME_UNIT_MAP && game->side_player[u->side] == phasing &&
              gu->status != RDT_UNIT_STATUS_PARADE && !rdt_unit_is_leader (u))
            add (out, g_strdup_printf ("rally %s", u->id));
        }
      break;
    case RDT_PHASE_ARTILLERY_FIRE:
    case RDT_PHASE_RIFLE_FIRE:
      /* Fire (issue 14): rdt-game-fire.c. */
      _rdt_game_fire_candidates (game, out);
      break;
    case RDT_PHASE_CLOSE_COMBAT:
      /* Close Combat (issue 14): rdt-game-combat.c. */
      _rdt_game_combat_candidates (game, out);
      break;
    case RDT_PHASE_END_OF_TURN:
    case RDT_PHASE_GAME_OVER:
    case RDT_N_PHASES:
    default:
      break;
    }
  return out;
}

GPtrArray *
rdt_game_dup_legal_actions (RdtGame *game,
                            guint    max_moves_per_unit)
{
  g_autoptr(GPtrArray) all = NULL;
  GPtrArray *out;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);

  all = candidates (game, max_moves_per_unit);
  out = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < all->len; i++)
    if (_rdt_game_try (game, g_ptr_array_index (all, i)))
      g_ptr_array_add (out, g_strdup (g_ptr_array_index (all, i)));
  return out;
}

gboolean
rdt_game_would_accept (RdtGame    *game,
                       const char *action)
{
  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  return _rdt_game_try (game, action);
}

gboolean
rdt_game_perform_random (RdtGame  *game,
                         RdtDie   *chooser,
                         guint     phase_odds,
                         char    **out_action,
                         GError  **error)
{
  g_autoptr(GPtrArray) all = NULL;
  gboolean next_ok;

  g_return_val_if_fail (RDT_IS_GAME (game), FALSE);
  g_return_val_if_fail (chooser != NULL, FALSE);

  if (rdt_game_is_over (game))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_GAME_OVER, "%s", rdt_game_get_result (game));
      return FALSE;
    }
  all = candidates (game, 4);
  next_ok = _rdt_game_try (game, "next-phase");
  /* "next-phase" is all[0]. */
  if (next_ok && (all->len == 1 || phase_odds <= 1 || rdt_die_uniform (chooser, phase_odds) == 0))
    {
      if (out_action != NULL)
        *out_action = g_strdup ("next-phase");
      return rdt_game_perform (game, "next-phase", error);
    }
  g_ptr_array_remove_index (all, 0);
  while (all->len > 0)
    {
      guint pick = rdt_die_uniform (chooser, all->len);
      const char *action = g_ptr_array_index (all, pick);

      if (_rdt_game_try (game, action))
        {
          if (out_action != NULL)
            *out_action = g_strdup (action);
          return rdt_game_perform (game, action, error);
        }
      g_ptr_array_remove_index_fast (all, pick);
    }
  if (next_ok)
    {
      if (out_action != NULL)
        *out_action = g_strdup ("next-phase");
      return rdt_game_perform (game, "next-phase", error);
    }
  g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL, "no legal action");
  return FALSE;
}
