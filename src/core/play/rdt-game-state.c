/* rdt-game-state.c: the game state as canonical text and its digest.  Two
 * games are in the same state exactly when their texts are equal: replays and
 * undo/redo are checked with it, and saved games record its digest. */
#include "config.h"

#include "rdt-game-private.h"

static const char *
where_id (RdtGameUnitWhere where)
{
  switch (where)
    {
    case RDT_GAME_UNIT_TO_DEPLOY: return "to-deploy";
    case RDT_GAME_UNIT_TO_ARRIVE: return "to-arrive";
    case RDT_GAME_UNIT_MAP: return "map";
    case RDT_GAME_UNIT_ELIMINATED: return "eliminated";
    case RDT_GAME_UNIT_CAPTURED: return "captured";
    case RDT_GAME_UNIT_UNUSED: return "unused";
    default: return "?";
    }
}

const char *
_rdt_game_unit_where_id (RdtGameUnitWhere where)
{
  return where_id (where);
}

char *
rdt_game_dup_state_text (RdtGame *game)
{
  RdtGameState *s;
  GString *out;
  RdtHexGrid *grid;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);

  s = game->state;
  grid = rdt_scenario_get_grid (game->scenario);
  out = g_string_new (NULL);
  g_string_append_printf (out, "scenario %s\n", rdt_scenario_get_id (game->scenario));
  g_string_append_printf (out, "die seed %" G_GUINT64_FORMAT " state %" G_GUINT64_FORMAT
                          " rolls %" G_GUINT64_FORMAT "\n",
                          s->die.seed, s->die.state, s->die.n_rolls);
  g_string_append (out, "typed");
  for (guint i = 0; i < s->typed->len; i++)
    g_string_append_printf (out, " %d", g_array_index (s->typed, int, i));
  g_string_append_c (out, '\n');
  g_string_append_printf (out, "turn %d step %d phase %s\n", s->turn, s->step,
                          rdt_phase_get_info (rdt_game_get_phase (game))->id);
  g_string_append_printf (out, "initiative %d last %d declared %d %d\n",
                          s->initiative, s->last_initiative, s->declared[0], s->declared[1]);
  g_string_append_printf (out, "over %d result %s\n", s->over, s->result != NULL ? s->result : "-");
  g_string_append_printf (out, "pool %d\n", s->pool);
  /* Written only when set, so that games without them keep their digests. */
  if (s->weather != NULL)
    g_string_append_printf (out, "weather %s\n", s->weather);
  if (s->released != NULL && s->released[0] != NULL)
    {
      g_autofree char *released = g_strjoinv (" ", s->released);

      g_string_append_printf (out, "released %s\n", released);
    }
  for (guint i = 0; i < game->n_sides; i++)
    g_string_append_printf (out, "side %s army-morale %d momentum %d\n",
                            rdt_scenario_get_side (game->scenario, i)->id,
                            s->army_morale[i], s->momentum[i]);
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &s->units[i];
      char l[RDT_HEX_LABEL_SIZE] = "-";
      g_autofree char *states = gu->states != NULL ? g_strjoinv (",", gu->states) : g_strdup ("-");

      if (gu->where == RDT_GAME_UNIT_MAP)
        rdt_hex_grid_format_label (grid, gu->hex, l);
      g_string_append_printf (out, "unit %s %s %s step %d %s states %s arrive %d %s flags %u\n",
                              rdt_scenario_get_unit (game->scenario, i)->id, where_id (gu->where), l,
                              gu->step, rdt_unit_status_to_string (gu->status), states,
                              gu->arrive_turn, gu->entry != NULL ? gu->entry : "-", gu->flags);
    }
  /* Fire (issue 14): results and retreats owed, only when there are some. */
  if (s->off_board_fired != 0)
    g_string_append_printf (out, "off-board-fired %u\n", s->off_board_fired);
  if (s->fire_resolved)
    g_string_append (out, "fire-resolved\n");
  for (guint i = 0; i < s->owed_casualties->len; i++)
    {
      const RdtGameOwedCasualty *c = &g_array_index (s->owed_casualties, RdtGameOwedCasualty, i);
      char l[RDT_HEX_LABEL_SIZE];

      rdt_hex_grid_format_label (grid, c->hex, l);
      g_string_append_printf (out, "owed-casualty %s %s\n", l, rdt_game_get_player_id (game, (guint) c->player));
    }
  for (guint i = 0; i < s->pending_fire->len; i++)
    {
      const RdtGamePendingFire *p = &g_array_index (s->pending_fire, RdtGamePendingFire, i);

      g_string_append_printf (out, "pending-fire %s by %s result %s\n",
                              rdt_scenario_get_unit (game->scenario, p->unit)->id,
                              rdt_scenario_get_unit (game->scenario, p->firer)->id, p->result);
    }
  /* Close Combat designation (12.21), only when there is one. */
  for (guint i = 0; i < s->designated->len; i++)
    {
      const RdtGameDesignation *d = &g_array_index (s->designated, RdtGameDesignation, i);

      g_string_append (out, "designated");
      {
        g_autofree char *atts = _rdt_game_designation_attackers (game, d);
        g_string_append_printf (out, " %s", atts);
      }
      {
        g_autofree char *defs = _rdt_game_designation_defenders (game, d);
        g_string_append_printf (out, " %s%s\n", defs, d->resolved ? " resolved" : "");
      }
    }
  if (s->has_diversion)
    {
      char l[RDT_HEX_LABEL_SIZE];

      rdt_hex_grid_format_label (grid, s->diversion, l);
      g_string_append_printf (out, "diversion %s\n", l);
    }
  if (s->announced)
    g_string_append (out, "announced\n");
  if (s->advance_open)
    {
      char l[RDT_HEX_LABEL_SIZE];

      rdt_hex_grid_format_label (grid, s->advance_hex, l);
      g_string_append_printf (out, "advance %s lead %d done %d\n", l, s->advance_lead, s->advance_lead_done);
    }
  if (s->pending_cc != NULL)
    g_string_append_printf (out, "pending-cc %s die %d stage %d\n", s->pending_cc, s->pending_die, s->pending_stage);
  for (guint i = 0; i < s->owed_retreats->len; i++)
    {
      const RdtGameOwedRetreat *r = &g_array_index (s->owed_retreats, RdtGameOwedRetreat, i);

      g_string_append_printf (out, "owed-retreat %s %d%s\n",
                              rdt_scenario_get_unit (game->scenario, r->unit)->id, r->hexes,
                              r->instead ? " instead-of-attack" : "");
    }
  return g_string_free (out, FALSE);
}

char *
rdt_game_dup_state_digest (RdtGame *game)
{
  g_autofree char *text = rdt_game_dup_state_text (game);

  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}
