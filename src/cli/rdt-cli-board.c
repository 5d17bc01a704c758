/* rdt-cli-board.c: loading a board and the LOS JSON shared by the LOS and ZOC
 * commands (docs/los-json.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"

static void
print_errors (const char *path,
              GPtrArray  *diagnostics)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autoptr(RdtDiagnostic) copy = NULL;
      g_autofree char *line = NULL;

      if (d->severity != RDT_SEVERITY_ERROR)
        continue;
      if (d->file == NULL)
        {
          copy = rdt_diagnostic_copy (d);
          copy->file = g_strdup (path);
          d = copy;
        }
      line = rdt_diagnostic_to_string (d);
      g_printerr ("%s\n", line);
    }
}

gboolean
rdt_cli_referee_check (const char          *path,
                       GPtrArray           *diagnostics,
                       const RdtCliReferee *referee)
{
  guint n = rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR);

  /* Warnings (provisional values of a shared volume, most of them) are for
   * `validate` and --verbose, not for every ruling (issue 16). */
  if (referee != NULL && referee->verbose)
    for (guint i = 0; i < diagnostics->len; i++)
      {
        const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
        g_autofree char *line = NULL;

        if (d->severity != RDT_SEVERITY_WARNING)
          continue;
        line = rdt_diagnostic_to_string (d);
        g_printerr ("%s\n", line);
      }
  if (n == 0)
    return TRUE;
  if (referee != NULL && referee->force)
    {
      rdt_cli_error (g_dngettext (GETTEXT_PACKAGE,
                                  "warning: %s has %u validation error; answering anyway (--force), "
                                  "but the answer may be wrong:",
                                  "warning: %s has %u validation errors; answering anyway (--force), "
                                  "but the answer may be wrong:", n),
                     path, n);
      print_errors (path, diagnostics);
      return TRUE;
    }
  print_errors (path, diagnostics);
  rdt_cli_error (g_dngettext (GETTEXT_PACKAGE,
                              "%s has %u validation error, so the referee gives no ruling on it: "
                              "fix it (see “redoubt-cli validate”) or pass --force",
                              "%s has %u validation errors, so the referee gives no ruling on it: "
                              "fix them (see “redoubt-cli validate”) or pass --force", n),
                 path, n);
  return FALSE;
}

RdtScenario *
rdt_cli_load_scenario (const char          *path,
                       const RdtCliReferee *referee)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr (RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);

  if (scenario == NULL)
    {
      rdt_cli_error ("%s", error->message);
      return NULL;
    }
  if (!rdt_cli_referee_check (path, diagnostics, referee))
    return NULL;
  return g_steal_pointer (&scenario);
}

RdtBoard *
rdt_cli_load_board (const char          *path,
                    const RdtCliReferee *referee)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (RdtScenario) scenario = rdt_cli_load_scenario (path, referee);
  RdtBoard *board;

  if (scenario == NULL)
    return NULL;
  board = rdt_board_new_from_scenario (scenario, NULL, &error);
  if (board == NULL)
    rdt_cli_error ("%s: %s", path, error->message);
  return board;
}

gboolean
rdt_cli_parse_hex (RdtBoard   *board,
                   const char *label,
                   RdtHex     *out_hex)
{
  g_autoptr (GError) error = NULL;

  /* A display label (issue 17) or XXYY; #XXYY always XXYY. */
  if (!rdt_hex_label_format_parse (rdt_board_get_hex_labels (board), rdt_board_get_grid (board),
                                   label, out_hex, &error))
    {
      rdt_cli_error ("%s", error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
rdt_cli_parse_hex_list (RdtBoard   *board,
                        const char *list,
                        GArray     *out)
{
  RdtHexGrid *grid = rdt_board_get_grid (board);
  g_auto (GStrv) labels = NULL;
  g_autoptr (GHashTable) seen = NULL;

  if (list == NULL)
    return TRUE;
  /* Every hex once, however often it is named (the table keeps the cost of a
   * long list linear). */
  seen = g_hash_table_new (NULL, NULL);
  for (guint k = 0; k < out->len; k++)
    g_hash_table_add (seen, GINT_TO_POINTER (rdt_hex_grid_hex_index (grid, g_array_index (out, RdtHex, k)) + 1));
  labels = g_strsplit (list, ",", -1);
  for (guint i = 0; labels[i]; i++)
    {
      RdtHex h;

      g_strstrip (labels[i]);
      if (labels[i][0] == '\0')
        continue;
      if (!rdt_cli_parse_hex (board, labels[i], &h))
        return FALSE;
      if (g_hash_table_add (seen, GINT_TO_POINTER (rdt_hex_grid_hex_index (grid, h) + 1)))
        g_array_append_val (out, h);
    }
  return TRUE;
}

gboolean
rdt_cli_parse_hex_lists (RdtBoard  *board,
                         char     **lists,
                         GArray    *out)
{
  for (guint i = 0; lists != NULL && lists[i] != NULL; i++)
    if (!rdt_cli_parse_hex_list (board, lists[i], out))
      return FALSE;
  return TRUE;
}

void
rdt_cli_json_hex (JsonBuilder      *builder,
                  const char       *member,
                  const RdtHexGrid *grid,
                  RdtHex            hex)
{
  char label[RDT_HEX_LABEL_SIZE];

  if (member)
    json_builder_set_member_name (builder, member);
  /* A hex beyond the map edge (grazed at a corner, the far side of an edge
   * hexside) has no label on the map: null (docs/los-json.md). */
  if (!rdt_hex_grid_contains (grid, hex))
    {
      json_builder_add_null_value (builder);
      return;
    }
  rdt_hex_grid_format_label (grid, hex, label);
  json_builder_add_string_value (builder, label);
}

static void
json_hexside (JsonBuilder      *builder,
              const char       *member,
              const RdtHexGrid *grid,
              RdtHexside        side)
{
  char label[RDT_HEXSIDE_LABEL_SIZE];
  char a[RDT_HEX_LABEL_SIZE];

  json_builder_set_member_name (builder, member);
  /* A hexside of the map edge: "0301|off map". */
  if (!rdt_hex_grid_contains (grid, side.a) || !rdt_hex_grid_contains (grid, side.b))
    {
      g_autofree char *text = NULL;

      rdt_hex_grid_format_label (grid, rdt_hex_grid_contains (grid, side.a) ? side.a : side.b, a);
      text = g_strdup_printf ("%s|off map", a);
      json_builder_add_string_value (builder, text);
      return;
    }
  rdt_hex_grid_format_hexside (grid, side, label);
  json_builder_add_string_value (builder, label);
}

static void
json_conventions (JsonBuilder *builder,
                  guint        conventions)
{
  json_builder_set_member_name (builder, "conventions");
  json_builder_begin_array (builder);
  for (int n = 1; n < 32; n++)
    if (conventions & (1u << n))
      json_builder_add_int_value (builder, n);
  json_builder_end_array (builder);
}

static const struct {
  guint bit;
  const char *id;
} feature_ids[] = {
  { RDT_LOS_FEATURE_TERRAIN, "blocking-terrain" },
  { RDT_LOS_FEATURE_UNITS, "combat-units" },
  { RDT_LOS_FEATURE_OCCUPIED, "occupied" },
  { RDT_LOS_FEATURE_SLOPE, "slope" },
  { RDT_LOS_FEATURE_WATER, "slope-with-water" },
  { RDT_LOS_FEATURE_SLOPE_COUNTS, "slope-counts" },
  { RDT_LOS_FEATURE_GRAZED_BLOCKS, "grazed-hex-blocks" },
  { RDT_LOS_FEATURE_SIDE_A_BLOCKS, "first-hex-blocks" },
  { RDT_LOS_FEATURE_SIDE_B_BLOCKS, "second-hex-blocks" },
};

/* "units": the combat units in `hex`, with their names and sides. */
static void
json_units (JsonBuilder    *builder,
            const RdtBoard *board,
            RdtHex          hex)
{
  g_autoptr (GArray) units = rdt_board_units_in_hex (board, hex);

  json_builder_set_member_name (builder, "units");
  json_builder_begin_array (builder);
  for (guint i = 0; i < units->len; i++)
    {
      guint u = g_array_index (units, guint, i);
      const RdtBoardUnit *unit = rdt_board_get_unit (board, u);

      if (!(unit->flags & RDT_BOARD_UNIT_COMBAT))
        continue;
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      if (unit->id)
        json_builder_add_string_value (builder, unit->id);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, rdt_board_get_unit_label (board, u));
      json_builder_set_member_name (builder, "side");
      json_builder_add_string_value (builder, rdt_board_get_side_name (board, unit->side));
      json_builder_set_member_name (builder, "side-name");
      json_builder_add_string_value (builder, rdt_board_get_side_label (board, unit->side));
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

void
rdt_cli_json_los_report (JsonBuilder        *builder,
                         const RdtBoard     *board,
                         const RdtLosReport *report,
                         const GArray       *occupied)
{
  const RdtHexGrid *grid = rdt_board_get_grid (board);
  g_auto (GStrv) rules = NULL;
  guint conventions = 0;

  json_builder_begin_object (builder);
  rdt_cli_json_hex (builder, "from", grid, report->from);
  rdt_cli_json_hex (builder, "to", grid, report->to);
  json_builder_set_member_name (builder, "range");
  json_builder_add_int_value (builder, report->distance);
  json_builder_set_member_name (builder, "verdict");
  json_builder_add_string_value (builder, report->verdict == RDT_LOS_CLEAR ? "clear" : "blocked");
  json_builder_set_member_name (builder, "case");
  json_builder_add_string_value (builder, rdt_los_case_get_id (report->los_case));
  json_builder_set_member_name (builder, "up-slope");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "firer");
  json_builder_add_boolean_value (builder, (report->up_slope & RDT_LOS_UP_SLOPE_FIRER) != 0);
  json_builder_set_member_name (builder, "target");
  json_builder_add_boolean_value (builder, (report->up_slope & RDT_LOS_UP_SLOPE_TARGET) != 0);
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "edition");
  json_builder_add_string_value (builder, report->edition == RDT_LOS_EDITION_OLDER ? "older" : "current");
  json_builder_set_member_name (builder, "reason");
  json_builder_add_string_value (builder, rdt_los_reason_get_id (report->reason));
  json_builder_set_member_name (builder, "options");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "ignore-units");
  json_builder_add_boolean_value (builder, report->ignore_units);
  json_builder_set_member_name (builder, "occupied");
  json_builder_begin_array (builder);
  for (guint i = 0; occupied && i < occupied->len; i++)
    rdt_cli_json_hex (builder, NULL, grid, g_array_index (occupied, RdtHex, i));
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "steps");
  json_builder_begin_array (builder);
  for (guint i = 0; i < rdt_los_report_get_n_steps (report); i++)
    {
      const RdtLosStep *s = rdt_los_report_get_step (report, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, rdt_los_step_kind_get_id (s->kind));
      switch (s->kind)
        {
        case RDT_LOS_STEP_HEX:
          rdt_cli_json_hex (builder, "hex", grid, s->hex);
          json_builder_set_member_name (builder, "end");
          json_builder_add_boolean_value (builder, i == 0 || i + 1 == rdt_los_report_get_n_steps (report));
          json_units (builder, board, s->hex);
          break;
        case RDT_LOS_STEP_CROSS:
        case RDT_LOS_STEP_RUN:
          json_hexside (builder, "hexside", grid, s->hexside);
          rdt_cli_json_hex (builder, "from", grid, s->from);
          rdt_cli_json_hex (builder, "to", grid, s->to);
          if (s->kind == RDT_LOS_STEP_CROSS)
            {
              json_builder_set_member_name (builder, "via-corner");
              json_builder_add_boolean_value (builder, s->via_corner);
              if (s->via_corner)
                rdt_cli_json_hex (builder, "grazed", grid, s->grazed);
            }
          if (s->features & RDT_LOS_FEATURE_SLOPE)
            rdt_cli_json_hex (builder, "slope-high", grid, s->slope_high);
          break;
        case RDT_LOS_STEP_CORNER:
          rdt_cli_json_hex (builder, "hex", grid, s->hex);
          json_builder_set_member_name (builder, "entering");
          json_builder_add_boolean_value (builder, s->entering);
          json_builder_set_member_name (builder, "hexsides-with");
          json_builder_begin_array (builder);
          rdt_cli_json_hex (builder, NULL, grid, s->side_hexes[0]);
          rdt_cli_json_hex (builder, NULL, grid, s->side_hexes[1]);
          json_builder_end_array (builder);
          break;
        default:
          break;
        }
      json_builder_set_member_name (builder, "features");
      json_builder_begin_array (builder);
      for (guint k = 0; k < G_N_ELEMENTS (feature_ids); k++)
        if (s->features & feature_ids[k].bit)
          json_builder_add_string_value (builder, feature_ids[k].id);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "effect");
      json_builder_add_string_value (builder, rdt_los_effect_get_id (s->effect));
      json_builder_set_member_name (builder, "reason");
      if (s->reason == RDT_LOS_REASON_NONE)
        json_builder_add_null_value (builder);
      else
        {
          json_builder_add_string_value (builder, rdt_los_reason_get_id (s->reason));
          json_builder_set_member_name (builder, "rule");
          json_builder_add_string_value (builder, rdt_los_reason_get_rule (s->reason));
          json_conventions (builder, rdt_los_reason_get_conventions (s->reason));
          json_builder_set_member_name (builder, "message");
          json_builder_add_string_value (builder, rdt_los_reason_get_message (s->reason));
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  rules = rdt_los_report_dup_rules (report, &conventions);
  json_builder_set_member_name (builder, "rules");
  json_builder_begin_array (builder);
  for (guint i = 0; rules[i]; i++)
    json_builder_add_string_value (builder, rules[i]);
  json_builder_end_array (builder);
  json_conventions (builder, conventions);
  json_builder_end_object (builder);
}

void
rdt_cli_json_print (JsonBuilder *builder)
{
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}
