#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

/* The referee commands of redoubt-cli on bad input (issue 12): a file with
 * validation errors gets no ruling unless --force (which warns first), a
 * repeated --occupied merges its lists, los-fan --range takes whole numbers
 * from 0 only, and every option a command parses is in its usage line, in the
 * usage lines of `redoubt-cli --help` and in docs/cli.md. */

typedef struct {
  int status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (const char *const *args,
         Run               *run)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  run->status = WEXITSTATUS (status);
}

static char *
data_file (const char *dir,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

/* A copy of staircase-current.redoubt (gun in 0502, target in 0505, a slope
 * staircase) whose hex 0503 has a mistyped terrain id: the loader draws it as
 * the default terrain, so without the check `los` would answer from a map the
 * author never made. */
static char *
invalid_copy (void)
{
  g_autofree char *src = data_file ("los", "staircase-current.redoubt");
  g_autofree char *text = NULL;
  g_autofree char *bad = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) parts = NULL;
  char *path = NULL;
  int fd;

  g_assert_true (g_file_get_contents (src, &text, NULL, NULL));
  /* After the grid element: a hex with an unknown terrain. */
  parts = g_strsplit (text, "shift=\"odd\"/>", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  bad = g_strjoin ("shift=\"odd\"/>\n    <hex at=\"0503\" terrain=\"light-forst\"/>", parts[0], parts[1], NULL);
  fd = g_file_open_tmp ("test-cli-referee-XXXXXX.redoubt", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, bad, -1, NULL));
  return path;
}

typedef struct {
  const char *name;
  const char *args[8];   /* after the command name; "FILE" is replaced */
  int forced_status;     /* the exit status with --force */
} RefereeCase;

static const RefereeCase referee_cases[] = {
  { "los", { "FILE", "0502", "0505", NULL }, 3 },   /* the staircase blocks (11.43 B) */
  { "los-fan", { "FILE", "0502", "--range", "3", NULL }, 0 },
  { "zoc", { "FILE", "--side", "british", NULL }, 0 },
  { "moves", { "FILE", "gun", NULL }, 0 },
  { "retreats", { "FILE", "gun", "--hexes", "1", NULL }, 0 },
  { "render", { "FILE", "-o", "OUT", "--los", "0502:0505", NULL }, 0 },
};

static void
build_args (const RefereeCase *c,
            const char        *file,
            const char        *out,
            gboolean           force,
            const char        *argv[12])
{
  guint n = 0;

  argv[n++] = c->name;
  for (guint i = 0; c->args[i]; i++)
    argv[n++] = g_str_equal (c->args[i], "FILE") ? file : g_str_equal (c->args[i], "OUT") ? out : c->args[i];
  if (force)
    argv[n++] = "--force";
  argv[n] = NULL;
}

/* Without --force: exit 1, the finding (file, line, element) on stderr, no
 * ruling on stdout. */
static void
test_refuses (gconstpointer data)
{
  const RefereeCase *c = data;
  g_autofree char *file = invalid_copy ();
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "test-cli-referee-out.png", NULL);
  g_autofree char *finding = g_strdup_printf ("%s:24: error: <hex>:", file);
  g_auto(Run) run = { 0 };
  const char *argv[12];

  g_unlink (out);
  build_args (c, file, out, FALSE, argv);
  run_cli (argv, &run);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, finding));
  g_assert_nonnull (strstr (run.err, "light-forst"));
  g_assert_nonnull (strstr (run.err, "--force"));
  g_assert_cmpstr (run.out, ==, "");
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_unlink (file);
}

/* With --force: the warning and the finding first, then the answer. */
static void
test_force (gconstpointer data)
{
  const RefereeCase *c = data;
  g_autofree char *file = invalid_copy ();
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "test-cli-referee-out.png", NULL);
  g_auto(Run) run = { 0 };
  const char *argv[12];

  g_unlink (out);
  build_args (c, file, out, TRUE, argv);
  run_cli (argv, &run);
  g_assert_cmpint (run.status, ==, c->forced_status);
  g_assert_true (g_str_has_prefix (run.err, "redoubt-cli: warning: "));
  g_assert_nonnull (strstr (run.err, "light-forst"));
  if (g_str_equal (c->name, "render"))
    g_assert_true (g_file_test (out, G_FILE_TEST_EXISTS));
  else
    g_assert_cmpstr (run.out, !=, "");
  g_unlink (out);
  g_unlink (file);
}

/* `render` without a rule overlay only draws: an invalid map still renders. */
static void
test_render_without_overlay (void)
{
  g_autofree char *file = invalid_copy ();
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "test-cli-referee-plain.png", NULL);
  const char *argv[] = { "render", file, "-o", out, NULL };
  g_auto(Run) run = { 0 };

  run_cli (argv, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_test (out, G_FILE_TEST_EXISTS));
  g_unlink (out);
  g_unlink (file);
}

/* --occupied 0503 --occupied 0506,0503: both lists count (the first one used
 * to be dropped silently).  0502 -> 0504 passes through 0503 only (the target
 * is up slope, case B, and its slope never blocks), so it is blocked (11.42)
 * only if the first list was kept; the JSON lists both hexes, each once. */
static void
test_occupied_repeated (void)
{
  g_autofree char *file = data_file ("los", "staircase-current.redoubt");
  const char *argv[] = { "los", file, "0502", "0504", "--ignore-units", "--occupied", "0503",
                         "--occupied", "0506,0503", "--json", NULL };
  const char *neither[] = { "los", file, "0502", "0504", "--ignore-units", "--occupied", "0506", NULL };
  g_auto(Run) run = { 0 };
  g_auto(Run) clear = { 0 };

  run_cli (argv, &run);
  g_assert_cmpint (run.status, ==, 3);
  g_assert_nonnull (strstr (run.out, "\"occupied\" : [\n      \"0503\",\n      \"0506\"\n    ]"));
  run_cli (neither, &clear);
  g_assert_cmpint (clear.status, ==, 0);
}

static void
test_fan_range (void)
{
  g_autofree char *file = data_file ("los", "staircase-current.redoubt");
  const char *bad[] = { "-1", "-5", "x", "1.5", "", "3x", "99999999999" };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      const char *argv[] = { "los-fan", file, "0502", "--range", bad[i], NULL };
      g_auto(Run) run = { 0 };

      run_cli (argv, &run);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "--range"));
      g_assert_cmpstr (run.out, ==, "");
    }
  {
    const char *argv[] = { "los-fan", file, "0502", "--range", "0", "--json", NULL };
    g_auto(Run) run = { 0 };

    run_cli (argv, &run);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "\"range\" : 0"));
  }
}

static char *
brandywine (void)
{
  return g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios", "brandywine.redoubt", NULL);
}

/* Rulings speak names (issue 12): the LOS report names Proctor's battery in
 * its firing hex, the JSON keeps the id and adds the names; zoc names the side
 * and its units. */
static void
test_names (void)
{
  g_autofree char *file = brandywine ();
  const char *los[] = { "los", file, "1127", "0928", NULL };
  const char *los_json[] = { "los", file, "1127", "0928", "--json", NULL };
  const char *zoc[] = { "zoc", file, "--side", "american", NULL };
  const char *zoc_json[] = { "zoc", file, "--side", "american", "--json", NULL };
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_auto(Run) c = { 0 };
  g_auto(Run) d = { 0 };

  run_cli (los, &a);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_nonnull (strstr (a.out, "hex 1127 (firing hex) [combat units: Proctor Artillery (American)]"));
  g_assert_null (strstr (a.out, "proctor-artillery"));
  run_cli (los_json, &b);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_nonnull (strstr (b.out, "\"id\" : \"proctor-artillery\",\n          \"name\" : \"Proctor Artillery\",\n"
                                   "          \"side\" : \"american\",\n          \"side-name\" : \"American\""));
  run_cli (zoc, &c);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_true (g_str_has_prefix (c.out, "Zone of control of American (8.1):\n"));
  g_assert_nonnull (strstr (c.out, "  Proctor Artillery in 1127: not surrounded (3.1 Surrounded, 8.2)\n"));
  g_assert_null (strstr (c.out, "proctor-artillery"));
  g_assert_null (strstr (c.out, "american"));
  run_cli (zoc_json, &d);
  g_assert_cmpint (d.status, ==, 0);
  g_assert_nonnull (strstr (d.out, "\"side\" : \"american\",\n  \"side-name\" : \"American\""));
  g_assert_nonnull (strstr (d.out, "\"name\" : \"Penn State Foot\""));
}

/* The options of `CMD --help` (GOption lists every option it parses). */
static GPtrArray *
parsed_options (const char *command)
{
  const char *argv[] = { command, "--help", NULL };
  g_auto(Run) run = { 0 };
  g_autoptr(GRegex) regex = g_regex_new ("^\\s+(?:(-\\w), )?(--[a-z][a-z-]*)", G_REGEX_MULTILINE, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  GPtrArray *options = g_ptr_array_new_with_free_func (g_free);
  const char *app;

  run_cli (argv, &run);
  g_assert_cmpint (run.status, ==, 0);
  app = strstr (run.out, "Application Options:");
  if (app == NULL)
    return options;
  g_regex_match (regex, app, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *shrt = g_match_info_fetch (match, 1);
      g_autofree char *lng = g_match_info_fetch (match, 2);

      /* "--output -o": either spelling counts in a usage line. */
      g_ptr_array_add (options, g_strjoin (" ", lng, shrt, NULL));
      g_match_info_next (match, NULL);
    }
  return options;
}

/* `--occupied` must appear as a whole option, not as part of a longer one;
 * `option` is "--long" or "--long -s" (either spelling). */
static gboolean
has_option (const char *text,
            const char *option)
{
  g_auto(GStrv) names = g_strsplit (option, " ", -1);

  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *pattern = g_strdup_printf ("(?<![a-z-])%s(?![a-z-])", names[i]);

      if (names[i][0] && g_regex_match_simple (pattern, text, 0, 0))
        return TRUE;
    }
  return FALSE;
}

/* Every option each command parses is in its usage line (the usage error),
 * in its line of `redoubt-cli --help` and in its section of docs/cli.md. */
static void
test_usage_lists_every_option (void)
{
  static const char *const commands[] = { "validate", "info", "format", "los", "los-fan", "zoc",
                                          "render", "moves", "retreats", "import-vassal", "play" };
  const char *help_argv[] = { "--help", NULL };
  g_auto(Run) help = { 0 };
  g_autofree char *doc_path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "docs", "cli.md", NULL);
  g_autofree char *doc = NULL;
  g_auto(GStrv) help_lines = NULL;

  g_assert_true (g_file_get_contents (doc_path, &doc, NULL, NULL));
  run_cli (help_argv, &help);
  g_assert_cmpint (help.status, ==, 0);
  help_lines = g_strsplit (help.out, "\n", -1);
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_autoptr(GPtrArray) options = parsed_options (commands[c]);
      g_autofree char *prefix = g_strdup_printf ("redoubt-cli %s ", commands[c]);
      g_autofree char *heading = g_strdup_printf ("\n## %s\n", commands[c]);
      const char *help_line = NULL;
      const char *section, *end;
      g_autofree char *section_text = NULL;
      const char *usage_argv[] = { commands[c], "--no-such-option", NULL };
      g_auto(Run) usage = { 0 };

      g_assert_cmpuint (options->len, >, 0);
      for (guint i = 0; help_lines[i]; i++)
        if (g_str_has_prefix (g_strstrip (help_lines[i]), prefix))
          help_line = help_lines[i];
      g_assert_nonnull (help_line);
      run_cli (usage_argv, &usage);
      g_assert_cmpint (usage.status, ==, 2);
      g_assert_nonnull (strstr (usage.err, prefix));
      section = strstr (doc, heading);
      if (section == NULL)
        g_error ("docs/cli.md has no section “## %s”", commands[c]);
      end = strstr (section + strlen (heading), "\n## ");
      section_text = end ? g_strndup (section, end - section) : g_strdup (section);
      for (guint i = 0; i < options->len; i++)
        {
          const char *option = g_ptr_array_index (options, i);

          if (g_str_has_prefix (option, "--help"))
            continue;
          if (!has_option (help_line, option))
            g_error ("redoubt-cli --help: the line of %s lacks %s: %s", commands[c], option, help_line);
          if (!has_option (usage.err, option))
            g_error ("the usage error of %s lacks %s: %s", commands[c], option, usage.err);
          if (!has_option (section_text, option))
            g_error ("docs/cli.md, section %s, lacks %s", commands[c], option);
        }
    }
}

/* `redoubt-cli --help` lists every command cleanly: exit 0, nothing on
 * stderr (import-vassal and play used to run with no arguments and print
 * their usage errors there), and each command's summary line is followed by
 * its usage line "redoubt-cli NAME ...". */
static void
test_help_every_command_clean (void)
{
  const char *help_argv[] = { "--help", NULL };
  g_auto(Run) help = { 0 };
  g_auto(GStrv) lines = NULL;
  guint n_commands = 0;

  run_cli (help_argv, &help);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_cmpstr (help.err, ==, "");
  lines = g_strsplit (help.out, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *prefix = NULL;
      const char *end;

      /* A command line: two spaces, the name, then its summary. */
      if (!g_str_has_prefix (lines[i], "  ") || lines[i][2] == ' ')
        continue;
      end = strchr (lines[i] + 2, ' ');
      g_assert_nonnull (end);
      name = g_strndup (lines[i] + 2, end - (lines[i] + 2));
      prefix = g_strdup_printf ("redoubt-cli %s", name);
      n_commands++;
      g_assert_nonnull (lines[i + 1]);
      if (!g_str_has_prefix (g_strchug (lines[i + 1]), prefix))
        g_error ("redoubt-cli --help: %s has no usage line: “%s”", name, lines[i + 1]);
    }
  g_assert_cmpuint (n_commands, >=, 16);
  g_assert_nonnull (strstr (help.out, "redoubt-cli import-vassal MODULE.vmod -o OUT.redoubt [--board NAME] [--json]\n"));
  g_assert_nonnull (strstr (help.out, "redoubt-cli play SCENARIO | --replay GAME [--seed N]"));
}

/* Issue 16: a ruling does not print the file's warnings (149 provisional
 * values of Brandywine, most from its shared volume) unless --verbose asks;
 * `validate` lists them. */
static void
test_warnings_only_verbose (void)
{
  g_autofree char *file = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                            "brandywine.redoubt", NULL);
  const char *quiet[] = { "los", file, "1127", "0928", NULL };
  const char *verbose[] = { "los", file, "1127", "0928", "--verbose", NULL };
  const char *validate[] = { "validate", file, NULL };
  g_auto(Run) a = { 0, };
  g_auto(Run) b = { 0, };
  g_auto(Run) c = { 0, };

  run_cli (quiet, &a);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpstr (a.err, ==, "");
  run_cli (verbose, &b);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_cmpstr (b.out, ==, a.out);
  g_assert_nonnull (strstr (b.err, "has provisional values"));
  run_cli (validate, &c);
  g_assert_nonnull (strstr (c.out, "has provisional values") ? c.out : c.err);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (referee_cases); i++)
    {
      g_autofree char *refuse = g_strdup_printf ("/cli/referee/%s/invalid-file-refused", referee_cases[i].name);
      g_autofree char *force = g_strdup_printf ("/cli/referee/%s/force-warns-then-answers", referee_cases[i].name);

      g_test_add_data_func (refuse, &referee_cases[i], test_refuses);
      g_test_add_data_func (force, &referee_cases[i], test_force);
    }
  g_test_add_func ("/cli/referee/render/no-overlay-draws-invalid-map", test_render_without_overlay);
  g_test_add_func ("/cli/los/occupied-repeated-lists-merge", test_occupied_repeated);
  g_test_add_func ("/cli/los-fan/range-whole-number-from-0", test_fan_range);
  g_test_add_func ("/cli/usage/every-option-listed", test_usage_lists_every_option);
  g_test_add_func ("/cli/usage/help-lists-every-command-cleanly", test_help_every_command_clean);
  g_test_add_func ("/cli/rulings/names-not-ids", test_names);
  g_test_add_func ("/cli/rulings/issue-16/warnings-only-with-verbose", test_warnings_only_verbose);

  return g_test_run ();
}
