/* rdt-cli-los-fan.c: `redoubt-cli los-fan FILE HEX [--range N]
 * [--ignore-units] [--occupied HEX,...] [--json] [--force]`:
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
  g_autofree char *range_text = NULL;
  g_auto (GStrv) occupied_lists = NULL;
  g_autoptr (GArray) occupied = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  RdtCliReferee referee = { 0 };
  const GOptionEntry entries[] = {
    { "ignore-units", 0, 0, G_OPTION_ARG_NONE, &ignore_units, N_("Combat units do not block"), NULL },
    { "occupied", 0, 0, G_OPTION_ARG_STRING_ARRAY, &occupied_lists, N_("Treat these hexes as occupied (repeatable: the lists are merged)"), N_("HEX,...") },
    { "range", 0, 0, G_OPTION_ARG_STRING, &range_text, N_("Only hexes within N hexes (11.2 counting; a whole number from 0; beyond the map means the whole map; default: the whole map)"), N_("N") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/los-json.md)"), NULL },
    { NULL }
  };
  const RdtCliSpec spec = { "los-fan", "FILE HEX", N_("line of sight to every hex"), NULL,
                            entries, &referee, 2, 2 };
  g_autoptr (RdtBoard) board = NULL;
  g_autoptr (GArray) fan = NULL;
  RdtHexGrid *grid;
  RdtLos *los;
  RdtHex from;
  guint clear = 0;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (range_text != NULL)
    {
      guint64 value;

      /* A whole number from 0 (issue 12); clamped to the map below (issue 11). */
      if (!g_ascii_string_to_unsigned (range_text, 10, 0, RDT_CLI_MAX_RANGE, &value, NULL))
        {
          g_autofree char *message = g_strdup_printf (_("--range %s: give a whole number of hexes, 0 or more"),
                                                      range_text);
          return rdt_cli_usage_error (&spec, message);
        }
      range = (int) value;
    }
  board = rdt_cli_load_board (argv[1], &referee);
  if (board == NULL)
    return RDT_CLI_EXIT_FAILURE;
  if (!rdt_cli_parse_hex (board, argv[2], &from) ||
      !rdt_cli_parse_hex_lists (board, occupied_lists, occupied))
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
