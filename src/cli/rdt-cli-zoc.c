/* rdt-cli-zoc.c: `redoubt-cli zoc FILE --side SIDE [--json] [--force]`: the hexes in
 * SIDE's zone of control (8.1), who projects into each, rifle ZOC (8.31), and
 * whether each of SIDE's units is surrounded (3.1, 8.2, 12.7). */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"

int
rdt_cli_zoc (int    argc,
             char **argv)
{
  gboolean json = FALSE;
  g_autofree char *side_name = NULL;
  /* The referee options, and with them the game context (issue 12) when it
   * comes: one RdtCliReferee for every referee command. */
  RdtCliReferee referee = { 0 };
  const GOptionEntry entries[] = {
    { "side", 0, 0, G_OPTION_ARG_STRING, &side_name, N_("The side whose ZOC to show (its id)"), N_("SIDE") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/los-json.md)"), NULL },
    { NULL }
  };
  const RdtCliSpec spec = { "zoc", "FILE --side SIDE", N_("zones of control (8)"), NULL,
                            entries, &referee, 1, 1 };
  g_autoptr (RdtBoard) board = NULL;
  g_autoptr (JsonBuilder) builder = NULL;
  RdtZocMap *map;
  RdtHexGrid *grid;
  int side;
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  if (side_name == NULL)
    return rdt_cli_usage_error (&spec, _("zoc: --side SIDE is required"));
  board = rdt_cli_load_board (argv[1], &referee);
  if (board == NULL)
    return RDT_CLI_EXIT_FAILURE;
  side = rdt_board_find_side (board, side_name);
  if (side < 0)
    {
      rdt_cli_error (_("%s: no side “%s”"), argv[1], side_name);
      return RDT_CLI_EXIT_FAILURE;
    }
  grid = rdt_board_get_grid (board);
  map = rdt_zoc_map_new (board, side);

  if (json)
    {
      builder = json_builder_new ();
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "side");
      json_builder_add_string_value (builder, rdt_board_get_side_name (board, side));
      json_builder_set_member_name (builder, "side-name");
      json_builder_add_string_value (builder, rdt_board_get_side_label (board, side));
      json_builder_set_member_name (builder, "hexes");
      json_builder_begin_array (builder);
    }
  else
    printf (_("Zone of control of %s (8.1):\n"), rdt_board_get_side_label (board, side));

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
      g_autoptr (GArray) units = NULL;
      char label[RDT_HEX_LABEL_SIZE];
      gboolean rifle;

      if (rdt_zoc_map_get_count (map, hex) == 0)
        continue;
      rifle = rdt_zoc_map_get_rifle (map, hex);
      rdt_hex_grid_format_label (grid, hex, label);
      /* Units of `side` are the "enemies" of any other side. */
      units = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint u = 0; u < rdt_board_get_n_units (board); u++)
        if (rdt_board_get_unit (board, u)->side == side &&
            rdt_zoc_reason_exerts (rdt_zoc_unit_into (board, u, hex)))
          g_array_append_val (units, u);
      if (json)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "hex");
          json_builder_add_string_value (builder, label);
          json_builder_set_member_name (builder, "rifle");
          json_builder_add_boolean_value (builder, rifle);
          json_builder_set_member_name (builder, "units");
          json_builder_begin_array (builder);
        }
      else
        printf ("  %s%s:", label, rifle ? _(" (rifle ZOC, +1 MP to enter or exit, 8.31)") : "");
      for (guint k = 0; k < units->len; k++)
        {
          guint u = g_array_index (units, guint, k);
          const RdtBoardUnit *bu = rdt_board_get_unit (board, u);
          RdtZocReason r = rdt_zoc_unit_into (board, u, hex);
          if (json)
            {
              json_builder_begin_object (builder);
              json_builder_set_member_name (builder, "id");
              json_builder_add_string_value (builder, bu->id);
              json_builder_set_member_name (builder, "name");
              json_builder_add_string_value (builder, rdt_board_get_unit_label (board, u));
              rdt_cli_json_hex (builder, "from", grid, bu->hex);
              json_builder_set_member_name (builder, "reason");
              json_builder_add_string_value (builder, rdt_zoc_reason_get_id (r));
              json_builder_set_member_name (builder, "rule");
              json_builder_add_string_value (builder, rdt_zoc_reason_get_rule (r));
              json_builder_end_object (builder);
            }
          else
            printf ("%s %s", k > 0 ? "," : "", rdt_board_get_unit_label (board, u));
        }
      if (json)
        {
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
      else
        printf ("\n");
    }

  if (json)
    {
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "units");
      json_builder_begin_array (builder);
    }
  else
    printf (_("Units of %s:\n"), rdt_board_get_side_label (board, side));
  for (guint u = 0; u < rdt_board_get_n_units (board); u++)
    {
      const RdtBoardUnit *bu = rdt_board_get_unit (board, u);
      RdtZocSurrounded detail;
      gboolean surrounded;
      RdtZocReason own;
      char label[RDT_HEX_LABEL_SIZE];

      if (bu->side != side)
        continue;
      surrounded = rdt_zoc_is_surrounded (board, bu->hex, side, &detail);
      own = rdt_zoc_unit_has_zoc (board, u);
      rdt_hex_grid_format_label (grid, bu->hex, label);
      if (json)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "id");
          json_builder_add_string_value (builder, bu->id);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, rdt_board_get_unit_label (board, u));
          json_builder_set_member_name (builder, "hex");
          json_builder_add_string_value (builder, label);
          json_builder_set_member_name (builder, "has-zoc");
          json_builder_add_boolean_value (builder, own == RDT_ZOC_REASON_EXERTS);
          json_builder_set_member_name (builder, "zoc-reason");
          json_builder_add_string_value (builder, rdt_zoc_reason_get_id (own));
          json_builder_set_member_name (builder, "surrounded");
          json_builder_add_boolean_value (builder, surrounded);
          json_builder_set_member_name (builder, "surrounded-rules");
          json_builder_add_string_value (builder, detail.rules);
          json_builder_set_member_name (builder, "adjacent");
          json_builder_begin_array (builder);
          for (int d = 0; d < RDT_N_DIRECTIONS; d++)
            {
              json_builder_begin_object (builder);
              /* null for a hex beyond the map edge. */
              rdt_cli_json_hex (builder, "hex", grid, detail.hexes[d]);
              json_builder_set_member_name (builder, "holds");
              json_builder_add_string_value (builder, rdt_zoc_adjacent_get_id (detail.what[d]));
              json_builder_end_object (builder);
            }
          json_builder_end_array (builder);
          json_builder_end_object (builder);
        }
      else
        printf (_("  %s in %s: %s (%s)\n"), rdt_board_get_unit_label (board, u), label,
                surrounded ? _("surrounded") : _("not surrounded"), detail.rules);
    }
  if (json)
    {
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      rdt_cli_json_print (builder);
    }
  rdt_zoc_map_free (map);
  return RDT_CLI_EXIT_OK;
}
