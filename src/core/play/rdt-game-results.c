/* rdt-game-results.c: combat results of 13.1 applied to a game's units
 * (rdt-game-results.h). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-game-private.h"
#include "rdt-game-results.h"
#include "rdt-retreat.h"

gboolean
rdt_combat_result_parse (const char      *text,
                         RdtCombatResult *out)
{
  const char *p = text;
  gboolean any = FALSE;

  memset (out, 0, sizeof *out);
  if (text == NULL)
    return FALSE;
  while (*p != '\0')
    {
      if (*p == ' ' || *p == '+' || *p == ',')
        p++;
      else if (g_str_has_prefix (p, "AM"))
        out->army_morale = TRUE, p += 2, any = TRUE;
      else if (g_str_has_prefix (p, "PIN"))
        out->pin = TRUE, p += 3, any = TRUE;
      else if (g_str_has_prefix (p, "DC"))
        out->dc = TRUE, p += 2, any = TRUE;
      else if (g_str_has_prefix (p, "AC"))
        out->ac = TRUE, p += 2, any = TRUE;
      else if (*p == '1' || *p == '2')
        out->steps = *p - '0', p++, any = TRUE;
      else if (*p == 'D')
        out->disrupt = TRUE, p++, any = TRUE;
      else if (*p == 'R')
        out->retreat = TRUE, p++, any = TRUE;
      else if (*p == '*')
        out->leader = TRUE, p++, any = TRUE;
      else if (*p == '-' || g_str_has_prefix (p, "\xe2\x80\x94"))
        {
          p += *p == '-' ? 1 : 3;
          out->none = TRUE;
        }
      else
        return FALSE;
    }
  if (any)
    out->none = FALSE;
  return any || out->none;
}

static const RdtUnit *
unit_of (RdtGame *game,
         guint    index)
{
  return rdt_scenario_get_unit (game->scenario, index);
}

/* 16.1: "Army Morale may need to be adjusted each time ... a Fire or Close
 * Combat result is other than 'no effect'": by the volume's Army Morale
 * Adjustment Chart (table "army-morale-adjustments", rows per event: see
 * rdt_game_adjust_army_morale()), not in the rulebooks; a row the volume
 * lacks is logged as undecided. */
static void
adjust_army_morale (RdtGame    *game,
                    guint       unit,
                    const char *event,
                    const char *rule)
{
  _rdt_game_morale_event (game, (guint) unit_of (game, unit)->side, event, rule);
}

/* Removes @unit to the eliminated or captured box; @adjust: the army morale
 * adjustment for the removal (not when the result's own row covers it: 13.1
 * "2"). */
/* 12.64: "If a unit with a printed unit morale of +2 is captured while it
 * is at full strength, the owning player must return one Momentum Chit to
 * the pool. If the player does not have a Momentum Chit, the opposing
 * player is entitled to take a Momentum Chit from the pool. If there are no
 * Momentum Chits in the pool, there is no further effect." */
static void
surrender_momentum (RdtGame *game,
                    guint    unit)
{
  RdtGameState *s = game->state;
  const RdtUnit *u = unit_of (game, unit);
  const RdtGameUnit *gu = &s->units[unit];
  int side = u->side, other = -1;

  if (rdt_unit_is_leader (u) || u->steps == NULL || u->steps->len == 0 || gu->step != 0 ||
      g_array_index (u->steps, RdtUnitStep, 0).morale != 2 || side < 0 || (guint) side >= game->n_sides)
    return;
  for (guint i = 0; i < game->n_sides && other < 0; i++)
    if (game->side_player[i] != game->side_player[side])
      other = (int) i;
  if (s->momentum[side] > 0)
    {
      s->momentum[side]--;
      s->pool++;
      _rdt_game_say (game, "12.64", _("%s (printed morale +2) captured at full strength: %s returns a Momentum Chit to the pool"),
                     u->id, rdt_scenario_get_side (game->scenario, (guint) side)->id);
    }
  else if (other >= 0 && s->pool > 0)
    {
      s->pool--;
      s->momentum[other]++;
      _rdt_game_say (game, "12.64", _("%s (printed morale +2) captured at full strength: %s has no chit; %s takes one from the pool"),
                     u->id, rdt_scenario_get_side (game->scenario, (guint) side)->id,
                     rdt_scenario_get_side (game->scenario, (guint) other)->id);
    }
  else
    _rdt_game_say (game, "12.64", _("%s (printed morale +2) captured at full strength: no chit to return and none in the pool: no further effect"),
                   u->id);
}

static void
remove_unit_adjusting (RdtGame          *game,
                       guint             unit,
                       RdtGameUnitWhere  where,
                       const char       *rule,
                       gboolean          adjust)
{
  RdtGameUnit *gu = &game->state->units[unit];

  gu->where = where;
  game->board_dirty = TRUE;
  /* A unit removed owes no retreat any more. */
  for (guint i = game->state->owed_retreats->len; i > 0; i--)
    if (g_array_index (game->state->owed_retreats, RdtGameOwedRetreat, i - 1).unit == unit)
      g_array_remove_index (game->state->owed_retreats, i - 1);
  if (where == RDT_GAME_UNIT_CAPTURED)
    {
      _rdt_game_say (game, rule, _("%s is captured"), unit_of (game, unit)->id);
      if (adjust)
        adjust_army_morale (game, unit, "unit-captured", rule);
      surrender_momentum (game, unit);
    }
  else
    {
      _rdt_game_say (game, rule, _("%s is eliminated"), unit_of (game, unit)->id);
      if (adjust)
        adjust_army_morale (game, unit, "unit-eliminated", rule);
    }
}

static void
remove_unit (RdtGame          *game,
             guint             unit,
             RdtGameUnitWhere  where,
             const char       *rule)
{
  remove_unit_adjusting (game, unit, where, rule, TRUE);
}

/* 13.1 "1": "If the unit is a full-strength two-step unit, it is flipped
 * over and remains in the hex; otherwise, the unit is placed in the
 * eliminated box."  Returns TRUE when the unit is still on the map. */
static gboolean
lose_step (RdtGame    *game,
           guint       unit,
           const char *rule)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);

  if ((guint) gu->step + 1 < rdt_unit_get_n_steps (u))
    {
      gu->step++;
      game->board_dirty = TRUE;
      _rdt_game_say (game, rule, _("%s loses a step (flipped to its reduced side)"), u->id);
      return TRUE;
    }
  remove_unit (game, unit, RDT_GAME_UNIT_ELIMINATED, rule);
  return FALSE;
}

void
_rdt_game_owe_retreat (RdtGame  *game,
                       guint     unit,
                       int       hexes,
                       gboolean  first)
{
  RdtGameOwedRetreat r = { unit, hexes, FALSE };

  if (first)
    g_array_prepend_val (game->state->owed_retreats, r);
  else
    g_array_append_val (game->state->owed_retreats, r);
  _rdt_game_say (game, hexes == 3 ? "13.3" : "13.2",
                 g_dngettext (GETTEXT_PACKAGE, "%s must retreat %d hex: “retreat %s HEX”",
                              "%s must retreat %d hexes: “retreat %s HEX”", hexes),
                 unit_of (game, unit)->id, hexes, unit_of (game, unit)->id);
}

static RdtRetreat *
compute_retreat (RdtGame  *game,
                 guint     unit,
                 int       hexes,
                 GError  **error)
{
  RdtRetreatOptions options;
  RdtGameContext context;

  _rdt_game_sync_board (game);
  if (game->movement == NULL)
    game->movement = rdt_movement_new (game->board, NULL);
  rdt_game_context_init (&context);
  context.turn = game->state->turn;
  context.origin = game->scenario;
  rdt_retreat_options_init (&options, hexes);
  options.context = &context;
  return rdt_movement_retreat (game->movement, unit_of (game, unit)->id, &options, error);
}

RdtRetreat *
_rdt_game_compute_retreat (RdtGame  *game,
                           guint     unit,
                           int       hexes,
                           GError  **error)
{
  return compute_retreat (game, unit, hexes, error);
}

void
_rdt_game_settle_retreats (RdtGame *game)
{
  while (game->state->owed_retreats->len > 0 && !rdt_game_is_over (game))
    {
      RdtGameOwedRetreat r = g_array_index (game->state->owed_retreats, RdtGameOwedRetreat, 0);
      g_autoptr(RdtRetreat) retreat = NULL;
      g_autoptr(GError) error = NULL;

      if (game->state->units[r.unit].where != RDT_GAME_UNIT_MAP)
        {
          g_array_remove_index (game->state->owed_retreats, 0);
          continue;
        }
      retreat = compute_retreat (game, r.unit, r.hexes, &error);
      if (retreat == NULL)
        {
          _rdt_game_say (game, "13.2", _("The retreat of %s is not computed: %s"),
                         unit_of (game, r.unit)->id, error->message);
          return;
        }
      if (!rdt_retreat_is_captured (retreat))
        return;
      if (r.instead)
        {
          /* Savannah 4.1: "If retreat is not possible, the French/American
           * stack must fulfill the required attack": no capture. */
          g_array_remove_index (game->state->owed_retreats, 0);
          _rdt_game_say (game, "Savannah 4.1",
                         _("%s cannot retreat (13.22): it stays, and the required attack is made (at the -2 DRM)"),
                         unit_of (game, r.unit)->id);
          continue;
        }
      /* 13.23: "Any unit that cannot retreat the full distance because of
       * restrictions is captured instead; this includes retreats caused by
       * Rifle Fire or Artillery Fire." */
      remove_unit (game, r.unit, RDT_GAME_UNIT_CAPTURED, "13.23");
    }
}

gboolean
_rdt_game_do_retreat (RdtGame  *game,
                      guint     unit,
                      RdtHex    hex,
                      GError  **error)
{
  RdtGameState *s = game->state;
  g_autoptr(RdtRetreat) retreat = NULL;
  RdtRetreatEnd end;
  int index = -1;
  int phasing = rdt_game_get_phasing_player (game);
  gboolean any_preferred = FALSE;
  const RdtUnit *u = unit_of (game, unit);
  RdtGameOwedRetreat owed;

  for (guint i = 0; i < s->owed_retreats->len; i++)
    if (g_array_index (s->owed_retreats, RdtGameOwedRetreat, i).unit == unit)
      {
        index = (int) i;
        break;
      }
  if (index < 0)
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("13.2: %s owes no retreat"), u->id);
      return FALSE;
    }
  owed = g_array_index (s->owed_retreats, RdtGameOwedRetreat, index);
  /* 10.4: "The non-phasing player must execute any retreats before the
   * phasing player." */
  if (_rdt_game_unit_player (game, unit) == phasing)
    for (guint i = 0; i < s->owed_retreats->len; i++)
      {
        guint other = g_array_index (s->owed_retreats, RdtGameOwedRetreat, i).unit;

        if (_rdt_game_unit_player (game, other) != phasing)
          {
            g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                         _("10.4: the non-phasing player retreats first (%s)"), unit_of (game, other)->id);
            return FALSE;
          }
      }
  retreat = compute_retreat (game, unit, owed.hexes, error);
  if (retreat == NULL)
    return FALSE;
  if (!rdt_retreat_lookup (retreat, hex, &end))
    {
      g_autofree char *l = rdt_hex_grid_dup_label (rdt_scenario_get_grid (game->scenario), hex);
      RdtRetreatReason reason = rdt_retreat_get_reason (retreat, hex);

      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("%s: %s may not retreat to %s%s%s"),
                   reason != RDT_RETREAT_REASON_NONE ? rdt_retreat_reason_get_rule (reason)
                                                     : (owed.hexes == 3 ? "13.3" : "13.2"),
                   u->id, l, reason != RDT_RETREAT_REASON_NONE ? ": " : "",
                   reason != RDT_RETREAT_REASON_NONE ? rdt_retreat_reason_get_message (reason) : "");
      return FALSE;
    }
  for (guint i = 0; i < rdt_retreat_get_n_ends (retreat); i++)
    if (rdt_retreat_get_end (retreat, i)->flags & RDT_RETREAT_PREFERRED)
      any_preferred = TRUE;
  /* 13.21: "If possible, a unit must retreat into a hex which is not
   * adjacent to an enemy unit and in a direction specified ..." (13.3 for
   * the three-hex retreat). */
  if (any_preferred && !(end.flags & RDT_RETREAT_PREFERRED))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
                   _("%s: %s must retreat to a preferred hex if possible (not adjacent to the enemy, "
                     "in the retreat direction)"), owed.hexes == 3 ? "13.3" : "13.21", u->id);
      return FALSE;
    }
  g_array_remove_index (s->owed_retreats, (guint) index);
  s->units[unit].hex = end.hex;
  /* 13.24: retreated from a Close Combat (into a hex whose combat may not
   * be resolved yet). */
  if (rdt_game_get_phase (game) == RDT_PHASE_CLOSE_COMBAT)
    s->units[unit].flags |= RDT_GAME_UNIT_CC_RETREATED;
  game->board_dirty = TRUE;
  {
    g_autofree char *l = rdt_hex_grid_dup_label (rdt_scenario_get_grid (game->scenario), end.hex);
    _rdt_game_say (game, owed.hexes == 3 ? "13.3" : "13.2", _("%s retreats to %s"), u->id, l);
  }
  /* 13.23 Exception: the step loss that lets a two-step unit retreat. */
  if (end.flags & RDT_RETREAT_STEP_LOSS)
    {
      if (lose_step (game, unit, "13.23"))
        adjust_army_morale (game, unit, "step-loss", "13.23");
    }
  _rdt_game_settle_retreats (game);
  return TRUE;
}

void
_rdt_game_spend_first_fire (RdtGame *game,
                            guint    unit)
{
  game->state->units[unit].flags |= RDT_GAME_UNIT_FIRST_FIRE_SPENT;
}

/* 13.1 "*": "The owning player removes one Leader ... This is the only
 * result from artillery or rifle fire that may affect other units in the
 * hex.  If no leader is present, ignore both the result and the Army Morale
 * adjustment due to Leader casualty." */
static void
leader_casualty (RdtGame    *game,
                 guint       unit,
                 RdtHex      hex,
                 const char *rule)
{
  int player = _rdt_game_unit_player (game, unit);
  int chosen = -1;
  guint n = 0;

  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gu = &game->state->units[i];

      if (gu->where != RDT_GAME_UNIT_MAP || !rdt_unit_is_leader (unit_of (game, i)) ||
          _rdt_game_unit_player (game, i) != player || gu->hex.col != hex.col || gu->hex.row != hex.row)
        continue;
      n++;
      chosen = (int) i;
    }
  if (chosen < 0)
    {
      _rdt_game_say (game, "13.1", _("Leader casualty: no leader with %s: the result and its army morale "
                                    "adjustment are ignored"), unit_of (game, unit)->id);
      return;
    }
  if (n > 1)
    {
      /* 13.1: "The Leader chosen need not be the one in command": the
       * owner's choice, an action. */
      RdtGameOwedCasualty c = { hex, player };
      g_autofree char *l = rdt_hex_grid_dup_label (rdt_scenario_get_grid (game->scenario), hex);

      g_array_append_val (game->state->owed_casualties, c);
      _rdt_game_say (game, rule, _("Leader casualty in %s: %s chooses which of its %u leaders is removed "
                                  "(“casualty LEADER”)"), l, rdt_game_get_player_id (game, (guint) player), n);
      return;
    }
  game->state->units[chosen].where = RDT_GAME_UNIT_ELIMINATED;
  game->board_dirty = TRUE;
  _rdt_game_say (game, rule, _("Leader casualty: %s is removed"), unit_of (game, (guint) chosen)->id);
  adjust_army_morale (game, (guint) chosen, "leader-casualty", "13.1 *");
  /* Brandywine 4.6.2, 4.7: the momentum a lost leader takes with him. */
  rdt_game_leader_lost (game, unit_of (game, (guint) chosen)->id, "13.1 *", NULL);
}

gboolean
_rdt_game_do_casualty (RdtGame  *game,
                       guint     leader,
                       GError  **error)
{
  RdtGameState *s = game->state;
  const RdtGameUnit *gu = &s->units[leader];

  for (guint i = 0; i < s->owed_casualties->len; i++)
    {
      const RdtGameOwedCasualty *c = &g_array_index (s->owed_casualties, RdtGameOwedCasualty, i);

      if (gu->where != RDT_GAME_UNIT_MAP || !rdt_unit_is_leader (unit_of (game, leader)) ||
          _rdt_game_unit_player (game, leader) != c->player || gu->hex.col != c->hex.col ||
          gu->hex.row != c->hex.row)
        continue;
      g_array_remove_index (s->owed_casualties, i);
      s->units[leader].where = RDT_GAME_UNIT_ELIMINATED;
      game->board_dirty = TRUE;
      _rdt_game_say (game, "13.1", _("Leader casualty: %s is removed (the owner's choice)"), unit_of (game, leader)->id);
      adjust_army_morale (game, leader, "leader-casualty", "13.1 *");
      rdt_game_leader_lost (game, unit_of (game, leader)->id, "13.1 *", NULL);
      return TRUE;
    }
  g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_ILLEGAL,
               _("13.1: no leader casualty is owed in the hex of %s"), unit_of (game, leader)->id);
  return FALSE;
}

/* ---------- exclusive rules about Retreat results, as volume data ---------- */

static const char *
cell (const RdtTable    *table,
      const RdtTableRow *row,
      const char        *column)
{
  for (guint i = 0; i < table->columns->len && i < row->cells->len; i++)
    if (g_strcmp0 (table->columns->pdata[i], column) == 0)
      return row->cells->pdata[i];
  return NULL;
}

/* The row of table @id keyed by the terrain of @unit's hex, or NULL. */
static const RdtTableRow *
terrain_row (RdtGame         *game,
             const char      *id,
             guint            unit,
             const RdtTable **out_table)
{
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), id);
  const RdtTerrainType *tt;

  *out_table = table;
  if (table == NULL)
    return NULL;
  tt = rdt_scenario_get_terrain_type (game->scenario, game->state->units[unit].hex);
  if (tt == NULL)
    return NULL;
  for (guint r = 0; r < table->rows->len; r++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, r);

      if (g_strcmp0 (row->key, tt->id) == 0)
        return row;
    }
  return NULL;
}

static int
signed_cell (const char *text)
{
  char *end = NULL;
  long v;

  if (text == NULL || *text == '\0')
    return 0;
  v = strtol (text, &end, 10);
  return *end == '\0' && v >= -9 && v <= 9 ? (int) v : 0;
}

int
_rdt_game_terrain_morale_drm (RdtGame *game,
                              guint    unit)
{
  const RdtTable *table;
  const RdtTableRow *row = terrain_row (game, "morale-check-drm", unit, &table);
  int drm;

  if (row == NULL)
    return 0;
  drm = signed_cell (cell (table, row, "DRM"));
  if (drm != 0)
    _rdt_game_say (game, cell (table, row, "rule") != NULL ? cell (table, row, "rule") : table->rule,
                   _("%s takes its morale check in %s: %+d to the die roll (volume table morale-check-drm)"),
                   unit_of (game, unit)->id, row->key, drm);
  return drm;
}

/* The leader in command in @unit's hex (14.2: the highest rank, then the
 * seniority of the exclusive rules), or -1.  Used by every morale check
 * (13.5, 14.23). */
int
_rdt_game_leader_in_hex (RdtGame *game,
               guint    unit)
{
  const RdtGameUnit *gu = &game->state->units[unit];
  int best = -1;

  for (guint i = 0; i < game->n_units; i++)
    {
      const RdtGameUnit *gl = &game->state->units[i];
      const RdtUnit *l = unit_of (game, i), *b;

      if (!rdt_unit_is_leader (l) || gl->where != RDT_GAME_UNIT_MAP || gl->hex.col != gu->hex.col ||
          gl->hex.row != gu->hex.row || _rdt_game_unit_player (game, i) != _rdt_game_unit_player (game, unit))
        continue;
      if (best < 0)
        {
          best = (int) i;
          continue;
        }
      b = unit_of (game, (guint) best);
      if (l->rank > b->rank || (l->rank == b->rank && l->seniority > 0 && (b->seniority == 0 || l->seniority < b->seniority)))
        best = (int) i;
    }
  return best;
}

/* The volume's table "retreat-exceptions" (docs/volumes.md): rows keyed by
 * terrain id, columns "applies" ("close-combat", "fire"), "units" ("lead":
 * the close combat lead unit only; "any"), "effect" ("morale-check": a
 * morale check with "DRM" instead of the retreat, passed: no retreat;
 * "ignore": the unit ignores the result), "others" ("in-hex": when the
 * retreat is not made the other units of the hex need not check morale),
 * "rule".  Brandywine 3.9 (Meeting House), Germantown 3.10.4 (Chew House).
 * TRUE when @unit does not retreat. */
static gboolean
retreat_excused (RdtGame    *game,
                 guint       unit,
                 const char *rule)
{
  const RdtTable *table;
  const RdtTableRow *row = terrain_row (game, "retreat-exceptions", unit, &table);
  gboolean close_combat = g_strcmp0 (rule, "13.1") == 0;
  const RdtUnit *u = unit_of (game, unit);
  const char *applies, *effect, *row_rule;
  g_auto(GStrv) kinds = NULL;

  if (row == NULL)
    return FALSE;
  applies = cell (table, row, "applies");
  effect = cell (table, row, "effect");
  row_rule = cell (table, row, "rule");
  if (row_rule == NULL || *row_rule == '\0')
    row_rule = table->rule;
  kinds = g_strsplit (applies != NULL ? applies : "", " ", -1);
  if (!g_strv_contains ((const char *const *) kinds, close_combat ? "close-combat" : "fire"))
    return FALSE;
  /* "lead": the caller applies a close combat result to the lead unit
   * only (rdt-game-combat.c), and fire's rows do not say "lead". */
  if (g_strcmp0 (cell (table, row, "units"), "lead") == 0 && !close_combat)
    return FALSE;
  if (g_strcmp0 (effect, "ignore") == 0)
    {
      /* "MAY ignore": the owner's option, taken unless declined with
       * "take-retreat UNIT". */
      for (guint k = 0; k < G_N_ELEMENTS (game->take_retreat) && game->take_retreat[k] >= 0; k++)
        if ((guint) game->take_retreat[k] == unit)
          {
            _rdt_game_say (game, row_rule, _("%s in %s takes the Retreat result (the owner declines the option to ignore it)"),
                           u->id, row->key);
            return FALSE;
          }
      _rdt_game_say (game, row_rule, _("%s in %s ignores the Retreat result (the owner's option, taken; “take-retreat %s” declines it)"),
                     u->id, row->key, u->id);
    }
  else if (g_strcmp0 (effect, "morale-check") == 0)
    {
      const RdtGameUnit *gu = &game->state->units[unit];
      const RdtUnitStep *step = u->steps != NULL && u->steps->len > 0
        ? &g_array_index (u->steps, RdtUnitStep, MIN ((guint) gu->step, u->steps->len - 1)) : NULL;
      const RdtMoraleLevel *level = u->side >= 0 ? rdt_game_get_morale_level (game, (guint) u->side) : NULL;
      int leader = _rdt_game_leader_in_hex (game, unit);
      int base = step != NULL ? step->morale : 0;
      int mod = level != NULL ? level->morale_modifier : 0;
      int lead_drm = leader >= 0 ? unit_of (game, (guint) leader)->leadership_drm : 0;
      int drm = signed_cell (cell (table, row, "DRM"));
      g_autofree char *purpose = g_strdup_printf (_("morale check instead of a retreat, %s (%s)"), u->id, row_rule);
      int roll = _rdt_game_roll_die (game, purpose);
      int total = roll + base + mod + lead_drm + drm;
      g_autofree char *cite = g_strdup_printf ("%s; 13.5, 14.23, 15.32", row_rule);

      _rdt_game_say (game, cite,
                     _("%s in %s does not retreat automatically: morale check roll %d %+d base morale %+d army level "
                       "%+d leader %+d %s = %d, needs 5: %s%s"),
                     u->id, row->key, roll, base, mod, lead_drm, drm, row->key, total,
                     total >= 5 ? _("passes, no retreat") : _("fails, it retreats"),
                     level == NULL ? _(" (the army morale level is not known: 0 used)") : "");
      if (total < 5)
        return FALSE;
    }
  else
    return FALSE;
  if (g_strcmp0 (cell (table, row, "others"), "in-hex") == 0)
    {
      game->excused_lead = (int) unit;
      game->excused_hex = game->state->units[unit].hex;
    }
  return TRUE;
}

gboolean
_rdt_game_morale_check_excused (RdtGame *game,
                                guint    unit)
{
  const RdtGameUnit *gu = &game->state->units[unit];
  const RdtTable *table = rdt_volume_find_table (rdt_scenario_get_volume (game->scenario), "retreat-exceptions");

  if (game->excused_lead < 0 || gu->where != RDT_GAME_UNIT_MAP ||
      gu->hex.col != game->excused_hex.col || gu->hex.row != game->excused_hex.row)
    return FALSE;
  _rdt_game_say (game, table != NULL ? table->rule : "13.1",
                 _("%s need not check morale: %s did not retreat (volume table retreat-exceptions)"),
                 unit_of (game, unit)->id, unit_of (game, (guint) game->excused_lead)->id);
  return TRUE;
}

void
_rdt_game_apply_result (RdtGame               *game,
                        guint                  unit,
                        const RdtCombatResult *r,
                        const char            *rule)
{
  RdtGameUnit *gu = &game->state->units[unit];
  const RdtUnit *u = unit_of (game, unit);
  RdtHex hex = gu->hex;
  gboolean on_map = gu->where == RDT_GAME_UNIT_MAP;

  game->excused_lead = -1;
  if (!on_map)
    {
      _rdt_game_say (game, rule, _("%s is no longer on the map: the result is void"), u->id);
      return;
    }
  if (r->none)
    {
      _rdt_game_say (game, "13.1", _("No effect on %s"), u->id);
      return;
    }
  if (r->leader)
    leader_casualty (game, unit, hex, "13.1");
  if (r->steps == 1)
    {
      on_map = lose_step (game, unit, "13.1");
      if (on_map)
        adjust_army_morale (game, unit, "step-loss", "13.1 1");
    }
  else if (r->steps == 2)
    {
      /* 13.1 "2": "The affected unit is eliminated"; in fire combat the
       * second step of another unit is ignored (10.3, 11.3: only the target
       * is affected); "The Army Morale impact of this result (+1/-2) occurs
       * even if there is only one step to lose." */
      remove_unit_adjusting (game, unit, RDT_GAME_UNIT_ELIMINATED, "13.1", FALSE);
      adjust_army_morale (game, unit, "two-step-loss", "13.1 2");
      on_map = FALSE;
    }
  if (on_map && r->disrupt && !rdt_game_is_over (game))
    {
      if (gu->status == RDT_UNIT_STATUS_SHATTERED)
        {
          /* 13.4: "Are eliminated, if they receive an additional D result". */
          remove_unit (game, unit, RDT_GAME_UNIT_ELIMINATED, "13.4");
          on_map = FALSE;
        }
      else
        {
          gboolean shatter = gu->status == RDT_UNIT_STATUS_DISRUPTED;

          /* 13.3: disrupted units "Are shattered, if they receive an
           * additional D result"; 13.4: "When initially shattered, retreat
           * three hexes per 13.3". */
          gu->status = shatter ? RDT_UNIT_STATUS_SHATTERED : RDT_UNIT_STATUS_DISRUPTED;
          game->board_dirty = TRUE;
          _rdt_game_say (game, shatter ? "13.3, 13.4" : "13.1, 13.3",
                         shatter ? _("%s was disrupted: it is shattered") : _("%s is disrupted"), u->id);
          adjust_army_morale (game, unit, "disrupted", shatter ? "13.1 D, 13.4" : "13.1 D, 13.3");
          if (gu->where == RDT_GAME_UNIT_MAP)
            _rdt_game_owe_retreat (game, unit, 3, FALSE);
        }
    }
  else if (on_map && r->retreat && !rdt_game_is_over (game))
    {
      /* Brandywine 3.9, Germantown 3.10.4 first: the morale check uses the
       * army level before this result's adjustment (16.2 Note). */
      gboolean excused = retreat_excused (game, unit, rule);

      adjust_army_morale (game, unit, "retreat", "13.1 R");
      if (gu->where == RDT_GAME_UNIT_MAP && !rdt_game_is_over (game) && !excused)
        _rdt_game_owe_retreat (game, unit, 1, FALSE);
    }
  /* 13.1 "AM": "The affected player must reduce his Army Morale marker by
   * one." */
  if (r->army_morale && !rdt_game_is_over (game))
    adjust_army_morale (game, unit, "am-result", "13.1 AM");
  if (r->pin || r->dc || r->ac)
    _rdt_game_say (game, "13.1", _("%s: PIN, DC and AC are close combat results, not applied by fire"), u->id);
}

void
_rdt_game_remove_unit (RdtGame          *game,
                       guint             unit,
                       RdtGameUnitWhere  where,
                       const char       *rule)
{
  remove_unit (game, unit, where, rule);
}
