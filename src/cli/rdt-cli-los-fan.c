/* rdt-cli-los-fan.c: `redoubt-cli los-fan FILE HEX [--range N]
 * [--ignore-units] [--occupied HEX,...] [--json]`:
 * the LOS verdict from HEX to every hex within N (default: the whole map). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"

int
rdt_cli_los_fan (int    argc,
                 char **argv)
{
  gboolean json = FALSE, ignore_units = FALSE;
  int range = -1;
  g_autofree char *occupied_text = NULL;
  g_autoptr (GArray) occupied = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  const GOptionEntry entries[] = {
    { "ignore-units", 0, 0, G_OPTION_ARG_NONE, &ignore_units, N_("Combat units do not block"), NULL },
    { "occupied", 0, 0, G_OPTION_ARG_STRING, &occupied_text, N_("Treat these hexes as occupied"), N_("HEX,...") },
    { "range", 0, 0, G_OPTION_ARG_INT, &range, N_("Only hexes within N hexes (11.2 counting)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/los-json.md)"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE HEX — line of sight to every hex"));
  g_autoptr (GError) error = NULL;
  g_autoptr (RdtBoard) board = NULL;
  g_autoptr (GArray) fan = NULL;
  RdtHexGrid *grid;
  RdtLos *los;
  RdtHex from;
  guint clear = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (argc != 3 || range < -1)
    {
      rdt_cli_error (_("usage: redoubt-cli los-fan FILE HEX [--range N] [--ignore-units] [--occupied HEX,...] [--json]"));
      return RDT_CLI_EXIT_USAGE;
    }
  board = rdt_cli_load_board (argv[1]);
  if (board == NULL)
    return RDT_CLI_EXIT_FAILURE;
  if (!rdt_cli_parse_hex (board, argv[2], &from) ||
      !rdt_cli_parse_hex_list (board, occupied_text, occupied))
    return RDT_CLI_EXIT_FAILURE;

  grid = rdt_board_get_grid (board);
  /* No hex is further than the map's far edge (issue 11: --range 999999 on a
   * 6 x 5 map walked rings for hours). */
  if (range > rdt_hex_grid_max_distance (grid, from))
    {
      rdt_cli_error (_("--range %d is beyond the map; using %d, the distance to its farthest hex"),
                     range, rdt_hex_grid_max_distance (grid, from));
      range = rdt_hex_grid_max_distance (grid, from);
    }
  los = rdt_los_new (board);
  rdt_los_set_ignore_units (los, ignore_units);
  rdt_los_set_occupied (los, (const RdtHex *) occupied->data, occupied->len);
  fan = rdt_los_fan (los, from, range);
  rdt_los_free (los);

  if (json)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      rdt_cli_json_hex (builder, "from", grid, from);
      json_builder_set_member_name (builder, "range");
      if (range < 0)
        json_builder_add_null_value (builder);
      else
        json_builder_add_int_value (builder, range);
      json_builder_set_member_name (builder, "hexes");
      json_builder_begin_array (builder);
      for (guint i = 0; i < fan->len; i++)
        {
          const RdtLosFanEntry *e = &g_array_index (fan, RdtLosFanEntry, i);
          json_builder_begin_object (builder);
          rdt_cli_json_hex (builder, "hex", grid, e->hex);
          json_builder_set_member_name (builder, "range");
          json_builder_add_int_value (builder, e->distance);
          json_builder_set_member_name (builder, "verdict");
          json_builder_add_string_value (builder, e->verdict == RDT_LOS_CLEAR ? "clear" : "blocked");
          json_builder_set_member_name (builder, "case");
          json_builder_add_string_value (builder, rdt_los_case_get_id (e->los_case));
          json_builder_set_member_name (builder, "reason");
          json_builder_add_string_value (builder, rdt_los_reason_get_id (e->reason));
          json_builder_set_member_name (builder, "rule");
          json_builder_add_string_value (builder, rdt_los_reason_get_rule (e->reason));
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      rdt_cli_json_print (builder);
      return RDT_CLI_EXIT_OK;
    }

  for (guint i = 0; i < fan->len; i++)
    {
      const RdtLosFanEntry *e = &g_array_index (fan, RdtLosFanEntry, i);
      char label[RDT_HEX_LABEL_SIZE];

      rdt_hex_grid_format_label (grid, e->hex, label);
      printf ("%s  %2d  %-7s  %-4s  %s (%s)\n", label, e->distance,
              e->verdict == RDT_LOS_CLEAR ? _("clear") : _("blocked"),
              rdt_los_case_get_id (e->los_case),
              rdt_los_reason_get_message (e->reason),
              rdt_los_reason_get_rule (e->reason));
      clear += e->verdict == RDT_LOS_CLEAR;
    }
  printf (_("%u of %u hexes in line of sight.\n"), clear, fan->len);
  return RDT_CLI_EXIT_OK;
}
