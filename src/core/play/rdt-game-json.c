/* rdt-game-json.c: the JSON state of docs/play-json.md. */
#include "config.h"

#include "rdt-game-json.h"
#include "rdt-game-private.h"

static void
member_int (JsonBuilder *b,
            const char  *name,
            gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
member_string (JsonBuilder *b,
               const char  *name,
               const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
member_bool (JsonBuilder *b,
             const char  *name,
             gboolean     value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

static void
boxed_ids (JsonBuilder      *b,
           RdtGame          *game,
           const char       *name,
           RdtGameUnitWhere  where)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < rdt_game_get_n_units (game); i++)
    if (rdt_game_get_unit (game, i)->where == where)
      json_builder_add_string_value (b, rdt_scenario_get_unit (game->scenario, i)->id);
  json_builder_end_array (b);
}

JsonNode *
rdt_game_to_json (RdtGame  *game,
                  gboolean  with_log)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  RdtScenario *scenario;
  RdtHexGrid *grid;
  g_autofree char *digest = NULL;
  int phasing, initiative;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);

  scenario = game->scenario;
  grid = rdt_scenario_get_grid (scenario);
  phasing = rdt_game_get_phasing_player (game);
  initiative = rdt_game_get_initiative_player (game);
  digest = rdt_game_dup_state_digest (game);

  json_builder_begin_object (b);
  member_string (b, "format", "redoubt-play");
  member_int (b, "version", RDT_GAME_JSON_VERSION);
  member_string (b, "scenario", rdt_scenario_get_id (scenario));
  json_builder_set_member_name (b, "seed");
  {
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, rdt_game_get_seed (game));

    /* A string: JSON numbers lose 64-bit precision in many readers. */
    json_builder_add_string_value (b, seed);
  }
  member_int (b, "turn", rdt_game_get_turn (game));
  member_int (b, "first-turn", rdt_scenario_get_first_turn (scenario));
  member_int (b, "last-turn", rdt_scenario_get_first_turn (scenario) + rdt_scenario_get_n_turns (scenario) - 1);
  member_string (b, "phase", rdt_phase_get_info (rdt_game_get_phase (game))->id);
  member_string (b, "phase-rule", rdt_phase_get_info (rdt_game_get_phase (game))->rule);
  member_int (b, "player-turn", rdt_game_get_player_turn (game));
  member_string (b, "phasing-player", phasing >= 0 ? rdt_game_get_player_id (game, (guint) phasing) : NULL);
  member_string (b, "initiative-player",
                 initiative >= 0 ? rdt_game_get_player_id (game, (guint) initiative) : NULL);
  member_bool (b, "over", rdt_game_is_over (game));
  member_string (b, "result", rdt_game_get_result (game));
  member_bool (b, "can-undo", rdt_game_can_undo (game));
  member_bool (b, "can-redo", rdt_game_can_redo (game));

  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint p = 0; p < rdt_game_get_n_players (game); p++)
    {
      json_builder_begin_object (b);
      member_string (b, "id", rdt_game_get_player_id (game, p));
      member_int (b, "vp", rdt_game_get_vp (game, p));
      member_int (b, "momentum-declared", rdt_game_get_momentum_declared (game, p));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "armies");
  json_builder_begin_array (b);
  for (guint s = 0; s < rdt_scenario_get_n_sides (scenario); s++)
    {
      const RdtMoraleLevel *level = rdt_game_get_morale_level (game, s);

      json_builder_begin_object (b);
      member_string (b, "side", rdt_scenario_get_side (scenario, s)->id);
      member_string (b, "player", rdt_game_get_player_id (game, (guint) rdt_game_get_side_player (game, s)));
      member_int (b, "army-morale", rdt_game_get_army_morale (game, s));
      member_string (b, "level", level != NULL ? level->id : NULL);
      if (level != NULL)
        {
          member_int (b, "initiative-drm", level->initiative_drm);
          member_int (b, "morale-modifier", level->morale_modifier);
          member_bool (b, "level-provisional", level->provisional);
        }
      member_int (b, "momentum", rdt_game_get_momentum (game, s));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  member_int (b, "momentum-pool", rdt_game_get_momentum_pool (game));
  /* Issue 13: the turn track (Savannah 1.6), the weather (Germantown 3.1,
   * Savannah 4.2) and the releases made (Brandywine 3.6.1, 3.6.2). */
  member_string (b, "turn-track", rdt_game_get_turn_track (game));
  member_string (b, "weather", rdt_game_get_weather (game));
  json_builder_set_member_name (b, "released");
  json_builder_begin_array (b);
  for (const char *const *r = rdt_game_get_released (game); *r != NULL; r++)
    json_builder_add_string_value (b, *r);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "die");
  json_builder_begin_object (b);
  member_int (b, "rolls", (gint64) rdt_game_get_die (game)->n_rolls);
  json_builder_set_member_name (b, "typed");
  json_builder_begin_array (b);
  for (guint i = 0; i < game->state->typed->len; i++)
    json_builder_add_int_value (b, g_array_index (game->state->typed, int, i));
  json_builder_end_array (b);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "units");
  json_builder_begin_array (b);
  for (guint i = 0; i < rdt_game_get_n_units (game); i++)
    {
      const RdtGameUnit *gu = rdt_game_get_unit (game, i);
      const RdtUnit *u = rdt_scenario_get_unit (scenario, i);

      json_builder_begin_object (b);
      member_string (b, "id", u->id);
      member_string (b, "side", rdt_scenario_get_side (scenario, (guint) u->side)->id);
      member_string (b, "where", _rdt_game_unit_where_id (gu->where));
      if (gu->where == RDT_GAME_UNIT_MAP)
        {
          g_autofree char *l = rdt_hex_grid_dup_label (grid, gu->hex);

          member_string (b, "hex", l);
        }
      else
        member_string (b, "hex", NULL);
      member_int (b, "step", gu->step);
      member_string (b, "status", rdt_unit_status_to_string (gu->status));
      json_builder_set_member_name (b, "states");
      json_builder_begin_array (b);
      for (guint k = 0; gu->states != NULL && gu->states[k] != NULL; k++)
        json_builder_add_string_value (b, gu->states[k]);
      json_builder_end_array (b);
      if (gu->where == RDT_GAME_UNIT_TO_ARRIVE)
        {
          member_int (b, "arrive-turn", gu->arrive_turn);
          member_string (b, "entry", gu->entry);
        }
      member_bool (b, "moved", (gu->flags & RDT_GAME_UNIT_MOVED) != 0);
      member_bool (b, "arrived", (gu->flags & RDT_GAME_UNIT_ARRIVED) != 0);
      member_bool (b, "rallied", (gu->flags & RDT_GAME_UNIT_RALLIED) != 0);
      member_bool (b, "recovered", (gu->flags & RDT_GAME_UNIT_RECOVERED) != 0);
      /* Fire (issue 14): 10.1/11.1, 10.2/11.2, 10.5. */
      member_bool (b, "fired", (gu->flags & RDT_GAME_UNIT_FIRED) != 0);
      member_bool (b, "fired-at", (gu->flags & RDT_GAME_UNIT_FIRED_AT) != 0);
      member_bool (b, "first-fire-spent", (gu->flags & RDT_GAME_UNIT_FIRST_FIRE_SPENT) != 0);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  boxed_ids (b, game, "eliminated", RDT_GAME_UNIT_ELIMINATED);
  boxed_ids (b, game, "captured", RDT_GAME_UNIT_CAPTURED);
  /* Fire (issue 14): rifle fire results not yet applied (10.4), retreats
   * owed (13.2, 13.3), in the order they are made. */
  json_builder_set_member_name (b, "pending-fire");
  json_builder_begin_array (b);
  for (guint i = 0; i < game->state->pending_fire->len; i++)
    {
      const RdtGamePendingFire *p = &g_array_index (game->state->pending_fire, RdtGamePendingFire, i);

      json_builder_begin_object (b);
      member_string (b, "target", rdt_scenario_get_unit (game->scenario, p->unit)->id);
      member_string (b, "firer", rdt_scenario_get_unit (game->scenario, p->firer)->id);
      member_string (b, "result", p->result);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "owed-casualties");
  json_builder_begin_array (b);
  for (guint i = 0; i < game->state->owed_casualties->len; i++)
    {
      const RdtGameOwedCasualty *c = &g_array_index (game->state->owed_casualties, RdtGameOwedCasualty, i);
      g_autofree char *l = rdt_hex_grid_dup_label (rdt_scenario_get_grid (game->scenario), c->hex);

      json_builder_begin_object (b);
      member_string (b, "hex", l);
      member_string (b, "player", rdt_game_get_player_id (game, (guint) c->player));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "owed-retreats");
  json_builder_begin_array (b);
  for (guint i = 0; i < game->state->owed_retreats->len; i++)
    {
      const RdtGameOwedRetreat *r = &g_array_index (game->state->owed_retreats, RdtGameOwedRetreat, i);

      json_builder_begin_object (b);
      member_string (b, "unit", rdt_scenario_get_unit (game->scenario, r->unit)->id);
      member_int (b, "hexes", r->hexes);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  /* Close Combat (12.21, 12.23 steps 6 and 9). */
  json_builder_set_member_name (b, "close-combat");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "announced");
  json_builder_add_boolean_value (b, rdt_game_get_cc_announced (game));
  {
    g_auto(GStrv) designated = rdt_game_dup_cc_designated (game);
    g_auto(GStrv) owed = rdt_game_dup_cc_owed (game, NULL);
    g_auto(GStrv) advances = rdt_game_dup_cc_advances (game);
    int side = rdt_game_get_cc_momentum_side (game);

    json_builder_set_member_name (b, "designated");
    json_builder_begin_array (b);
    for (guint i = 0; designated[i] != NULL; i++)
      json_builder_add_string_value (b, designated[i]);
    json_builder_end_array (b);
    json_builder_set_member_name (b, "owed");
    json_builder_begin_array (b);
    for (guint i = 0; owed[i] != NULL; i++)
      json_builder_add_string_value (b, owed[i]);
    json_builder_end_array (b);
    json_builder_set_member_name (b, "momentum-decision");
    if (side >= 0)
      json_builder_add_string_value (b, rdt_scenario_get_side (game->scenario, (guint) side)->id);
    else
      json_builder_add_null_value (b);
    json_builder_set_member_name (b, "may-advance");
    json_builder_begin_array (b);
    for (guint i = 0; advances[i] != NULL; i++)
      json_builder_add_string_value (b, advances[i]);
    json_builder_end_array (b);
  }
  json_builder_end_object (b);

  if (with_log)
    {
      json_builder_set_member_name (b, "log");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "actions");
      json_builder_begin_array (b);
      for (guint i = 0; i < rdt_game_get_n_actions (game); i++)
        json_builder_add_string_value (b, rdt_game_get_action (game, i));
      json_builder_end_array (b);
      json_builder_set_member_name (b, "messages");
      json_builder_begin_array (b);
      for (guint i = 0; i < rdt_game_get_n_messages (game); i++)
        {
          const RdtGameMessage *m = rdt_game_get_message (game, i);

          json_builder_begin_object (b);
          member_int (b, "action", m->action);
          member_string (b, "rule", m->rule);
          member_string (b, "text", m->text);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "rolls");
      json_builder_begin_array (b);
      for (guint i = 0; i < rdt_game_get_n_rolls (game); i++)
        {
          const RdtGameRoll *r = rdt_game_get_roll (game, i);

          json_builder_begin_object (b);
          member_int (b, "value", r->value);
          member_bool (b, "typed", r->typed);
          member_string (b, "purpose", r->purpose);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  member_string (b, "digest", digest);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
