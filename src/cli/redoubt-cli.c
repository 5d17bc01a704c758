/* redoubt-cli: the rules core without a display. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "rdt-cli.h"
#include "redoubt-core.h"

/* Add new commands here, one line each, in the order `help` lists them. */
static const RdtCliCommand commands[] = {
  { "version", rdt_cli_version, N_("Print the version") },
  { "validate", rdt_cli_validate, N_("Check scenario and volume files (schema and semantics)") },
  { "info", rdt_cli_info, N_("Summarise a scenario file") },
  { "format", rdt_cli_format, N_("Rewrite files in canonical form") },
  { "los", rdt_cli_los, N_("Line of sight between two hexes (11.4) or, on a gridless map, two pieces or points") },
  { "los-fan", rdt_cli_los_fan, N_("Line of sight from one hex to every hex in range") },
  { "zoc", rdt_cli_zoc, N_("Zones of control of one side (8)") },
  { "render", rdt_cli_render, N_("Draw the map or an area to PNG, SVG or PDF") },
  { "moves", rdt_cli_moves, N_("Where a unit may move, with costs and paths (9)") },
  { "retreats", rdt_cli_retreats, N_("Where a unit may retreat one or three hexes (13.2)") },
  { "fof", rdt_cli_fof, N_("Pub Battles: the pieces in a piece’s Field of Fire, and why not the others") },
  { "terrain", rdt_cli_terrain, N_("Pub Battles: the terrain under the majority of a piece") },
};

void
rdt_cli_error (const char *format,
               ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("redoubt-cli: %s\n", message);
}

int
rdt_cli_version (int    argc,
                 char **argv)
{
  printf ("redoubt-cli %s\n", PACKAGE_VERSION);
  return RDT_CLI_EXIT_OK;
}

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n\n%s\n", _("Usage: redoubt-cli COMMAND [OPTIONS] ARGS..."), _("Commands:"));
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (out, "\n%s\n", _("Run “redoubt-cli COMMAND --help” for a command’s options."));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return RDT_CLI_EXIT_USAGE;
    }
  if (strcmp (argv[1], "--version") == 0)
    return rdt_cli_version (argc - 1, argv + 1);
  if (strcmp (argv[1], "help") == 0 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (stdout);
      return RDT_CLI_EXIT_OK;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);

  rdt_cli_error (_("unknown command “%s”"), argv[1]);
  print_usage (stderr);
  return RDT_CLI_EXIT_USAGE;
}
