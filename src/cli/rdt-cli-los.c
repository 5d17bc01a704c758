/* rdt-cli-los.c: `redoubt-cli los FILE FROM TO [--ignore-units]
 * [--occupied HEX,...] [--json] [--force]`.  Exit 0 clear, 3 blocked, 1 errors. */
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
  g_auto (GStrv) occupied_lists = NULL;
  RdtCliReferee referee = { 0 };
  const GOptionEntry entries[] = {
    { "ignore-units", 0, 0, G_OPTION_ARG_NONE, &ignore_units, N_("Combat units do not block"), NULL },
    { "occupied", 0, 0, G_OPTION_ARG_STRING_ARRAY, &occupied_lists, N_("Treat these hexes as occupied (repeatable: the lists are merged)"), N_("HEX,...") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print the report as JSON (docs/los-json.md)"), NULL },
    { NULL }
  };
  const RdtCliSpec spec = { "los", "FILE FROM TO", N_("line of sight (11.4)"),
                            N_("On a Pub Battles gridless file FROM and TO are piece ids or points X,Y in inches and only "
                               "--json applies (docs/cli.md, docs/gridless-conventions.md G6, G7).\n"
                               "Exit status: 0 clear, 3 blocked, 1 error or invalid file, 2 usage error."),
                            entries, &referee, 3, 3 };
  g_autoptr (RdtBoard) board = NULL;
  g_autoptr (GArray) occupied = g_array_new (FALSE, FALSE, sizeof (RdtHex));
  RdtLos *los;
  RdtLosReport report;
  RdtHex from, to;
  RdtLosVerdict verdict;
  int status;

  /* A gridless file (Pub Battles, issue 18): pieces or points, not hexes. */
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-')
      {
        if (g_str_equal (rdt_cli_peek_root (argv[i]), "gridless-scenario"))
          return rdt_cli_gridless_los (argc, argv);
        break;
      }
  status = rdt_cli_parse_options (&spec, &argc, &argv);
  if (status != RDT_CLI_CONTINUE)
    return status;
  board = rdt_cli_load_board (argv[1], &referee);
  if (board == NULL)
    return RDT_CLI_EXIT_FAILURE;
  if (!rdt_cli_parse_hex (board, argv[2], &from) || !rdt_cli_parse_hex (board, argv[3], &to))
    return RDT_CLI_EXIT_FAILURE;
  if (!rdt_cli_parse_hex_lists (board, occupied_lists, occupied))
    return RDT_CLI_EXIT_FAILURE;

  los = rdt_los_new (board);
  rdt_los_set_ignore_units (los, ignore_units);
  rdt_los_set_occupied (los, (const RdtHex *) occupied->data, occupied->len);
  rdt_los_report_init (&report);
  verdict = rdt_los_check (los, from, to, &report);
  if (json)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();
      rdt_cli_json_los_report (builder, board, &report, occupied);
      rdt_cli_json_print (builder);
    }
  else
    {
      g_autofree char *text = rdt_los_report_describe (&report, board);
      fputs (text, stdout);
    }
  rdt_los_report_clear (&report);
  rdt_los_free (los);
  return verdict == RDT_LOS_CLEAR ? RDT_CLI_EXIT_OK : RDT_CLI_EXIT_BLOCKED;
}
