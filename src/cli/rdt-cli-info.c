/* redoubt-cli info: what a scenario file holds. */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "rdt-cli.h"
#include "rdt-cli-files.h"
#include "redoubt-core.h"

typedef struct {
  const char *id;
  guint count;
} Count;

static void
count_add (GArray     *counts,
           const char *id)
{
  for (guint i = 0; i < counts->len; i++)
    if (g_str_equal (g_array_index (counts, Count, i).id, id))
      {
        g_array_index (counts, Count, i).count++;
        return;
      }
  g_array_append_vals (counts, &(Count) { id, 1 }, 1);
}

static void
add_counts (JsonBuilder *b,
            const char  *member,
            GArray      *counts)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_object (b);
  for (guint i = 0; i < counts->len; i++)
    {
      json_builder_set_member_name (b, g_array_index (counts, Count, i).id);
      json_builder_add_int_value (b, g_array_index (counts, Count, i).count);
    }
  json_builder_end_object (b);
}

static void
print_counts (const char *title,
              GArray     *counts)
{
  printf ("%s:", title);
  if (counts->len == 0)
    printf (" %s", _("none"));
  for (guint i = 0; i < counts->len; i++)
    printf ("%s %s %u", i > 0 ? "," : "", g_array_index (counts, Count, i).id,
            g_array_index (counts, Count, i).count);
  printf ("\n");
}

int
rdt_cli_info (int    argc,
              char **argv)
{
  gboolean json = FALSE;
  g_auto(GStrv) files = NULL;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the result as JSON (docs/json.md)"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, N_("FILE") },
    { NULL }
  };
  const RdtCliSpec spec = { "info", "FILE", N_("summarise a scenario file"), NULL,
                            entries, NULL, 0, 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(GArray) terrain_counts = g_array_new (FALSE, FALSE, sizeof (Count));
  g_autoptr(GArray) hexside_counts = g_array_new (FALSE, FALSE, sizeof (Count));
  g_autoptr(GArray) hexsides = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  RdtVolume *volume;
  RdtHexGrid *grid;
  const RdtGridSettings *gs;
  const guint16 *terrain;
  guint n_hexes, volume_provisional, unit_provisional = 0;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (files == NULL || files[0] == NULL || files[1] != NULL)
    return rdt_cli_usage_error (&spec, _("info: give exactly one FILE"));

  /* A gridless file (Pub Battles, issue 18): its own summary. */
  if (g_str_equal (rdt_cli_peek_root (files[0]), "gridless-scenario"))
    return rdt_cli_gridless_info (files[0], json);
  scenario = rdt_scenario_load_from_file (files[0], diagnostics, &error);
  if (scenario == NULL)
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  volume = rdt_scenario_get_volume (scenario);
  grid = rdt_scenario_get_grid (scenario);
  gs = rdt_hex_grid_get_settings (grid);
  n_hexes = rdt_hex_grid_get_n_hexes (grid);
  terrain = rdt_scenario_get_terrain_array (scenario);

  /* Every terrain type of the volume, in volume order, even when unused. */
  for (guint t = 0; t < rdt_volume_get_n_terrains (volume); t++)
    g_array_append_vals (terrain_counts, &(Count) { rdt_volume_get_terrain (volume, t)->id, 0 }, 1);
  for (guint i = 0; i < n_hexes; i++)
    g_array_index (terrain_counts, Count, terrain[i]).count++;
  hexsides = rdt_scenario_dup_hexsides (scenario);
  for (guint i = 0; i < hexsides->len; i++)
    {
      const RdtHexsideFeatures *f = &g_array_index (hexsides, RdtHexsideFeatures, i);
      for (guint k = 0; k < RDT_N_HEXSIDE_KINDS; k++)
        {
          int type = rdt_hexside_features_get (f, k);
          if (type >= 0)
            count_add (hexside_counts, rdt_volume_get_hexside_type (volume, type)->id);
        }
      if (f->fieldwork >= 0 && f->breached)
        count_add (hexside_counts, "breached");
    }
  volume_provisional = rdt_volume_count_provisional (volume);
  for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
    if (rdt_scenario_get_unit (scenario, i)->provisional != 0)
      unit_provisional++;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "file");
  json_builder_add_string_value (b, files[0]);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, rdt_scenario_get_id (scenario));
  json_builder_set_member_name (b, "title");
  json_builder_add_string_value (b, rdt_scenario_get_title (scenario));
  json_builder_set_member_name (b, "volume");
  json_builder_add_string_value (b, rdt_volume_get_id (volume));
  json_builder_set_member_name (b, "grid");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "columns");
  json_builder_add_int_value (b, gs->columns);
  json_builder_set_member_name (b, "rows");
  json_builder_add_int_value (b, gs->rows);
  json_builder_set_member_name (b, "first-column");
  json_builder_add_int_value (b, gs->first_column);
  json_builder_set_member_name (b, "first-row");
  json_builder_add_int_value (b, gs->first_row);
  json_builder_set_member_name (b, "orientation");
  json_builder_add_string_value (b, gs->orientation == RDT_GRID_POINTY_TOP ? "pointy-top" : "flat-top");
  json_builder_set_member_name (b, "shift");
  json_builder_add_string_value (b, gs->shift == RDT_GRID_SHIFT_EVEN ? "even" : "odd");
  json_builder_set_member_name (b, "hexes");
  json_builder_add_int_value (b, n_hexes);
  json_builder_end_object (b);
  add_counts (b, "terrain", terrain_counts);
  add_counts (b, "hexsides", hexside_counts);
  json_builder_set_member_name (b, "locations");
  json_builder_add_int_value (b, rdt_scenario_get_n_locations (scenario));
  json_builder_set_member_name (b, "entries");
  json_builder_add_int_value (b, rdt_scenario_get_n_entries (scenario));
  json_builder_set_member_name (b, "areas");
  json_builder_add_int_value (b, rdt_scenario_get_n_areas (scenario));
  json_builder_set_member_name (b, "sides");
  json_builder_begin_array (b);
  for (guint s = 0; s < rdt_scenario_get_n_sides (scenario); s++)
    {
      guint units = 0, leaders = 0, reinforcements = 0, unused = 0;
      const RdtSide *side = rdt_scenario_get_side (scenario, s);

      for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
        {
          RdtUnit *u = rdt_scenario_get_unit (scenario, i);
          if (u->side != (int) s)
            continue;
          if (rdt_unit_is_leader (u))
            leaders++;
          else
            units++;
          if (u->placement.kind == RDT_PLACEMENT_ENTRY)
            reinforcements++;
          else if (u->placement.kind == RDT_PLACEMENT_UNUSED)
            unused++;
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, side->id);
      json_builder_set_member_name (b, "units");
      json_builder_add_int_value (b, units);
      json_builder_set_member_name (b, "leaders");
      json_builder_add_int_value (b, leaders);
      json_builder_set_member_name (b, "reinforcements");
      json_builder_add_int_value (b, reinforcements);
      json_builder_set_member_name (b, "unused");
      json_builder_add_int_value (b, unused);
      json_builder_end_object (b);
      if (!json)
        {
          if (s == 0)
            printf ("%s %s\n%s %s (%s)\n%s %d×%d, %s %d, %s %d, %s, shift %s (%u hexes)\n",
                    _("scenario:"), rdt_scenario_get_id (scenario),
                    _("title:"), rdt_scenario_get_title (scenario), files[0],
                    _("grid:"), gs->columns, gs->rows, _("first column"), gs->first_column,
                    _("first row"), gs->first_row,
                    gs->orientation == RDT_GRID_POINTY_TOP ? "pointy-top" : "flat-top",
                    gs->shift == RDT_GRID_SHIFT_EVEN ? "even" : "odd", n_hexes);
          if (s == 0)
            {
              print_counts (_("terrain"), terrain_counts);
              print_counts (_("hexsides"), hexside_counts);
              printf (_("locations: %u, entry hexes: %u, areas: %u\n"),
                      rdt_scenario_get_n_locations (scenario), rdt_scenario_get_n_entries (scenario),
                      rdt_scenario_get_n_areas (scenario));
            }
          printf (_("side %s: %u units, %u leaders (%u reinforcements, %u unused)\n"),
                  side->id, units, leaders, reinforcements, unused);
        }
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "turns");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "first");
  json_builder_add_int_value (b, rdt_scenario_get_first_turn (scenario));
  json_builder_set_member_name (b, "count");
  json_builder_add_int_value (b, rdt_scenario_get_n_turns (scenario));
  json_builder_end_object (b);
  json_builder_set_member_name (b, "scenarios");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "provisional");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "volume-values");
  json_builder_add_int_value (b, volume_provisional);
  json_builder_set_member_name (b, "units");
  json_builder_add_int_value (b, unit_provisional);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "errors");
  json_builder_add_int_value (b, rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR));
  json_builder_set_member_name (b, "warnings");
  json_builder_add_int_value (b, rdt_diagnostics_count (diagnostics, RDT_SEVERITY_WARNING));
  json_builder_end_object (b);

  if (json)
    rdt_cli_print_json (b);
  else
    {
      printf (_("turns: %d to %d\n"), rdt_scenario_get_first_turn (scenario),
              rdt_scenario_get_first_turn (scenario) + rdt_scenario_get_n_turns (scenario) - 1);
      printf (_("scenarios: 1 (one per file)\n"));
      printf (_("provisional values: %u in the volume, %u unit(s) with provisional values\n"),
              volume_provisional, unit_provisional);
      printf (_("validation: %u error(s), %u warning(s) (run “redoubt-cli validate” for details)\n"),
              rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR),
              rdt_diagnostics_count (diagnostics, RDT_SEVERITY_WARNING));
    }
  return RDT_CLI_EXIT_OK;
}
