/* test-los-files.c: LOS and ZOC on small maps written in the scenario format
 * (tests/data/los/), through rdt_board_new_from_scenario(), and the
 * `redoubt-cli los`, `los-fan` and `zoc` commands with their JSON
 * (docs/los-json.md). */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/wait.h>

#include "redoubt-core.h"
#include "rdt-scenario-io.h"

#define H(c, r) ((RdtHex) { (c), (r) })

static RdtBoard *
load (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "los", name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr (RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  RdtBoard *board;

  g_assert_no_error (error);
  board = rdt_board_new_from_scenario (scenario, NULL, &error);
  g_assert_no_error (error);
  return board;
}

static int
find_unit (RdtBoard   *board,
           const char *id)
{
  for (guint i = 0; i < rdt_board_get_n_units (board); i++)
    if (g_strcmp0 (rdt_board_get_unit (board, i)->id, id) == 0)
      return (int) i;
  g_assert_not_reached ();
  return -1;
}

static void
test_file_artillery_example (void)
{
  g_autoptr (RdtBoard) board = load ("artillery-example.redoubt");
  RdtLos *los = rdt_los_new (board);
  g_autoptr (GArray) targets = NULL;
  RdtBoardSide side;
  RdtLosReport r;

  /* The data: light forest blocks LOS (11.42), the slope/creek hexside is a
   * slope (11.41), the gun is artillery. */
  g_assert_true (rdt_board_get_hex_flags (board, H (5, 4)) & RDT_BOARD_HEX_BLOCKS_LOS);
  g_assert_true (rdt_board_get_side (board, H (7, 3), H (7, 4), &side));
  g_assert_true (side.flags & RDT_BOARD_SIDE_SLOPE);
  g_assert_true (side.flags & RDT_BOARD_SIDE_WATER);
  g_assert_cmpint (side.slope_high.row, ==, 3);
  g_assert_true (rdt_board_get_unit (board, find_unit (board, "gun"))->flags & RDT_BOARD_UNIT_ARTILLERY);

  rdt_los_report_init (&r);
  /* B, S, U and seen, as in test-los.c's programmatic map. */
  g_assert_cmpint (rdt_los_check (los, H (5, 5), H (5, 2), &r), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (rdt_los_check (los, H (5, 5), H (5, 8), &r), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (rdt_los_check (los, H (5, 5), H (8, 4), &r), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (rdt_los_check (los, H (5, 5), H (5, 7), &r), ==, RDT_LOS_CLEAR);
  g_assert_cmpint (rdt_los_check (los, H (5, 5), H (2, 5), &r), ==, RDT_LOS_CLEAR);
  rdt_los_report_clear (&r);

  targets = rdt_los_artillery_targets (los, find_unit (board, "gun"));
  g_assert_cmpuint (targets->len, ==, 3);
  g_assert_cmpuint (g_array_index (targets, RdtLosTarget, 0).unit, ==, (guint) find_unit (board, "blocker"));
  g_assert_cmpuint (g_array_index (targets, RdtLosTarget, 1).unit, ==, (guint) find_unit (board, "seen"));
  g_assert_cmpuint (g_array_index (targets, RdtLosTarget, 2).unit, ==, (guint) find_unit (board, "far"));
  rdt_los_free (los);
}

static void
test_file_staircase_editions (void)
{
  g_autoptr (RdtBoard) current = load ("staircase-current.redoubt");
  g_autoptr (RdtBoard) older = load ("staircase-older.redoubt");
  RdtLos *a = rdt_los_new (current), *b = rdt_los_new (older);

  /* 11.43 B is chosen by the volume data, not by the volume's name. */
  g_assert_cmpint (rdt_board_get_los_edition (current), ==, RDT_LOS_EDITION_CURRENT);
  g_assert_cmpint (rdt_board_get_los_edition (older), ==, RDT_LOS_EDITION_OLDER);
  g_assert_true (rdt_board_get_surrounded_counts_prohibited (older));
  g_assert_false (rdt_board_get_surrounded_counts_prohibited (current));
  g_assert_cmpint (rdt_los_check (a, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_BLOCKED);
  g_assert_cmpint (rdt_los_check (b, H (5, 2), H (5, 5), NULL), ==, RDT_LOS_CLEAR);
  rdt_los_free (a);
  rdt_los_free (b);
}

static void
test_file_zoc (void)
{
  g_autoptr (RdtBoard) board = load ("zoc.redoubt");
  int in_works = find_unit (board, "in-works");
  int outside = find_unit (board, "outside");
  int rifles = find_unit (board, "riflemen");
  RdtZocMap *map;

  /* 8.1 Exception: not into light forest (terrain zoc="false"). */
  g_assert_cmpint (rdt_zoc_unit_into (board, in_works, H (5, 4)), ==, RDT_ZOC_REASON_INTO_TERRAIN);
  /* Out of, not into, fieldworks. */
  g_assert_cmpint (rdt_zoc_unit_into (board, in_works, H (5, 6)), ==, RDT_ZOC_REASON_EXERTS_OUT_OF_FIELDWORKS);
  g_assert_cmpint (rdt_zoc_unit_into (board, outside, H (5, 5)), ==, RDT_ZOC_REASON_INTO_FIELDWORKS);
  /* 8.1 Note: across ford and creek. */
  g_assert_cmpint (rdt_zoc_unit_into (board, in_works, H (6, 5)), ==, RDT_ZOC_REASON_EXERTS_ACROSS_WATER);
  g_assert_cmpint (rdt_zoc_unit_into (board, in_works, H (4, 5)), ==, RDT_ZOC_REASON_EXERTS_ACROSS_WATER);
  /* Brandywine 3.8: the Meeting House. */
  g_assert_cmpint (rdt_zoc_unit_into (board, rifles, H (3, 6)), ==, RDT_ZOC_REASON_INTO_TERRAIN);
  /* 8.31 from the counter's rifle mark. */
  map = rdt_zoc_map_new (board, 1);
  g_assert_true (rdt_zoc_map_get_rifle (map, H (2, 5)));
  g_assert_false (rdt_zoc_map_get_rifle (map, H (5, 7)));
  g_assert_cmpuint (rdt_zoc_map_get_count (map, H (5, 7)), ==, 1);
  rdt_zoc_map_free (map);
  /* Swamp is prohibited to every combat unit kind. */
  g_assert_true (rdt_board_get_hex_flags (board, H (8, 6)) & RDT_BOARD_HEX_PROHIBITED);
  g_assert_true (rdt_board_get_hex_flags (board, H (8, 6)) & RDT_BOARD_HEX_NO_ZOC_INTO);
}

static void
test_file_surrounded (void)
{
  g_autoptr (RdtBoard) surrounded = load ("rules/zoc-surrounded.redoubt");
  g_autoptr (RdtBoard) negated = load ("rules/zoc-negated.redoubt");
  RdtZocSurrounded detail;
  int disrupted_enemy = find_unit (negated, "u5");

  /* 3.1 Surrounded: "When enemy units or their ZOC occupy all six hexes
   * adjacent to a unit." */
  g_assert_true (rdt_zoc_is_surrounded (surrounded, H (5, 5), 0, &detail));
  /* 8.2: a (disrupted) friendly combat unit in 0506 negates the enemy ZOC. */
  g_assert_false (rdt_zoc_is_surrounded (negated, H (5, 5), 0, &detail));
  g_assert_cmpint (detail.what[3], ==, RDT_ZOC_ADJ_NEGATED);
  /* 8.1: "A unit loses its ZOC while it is disrupted" (status from the file). */
  g_assert_cmpint (rdt_board_get_unit (negated, disrupted_enemy)->state, ==, RDT_UNIT_STATE_DISRUPTED);
  g_assert_cmpint (rdt_zoc_unit_has_zoc (negated, disrupted_enemy), ==, RDT_ZOC_REASON_NOT_PARADE_ORDER);
  g_assert_cmpint (rdt_zoc_unit_into (negated, disrupted_enemy, H (9, 8)), ==, RDT_ZOC_REASON_NOT_PARADE_ORDER);
}

/* ---- The command line ----------------------------------------------------- */

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "los", name, NULL);
}

static int
run_cli (const char *const *args,
         char              **out,
         char              **err)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out, err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static JsonObject *
parse_object (const char *text,
              JsonParser *parser)
{
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_get_object (json_parser_get_root (parser));
}

static gboolean
have_cli (void)
{
  if (g_getenv ("REDOUBT_CLI") != NULL)
    return TRUE;
  g_test_skip ("REDOUBT_CLI is not set: run through meson test");
  return FALSE;
}

static void
test_cli_los (void)
{
  g_autofree char *file = data_path ("artillery-example.redoubt");
  g_autoptr (JsonParser) parser = json_parser_new ();

  if (!have_cli ())
    return;
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "los", file, "0505", "0502", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 3);
    g_assert_nonnull (strstr (out, "BLOCKED"));
    g_assert_nonnull (strstr (out, "11.42"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "los", file, "0505", "0507", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    g_assert_nonnull (strstr (out, "CLEAR"));
  }
  {
    /* --ignore-units lets 0505 see past the unit in 0605... */
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "los", file, "0505", "0804", "--ignore-units", "--json", NULL };
    JsonObject *o;
    JsonArray *steps;
    g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
    o = parse_object (out, parser);
    g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==, "clear");
    g_assert_cmpstr (json_object_get_string_member (o, "from"), ==, "0505");
    g_assert_cmpstr (json_object_get_string_member (o, "case"), ==, "A");
    g_assert_true (json_object_get_boolean_member (json_object_get_object_member (o, "options"), "ignore-units"));
    steps = json_object_get_array_member (o, "steps");
    g_assert_cmpuint (json_array_get_length (steps), >=, 5);
    g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (steps, 0), "kind"), ==, "hex");
  }
  {
    /* ...and --occupied blocks it again. */
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "los", file, "0505", "0804", "--ignore-units", "--occupied", "0704,0101", "--json", NULL };
    JsonObject *o;
    JsonArray *rules;
    g_assert_cmpint (run_cli (args, &out, &err), ==, 3);
    o = parse_object (out, parser);
    g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==, "blocked");
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (json_object_get_object_member (o, "options"), "occupied")), ==, 2);
    rules = json_object_get_array_member (o, "rules");
    g_assert_cmpstr (json_array_get_string_element (rules, 0), ==, "11.43 A");
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "los", file, "0505", "1111", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "redoubt-cli:"));
  }
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "los", "/nonexistent.redoubt", "0505", "0502", NULL };
    g_assert_cmpint (run_cli (args, &out, &err), ==, 1);
  }
}

static void
test_cli_los_fan (void)
{
  g_autofree char *file = data_path ("artillery-example.redoubt");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "los-fan", file, "0505", "--range", "3", "--json", NULL };
  JsonObject *o;
  JsonArray *hexes;
  guint blocked = 0;

  if (!have_cli ())
    return;
  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  o = parse_object (out, parser);
  g_assert_cmpint (json_object_get_int_member (o, "range"), ==, 3);
  hexes = json_object_get_array_member (o, "hexes");
  g_assert_cmpuint (json_array_get_length (hexes), ==, 37);
  for (guint i = 0; i < json_array_get_length (hexes); i++)
    {
      JsonObject *h = json_array_get_object_element (hexes, i);
      if (g_str_equal (json_object_get_string_member (h, "verdict"), "blocked"))
        blocked++;
      if (g_str_equal (json_object_get_string_member (h, "hex"), "0502"))
        {
          g_assert_cmpstr (json_object_get_string_member (h, "verdict"), ==, "blocked");
          g_assert_cmpstr (json_object_get_string_member (h, "reason"), ==, "blocking-hex");
          g_assert_cmpstr (json_object_get_string_member (h, "rule"), ==, "11.42");
        }
    }
  g_assert_cmpuint (blocked, >=, 5);
}

static void
test_cli_zoc (void)
{
  g_autofree char *file = data_path ("zoc.redoubt");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "zoc", file, "--side", "british", "--json", NULL };
  JsonObject *o;
  JsonArray *hexes, *units;
  gboolean saw_0506 = FALSE, saw_0504 = FALSE;

  if (!have_cli ())
    return;
  g_assert_cmpint (run_cli (args, &out, &err), ==, 0);
  o = parse_object (out, parser);
  g_assert_cmpstr (json_object_get_string_member (o, "side"), ==, "british");
  hexes = json_object_get_array_member (o, "hexes");
  for (guint i = 0; i < json_array_get_length (hexes); i++)
    {
      JsonObject *h = json_array_get_object_element (hexes, i);
      const char *label = json_object_get_string_member (h, "hex");
      if (g_str_equal (label, "0506"))
        {
          JsonObject *u = json_array_get_object_element (json_object_get_array_member (h, "units"), 0);
          saw_0506 = TRUE;
          g_assert_cmpstr (json_object_get_string_member (u, "id"), ==, "in-works");
          g_assert_cmpstr (json_object_get_string_member (u, "reason"), ==, "exerts-out-of-fieldworks");
        }
      if (g_str_equal (label, "0504"))
        saw_0504 = TRUE;
    }
  g_assert_true (saw_0506);
  g_assert_false (saw_0504);   /* light forest */
  units = json_object_get_array_member (o, "units");
  g_assert_cmpuint (json_array_get_length (units), ==, 1);
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (units, 0), "surrounded"));

  {
    g_autofree char *o2 = NULL, *e2 = NULL;
    const char *bad[] = { "zoc", file, "--side", "french", NULL };
    g_assert_cmpint (run_cli (bad, &o2, &e2), ==, 1);
  }
}

/* ---- cases.txt ------------------------------------------------------------ */

typedef struct {
  char *file;
  char *from;
  char *to;
  char *verdict;
  char *los_case;
  char *reason;
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;
  g_free (c->file);
  g_free (c->from);
  g_free (c->to);
  g_free (c->verdict);
  g_free (c->los_case);
  g_free (c->reason);
  g_free (c);
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *name = g_strconcat ("rules/", c->file, ".redoubt", NULL);
  g_autoptr (RdtBoard) board = load (name);
  RdtHexGrid *grid = rdt_board_get_grid (board);
  g_autoptr (RdtLos) los = rdt_los_new (board);
  g_auto (RdtLosReport) r = { 0, };
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  RdtHex from, to;
  gboolean found = FALSE;

  rdt_los_report_init (&r);
  rdt_hex_grid_parse_label (grid, c->from, &from, &error);
  g_assert_no_error (error);
  rdt_hex_grid_parse_label (grid, c->to, &to, &error);
  g_assert_no_error (error);
  rdt_los_check (los, from, to, &r);
  text = rdt_los_report_to_text (&r, grid);
  g_test_message ("%s", text);

  g_assert_cmpstr (r.verdict == RDT_LOS_CLEAR ? "clear" : "blocked", ==, c->verdict);
  g_assert_cmpstr (rdt_los_case_get_id (r.los_case), ==, c->los_case);
  g_assert_cmpint (rdt_los_check (los, from, to, NULL), ==, r.verdict);
  if (g_str_equal (rdt_los_reason_get_id (r.reason), c->reason))
    found = TRUE;
  for (guint i = 0; i < rdt_los_report_get_n_steps (&r) && !found; i++)
    {
      const RdtLosStep *s = rdt_los_report_get_step (&r, i);
      if (g_str_equal (rdt_los_reason_get_id (s->reason), c->reason) &&
          (r.verdict == RDT_LOS_CLEAR || s->effect == RDT_LOS_EFFECT_BLOCKS))
        found = TRUE;
    }
  g_assert_true (found);
}

/* Registers one test per line of cases.txt; the cases live until exit. */
static GPtrArray *
add_cases (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "los", "cases.txt", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *cases = g_ptr_array_new_with_free_func (case_free);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) f = NULL;
      g_autofree char *test_path = NULL;
      Case *c;

      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      f = g_regex_split_simple ("\\s+", lines[i], 0, 0);
      g_assert_cmpuint (g_strv_length (f), ==, 7);
      c = g_new0 (Case, 1);
      c->file = g_strdup (f[1]);
      c->from = g_strdup (f[2]);
      c->to = g_strdup (f[3]);
      c->verdict = g_strdup (f[4]);
      c->los_case = g_strdup (f[5]);
      c->reason = g_strdup (f[6]);
      g_ptr_array_add (cases, c);
      test_path = g_strconcat ("/los-files/", f[0], NULL);
      g_test_add_data_func (test_path, c, test_case);
    }
  return cases;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GPtrArray) cases = NULL;

  g_test_init (&argc, &argv, NULL);
  cases = add_cases ();

  g_test_add_func ("/los-files/11.4/artillery-example", test_file_artillery_example);
  g_test_add_func ("/los-files/11.43/case-b/editions-from-volume-data", test_file_staircase_editions);
  g_test_add_func ("/los-files/8.1/zoc-from-volume-data", test_file_zoc);
  g_test_add_func ("/los-files/8.2/surrounded-and-negation", test_file_surrounded);
  g_test_add_func ("/los-files/cli/los", test_cli_los);
  g_test_add_func ("/los-files/cli/los-fan", test_cli_los_fan);
  g_test_add_func ("/los-files/cli/zoc", test_cli_zoc);

  return g_test_run ();
}
