/* rdt-hex-victory.c: hex-based victory conditions read from the volume's
 * "hex-victory" table (see the header for the columns). */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "rdt-hex-victory.h"
#include "rdt-volume.h"

G_DEFINE_QUARK (rdt-hex-victory-error-quark, rdt_hex_victory_error)

#define TABLE_ID "hex-victory"

void
rdt_hex_victory_free (RdtHexVictory *victory)
{
  if (victory == NULL)
    return;
  g_free (victory->rule);
  g_clear_pointer (&victory->groups, g_ptr_array_unref);
  g_free (victory->when);
  g_free (victory->level);
  g_free (victory);
}

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

static gboolean
fail (GError     **error,
      const char  *rule,
      const char  *column,
      const char  *value)
{
  /* Translators: the first %s is a table row key such as "7.1.2.1", the second
   * a column name, the third the cell as written. */
  g_set_error (error, RDT_HEX_VICTORY_ERROR, RDT_HEX_VICTORY_ERROR_INVALID,
               _("Victory table row “%s”: cannot read %s “%s” (see docs/volumes.md for the columns)"),
               rule, column, value ? value : _("(missing)"));
  return FALSE;
}

/* "british" or "french american": a bit per side index. */
static gboolean
parse_sides (RdtScenario  *scenario,
             const char   *text,
             guint        *out,
             const char   *rule,
             const char   *column,
             GError      **error)
{
  g_auto(GStrv) parts = NULL;

  *out = 0;
  if (text == NULL)
    return fail (error, rule, column, text);
  parts = g_strsplit_set (text, " ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      int side;

      if (*parts[i] == '\0')
        continue;
      side = rdt_scenario_find_side (scenario, parts[i]);
      if (side < 0 || side >= 32)
        return fail (error, rule, column, text);
      *out |= 1u << side;
    }
  return *out != 0 || fail (error, rule, column, text);
}

static gboolean
parse_kinds (const char  *text,
             guint       *out,
             const char  *rule,
             GError     **error)
{
  g_auto(GStrv) parts = NULL;
  guint combat = RDT_UNIT_KIND_ALL_MASK & ~RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_LEADER);

  *out = 0;
  if (text == NULL)
    return fail (error, rule, "units", text);
  parts = g_strsplit_set (text, " ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      RdtUnitKind kind;

      if (*parts[i] == '\0')
        continue;
      if (strcmp (parts[i], "combat") == 0)
        *out |= combat;
      else if (strcmp (parts[i], "non-artillery") == 0)
        *out |= combat & ~RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_ARTILLERY);
      else if (rdt_unit_kind_from_string (parts[i], &kind) && kind != RDT_UNIT_KIND_LEADER)
        *out |= RDT_UNIT_KIND_MASK (kind);
      else
        return fail (error, rule, "units", text);
    }
  return *out != 0 || fail (error, rule, "units", text);
}

static gboolean
parse_groups (RdtScenario  *scenario,
              const char   *text,
              GPtrArray   **out,
              const char   *rule,
              GError      **error)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_auto(GStrv) parts = NULL;

  if (text == NULL)
    return fail (error, rule, "hexes", text);
  parts = g_strsplit (text, ";", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_auto(GStrv) labels = g_strsplit_set (g_strstrip (parts[i]), " ", -1);
      GArray *group = g_array_new (FALSE, FALSE, sizeof (RdtHex));

      g_ptr_array_add (groups, group);
      for (guint j = 0; labels[j] != NULL; j++)
        {
          RdtHex h;

          if (*labels[j] == '\0')
            continue;
          if (g_str_has_prefix (labels[j], "area:"))
            {
              const RdtArea *area = rdt_scenario_find_area (scenario, labels[j] + 5);

              if (area == NULL)
                return fail (error, rule, "hexes", text);
              g_array_append_vals (group, area->hexes->data, area->hexes->len);
            }
          else if (rdt_hex_grid_parse_label (grid, labels[j], &h, NULL) && rdt_hex_grid_contains (grid, h))
            g_array_append_val (group, h);
          else
            return fail (error, rule, "hexes", text);
        }
      if (group->len == 0)
        return fail (error, rule, "hexes", text);
    }
  *out = g_steal_pointer (&groups);
  return TRUE;
}

GPtrArray *
rdt_hex_victory_list (RdtScenario  *scenario,
                      GError      **error)
{
  g_autoptr(GPtrArray) list = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_hex_victory_free);
  const RdtTable *table;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  table = rdt_volume_find_table (rdt_scenario_get_volume (scenario), TABLE_ID);
  if (table == NULL)
    return g_steal_pointer (&list);
  for (guint i = 0; i < table->rows->len; i++)
    {
      const RdtTableRow *row = table->rows->pdata[i];
      g_autoptr(RdtHexVictory) v = NULL;
      const char *text;
      char *end = NULL;

      if (g_strcmp0 (cell (table, row, "scenario"), rdt_scenario_get_id (scenario)) != 0)
        continue;
      v = g_new0 (RdtHexVictory, 1);
      v->rule = g_strdup (row->key);
      if (!parse_sides (scenario, cell (table, row, "holder"), &v->holders, v->rule, "holder", error) ||
          !parse_groups (scenario, cell (table, row, "hexes"), &v->groups, v->rule, error) ||
          !parse_kinds (cell (table, row, "units"), &v->kinds, v->rule, error) ||
          !parse_sides (scenario, cell (table, row, "winner"), &v->winners, v->rule, "winner", error))
        return NULL;

      text = cell (table, row, "parade");
      if (g_strcmp0 (text, "yes") != 0 && g_strcmp0 (text, "no") != 0)
        return fail (error, v->rule, "parade", text), NULL;
      v->parade = g_strcmp0 (text, "yes") == 0;

      text = cell (table, row, "min-sp");
      v->min_sp = text != NULL ? (int) strtol (text, &end, 10) : -1;
      if (text == NULL || end == text || *end != '\0' || v->min_sp < 1)
        return fail (error, v->rule, "min-sp", text), NULL;

      text = cell (table, row, "enemy-adjacent");
      if (g_strcmp0 (text, "ignored") == 0)
        v->enemy_adjacent = RDT_ENEMY_ADJACENT_IGNORED;
      else if (g_strcmp0 (text, "none") == 0)
        v->enemy_adjacent = RDT_ENEMY_ADJACENT_NONE;
      else if (g_strcmp0 (text, "no-parade") == 0)
        v->enemy_adjacent = RDT_ENEMY_ADJACENT_NO_PARADE;
      else
        return fail (error, v->rule, "enemy-adjacent", text), NULL;

      text = cell (table, row, "if");
      if (g_strcmp0 (text, "held") != 0 && g_strcmp0 (text, "not-held") != 0)
        return fail (error, v->rule, "if", text), NULL;
      v->if_held = g_strcmp0 (text, "held") == 0;
      v->when = g_strdup (cell (table, row, "when"));
      v->level = g_strdup (cell (table, row, "level"));
      if (v->level == NULL)
        return fail (error, v->rule, "level", NULL), NULL;
      g_ptr_array_add (list, g_steal_pointer (&v));
    }
  return g_steal_pointer (&list);
}

static gboolean
is_side (guint mask,
         int   side)
{
  return side >= 0 && side < 32 && (mask & (1u << side)) != 0;
}

/* Whether one hex is held: enough qualifying SPs, and no (Parade Order) enemy
 * combat unit adjacent when the row forbids it. */
static gboolean
hex_held (RdtScenario         *scenario,
          const RdtHexVictory *v,
          RdtHex               hex)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  guint n = rdt_scenario_get_n_units (scenario);
  int sp = 0;

  for (guint i = 0; i < n; i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (scenario, i);
      const RdtUnitStep *step;

      if (u->placement.kind != RDT_PLACEMENT_HEX || u->placement.hex.col != hex.col ||
          u->placement.hex.row != hex.row)
        continue;
      if (!is_side (v->holders, u->side) || (v->kinds & RDT_UNIT_KIND_MASK (u->kind)) == 0)
        continue;
      if (v->parade && u->status != RDT_UNIT_STATUS_PARADE)
        continue;
      step = rdt_unit_get_current_step (u);
      if (step != NULL)
        sp += step->strength;
    }
  if (sp < v->min_sp)
    return FALSE;
  if (v->enemy_adjacent == RDT_ENEMY_ADJACENT_IGNORED)
    return TRUE;
  for (guint i = 0; i < n; i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (scenario, i);

      if (u->placement.kind != RDT_PLACEMENT_HEX || rdt_unit_is_leader (u) || is_side (v->holders, u->side))
        continue;
      if (v->enemy_adjacent == RDT_ENEMY_ADJACENT_NO_PARADE && u->status != RDT_UNIT_STATUS_PARADE)
        continue;
      if (rdt_hex_grid_are_adjacent (grid, hex, u->placement.hex))
        return FALSE;
    }
  return TRUE;
}

gboolean
rdt_hex_victory_is_held (RdtScenario         *scenario,
                         const RdtHexVictory *victory)
{
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);
  g_return_val_if_fail (victory != NULL, FALSE);

  for (guint g = 0; g < victory->groups->len; g++)
    {
      GArray *group = victory->groups->pdata[g];
      gboolean any = FALSE;

      for (guint i = 0; i < group->len && !any; i++)
        any = hex_held (scenario, victory, g_array_index (group, RdtHex, i));
      if (!any)
        return FALSE;
    }
  return TRUE;
}

gboolean
rdt_hex_victory_is_met (RdtScenario         *scenario,
                        const RdtHexVictory *victory)
{
  return rdt_hex_victory_is_held (scenario, victory) == victory->if_held;
}
