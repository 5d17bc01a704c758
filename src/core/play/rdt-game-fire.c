/* rdt-game-fire.c: fire in a game (Series Rules 10, 11; docs/play.md "Fire").
 *
 *   fire FIRER[,FIRER...] TARGET [open-flank]
 *       In the Defensive Artillery Fire phase: the non-phasing player's
 *       artillery (11.1), resolved at once (11.3).  In the Rifle Fire phase:
 *       either player's rifle units (10.1), the phasing player's targets
 *       first (10.2); the rolls are made and the result waits (10.4).
 *       FIRER: a unit id, or a hex (every unit there that can fire in the
 *       phase); TARGET: a unit id, or a hex with one enemy combat unit.
 *       "open-flank": the players agree there is an open flank (10.7, 12.53).
 *       "take-retreat" (artillery fire, applied at once): the target's owner
 *       declines an option to ignore a Retreat result (Germantown 3.10.4).
 *   resolve-fire [take-retreat UNIT]...
 *       10.4: applies the rifle fire results, the non-phasing player's
 *       units first, so that their retreats come first.  "take-retreat
 *       UNIT": its owner declines an option to ignore a Retreat result
 *       (Germantown 3.10.4 "MAY ignore", table "retreat-exceptions").
 *   retreat UNIT HEX
 *       13.2, 13.3: makes an owed retreat, to one of the retreat engine's
 *       legal ends (preferred ones first); 10.4 the non-phasing player's
 *       retreats first.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-game-private.h"
#include "rdt-game-results.h"
#include "rdt-retreat.h"

RdtScenario *
rdt_game_get_position (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  _rdt_game_sync_board (game);
  return game->board;
}

guint
rdt_game_get_n_pending_fire (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->state->pending_fire->len;
}

guint
rdt_game_get_n_owed_casualties (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->state->owed_casualties->len;
}

guint
rdt_game_get_n_owed_retreats (RdtGame *game)
{
  g_return_val_if_fail (RDT_IS_GAME (game), 0);
  return game->state->owed_retreats->len;
}

static const RdtUnit *
unit_of (RdtGame *game,
         guint    index)
{
  return rdt_scenario_get_unit (game->scenario, index);
}

RdtFire *
rdt_game_analyse_fire (RdtGame            *game,
                       RdtFireKind         kind,
                       const char *const  *firers,
                       const char         *target,
                       int                 open_flank,
                       GError            **error)
{
  g_autoptr(GPtrArray) fired = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) targeted = g_ptr_array_new ();
  g_autoptr(GPtrArray) spent = g_ptr_array_new ();
  RdtGameContext context;
  RdtFireFacts facts;
  int phasing;
  RdtFire *fire;

  g_return_val_if_fail (RDT_IS_GAME (game), NULL);
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &game->state->units[i];
      const char *id = unit_of (game, i)->id;

      if (gu->flags & RDT_GAME_UNIT_FIRED)
        g_ptr_array_add (fired, g_strdup (id));
      if (gu->flags & RDT_GAME_UNIT_FIRED_AT)
        g_ptr_array_add (targeted, (gpointer) id);
      if (gu->flags & RDT_GAME_UNIT_FIRST_FIRE_SPENT)
        g_ptr_array_add (spent, (gpointer) id);
    }
  {
    RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
    const RdtTable *table = volume != NULL ? rdt_volume_find_table (volume, "off-board-fire") : NULL;

    for (guint r = 0; table != NULL && r < table->rows->len && r < 32; r++)
      if (game->state->off_board_fired & (1u << r))
        g_ptr_array_add (fired, g_strconcat ("off-board:", ((RdtTableRow *) g_ptr_array_index (table->rows, r))->key, NULL));
  }
  g_ptr_array_add (fired, NULL);
  g_ptr_array_add (targeted, NULL);
  g_ptr_array_add (spent, NULL);

  rdt_game_context_init (&context);
  context.turn = game->state->turn;
  context.origin = game->scenario;
  phasing = rdt_game_get_phasing_player (game);
  for (guint s = 0; s < game->n_sides && phasing >= 0; s++)
    if (game->side_player[s] == phasing)
      {
        context.current_side = (int) s;
        break;
      }
  rdt_fire_facts_init (&facts);
  facts.context = &context;
  facts.fired = (const char *const *) fired->pdata;
  facts.targeted = (const char *const *) targeted->pdata;
  facts.first_fire_spent = (const char *const *) spent->pdata;
  facts.open_flank = open_flank;
  fire = rdt_fire_analyse (rdt_game_get_position (game), kind, firers, target, &facts, error);
  if (fire == NULL && error != NULL && *error != NULL)
    (*error)->domain = RDT_GAME_ERROR, (*error)->code = RDT_GAME_ERROR_UNKNOWN;
  return fire;
}

/* The row index of an off-board source "off-board:ID" (Germantown 3.5), or
 * -1; @out_side (nullable) its side. */
static int
off_board_index (RdtGame    *game,
                 const char *id,
                 int        *out_side)
{
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  const RdtTable *table = volume != NULL ? rdt_volume_find_table (volume, "off-board-fire") : NULL;

  if (table == NULL || !g_str_has_prefix (id, "off-board:"))
    return -1;
  for (guint r = 0; r < table->rows->len && r < 32; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);

      if (g_str_equal (row->key, id + strlen ("off-board:")))
        {
          const char *side = rdt_table_lookup (table, row->key, "side", NULL);

          if (out_side != NULL)
            *out_side = side != NULL ? rdt_scenario_find_side (game->scenario, side) : -1;
          return (int) r;
        }
    }
  return -1;
}

static gboolean
can_fire_kind (const RdtUnit *u,
               RdtFireKind    kind)
{
  if (kind == RDT_FIRE_ARTILLERY)
    return u->kind == RDT_UNIT_KIND_ARTILLERY || u->kind == RDT_UNIT_KIND_MORTAR;
  return u->kind == RDT_UNIT_KIND_RIFLE || u->kind == RDT_UNIT_KIND_MUSKET_RIFLE ||
         u->rifle != RDT_RIFLE_NONE || u->kind == RDT_UNIT_KIND_AMUSETTE;
}

static gboolean
same_hex (RdtHex a,
          RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

/* FIRER: a unit id or a hex label (the units there that fire in @kind). */
static gboolean
parse_firers (RdtGame     *game,
              const char  *text,
              RdtFireKind  kind,
              GPtrArray   *out,
              GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ",", -1);
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      int index = rdt_scenario_find_unit_index (game->scenario, parts[i]);
      RdtHex hex;
      guint before = out->len;

      if (index >= 0)
        {
          g_ptr_array_add (out, (gpointer) unit_of (game, (guint) index)->id);
          continue;
        }
      if (off_board_index (game, parts[i], NULL) >= 0)
        {
          g_ptr_array_add (out, (gpointer) g_intern_string (parts[i]));
          continue;
        }
      if (!rdt_hex_grid_parse_label (grid, parts[i], &hex, NULL))
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN,
                       _("“%s” is neither a unit nor a hex"), parts[i]);
          return FALSE;
        }
      for (guint u = 0; u < game->n_units; u++)
        if (game->state->units[u].where == RDT_GAME_UNIT_MAP && same_hex (game->state->units[u].hex, hex) &&
            can_fire_kind (unit_of (game, u), kind))
          g_ptr_array_add (out, (gpointer) unit_of (game, u)->id);
      if (out->len == before)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                       kind == RDT_FIRE_ARTILLERY ? _("11.1: no artillery unit in %s") : _("10.1: no rifle unit in %s"),
                       parts[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* TARGET: a unit id, or a hex holding one enemy combat unit of @player. */
static int
parse_target (RdtGame     *game,
              const char  *text,
              int          player,
              GError     **error)
{
  int index = rdt_scenario_find_unit_index (game->scenario, text);
  RdtHex hex;
  int found = -1;
  guint n = 0;

  if (index >= 0)
    return index;
  if (!rdt_hex_grid_parse_label (rdt_scenario_get_grid (game->scenario), text, &hex, NULL))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("“%s” is neither a unit nor a hex"), text);
      return -1;
    }
  for (guint u = 0; u < game->n_units; u++)
    if (game->state->units[u].where == RDT_GAME_UNIT_MAP && same_hex (game->state->units[u].hex, hex) &&
        !rdt_unit_is_leader (unit_of (game, u)) && _rdt_game_unit_player (game, u) != player)
      {
        n++;
        if (found < 0)
          found = (int) u;
      }
  if (n == 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("10.2, 11.2: no enemy combat unit in %s"), text);
      return -1;
    }
  if (n > 1)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX,
                   _("10.2, 11.2: %s holds %u enemy combat units: name the target unit"), text, n);
      return -1;
    }
  return found;
}

static void
log_analysis (RdtGame *game,
              RdtFire *fire)
{
  for (guint i = 0; i < rdt_fire_get_n_lines (fire); i++)
    {
      const RdtFireLine *l = rdt_fire_get_line (fire, i);

      if (l->kind == RDT_FIRE_LINE_FIRER || l->kind == RDT_FIRE_LINE_TARGET || l->kind == RDT_FIRE_LINE_DRM ||
          l->kind == RDT_FIRE_LINE_TO_HIT || l->kind == RDT_FIRE_LINE_ROLLS || l->kind == RDT_FIRE_LINE_RANGE)
        _rdt_game_say (game, l->rule, "%s%s", l->text, l->provisional ? _(" (provisional value)") : "");
    }
}

static gboolean
do_fire (RdtGame     *game,
         const char  *firers_text,
         const char  *target_text,
         gboolean     open_flank,
         gboolean     take_retreat,
         GString     *canonical,
         gboolean    *barrier,
         GError     **error)
{
  RdtPhase phase = rdt_game_get_phase (game);
  RdtFireKind kind = phase == RDT_PHASE_ARTILLERY_FIRE ? RDT_FIRE_ARTILLERY : RDT_FIRE_RIFLE;
  const char *rule = kind == RDT_FIRE_ARTILLERY ? "11.3" : "10.3";
  int phasing = rdt_game_get_phasing_player (game);
  g_autoptr(GPtrArray) firers = g_ptr_array_new ();
  g_autoptr(RdtFire) fire = NULL;
  g_autofree char *joined = NULL;
  int target, player, first;
  guint n_rolls;
  gboolean hit = FALSE;

  if (phase != RDT_PHASE_ARTILLERY_FIRE && phase != RDT_PHASE_RIFLE_FIRE)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_WRONG_PHASE,
                   _("10.1, 11.1: fire only in the Defensive Artillery Fire and Rifle Fire phases"));
      return FALSE;
    }
  if (take_retreat && kind != RDT_FIRE_ARTILLERY)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX,
                   _("10.4: rifle fire results are applied later: decline ignoring a Retreat with "
                     "“resolve-fire take-retreat UNIT” (Germantown 3.10.4)"));
      return FALSE;
    }
  if (!parse_firers (game, firers_text, kind, firers, error))
    return FALSE;
  first = rdt_scenario_find_unit_index (game->scenario, g_ptr_array_index (firers, 0));
  if (first >= 0)
    player = _rdt_game_unit_player (game, (guint) first);
  else
    {
      int side = -1;

      off_board_index (game, g_ptr_array_index (firers, 0), &side);
      player = side >= 0 ? game->side_player[side] : -1;
      /* The pending result's firer: any unit of that player (only the
       * player matters). */
      for (guint u = 0; u < game->n_units && first < 0; u++)
        if (_rdt_game_unit_player (game, u) == player)
          first = (int) u;
      if (first < 0)
        first = 0;
    }
  target = parse_target (game, target_text, player, error);
  if (target < 0)
    return FALSE;
  /* 11.1: "the non-phasing player may fire any of his artillery". */
  if (kind == RDT_FIRE_ARTILLERY && player == phasing)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("11.1: only the non-phasing player fires in the Defensive Artillery Fire phase"));
      return FALSE;
    }
  /* 10.4: the results "are applied at the same time after both sides have
   * fired": once applied, the phase's fire is over. */
  if (kind == RDT_FIRE_RIFLE && game->state->fire_resolved)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("10.4: the rifle fire results of this phase are applied: both sides have fired"));
      return FALSE;
    }
  /* 10.2: "The phasing player must select his target unit(s) before the
   * non-phasing player selects his." */
  if (kind == RDT_FIRE_RIFLE && player == phasing)
    for (guint i = 0; i < game->n_units; i++)
      if ((game->state->units[i].flags & RDT_GAME_UNIT_FIRED) && _rdt_game_unit_player (game, i) != phasing)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                       _("10.2: the phasing player selects his targets before the non-phasing player, "
                         "who has fired already"));
          return FALSE;
        }
  g_ptr_array_add (firers, NULL);
  fire = rdt_game_analyse_fire (game, kind, (const char *const *) firers->pdata,
                                unit_of (game, (guint) target)->id, open_flank ? 1 : 0, error);
  if (fire == NULL)
    return FALSE;
  if (rdt_fire_get_verdict (fire) != RDT_FIRE_LEGAL)
    {
      const RdtFireLine *reason = rdt_fire_get_reason (fire);

      g_set_error (error, RDT_GAME_ERROR,
                   rdt_fire_get_verdict (fire) == RDT_FIRE_REFUSED ? RDT_GAME_ERROR_ILLEGAL : RDT_GAME_ERROR_DATA,
                   rdt_fire_get_verdict (fire) == RDT_FIRE_REFUSED ? "%s: %s" : _("%s: not decided: %s"),
                   reason->rule, reason->text);
      return FALSE;
    }
  for (int die = 0; die < 10; die++)
    if (rdt_fire_get_damage (fire, die, NULL) == NULL)
      {
        g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA,
                     _("%s: the volume's %s has no row for a roll of %d: enter it from your copy of the game"),
                     rule, rdt_fire_get_damage_source (fire), die);
        return FALSE;
      }
    else
      {
        RdtCombatResult r;

        if (!rdt_combat_result_parse (rdt_fire_get_damage (fire, die, NULL), &r))
          {
            g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA,
                         _("%s: the volume's %s gives “%s” for a roll of %d: not a result of 13.1"),
                         rule, rdt_fire_get_damage_source (fire), rdt_fire_get_damage (fire, die, NULL), die);
            return FALSE;
          }
      }

  joined = g_strjoinv (",", (char **) firers->pdata);
  g_string_append_printf (canonical, " %s %s%s%s", joined, unit_of (game, (guint) target)->id,
                          open_flank ? " open-flank" : "", take_retreat ? " take-retreat" : "");
  _rdt_game_say (game, kind == RDT_FIRE_ARTILLERY ? "11" : "10",
                 kind == RDT_FIRE_ARTILLERY ? _("Defensive artillery fire: %s at %s")
                                            : _("Rifle fire: %s at %s"),
                 joined, unit_of (game, (guint) target)->id);
  log_analysis (game, fire);
  if (rdt_fire_is_provisional (fire))
    _rdt_game_say (game, rule, _("This fire uses provisional table values (not in the rulebooks): "
                                 "enter them from your copy of the game"));

  /* 10.1, 11.1: once per phase; 10.2, 11.2: one fire per target; 10.5: every
   * firing unit loses its first fire bonus, "even if their fire has no
   * effect" (Brandywine 4.5.5: Amusettes too). */
  for (guint i = 0; i + 1 < firers->len; i++)
    {
      int u = rdt_scenario_find_unit_index (game->scenario, g_ptr_array_index (firers, i));
      int ob = off_board_index (game, g_ptr_array_index (firers, i), NULL);

      if (u < 0)
        {
          if (ob >= 0)
            game->state->off_board_fired |= 1u << ob;
          continue;
        }
      game->state->units[u].flags |= RDT_GAME_UNIT_FIRED;
      if (kind == RDT_FIRE_RIFLE)
        game->state->units[u].flags |= RDT_GAME_UNIT_FIRST_FIRE_SPENT;
    }
  game->state->units[target].flags |= RDT_GAME_UNIT_FIRED_AT;

  /* STEP 2: the To-Hit roll(s), modified; 10.3: "Both die rolls must be
   * against the same target and only one hit will result in a damage die
   * roll." */
  *barrier = TRUE;
  n_rolls = rdt_fire_get_n_rolls (fire);
  for (guint k = 0; k < n_rolls; k++)
    {
      g_autofree char *purpose = g_strdup_printf (_("to hit %s (%s)"), unit_of (game, (guint) target)->id, rule);
      int die = _rdt_game_roll_die (game, purpose);
      gboolean h = rdt_fire_roll_hits (fire, die);

      _rdt_game_say (game, rule, _("Modified roll %d %+d = %d against %d: %s"), die, rdt_fire_get_drm (fire),
                     die + rdt_fire_get_drm (fire), rdt_fire_get_to_hit (fire),
                     h ? (hit ? _("a second hit, ignored") : _("hit")) : _("miss"));
      hit = hit || h;
    }
  if (hit)
    {
      g_autofree char *purpose = g_strdup_printf (_("damage to %s (%s)"), unit_of (game, (guint) target)->id, rule);
      int die = _rdt_game_roll_die (game, purpose);
      gboolean prov = FALSE;
      const char *text = rdt_fire_get_damage (fire, die, &prov);
      RdtCombatResult result;

      rdt_combat_result_parse (text, &result);
      _rdt_game_say (game, rule, _("%s, unmodified roll %d: “%s”%s"), rdt_fire_get_damage_source (fire), die,
                     text, prov ? _(" (provisional value)") : "");
      if (kind == RDT_FIRE_ARTILLERY)
        {
          /* Germantown 3.10.4 "MAY ignore": declined with "take-retreat". */
          game->take_retreat[0] = take_retreat ? target : -1;
          game->take_retreat[1] = -1;
          _rdt_game_apply_result (game, (guint) target, &result, rule);
          game->take_retreat[0] = -1;
          _rdt_game_settle_retreats (game);
        }
      else
        {
          RdtGamePendingFire p = { (guint) target, (guint) first, "" };

          g_strlcpy (p.result, text, sizeof p.result);
          g_array_append_val (game->state->pending_fire, p);
          _rdt_game_say (game, "10.4", _("The result on %s is applied with the other rifle fire results "
                                        "(“resolve-fire”)"), unit_of (game, (guint) target)->id);
        }
    }
  return TRUE;
}

/* 10.4: "Results, including Army Morale adjustments, are applied at the same
 * time after both sides have fired. The non-phasing player must execute any
 * retreats before the phasing player." */
static gboolean
do_resolve (RdtGame  *game,
            char    **argv,
            guint     argc,
            GString  *canonical,
            GError  **error)
{
  RdtGameState *s = game->state;
  int phasing = rdt_game_get_phasing_player (game);
  g_autoptr(GArray) pending = NULL;

  if (rdt_game_get_phase (game) != RDT_PHASE_RIFLE_FIRE)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_WRONG_PHASE,
                   _("10.4: rifle fire results are resolved in the Rifle Fire phase"));
      return FALSE;
    }
  if (s->pending_fire->len == 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL, _("10.4: no rifle fire result to apply"));
      return FALSE;
    }
  /* "take-retreat UNIT": Germantown 3.10.4 "Units in the hex MAY ignore
   * Retreat results": the owner declines the option for UNIT. */
  for (guint i = 1; i < argc; i += 2)
    {
      int u;
      guint n = 0;

      if (!g_str_equal (argv[i], "take-retreat") || i + 1 >= argc)
        {
          game->take_retreat[0] = -1;
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "resolve-fire [take-retreat UNIT]...");
          return FALSE;
        }
      u = rdt_scenario_find_unit_index (game->scenario, argv[i + 1]);
      if (u < 0)
        {
          game->take_retreat[0] = -1;
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), argv[i + 1]);
          return FALSE;
        }
      while (game->take_retreat[n] >= 0)
        n++;
      if (n >= G_N_ELEMENTS (game->take_retreat) - 1)
        {
          game->take_retreat[0] = -1;
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("at most %u “take-retreat UNIT”"),
                       (guint) G_N_ELEMENTS (game->take_retreat) - 1);
          return FALSE;
        }
      game->take_retreat[n] = u;
      game->take_retreat[n + 1] = -1;
      g_string_append_printf (canonical, " take-retreat %s", unit_of (game, (guint) u)->id);
    }
  pending = g_array_copy (s->pending_fire);
  g_array_set_size (s->pending_fire, 0);
  s->fire_resolved = TRUE;
  _rdt_game_say (game, "10.4", _("Rifle fire results are applied at the same time"));
  /* The non-phasing player's units first, so that their retreats come
   * first; then the phasing player's. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < pending->len && !rdt_game_is_over (game); i++)
      {
        const RdtGamePendingFire *p = &g_array_index (pending, RdtGamePendingFire, i);
        RdtCombatResult r;

        if ((_rdt_game_unit_player (game, p->unit) == phasing) != (pass == 1))
          continue;
        rdt_combat_result_parse (p->result, &r);
        _rdt_game_say (game, "10.3", _("“%s” on %s"), p->result, unit_of (game, p->unit)->id);
        _rdt_game_apply_result (game, p->unit, &r, "10.3");
      }
  game->take_retreat[0] = -1;
  _rdt_game_settle_retreats (game);
  return TRUE;
}

gboolean
_rdt_game_apply_fire_action (RdtGame   *game,
                             char     **argv,
                             guint      argc,
                             GString   *canonical,
                             gboolean  *barrier,
                             GError   **error)
{
  const char *verb = argv[0];

  if (g_str_equal (verb, "fire"))
    {
      gboolean open_flank = FALSE, take = FALSE;

      for (guint i = 3; i < argc; i++)
        if (g_str_equal (argv[i], "open-flank") && !open_flank)
          open_flank = TRUE;
        else if (g_str_equal (argv[i], "take-retreat") && !take)
          take = TRUE;
        else
          argc = 0;
      if (argc < 3)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX,
                       _("usage: %s"), "fire FIRER[,FIRER...] TARGET [open-flank] [take-retreat]");
          return FALSE;
        }
      return do_fire (game, argv[1], argv[2], open_flank, take, canonical, barrier, error);
    }
  if (g_str_equal (verb, "resolve-fire"))
    {
      return do_resolve (game, argv, argc, canonical, error);
    }
  if (g_str_equal (verb, "retreat"))
    {
      int unit;
      RdtHex hex;

      RdtHex start;

      if (argc < 3)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "retreat UNIT HEX [LEADER...]");
          return FALSE;
        }
      unit = rdt_scenario_find_unit_index (game->scenario, argv[1]);
      if (unit < 0)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), argv[1]);
          return FALSE;
        }
      if (!rdt_hex_grid_parse_label (rdt_scenario_get_grid (game->scenario), argv[2], &hex, error))
        {
          if (error != NULL && *error != NULL)
            (*error)->domain = RDT_GAME_ERROR, (*error)->code = RDT_GAME_ERROR_UNKNOWN;
          return FALSE;
        }
      g_string_append_printf (canonical, " %s %s", argv[1], argv[2]);
      start = game->state->units[unit].hex;
      if (!_rdt_game_do_retreat (game, (guint) unit, hex, error))
        return FALSE;
      /* 13.25: "Any Leader may freely retreat along with any friendly
       * retreating units with which it is stacked"; 14.31: "the leader may
       * either retreat with them or remain in place". */
      for (guint i = 3; i < argc; i++)
        {
          int leader = rdt_scenario_find_unit_index (game->scenario, argv[i]);
          RdtGameUnit *gl;

          if (leader < 0)
            {
              g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), argv[i]);
              return FALSE;
            }
          gl = &game->state->units[leader];
          if (!rdt_unit_is_leader (unit_of (game, (guint) leader)) || gl->where != RDT_GAME_UNIT_MAP ||
              !same_hex (gl->hex, start) ||
              _rdt_game_unit_player (game, (guint) leader) != _rdt_game_unit_player (game, (guint) unit))
            {
              g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                           _("13.25: only a friendly leader stacked with %s retreats with it (%s)"),
                           argv[1], argv[i]);
              return FALSE;
            }
          if (game->state->units[unit].where == RDT_GAME_UNIT_MAP)
            {
              gl->hex = game->state->units[unit].hex;
              game->board_dirty = TRUE;
              _rdt_game_say (game, "13.25", _("%s retreats with %s"), argv[i], argv[1]);
            }
          g_string_append_printf (canonical, " %s", argv[i]);
        }
      return TRUE;
    }
  if (g_str_equal (verb, "casualty"))
    {
      int leader;

      if (argc != 2)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("usage: %s"), "casualty LEADER");
          return FALSE;
        }
      leader = rdt_scenario_find_unit_index (game->scenario, argv[1]);
      if (leader < 0)
        {
          g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_UNKNOWN, _("unknown unit “%s”"), argv[1]);
          return FALSE;
        }
      g_string_append_printf (canonical, " %s", argv[1]);
      return _rdt_game_do_casualty (game, (guint) leader, error);
    }
  g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_SYNTAX, _("unknown action “%s” (see docs/play.md)"), verb);
  return FALSE;
}

gboolean
_rdt_game_fire_may_leave (RdtGame  *game,
                          GError  **error)
{
  RdtGameState *s = game->state;

  if (s->pending_fire->len > 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("10.4: rifle fire results are not applied yet: use “resolve-fire”"));
      return FALSE;
    }
  if (s->owed_casualties->len > 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("13.1: a leader casualty is owed: the owner chooses the leader (“casualty LEADER”)"));
      return FALSE;
    }
  if (s->owed_retreats->len > 0)
    {
      guint unit = g_array_index (s->owed_retreats, RdtGameOwedRetreat, 0).unit;

      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("13.2: %s must retreat first: “retreat %s HEX”"), unit_of (game, unit)->id,
                   unit_of (game, unit)->id);
      return FALSE;
    }
  return TRUE;
}

void
_rdt_game_fire_candidates (RdtGame   *game,
                           GPtrArray *out)
{
  RdtGameState *s = game->state;
  RdtPhase phase = rdt_game_get_phase (game);
  RdtFireKind kind = phase == RDT_PHASE_ARTILLERY_FIRE ? RDT_FIRE_ARTILLERY : RDT_FIRE_RIFLE;
  RdtHexGrid *grid = rdt_scenario_get_grid (game->scenario);
  RdtVolume *volume = rdt_scenario_get_volume (game->scenario);
  int default_range = volume != NULL && rdt_volume_get_artillery_range (volume) > 0
                    ? rdt_volume_get_artillery_range (volume) : 3;

  if (phase != RDT_PHASE_ARTILLERY_FIRE && phase != RDT_PHASE_RIFLE_FIRE)
    return;
  /* Owed leader casualties: each leader the owner may choose (13.1). */
  for (guint k = 0; k < s->owed_casualties->len; k++)
    {
      const RdtGameOwedCasualty *c = &g_array_index (s->owed_casualties, RdtGameOwedCasualty, k);

      for (guint i = 0; i < game->n_units; i++)
        if (s->units[i].where == RDT_GAME_UNIT_MAP && rdt_unit_is_leader (unit_of (game, i)) &&
            same_hex (s->units[i].hex, c->hex) && _rdt_game_unit_player (game, i) == c->player)
          g_ptr_array_add (out, g_strdup_printf ("casualty %s", unit_of (game, i)->id));
    }
  /* Owed retreats: each legal end of each one owed. */
  for (guint k = 0; k < s->owed_retreats->len; k++)
    {
      const RdtGameOwedRetreat *r = &g_array_index (s->owed_retreats, RdtGameOwedRetreat, k);
      RdtRetreatOptions options;
      g_autoptr(RdtRetreat) retreat = NULL;

      _rdt_game_sync_board (game);
      if (game->movement == NULL)
        game->movement = rdt_movement_new (game->board, NULL);
      rdt_retreat_options_init (&options, r->hexes);
      retreat = rdt_movement_retreat (game->movement, unit_of (game, r->unit)->id, &options, NULL);
      for (guint e = 0; retreat != NULL && e < rdt_retreat_get_n_ends (retreat); e++)
        {
          g_autofree char *l = rdt_hex_grid_dup_label (grid, rdt_retreat_get_end (retreat, e)->hex);
          g_ptr_array_add (out, g_strdup_printf ("retreat %s %s", unit_of (game, r->unit)->id, l));
        }
    }
  if (s->owed_retreats->len > 0)
    return;
  if (kind == RDT_FIRE_RIFLE)
    g_ptr_array_add (out, g_strdup ("resolve-fire"));
  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &s->units[i];
      const RdtUnit *u = unit_of (game, i);
      int range;

      if (gu->where != RDT_GAME_UNIT_MAP || (gu->flags & RDT_GAME_UNIT_FIRED) || !can_fire_kind (u, kind))
        continue;
      range = kind == RDT_FIRE_RIFLE ? (u->kind == RDT_UNIT_KIND_AMUSETTE ? 2 : 1)
                                     : (u->range > 0 ? u->range : default_range);
      for (guint t = 0; t < game->n_units; t++)
        {
          const RdtGameUnit *gt = &s->units[t];
          int d;

          if (gt->where != RDT_GAME_UNIT_MAP || rdt_unit_is_leader (unit_of (game, t)) ||
              _rdt_game_unit_player (game, t) == _rdt_game_unit_player (game, i))
            continue;
          d = rdt_hex_grid_distance (grid, gu->hex, gt->hex);
          if (d >= 1 && d <= range)
            g_ptr_array_add (out, g_strdup_printf ("fire %s %s", u->id, unit_of (game, t)->id));
        }
    }
}
