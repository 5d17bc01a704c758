#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

/* `redoubt-cli fire` (issue 14): the analysis of the rules core printed
 * without rolling, its exit codes, its JSON (docs/fire-json.md) and a saved
 * game's position and facts (--game). */

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
fire_file (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "fire", "fire.redoubt", NULL);
}

static JsonObject *
first_analysis (JsonParser *parser,
                const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonObject *root;
  JsonArray *analyses;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  analyses = json_object_get_array_member (root, "analyses");
  g_assert_cmpuint (json_array_get_length (analyses), >=, 1);
  return json_array_get_object_element (analyses, 0);
}

/* The 10.3 example, by hexes: two rifle units combined, First Fire +1, To
 * Hit 6: dice 5 to 9 hit; a damage roll of 4 is an R. */
static void
test_example_text_and_json (void)
{
  g_autofree char *file = fire_file ();
  const char *args[] = { "fire", file, "--firers", "0403,0405", "--target", "0404", NULL };
  const char *jargs[] = { "fire", file, "--firers", "0403,0405", "--target", "0404", "--json", NULL };
  g_auto(Run) run = { 0 };
  g_auto(Run) jrun = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *a;
  JsonArray *rolls, *rows;

  run_cli (args, &run);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Rifle Fire (10) at Guards"));
  g_assert_nonnull (strstr (run.out, "[10.5] First Fire bonus"));
  g_assert_nonnull (strstr (run.out, "a die of 5, 6, 7, 8, 9 hits"));
  g_assert_nonnull (strstr (run.out, " 4:R "));
  g_assert_nonnull (strstr (run.out, "Verdict: legal"));

  run_cli (jargs, &jrun);
  g_assert_cmpint (jrun.status, ==, 0);
  a = first_analysis (parser, jrun.out);
  g_assert_cmpstr (json_object_get_string_member (a, "verdict"), ==, "legal");
  g_assert_cmpint (json_object_get_int_member (a, "sp"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (a, "to-hit"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (a, "drm"), ==, 1);
  g_assert_true (json_object_get_boolean_member (a, "provisional"));
  rolls = json_object_get_array_member (a, "to-hit-rolls");
  g_assert_cmpuint (json_array_get_length (rolls), ==, 10);
  g_assert_true (json_object_get_boolean_member (json_array_get_object_element (rolls, 5), "hit"));
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (rolls, 4), "hit"));
  rows = json_object_get_array_member (json_object_get_object_member (a, "damage"), "rows");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (rows, 4), "result"), ==, "R");
}

/* Exit 3: 11.2 beyond range; exit 4: 10.7 open flank not told; --open-flank
 * decides it. */
static void
test_exit_codes (void)
{
  g_autofree char *file = fire_file ();
  const char *far[] = { "fire", file, "--firers", "0201", "--target", "0404", NULL };
  const char *untold[] = { "fire", file, "--firers", "jaegers", "--target", "scout", NULL };
  const char *told[] = { "fire", file, "--firers", "jaegers", "--target", "scout", "--open-flank", "yes", NULL };
  const char *both[] = { "fire", file, "--firers", "0202,0403", "--target", "0404", NULL };
  g_auto(Run) r1 = { 0 };
  g_auto(Run) r2 = { 0 };
  g_auto(Run) r3 = { 0 };
  g_auto(Run) r4 = { 0 };

  run_cli (far, &r1);
  g_assert_cmpint (r1.status, ==, 3);
  g_assert_nonnull (strstr (r1.out, "refused (11.2"));
  run_cli (untold, &r2);
  g_assert_cmpint (r2.status, ==, 4);
  g_assert_nonnull (strstr (r2.out, "not decided (10.7"));
  run_cli (told, &r3);
  g_assert_cmpint (r3.status, ==, 0);
  g_assert_nonnull (strstr (r3.out, "2 roll(s)"));
  /* Artillery and rifle units among the firers: --kind is needed. */
  run_cli (both, &r4);
  g_assert_cmpint (r4.status, ==, 2);
  g_assert_nonnull (strstr (r4.err, "--kind"));
}

/* --game: a saved game's facts: the unit that fired this phase may not fire
 * again (10.1) and its first fire is spent (10.5). */
static void
test_game (void)
{
  g_autofree char *file = fire_file ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-cli-fire-XXXXXX", &error);
  g_autofree char *script = g_build_filename (dir, "script.txt", NULL);
  g_autofree char *game = g_build_filename (dir, "game.xml", NULL);
  const char *play[] = { "play", file, "--seed", "3", "--script", script, "--save", game, NULL };
  const char *again[] = { "fire", file, "--game", game, "--firers", "rifle-a", "--target", "guards", NULL };
  const char *other[] = { "fire", file, "--game", game, "--firers", "rifle-b", "--target", "guards", "--json", NULL };
  g_auto(Run) r1 = { 0 };
  g_auto(Run) r2 = { 0 };
  g_auto(Run) r3 = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *a, *reason;

  g_assert_no_error (error);
  /* The Americans' Rifle A fires (and misses) in the British player turn's
   * Rifle Fire phase. */
  g_assert_true (g_file_set_contents (script,
                                      "deploy-all\nnext-phase\nnext-phase\nnext-phase\nnext-phase\nnext-phase\n"
                                      "roll 0\nfire rifle-a guards\n", -1, &error));
  run_cli (play, &r1);
  g_assert_cmpint (r1.status, ==, 0);
  run_cli (again, &r2);
  g_assert_cmpint (r2.status, ==, 3);
  g_assert_nonnull (strstr (r2.out, "[10.1] refused"));
  run_cli (other, &r3);
  a = first_analysis (parser, r3.out);
  /* 10.2: the Guards were fired at this phase. */
  g_assert_cmpstr (json_object_get_string_member (a, "verdict"), ==, "refused");
  reason = json_object_get_object_member (a, "reason");
  g_assert_cmpstr (json_object_get_string_member (reason, "rule"), ==, "10.2");
  g_remove (script);
  g_remove (game);
  g_rmdir (dir);
}

/* `redoubt-cli play --auto` on a scenario with fire: the saved game holds
 * fire actions and `--replay` reaches the same state digest. */
static void
test_auto_replay (void)
{
  g_autofree char *file = fire_file ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-cli-fire-XXXXXX", &error);
  g_autofree char *game = g_build_filename (dir, "auto.xml", NULL);
  const char *play[] = { "play", file, "--seed", "11", "--auto", "300", "--save", game, NULL };
  const char *replay[] = { "play", "--replay", game, NULL };
  g_auto(Run) r1 = { 0 };
  g_auto(Run) r2 = { 0 };
  g_autofree char *saved = NULL;
  const char *d1, *d2;

  g_assert_no_error (error);
  run_cli (play, &r1);
  g_assert_cmpint (r1.status, ==, 0);
  g_assert_true (g_file_get_contents (game, &saved, NULL, &error));
  g_assert_nonnull (strstr (saved, "<action>fire "));
  run_cli (replay, &r2);
  g_assert_cmpint (r2.status, ==, 0);
  d1 = strstr (r1.out, "State digest: ");
  d2 = strstr (r2.out, "State digest: ");
  g_assert_nonnull (d1);
  g_assert_nonnull (d2);
  g_assert_cmpint (strncmp (d1, d2, 14 + 64), ==, 0);
  g_remove (game);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/fire/10.3/example-text-and-json", test_example_text_and_json);
  g_test_add_func ("/cli/fire/exit-codes-11.2-refused-10.7-undecided", test_exit_codes);
  g_test_add_func ("/cli/fire/game/10.1-10.2-fired-this-phase", test_game);
  g_test_add_func ("/cli/fire/play-auto-with-fire-replays", test_auto_replay);
  return g_test_run ();
}
