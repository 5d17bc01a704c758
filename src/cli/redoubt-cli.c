/* redoubt-cli: the rules core without a display. */
#include "config.h"

#include <gmodule.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "rdt-cli.h"
#include "redoubt-core.h"

static int render_from_module (int argc, char **argv);

/* Add new commands here, one line each, in the order `help` lists them. */
static const RdtCliCommand commands[] = {
  { "version", rdt_cli_version, N_("Print the version") },
  { "validate", rdt_cli_validate, N_("Check scenario and volume files (schema and semantics)") },
  { "info", rdt_cli_info, N_("Summarise a scenario file") },
  { "format", rdt_cli_format, N_("Rewrite files in canonical form") },
  { "los", rdt_cli_los, N_("Line of sight between two hexes (11.4) or, on a gridless map, two pieces or points") },
  { "los-fan", rdt_cli_los_fan, N_("Line of sight from one hex to every hex in range") },
  { "zoc", rdt_cli_zoc, N_("Zones of control of one side (8)") },
  { "render", render_from_module, N_("Draw the map or an area to PNG, SVG or PDF") },
  { "moves", rdt_cli_moves, N_("Where a unit may move, with costs and paths (9)") },
  { "retreats", rdt_cli_retreats, N_("Where a unit may retreat one or three hexes (13.2)") },
  { "combat", rdt_cli_combat, N_("One Close Combat itemised without rolling: odds, lead units, DRMs, tactics, table rows (12)") },
  { "fire", rdt_cli_fire, N_("Rifle or defensive artillery fire itemised, without rolling (10, 11)") },
  { "import-vassal", rdt_cli_import_vassal, N_("Import a VASSAL module's board, counters and set-up") },
  { "play", rdt_cli_play, N_("Play a scenario headless from a script, or replay a saved game") },
  { "fof", rdt_cli_fof, N_("Pub Battles: the pieces in a piece’s Field of Fire, and why not the others") },
  { "terrain", rdt_cli_terrain, N_("Pub Battles: the terrain under the majority of a piece") },
};

/* Set while `redoubt-cli --help` collects the commands' usage lines. */
static gboolean collecting_usage;
static FILE *usage_out;

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
  const GOptionEntry entries[] = { { NULL } };
  const RdtCliSpec spec = { "version", "", N_("print the version"), NULL, entries, NULL, 0, 0 };
  int status = rdt_cli_parse_options (&spec, &argc, &argv);

  if (status != RDT_CLI_CONTINUE)
    return status;
  printf ("redoubt-cli %s\n", PACKAGE_VERSION);
  return RDT_CLI_EXIT_OK;
}

/* The referee options every referee command takes (RdtCliReferee). */
static void
referee_entries (RdtCliReferee *referee,
                 GOptionEntry   out[3])
{
  memset (out, 0, 3 * sizeof (GOptionEntry));
  out[0] = (GOptionEntry) { "force", 0, 0, G_OPTION_ARG_NONE, &referee->force,
                            N_("Answer even if the file has validation errors (after a warning)"), NULL };
  out[1] = (GOptionEntry) { "verbose", 0, 0, G_OPTION_ARG_NONE, &referee->verbose,
                            N_("Also print the file’s warnings (provisional values...) on stderr"), NULL };
}

static void
append_entries_usage (GString            *out,
                      const char         *args,
                      const GOptionEntry *entries)
{
  for (guint i = 0; entries && entries[i].long_name; i++)
    {
      const GOptionEntry *e = &entries[i];
      g_autofree char *lng = NULL;
      char shrt[4] = "";

      if (e->long_name[0] == '\0' || (e->flags & G_OPTION_FLAG_HIDDEN))
        continue;
      lng = g_strconcat ("--", e->long_name, NULL);
      if (e->short_name)
        g_snprintf (shrt, sizeof shrt, "-%c ", e->short_name);
      /* Required options are part of the arguments ("FILE --side SIDE"). */
      if (args && (strstr (args, lng) || (shrt[0] && strstr (args, shrt))))
        continue;
      g_string_append_printf (out, " [%s", lng);
      if (e->arg != G_OPTION_ARG_NONE && e->arg_description)
        g_string_append_printf (out, " %s", _(e->arg_description));
      g_string_append_c (out, ']');
    }
}

char *
rdt_cli_dup_usage (const RdtCliSpec *spec)
{
  GString *out = g_string_new ("redoubt-cli ");
  RdtCliReferee dummy;
  GOptionEntry extra[3];

  g_string_append (out, spec->name);
  if (spec->args && spec->args[0])
    g_string_append_printf (out, " %s", spec->args);
  append_entries_usage (out, spec->args, spec->entries);
  if (spec->referee)
    {
      referee_entries (&dummy, extra);
      append_entries_usage (out, spec->args, extra);
    }
  return g_string_free (out, FALSE);
}

int
rdt_cli_usage_error (const RdtCliSpec *spec,
                     const char       *message)
{
  g_autofree char *usage = rdt_cli_dup_usage (spec);

  if (message)
    rdt_cli_error ("%s", message);
  rdt_cli_error (_("usage: %s"), usage);
  return RDT_CLI_EXIT_USAGE;
}

int
rdt_cli_parse_options (const RdtCliSpec *spec,
                       int              *argc,
                       char           ***argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *parameter = NULL;
  GOptionEntry extra[3];
  int n_args;

  if (collecting_usage)
    {
      g_autofree char *usage = rdt_cli_dup_usage (spec);

      fprintf (usage_out, "             %s\n", usage);
      return RDT_CLI_EXIT_OK;
    }
  parameter = g_strdup_printf ("%s — %s", spec->args ? spec->args : "", _(spec->summary));
  /* --help then reads "redoubt-cli los [OPTION…] FILE FROM TO". */
  {
    g_autofree char *prgname = g_strconcat ("redoubt-cli ", spec->name, NULL);

    g_set_prgname (prgname);
  }
  context = g_option_context_new (parameter);
  g_option_context_add_main_entries (context, spec->entries, GETTEXT_PACKAGE);
  if (spec->referee)
    {
      referee_entries (spec->referee, extra);
      g_option_context_add_main_entries (context, extra, GETTEXT_PACKAGE);
    }
  if (spec->description)
    g_option_context_set_description (context, _(spec->description));
  if (!g_option_context_parse (context, argc, argv, &error))
    return rdt_cli_usage_error (spec, error->message);
  n_args = *argc - 1;
  if (n_args < spec->min_args || (spec->max_args >= 0 && n_args > spec->max_args))
    return rdt_cli_usage_error (spec, NULL);
  return RDT_CLI_CONTINUE;
}

/* `render` lives in redoubt-cli-render.so (src/cli/meson.build): next to this
 * executable in a build tree, in RDT_CLI_MODULEDIR once installed. */
static int
render_from_module (int    argc,
                    char **argv)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = self != NULL ? g_path_get_dirname (self) : NULL;
  g_autofree char *here = dir != NULL ? g_build_filename (dir, "redoubt-cli-render." G_MODULE_SUFFIX, NULL) : NULL;
  g_autofree char *installed = g_build_filename (RDT_CLI_MODULEDIR, "redoubt-cli-render." G_MODULE_SUFFIX, NULL);
  const char *path = here != NULL && g_file_test (here, G_FILE_TEST_IS_REGULAR) ? here : installed;
  GModule *module = g_module_open (path, G_MODULE_BIND_LOCAL);
  RdtCliCommandFunc run = NULL;

  if (module == NULL || !g_module_symbol (module, "rdt_cli_render", (gpointer *) &run) || run == NULL)
    {
      /* `redoubt-cli --help` prints nothing on stderr: without the module
       * render has no usage line to give, its summary line stands alone. */
      if (collecting_usage)
        return RDT_CLI_EXIT_OK;
      rdt_cli_error (_("cannot load the drawing module %s: %s"), path, g_module_error ());
      return RDT_CLI_EXIT_FAILURE;
    }
  /* Never unloaded: the process ends after the command. */
  return run (argc, argv);
}

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n\n%s\n", _("Usage: redoubt-cli COMMAND [OPTIONS] ARGS..."), _("Commands:"));
  collecting_usage = TRUE;
  usage_out = out;
  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      char *args[] = { (char *) commands[i].name, NULL };

      fprintf (out, "  %-13s %s\n", commands[i].name, _(commands[i].summary));
      commands[i].run (1, args);
    }
  collecting_usage = FALSE;
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
