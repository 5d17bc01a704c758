/* rdt-cli-moves.c: `redoubt-cli moves FILE UNIT [--strategic] [--json]
 * [--to HEX]`: every hex the unit may move to with its cost and one cheapest
 * path, or for --to, why it may not (docs/movement-json.md). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"
#include "rdt-cli-moves.h"
#include "rdt-movement.h"
#include "redoubt-core.h"

static const struct {
  guint flag;
  const char *id;
  const char *text;
} reach_flags[] = {
  { RDT_REACH_ZOC_STOP, "zoc-stop", N_("enemy ZOC: stop (8.31)") },
  { RDT_REACH_RIFLE_ZOC, "rifle-zoc", N_("rifle ZOC +1 MP (8.31)") },
  { RDT_REACH_MINIMUM_MOVE, "minimum-move", N_("one-hex minimum move (9.2)") },
  { RDT_REACH_WHOLE_ALLOWANCE, "whole-allowance", N_("whole allowance across the creek (Brandywine 5.1)") },
  { RDT_REACH_CAPTURE, "capture", N_("captures leaders (14.33)") },
  { RDT_REACH_CAPTURE_ON_PATH, "capture-on-path", N_("captures leaders on the way (14.33)") },
  { RDT_REACH_PINNED_AM, "pinned-am", N_("pinned: −1 Army Morale (9.3)") },
  { RDT_REACH_MUST_MOVE, "must-move", N_("disrupted: must move away (13.3)") },
  { RDT_REACH_PASS_ONLY, "pass-only", N_("may pass, not stay") },
};

void
rdt_cli_moves_json_flags (JsonBuilder *b,
                          guint        flags)
{
  json_builder_begin_array (b);
  for (gsize i = 0; i < G_N_ELEMENTS (reach_flags); i++)
    if (flags & reach_flags[i].flag)
      json_builder_add_string_value (b, reach_flags[i].id);
  json_builder_end_array (b);
}

/* "1½" style MP text for half MPs. */
char *
rdt_cli_format_mp (int halves)
{
  if (halves % 2 == 0)
    return g_strdup_printf ("%d", halves / 2);
  if (halves == 1)
    return g_strdup ("½");
  return g_strdup_printf ("%d½", halves / 2);
}

static void
json_path (JsonBuilder *b,
           RdtHexGrid  *grid,
           GArray      *path)
{
  json_builder_begin_array (b);
  for (guint i = 0; path != NULL && i < path->len; i++)
    {
      char label[RDT_HEX_LABEL_SIZE];
      rdt_hex_grid_format_label (grid, g_array_index (path, RdtHex, i), label);
      json_builder_add_string_value (b, label);
    }
  json_builder_end_array (b);
}

static char *
path_text (RdtHexGrid *grid,
           GArray     *path)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; path != NULL && i < path->len; i++)
    {
      char label[RDT_HEX_LABEL_SIZE];
      rdt_hex_grid_format_label (grid, g_array_index (path, RdtHex, i), label);
      g_string_append_printf (s, "%s%s", i > 0 ? " " : "", label);
    }
  return g_string_free (s, FALSE);
}

static void
json_reason (JsonBuilder   *b,
             const char    *rule,
             RdtMoveReason  reason)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "id");
  json_builder_add_string_value (b, rdt_move_reason_get_id (reason));
  json_builder_set_member_name (b, "rule");
  json_builder_add_string_value (b, rule);
  json_builder_set_member_name (b, "message");
  json_builder_add_string_value (b, rdt_move_reason_get_message (reason));
  json_builder_end_object (b);
}

static void
json_entry (JsonBuilder       *b,
            RdtReach          *reach,
            RdtHexGrid        *grid,
            const RdtReachHex *e)
{
  g_autoptr(GArray) path = rdt_reach_dup_path (reach, e->hex);
  g_autoptr(GPtrArray) caught = rdt_reach_dup_captures (reach, e->hex);
  char label[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, e->hex, label);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "hex");
  json_builder_add_string_value (b, label);
  json_builder_set_member_name (b, "cost");
  json_builder_add_double_value (b, e->cost_halves / 2.0);
  json_builder_set_member_name (b, "cost-halves");
  json_builder_add_int_value (b, e->cost_halves);
  json_builder_set_member_name (b, "flags");
  rdt_cli_moves_json_flags (b, e->flags);
  json_builder_set_member_name (b, "path");
  json_path (b, grid, path);
  json_builder_set_member_name (b, "captures");
  json_builder_begin_array (b);
  for (guint i = 0; caught != NULL && i < caught->len; i++)
    json_builder_add_string_value (b, g_ptr_array_index (caught, i));
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static char *
flags_text (guint flags)
{
  GString *s = g_string_new (NULL);

  for (gsize i = 0; i < G_N_ELEMENTS (reach_flags); i++)
    if (flags & reach_flags[i].flag)
      g_string_append_printf (s, "%s%s", s->len > 0 ? "; " : "", _(reach_flags[i].text));
  return g_string_free (s, FALSE);
}

RdtMoveRules *
rdt_cli_move_rules (char **creek_types,
                    char **no_min_terrains)
{
  RdtMoveRules *rules = rdt_move_rules_new ();

  rules->creek_types = g_strdupv (creek_types);
  rules->creek_rule = g_strdup ("Brandywine 5.1");
  rules->no_minimum_move_terrains = g_strdupv (no_min_terrains);
  rules->no_minimum_move_rule = g_strdup ("Savannah 4.19");
  return rules;
}

int
rdt_cli_moves (int    argc,
               char **argv)
{
  gboolean json = FALSE, strategic = FALSE;
  g_autofree char *to = NULL;
  g_auto(GStrv) creek_types = NULL;
  g_auto(GStrv) no_min = NULL;
  const GOptionEntry entries[] = {
    { "strategic", 0, 0, G_OPTION_ARG_NONE, &strategic, N_("Strategic movement (3.1, 9.5)"), NULL },
    { "to", 0, 0, G_OPTION_ARG_STRING, &to, N_("Explain one destination hex"), N_("HEX") },
    { "creek-type", 0, 0, G_OPTION_ARG_STRING_ARRAY, &creek_types, N_("A water hexside type crossed only with the whole allowance (Brandywine 5.1); repeatable"), N_("TYPE") },
    { "no-minimum-move-terrain", 0, 0, G_OPTION_ARG_STRING_ARRAY, &no_min, N_("Terrain without the one-hex minimum move (Savannah 4.19); repeatable"), N_("TERRAIN") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/movement-json.md)"), NULL },
    { NULL }
  };
  RdtCliReferee referee = { 0 };
  const RdtCliSpec spec = { "moves", "FILE UNIT", N_("where a unit may move (9)"), NULL,
                            entries, &referee, 2, 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtMovement) movement = NULL;
  g_autoptr(RdtReach) reach = NULL;
  g_autoptr(JsonBuilder) b = NULL;
  RdtMoveRules *rules;
  RdtMoveOptions options;
  RdtHexGrid *grid;
  RdtHex to_hex = { 0, 0 };
  char start[RDT_HEX_LABEL_SIZE];
  g_autofree char *allowance = NULL;
  gboolean to_ok = TRUE;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  scenario = rdt_cli_load_scenario (argv[1], &referee);
  if (scenario == NULL)
    return RDT_CLI_EXIT_FAILURE;
  grid = rdt_scenario_get_grid (scenario);
  if (to != NULL && !rdt_hex_grid_parse_label (grid, to, &to_hex, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  rules = rdt_cli_move_rules (creek_types, no_min);
  movement = rdt_movement_new (scenario, rules);
  rdt_move_rules_free (rules);
  rdt_move_options_init (&options);
  options.strategic = strategic;
  reach = rdt_movement_reach (movement, argv[2], &options, &error);
  if (reach == NULL)
    {
      rdt_cli_error ("%s: %s", argv[1], error->message);
      return RDT_CLI_EXIT_FAILURE;
    }
  rdt_hex_grid_format_label (grid, rdt_reach_get_start (reach), start);
  allowance = rdt_cli_format_mp (rdt_reach_get_allowance_halves (reach));
  if (to != NULL)
    to_ok = rdt_reach_lookup (reach, to_hex, NULL);

  if (json)
    {
      b = json_builder_new ();
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "unit");
      json_builder_add_string_value (b, rdt_reach_get_unit_id (reach));
      json_builder_set_member_name (b, "start");
      json_builder_add_string_value (b, start);
      json_builder_set_member_name (b, "strategic");
      json_builder_add_boolean_value (b, rdt_reach_get_strategic (reach));
      json_builder_set_member_name (b, "allowance");
      json_builder_add_double_value (b, rdt_reach_get_allowance_halves (reach) / 2.0);
      json_builder_set_member_name (b, "unit-reason");
      if (rdt_reach_get_unit_reason (reach) == RDT_MOVE_REASON_NONE)
        json_builder_add_null_value (b);
      else
        json_reason (b, rdt_move_reason_get_rule (rdt_reach_get_unit_reason (reach)),
                     rdt_reach_get_unit_reason (reach));
      if (to != NULL)
        {
          RdtReachHex e;
          char label[RDT_HEX_LABEL_SIZE];

          json_builder_set_member_name (b, "to");
          if (to_ok)
            {
              rdt_reach_lookup (reach, to_hex, &e);
              json_entry (b, reach, grid, &e);
            }
          else
            {
              rdt_hex_grid_format_label (grid, to_hex, label);
              json_builder_begin_object (b);
              json_builder_set_member_name (b, "hex");
              json_builder_add_string_value (b, label);
              json_builder_set_member_name (b, "reason");
              json_reason (b, rdt_reach_get_reason_rule (reach, to_hex),
                           rdt_reach_get_reason (reach, to_hex));
              json_builder_end_object (b);
            }
        }
      else
        {
          json_builder_set_member_name (b, "hexes");
          json_builder_begin_array (b);
          for (guint i = 0; i < rdt_reach_get_n_hexes (reach); i++)
            json_entry (b, reach, grid, rdt_reach_get_hex (reach, i));
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
      {
        g_autoptr(JsonGenerator) gen = json_generator_new ();
        g_autoptr(JsonNode) root = json_builder_get_root (b);
        g_autofree char *text = NULL;

        json_generator_set_pretty (gen, TRUE);
        json_generator_set_root (gen, root);
        text = json_generator_to_data (gen, NULL);
        printf ("%s\n", text);
      }
      return to_ok ? RDT_CLI_EXIT_OK : RDT_CLI_EXIT_BLOCKED;
    }

  printf (_("%s from %s, %s MP, %s:\n"), rdt_reach_get_unit_id (reach), start, allowance,
          strategic ? _("strategic movement (9.5)") : _("normal movement"));
  if (rdt_reach_get_unit_reason (reach) != RDT_MOVE_REASON_NONE)
    printf ("  %s: %s\n", rdt_move_reason_get_rule (rdt_reach_get_unit_reason (reach)),
            rdt_move_reason_get_message (rdt_reach_get_unit_reason (reach)));
  if (to != NULL)
    {
      char label[RDT_HEX_LABEL_SIZE];

      rdt_hex_grid_format_label (grid, to_hex, label);
      if (to_ok)
        {
          RdtReachHex e;
          g_autoptr(GArray) path = NULL;
          g_autofree char *cost = NULL;
          g_autofree char *p = NULL;
          g_autofree char *f = NULL;

          rdt_reach_lookup (reach, to_hex, &e);
          path = rdt_reach_dup_path (reach, to_hex);
          cost = rdt_cli_format_mp (e.cost_halves);
          p = path_text (grid, path);
          f = flags_text (e.flags);
          printf (_("  %s: reachable for %s MP, by %s%s%s%s\n"), label, cost, p,
                  *f ? " (" : "", f, *f ? ")" : "");
        }
      else
        printf (_("  %s: not reachable: %s: %s\n"), label,
                rdt_reach_get_reason_rule (reach, to_hex),
                rdt_move_reason_get_message (rdt_reach_get_reason (reach, to_hex)));
      return to_ok ? RDT_CLI_EXIT_OK : RDT_CLI_EXIT_BLOCKED;
    }
  for (guint i = 0; i < rdt_reach_get_n_hexes (reach); i++)
    {
      const RdtReachHex *e = rdt_reach_get_hex (reach, i);
      char label[RDT_HEX_LABEL_SIZE];
      g_autofree char *cost = rdt_cli_format_mp (e->cost_halves);
      g_autofree char *f = flags_text (e->flags);

      rdt_hex_grid_format_label (grid, e->hex, label);
      printf ("  %s  %4s MP%s%s%s\n", label, cost, *f ? "  (" : "", f, *f ? ")" : "");
    }
  return RDT_CLI_EXIT_OK;
}
