/* rdt-game-context.c: the game context and the verdict of a restriction. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "rdt-game-context.h"

void
rdt_game_context_init (RdtGameContext *context)
{
  g_return_if_fail (context != NULL);
  memset (context, 0, sizeof *context);
  context->turn = RDT_GAME_TURN_UNKNOWN;
  context->current_side = -1;
}

const char *
rdt_depends_get_option (RdtDepends depends)
{
  switch (depends)
    {
    case RDT_DEPENDS_TURN: return "--turn";
    case RDT_DEPENDS_WEATHER: return "--weather";
    case RDT_DEPENDS_RELEASE: return "--released";
    case RDT_DEPENDS_UNIT_DATA:
    case RDT_DEPENDS_NOTHING:
    default: return "";
    }
}

const char *
rdt_depends_get_id (RdtDepends depends)
{
  const char *option = rdt_depends_get_option (depends);

  if (depends == RDT_DEPENDS_UNIT_DATA)
    return "unit-data";
  return option[0] != '\0' ? option + 2 : option;
}

const char *
rdt_depends_get_text (RdtDepends depends)
{
  switch (depends)
    {
    case RDT_DEPENDS_TURN: return _("the turn");
    case RDT_DEPENDS_WEATHER: return _("the weather");
    case RDT_DEPENDS_RELEASE: return _("the releases made");
    /* TRANSLATORS: Savannah 4.1, the French units' class */
    case RDT_DEPENDS_UNIT_DATA: return _("the units' class (counter stripe colour)");
    case RDT_DEPENDS_NOTHING:
    default: return "";
    }
}

const char *
rdt_depends_get_setting_text (RdtDepends depends)
{
  switch (depends)
    {
    case RDT_DEPENDS_TURN: return _("set the turn");
    case RDT_DEPENDS_WEATHER: return _("set the weather");
    case RDT_DEPENDS_RELEASE: return _("set the releases made");
    case RDT_DEPENDS_UNIT_DATA: return _("enter it in the scenario");
    case RDT_DEPENDS_NOTHING:
    default: return "";
    }
}

char *
rdt_undecided_text (const char *rule,
                    RdtDepends  depends)
{
  return rdt_undecided_text_with_hint (rule, depends, RDT_UNDECIDED_HINT_OPTION);
}

char *
rdt_undecided_text_with_hint (const char       *rule,
                              RdtDepends        depends,
                              RdtUndecidedHint  hint)
{
  g_autofree char *tail = NULL;

  if (hint == RDT_UNDECIDED_HINT_SETTING || depends == RDT_DEPENDS_UNIT_DATA)
    tail = g_strdup (rdt_depends_get_setting_text (depends));
  else
    /* TRANSLATORS: what the CLI user passes, "pass --turn" */
    tail = g_strdup_printf (_("pass %s"), rdt_depends_get_option (depends));
  /* TRANSLATORS: "not decided: Germantown 3.1 depends on the turn; pass --turn"
   * (or "; set the turn" in the editor) */
  return g_strdup_printf (_("not decided: %s depends on %s; %s"),
                          rule != NULL ? rule : "", rdt_depends_get_text (depends), tail);
}

static char **
dup_ids (RdtVolume *volume,
         gboolean   weather)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; volume != NULL && i < rdt_volume_get_n_restrictions (volume); i++)
    {
      const RdtRestriction *r = rdt_volume_get_restriction (volume, i);
      const char *id = weather ? r->weather : r->until_released;
      gboolean seen = FALSE;

      if (id == NULL || id[0] == '\0')
        continue;
      for (guint k = 0; k < ids->len && !seen; k++)
        seen = strcmp (g_ptr_array_index (ids, k), id) == 0;
      if (!seen)
        g_ptr_array_add (ids, g_strdup (id));
    }
  g_ptr_array_add (ids, NULL);
  return (char **) g_ptr_array_free (ids, FALSE);
}

char **
rdt_volume_dup_weather_ids (RdtVolume *volume)
{
  return dup_ids (volume, TRUE);
}

char **
rdt_volume_dup_release_ids (RdtVolume *volume)
{
  return dup_ids (volume, FALSE);
}

static gboolean
strv_has (const char *const *list,
          const char        *s)
{
  if (list == NULL || s == NULL)
    return FALSE;
  for (; *list != NULL; list++)
    if (strcmp (*list, s) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
unit_in_list (const RdtUnit *unit,
              char         **list)
{
  const char *const *l = (const char *const *) list;

  return strv_has (l, unit->id) || strv_has (l, unit->nationality) || strv_has (l, unit->formation) ||
         strv_has (l, unit->unit_class);
}

/* @placed: the unit as the scenario placed it (its origin, see
 * RdtGameContext.origin), for the placement tests; @unit otherwise. */
static gboolean
selects_placed (const RdtRestriction *r,
                RdtScenario          *scenario,
                const RdtUnit        *unit,
                const RdtUnit        *placed);

gboolean
rdt_restriction_selects (const RdtRestriction *r,
                         RdtScenario          *scenario,
                         const RdtUnit        *unit)
{
  g_return_val_if_fail (r != NULL && unit != NULL, FALSE);
  return selects_placed (r, scenario, unit, unit);
}

static gboolean
selects_placed (const RdtRestriction *r,
                RdtScenario          *scenario,
                const RdtUnit        *unit,
                const RdtUnit        *placed)
{
  if (r->scenario != NULL && g_strcmp0 (r->scenario, rdt_scenario_get_id (scenario)) != 0)
    return FALSE;
  if (r->side != NULL)
    {
      if (unit->side < 0 || (guint) unit->side >= rdt_scenario_get_n_sides (scenario) ||
          g_strcmp0 (rdt_scenario_get_side (scenario, (guint) unit->side)->id, r->side) != 0)
        return FALSE;
    }
  if (r->kinds != 0 && !(r->kinds & RDT_UNIT_KIND_MASK (unit->kind)))
    return FALSE;
  if (r->units != NULL && !unit_in_list (unit, r->units))
    return FALSE;
  if (r->exempt != NULL && unit_in_list (unit, r->exempt))
    return FALSE;
  if (r->states != NULL)
    {
      gboolean any = FALSE;
      for (guint i = 0; r->states[i] != NULL && !any; i++)
        any = rdt_unit_has_state (unit, r->states[i]);
      if (!any)
        return FALSE;
    }
  switch (r->placement)
    {
    case RDT_RESTRICTION_UNITS_AT_START:
      if (placed->placement.kind != RDT_PLACEMENT_HEX && placed->placement.kind != RDT_PLACEMENT_AREA)
        return FALSE;
      break;
    case RDT_RESTRICTION_UNITS_ARRIVING:
      if (placed->placement.kind != RDT_PLACEMENT_ENTRY)
        return FALSE;
      break;
    case RDT_RESTRICTION_UNITS_ANY:
    default:
      break;
    }
  if (r->entries != NULL &&
      (placed->placement.kind != RDT_PLACEMENT_ENTRY ||
       !strv_has ((const char *const *) r->entries, placed->placement.entry)))
    return FALSE;
  return TRUE;
}

gboolean
rdt_restriction_selects_with (const RdtRestriction *r,
                              const RdtUnit        *unit)
{
  if (r->with_combat && rdt_unit_is_leader (unit))
    return FALSE;
  if (r->with_kinds != 0 && !(r->with_kinds & RDT_UNIT_KIND_MASK (unit->kind)))
    return FALSE;
  if (r->with_units != NULL && !unit_in_list (unit, r->with_units))
    return FALSE;
  /* The exemptions hold for either unit (Savannah 4.1: Pulaski's Legion). */
  if (r->exempt != NULL && unit_in_list (unit, r->exempt))
    return FALSE;
  return TRUE;
}

gboolean
rdt_restriction_class_pair_undecided (const RdtRestriction *r,
                                      const RdtUnit        *unit,
                                      const RdtUnit        *other)
{
  const char *const *classes;

  g_return_val_if_fail (r != NULL && unit != NULL && other != NULL, FALSE);
  classes = (const char *const *) r->undecided_classes;
  if (classes == NULL || (unit->unit_class != NULL && other->unit_class != NULL))
    return FALSE;
  /* Savannah 4.1: a stated class outside the rule's classes never conflicts
   * (French Colonial Regulars and the Mercenary Regiment stack freely). */
  return (unit->unit_class == NULL || strv_has (classes, unit->unit_class)) &&
         (other->unit_class == NULL || strv_has (classes, other->unit_class));
}

RdtRuleVerdict
rdt_restriction_binds (const RdtRestriction *r,
                       RdtScenario          *scenario,
                       guint                 unit_index,
                       const RdtGameContext *context,
                       RdtDepends           *out_depends)
{
  const RdtUnit *unit;
  const RdtUnit *placed;
  int turn = context != NULL ? context->turn : RDT_GAME_TURN_UNKNOWN;

  if (out_depends != NULL)
    *out_depends = RDT_DEPENDS_NOTHING;
  g_return_val_if_fail (r != NULL, RDT_RULE_OFF);
  if (unit_index >= rdt_scenario_get_n_units (scenario))
    return RDT_RULE_OFF;
  unit = rdt_scenario_get_unit (scenario, unit_index);
  placed = unit;
  if (context != NULL && context->origin != NULL &&
      unit_index < rdt_scenario_get_n_units (context->origin))
    placed = rdt_scenario_get_unit (context->origin, unit_index);
  if (!selects_placed (r, scenario, unit, placed))
    return RDT_RULE_OFF;
  /* A release made lifts the restriction whatever the turn. */
  if (r->until_released != NULL && context != NULL && context->released != NULL &&
      strv_has (context->released, r->until_released))
    return RDT_RULE_OFF;
  if (r->first_turn > 0 || r->last_turn > 0)
    {
      int first = rdt_scenario_get_first_turn (scenario);
      int last = first + rdt_scenario_get_n_turns (scenario) - 1;

      /* Turns the scenario never plays (Brandywine 7.1 starts on turn 7,
       * after the bivouac release of 3.6.1.1) decide it without a turn. */
      if (rdt_scenario_get_n_turns (scenario) > 0 && (r->last_turn < first || r->first_turn > last))
        return RDT_RULE_OFF;
      if (turn == RDT_GAME_TURN_UNKNOWN)
        {
          if (out_depends != NULL)
            *out_depends = RDT_DEPENDS_TURN;
          return RDT_RULE_UNDECIDED;
        }
      if (turn < r->first_turn || turn > r->last_turn)
        return RDT_RULE_OFF;
    }
  if (r->arrival_turn)
    {
      /* Only on the turn the unit arrives (Brandywine 7.2.1.5, Savannah 4.7). */
      if (placed->placement.kind != RDT_PLACEMENT_ENTRY)
        return RDT_RULE_OFF;
      if (turn == RDT_GAME_TURN_UNKNOWN)
        {
          if (out_depends != NULL)
            *out_depends = RDT_DEPENDS_TURN;
          return RDT_RULE_UNDECIDED;
        }
      if (turn != placed->placement.turn)
        return RDT_RULE_OFF;
    }
  if (r->weather != NULL)
    {
      if (context == NULL || context->weather == NULL)
        {
          if (out_depends != NULL)
            *out_depends = RDT_DEPENDS_WEATHER;
          return RDT_RULE_UNDECIDED;
        }
      if (strcmp (context->weather, r->weather) != 0)
        return RDT_RULE_OFF;
    }
  if (r->until_released != NULL && (context == NULL || context->released == NULL))
    {
      if (out_depends != NULL)
        *out_depends = RDT_DEPENDS_RELEASE;
      return RDT_RULE_UNDECIDED;
    }
  return RDT_RULE_ON;
}

gboolean
rdt_restriction_covers_hex (const RdtRestriction *r,
                            RdtScenario          *scenario,
                            RdtHex                hex)
{
  gboolean in = TRUE;

  if (r->area != NULL)
    {
      g_auto(GStrv) ids = g_strsplit_set (r->area, " \t\n\r", -1);

      gboolean found = FALSE;

      /* Any of the areas.  When the scenario has none of them the
       * restriction covers nothing, outside or in. */
      in = FALSE;
      for (guint i = 0; ids[i] != NULL && !in; i++)
        {
          const RdtArea *area = ids[i][0] != '\0' ? rdt_scenario_find_area (scenario, ids[i]) : NULL;
          found |= area != NULL;
          in = area != NULL && rdt_scenario_area_contains (area, hex);
        }
      if (!found)
        return FALSE;
    }
  if (r->terrain != NULL)
    {
      RdtVolume *volume = rdt_scenario_get_volume (scenario);
      RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
      int tid = rdt_volume_find_terrain (volume, r->terrain);

      if (tid < 0 || !rdt_hex_grid_contains (grid, hex))
        in = FALSE;
      else
        in = in && rdt_scenario_get_terrain_array (scenario)[rdt_hex_grid_hex_index (grid, hex)] == (guint16) tid;
    }
  return r->outside ? !in : in;
}
