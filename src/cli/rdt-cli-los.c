/* rdt-cli-los.c: `redoubt-cli los FILE FROM TO [--ignore-units]
 * [--occupied HEX,...] [--json]`.  Exit 0 clear, 3 blocked, 1 errors. */
#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "rdt-cli.h"
#include "rdt-cli-board.h"
#include "rdt-cli-files.h"

int
rdt_cli_los (int    argc,
             char **argv)
{
  gboolean ignore_units = FALSE, json = FALSE;
  g_autofree char *occupied_text = NULL;
  const GOptionEntry entries[] = {
    { "ignore-units", 0, 0, G_OPTION_ARG_NONE, &ignore_units, N_("Combat units do not block"), NULL },
    { "occupied", 0, 0, G_OPTION_ARG_STRING, &occupied_text, N_("Treat these hexes as occupied"), N_("HEX,...") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the report as JSON (docs/los-json.md)"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (_("FILE FROM TO — line of sight (11.4)"));
  g_autoptr (GError) error = NULL;
  g_autoptr (RdtBoard) board = NULL;
  g_autoptr (GArray) occupied = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  RdtLos *los;
  RdtLosReport report;
  RdtHex from, to;
  RdtLosVerdict verdict;

  /* A gridless file (Pub Battles, issue 18): pieces or points, not hexes. */
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-')
      {
        if (g_str_equal (rdt_cli_peek_root (argv[i]), "gridless-scenario"))
          return rdt_cli_gridless_los (argc, argv);
        break;
      }

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      rdt_cli_error ("%s", error->message);
      return RDT_CLI_EXIT_USAGE;
    }
  if (argc != 4)
    {
      rdt_cli_error (_("usage: redoubt-cli los FILE FROM TO [--ignore-units] [--occupied HEX,...] [--json]"));
      return RDT_CLI_EXIT_USAGE;
    }

  board = rdt_cli_load_board (argv[1]);
  if (board == NULL)
    return RDT_CLI_EXIT_FAILURE;
  if (!rdt_cli_parse_hex (board, argv[2], &from) || !rdt_cli_parse_hex (board, argv[3], &to))
    return RDT_CLI_EXIT_FAILURE;
  if (!rdt_cli_parse_hex_list (board, occupied_text, occupied))
    return RDT_CLI_EXIT_FAILURE;

  los = rdt_los_new (board);
  rdt_los_set_ignore_units (los, ignore_units);
  rdt_los_set_occupied (los, (const RdtHex *) occupied->data, occupied->len);
  rdt_los_report_init (&report);
  verdict = rdt_los_check (los, from, to, &report);
  if (json)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();
      rdt_cli_json_los_report (builder, rdt_board_get_grid (board), &report, occupied);
      rdt_cli_json_print (builder);
    }
  else
    {
      g_autofree char *text = rdt_los_report_to_text (&report, rdt_board_get_grid (board));
      fputs (text, stdout);
    }
  rdt_los_report_clear (&report);
  rdt_los_free (los);
  return verdict == RDT_LOS_CLEAR ? RDT_CLI_EXIT_OK : RDT_CLI_EXIT_BLOCKED;
}
