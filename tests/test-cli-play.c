/* test-cli-play.c: `redoubt-cli play` (docs/play.md): scripts, bad script
 * lines, --auto, --save and --replay, --json. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>

#define HOWE "scenarios/brandywine-howes-flank-attack.redoubt"

static int
run (const char *const *args,
     char              **out,
     char              **err)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *ignored_out = NULL;
  g_autofree char *ignored_err = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out ? out : &ignored_out, err ? err : &ignored_err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static char *
source (const char *relative)
{
  return g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), relative, NULL);
}

static char *
temp_file (const char *dir,
           const char *name,
           const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GError) error = NULL;

  if (text != NULL)
    {
      g_file_set_contents (path, text, -1, &error);
      g_assert_no_error (error);
    }
  return path;
}

static JsonObject *
parse (JsonParser *parser,
       const char *text)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_script_json (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-cli-play-XXXXXX", &error);
  g_autofree char *scenario = source (HOWE);
  g_autofree char *script = temp_file (dir, "turn.txt",
                                       "# Howe's Flank Attack, turn 6\n"
                                       "deploy-all\n"
                                       "next-phase\n"
                                       "next-phase\n"
                                       "move ewald-dragoons 1804\n"
                                       "move chasseurs 1802\n"
                                       "undo\n"
                                       "\n");
  g_autofree char *save = temp_file (dir, "game.xml", NULL);
  g_autofree char *out = NULL, *out2 = NULL;
  g_autoptr(JsonParser) p1 = json_parser_new ();
  g_autoptr(JsonParser) p2 = json_parser_new ();
  JsonObject *o1, *o2;
  JsonArray *units, *actions;
  gboolean found = FALSE;

  g_assert_cmpint (run ((const char *[]) { "play", scenario, "--seed", "12", "--script", script,
                                            "--save", save, "--json", NULL }, &out, NULL), ==, 0);
  o1 = parse (p1, out);
  g_assert_cmpstr (json_object_get_string_member (o1, "format"), ==, "redoubt-play");
  g_assert_cmpint (json_object_get_int_member (o1, "turn"), ==, 6);
  g_assert_cmpstr (json_object_get_string_member (o1, "phase"), ==, "movement");
  g_assert_cmpstr (json_object_get_string_member (o1, "phasing-player"), ==, "british");
  g_assert_cmpstr (json_object_get_string_member (o1, "seed"), ==, "12");
  units = json_object_get_array_member (o1, "units");
  for (guint i = 0; i < json_array_get_length (units); i++)
    {
      JsonObject *u = json_array_get_object_element (units, i);

      if (g_str_equal (json_object_get_string_member (u, "id"), "ewald-dragoons"))
        {
          g_assert_cmpstr (json_object_get_string_member (u, "hex"), ==, "1804");
          g_assert_true (json_object_get_boolean_member (u, "moved"));
          found = TRUE;
        }
      if (g_str_equal (json_object_get_string_member (u, "id"), "chasseurs"))
        g_assert_cmpstr (json_object_get_string_member (u, "hex"), ==, "1801");
    }
  g_assert_true (found);
  actions = json_object_get_array_member (json_object_get_object_member (o1, "log"), "actions");
  g_assert_cmpuint (json_array_get_length (actions), ==, 4);

  /* --replay rebuilds the same state from the saved log. */
  g_assert_cmpint (run ((const char *[]) { "play", "--replay", save, "--json", NULL }, &out2, NULL), ==, 0);
  o2 = parse (p2, out2);
  g_assert_cmpstr (json_object_get_string_member (o1, "digest"), ==,
                   json_object_get_string_member (o2, "digest"));
  g_remove (script);
  g_remove (save);
  g_rmdir (dir);
}

static void
test_bad_script (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-cli-play-XXXXXX", &error);
  g_autofree char *scenario = source (HOWE);
  struct { const char *text; const char *expect; } cases[] = {
    { "deploy-all\nnext-phase\nmove nobody 1804\n", ":3: move nobody 1804: unknown unit" },
    { "deploy-all\nmove ewald-dragoons 1804\n", ":2: move ewald-dragoons 1804: 5:" },
    { "deploy-all\nnext-phase\nnext-phase\nmove ewald-dragoons 1707\n", ":4: move ewald-dragoons 1707: 9.3:" },
    { "roll 12\n", ":1: roll 12: 2.3:" },
    { "volley at will\n", ":1: volley at will: unknown action" },
    { "fire at will\n", ":1: fire at will: 10.1, 11.1: fire only in" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *script = temp_file (dir, "bad.txt", cases[i].text);
      g_autofree char *save = temp_file (dir, "bad-game.xml", NULL);
      g_autofree char *err = NULL, *out = NULL, *good_out = NULL;
      g_autofree char *good_text = g_strdup (cases[i].text);
      g_autofree char *good = NULL;
      g_autoptr(JsonParser) p1 = json_parser_new ();
      g_autoptr(JsonParser) p2 = json_parser_new ();
      char *last_line;

      g_assert_cmpint (run ((const char *[]) { "play", scenario, "--seed", "1", "--script", script,
                                                "--save", save, "--json", NULL },
                            &out, &err), ==, 1);
      if (strstr (err, cases[i].expect) == NULL)
        g_error ("expected “%s” in “%s”", cases[i].expect, err);
      /* Nothing saved. */
      g_assert_false (g_file_test (save, G_FILE_TEST_EXISTS));
      /* The state printed is the one the lines before the refused line
       * leave: the refused line changed nothing (same digest, same log). */
      good_text[strlen (good_text) - 1] = '\0';
      last_line = strrchr (good_text, '\n');
      if (last_line != NULL)
        last_line[1] = '\0';
      else
        good_text[0] = '\0';
      good = temp_file (dir, "good.txt", good_text);
      g_assert_cmpint (run ((const char *[]) { "play", scenario, "--seed", "1", "--script", good,
                                                "--json", NULL }, &good_out, NULL), ==, 0);
      g_assert_cmpstr (json_object_get_string_member (parse (p1, out), "digest"), ==,
                       json_object_get_string_member (parse (p2, good_out), "digest"));
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                          json_object_get_object_member (parse (p1, out), "log"), "actions")), ==,
                        json_array_get_length (json_object_get_array_member (
                          json_object_get_object_member (parse (p2, good_out), "log"), "actions")));
      g_remove (script);
      g_remove (good);
    }
  g_rmdir (dir);
}

/* Random legal games replayed from their saved logs give identical states. */
static void
test_auto_replay (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-cli-play-XXXXXX", &error);
  const char *scenarios[] = { HOWE, "scenarios/germantown.redoubt" };

  for (guint s = 0; s < G_N_ELEMENTS (scenarios); s++)
    {
      g_autofree char *scenario = source (scenarios[s]);
      g_autofree char *save = temp_file (dir, "auto.xml", NULL);
      g_autofree char *out = NULL, *out2 = NULL;
      g_autoptr(JsonParser) p1 = json_parser_new ();
      g_autoptr(JsonParser) p2 = json_parser_new ();
      JsonObject *o1, *o2;

      g_assert_cmpint (run ((const char *[]) { "play", scenario, "--seed", "99", "--auto", "300",
                                                "--save", save, "--json", NULL }, &out, NULL), ==, 0);
      g_assert_cmpint (run ((const char *[]) { "play", "--replay", save, "--json", NULL }, &out2, NULL), ==, 0);
      o1 = parse (p1, out);
      o2 = parse (p2, out2);
      g_assert_cmpint (json_object_get_int_member (o1, "turn"), >, json_object_get_int_member (o1, "first-turn"));
      g_assert_cmpstr (json_object_get_string_member (o1, "digest"), ==,
                       json_object_get_string_member (o2, "digest"));
      g_remove (save);
    }
  g_rmdir (dir);
}

/* docs/play-json.md is the contract: every top-level member its table
 * names, and every member it lists for `units` and `armies` elements, is in
 * the output ("members are only ever added, never renamed or removed"). */
static void
test_json_documented (void)
{
  g_autofree char *scenario = source (HOWE);
  g_autofree char *doc_path = source ("docs/play-json.md");
  g_autofree char *doc = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_auto(GStrv) lines = NULL;
  JsonObject *root;
  guint checked = 0;

  g_assert_true (g_file_get_contents (doc_path, &doc, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (run ((const char *[]) { "play", scenario, "--seed", "5", "--auto", "40", "--json", NULL },
                        &out, NULL), ==, 0);
  root = parse (parser, out);
  lines = g_strsplit (doc, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = NULL;
      g_auto(GStrv) names = NULL;
      const char *brace;

      if (!g_str_has_prefix (lines[i], "| `"))
        continue;
      cells = g_strsplit (lines[i], "|", -1);
      g_assert_cmpuint (g_strv_length (cells), >=, 5);
      names = g_strsplit_set (cells[1], "`, ", -1);
      for (guint n = 0; names[n] != NULL; n++)
        {
          if (names[n][0] == '\0')
            continue;
          if (!json_object_has_member (root, names[n]))
            g_error ("docs/play-json.md documents “%s”, missing from the output", names[n]);
          checked++;
        }
      /* Element members: "{a, b, c}" at the start of the meaning. */
      brace = strchr (cells[3], '{');
      if (brace != NULL && (g_str_equal (g_strstrip (cells[1]), "`units`") ||
                            g_str_equal (cells[1], "`armies`")))
        {
          g_autofree char *inner = g_strndup (brace + 1, strcspn (brace + 1, "}"));
          g_auto(GStrv) members = g_strsplit_set (inner, ", ", -1);
          JsonObject *first;
          JsonArray *array = json_object_get_array_member (root, g_str_equal (cells[1], "`units`") ? "units" : "armies");
          g_assert_cmpuint (json_array_get_length (array), >, 0);
          first = json_array_get_object_element (array, 0);
          for (guint m = 0; members[m] != NULL; m++)
            {
              if (members[m][0] == '\0')
                continue;
              /* (armies: Howe's track has a level, so the DRM members are there) */
              if (!json_object_has_member (first, members[m]))
                g_error ("docs/play-json.md documents %s member “%s”, missing", cells[1], members[m]);
              checked++;
            }
        }
    }
  g_assert_cmpuint (checked, >, 40);
}

static void
test_usage (void)
{
  g_autofree char *scenario = source (HOWE);

  g_assert_cmpint (run ((const char *[]) { "play", NULL }, NULL, NULL), ==, 2);
  g_assert_cmpint (run ((const char *[]) { "play", scenario, "--seed", "x", NULL }, NULL, NULL), ==, 2);
  g_assert_cmpint (run ((const char *[]) { "play", scenario, "--auto", "-1", NULL }, NULL, NULL), ==, 2);
  g_assert_cmpint (run ((const char *[]) { "play", "--replay", "/nonexistent/game.xml", NULL }, NULL, NULL), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/play/script-json-save-replay", test_script_json);
  g_test_add_func ("/cli/play/bad-script-line-numbers-state-unchanged", test_bad_script);
  g_test_add_func ("/cli/play/auto-replay-identical", test_auto_replay);
  g_test_add_func ("/cli/play/json-state-as-documented", test_json_documented);
  g_test_add_func ("/cli/play/usage", test_usage);

  return g_test_run ();
}
