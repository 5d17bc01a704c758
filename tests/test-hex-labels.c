/* test-hex-labels.c: display label formats (issue 17: a VASSAL module's label
 * text, letters, separators, descending numbers) in the core grid layer, the
 * scenario file (<grid><labels>), the board the CLI reads hexes with, and the
 * render map the editor draws and reports labels from. */
#include "config.h"

#include <string.h>

#include "redoubt-core.h"
#include "redoubt-render.h"

static RdtHexGrid *
grid_new (int columns, int rows, int first_column, int first_row)
{
  RdtGridSettings s = { 0 };
  g_autoptr(GError) error = NULL;
  RdtHexGrid *grid;

  s.columns = columns;
  s.rows = rows;
  s.first_column = first_column;
  s.first_row = first_row;
  s.orientation = RDT_GRID_FLAT_TOP;
  s.shift = RDT_GRID_SHIFT_ODD;
  grid = rdt_hex_grid_new (&s, &error);
  g_assert_no_error (error);
  return grid;
}

static char *
print (const RdtHexLabelFormat *f, const RdtHexGrid *grid, int col, int row)
{
  return rdt_hex_label_format_print (f, grid, (RdtHex) { col, row });
}

static void
test_print (void)
{
  RdtHexGrid *grid = grid_new (30, 12, 0, 1);
  RdtHexLabelFormat f = { 0 };
  char *s;

  /* No format: the plain XXYY label. */
  s = print (NULL, grid, 5, 7);
  g_assert_cmpstr (s, ==, "0507");
  g_free (s);
  s = print (&f, grid, 5, 7);
  g_assert_cmpstr (s, ==, "0507");
  g_free (s);

  /* Letters A = 0 ... Z = 25, AA = 26, BB = 27 (VASSAL's), a separator. */
  f.present = TRUE;
  f.column.letters = TRUE;
  f.row.digits = 2;
  g_strlcpy (f.separator, "-", sizeof f.separator);
  s = print (&f, grid, 0, 7);
  g_assert_cmpstr (s, ==, "A-07");
  g_free (s);
  s = print (&f, grid, 25, 7);
  g_assert_cmpstr (s, ==, "Z-07");
  g_free (s);
  s = print (&f, grid, 26, 10);
  g_assert_cmpstr (s, ==, "AA-10");
  g_free (s);
  s = print (&f, grid, 27, 1);
  g_assert_cmpstr (s, ==, "BB-01");
  g_free (s);

  /* Row first, descending rows (shown = mirror - row), digits 0 and 3,
   * negative numbers with a minus. */
  f.row_first = TRUE;
  f.column.letters = FALSE;
  f.column.digits = 3;
  f.row.digits = 0;
  f.row.descending = TRUE;
  f.row.mirror = 10;
  f.separator[0] = '\0';
  s = print (&f, grid, 4, 3);
  g_assert_cmpstr (s, ==, "7004");
  g_free (s);
  s = print (&f, grid, 4, 12);
  g_assert_cmpstr (s, ==, "-2004");
  g_free (s);
  rdt_hex_grid_unref (grid);
}

static void
test_parse (void)
{
  RdtHexGrid *grid = grid_new (14, 14, 1, 1);
  RdtHexLabelFormat f = { 0 };
  g_autoptr(GError) error = NULL;
  RdtHex hex = { -1, -1 };

  f.present = TRUE;
  f.column.letters = TRUE;
  f.row.descending = TRUE;
  f.row.mirror = 15;
  f.row.digits = 2;
  g_strlcpy (f.separator, "/", sizeof f.separator);

  /* The display label: column 1 is B, row 3 shows 12. */
  g_assert_true (rdt_hex_label_format_parse (&f, grid, "B/12", &hex, &error));
  g_assert_no_error (error);
  g_assert_cmpint (hex.col, ==, 1);
  g_assert_cmpint (hex.row, ==, 3);
  /* "#XXYY" is always the plain label; plain XXYY when no hex shows that text. */
  g_assert_true (rdt_hex_label_format_parse (&f, grid, "#0103", &hex, &error));
  g_assert_cmpint (hex.col, ==, 1);
  g_assert_cmpint (hex.row, ==, 3);
  g_assert_true (rdt_hex_label_format_parse (&f, grid, "1404", &hex, &error));
  g_assert_cmpint (hex.col, ==, 14);
  g_assert_cmpint (hex.row, ==, 4);
  /* Neither: an error that shows an example of each. */
  g_assert_false (rdt_hex_label_format_parse (&f, grid, "Q/99", &hex, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "B/14"));
  g_clear_error (&error);
  /* Off the map as a display label too (row 15 - 15 = 0 is off a map from 1). */
  g_assert_false (rdt_hex_label_format_parse (&f, grid, "B/15", &hex, &error));
  g_clear_error (&error);

  /* An ambiguous format: digits 0, no separator: "111" is 1|11 and 11|1. */
  memset (&f, 0, sizeof f);
  f.present = TRUE;
  g_assert_false (rdt_hex_label_format_parse (&f, grid, "111", &hex, &error));
  g_assert_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_MALFORMED_LABEL);
  g_assert_nonnull (strstr (error->message, "#XXYY"));
  g_clear_error (&error);
  g_assert_true (rdt_hex_label_format_parse (&f, grid, "12", &hex, &error));
  g_assert_cmpint (hex.col, ==, 1);
  g_assert_cmpint (hex.row, ==, 2);
  rdt_hex_grid_unref (grid);
}

static void
test_check (void)
{
  RdtHexLabelFormat f = { 0 };
  g_autoptr(GError) error = NULL;

  f.present = TRUE;
  g_assert_true (rdt_hex_label_format_check (&f, &error));
  f.column.digits = RDT_HEX_LABEL_DIGITS_MAX + 1;
  g_assert_false (rdt_hex_label_format_check (&f, &error));
  g_clear_error (&error);
  f.column.digits = 2;
  f.row.mirror = RDT_HEX_LABEL_MIRROR_MAX + 1;
  g_assert_false (rdt_hex_label_format_check (&f, &error));
  g_clear_error (&error);
  f.row.mirror = 0;
  g_strlcpy (f.separator, "a\tb", sizeof f.separator);
  g_assert_false (rdt_hex_label_format_check (&f, &error));
  g_clear_error (&error);
  memset (f.separator, 'x', sizeof f.separator);   /* no terminating NUL */
  g_assert_false (rdt_hex_label_format_check (&f, &error));
}

static char *
scenario_path (void)
{
  return g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios", "brandywine.redoubt", NULL);
}

/* A real scenario (Brandywine), whose map holds hexes 0101 to 1210. */
static RdtScenario *
scenario_new (void)
{
  g_autofree char *path = scenario_path ();
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  RdtScenario *scenario = rdt_scenario_load_from_file (path, diagnostics, &error);

  g_assert_no_error (error);
  g_assert_true (rdt_hex_grid_contains (rdt_scenario_get_grid (scenario), (RdtHex) { 1, 1 }));
  g_assert_true (rdt_hex_grid_contains (rdt_scenario_get_grid (scenario), (RdtHex) { 12, 10 }));
  g_assert_null (rdt_scenario_get_hex_labels (scenario));
  return scenario;
}

static RdtScenario *
reload (RdtScenario *scenario, char **out_text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = rdt_scenario_to_bytes (scenario, &error);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  RdtScenario *back;

  g_assert_no_error (error);
  *out_text = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  {
    g_autofree char *path = scenario_path ();
    back = rdt_scenario_load_from_bytes (bytes, path, diagnostics, &error);
  }
  g_assert_no_error (error);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autofree char *s = rdt_diagnostic_to_string (d);
      if (d->severity == RDT_SEVERITY_ERROR)
        g_error ("%s", s);
    }
  return back;
}

static void
test_file_round_trip (void)
{
  g_autoptr(RdtScenario) scenario = scenario_new ();
  g_autoptr(RdtScenario) back = NULL;
  g_autoptr(RdtScenario) plain = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;
  g_autofree char *shown = NULL;
  RdtHexLabelFormat f = { 0 };
  g_autoptr(GError) error = NULL;

  f.present = TRUE;
  f.row_first = TRUE;
  f.row.letters = TRUE;
  f.column.digits = 1;
  f.column.descending = TRUE;
  f.column.mirror = 13;
  g_strlcpy (f.separator, "·", sizeof f.separator);
  g_assert_true (rdt_scenario_set_hex_labels (scenario, &f, &error));
  g_assert_no_error (error);
  back = reload (scenario, &text);
  g_assert_nonnull (strstr (text, "<labels order=\"row-column\" separator=\"·\" column-style=\"digits\" "
                                  "column-digits=\"1\" column-mirror=\"13\" row-style=\"letters\"/>"));
  g_assert_nonnull (rdt_scenario_get_hex_labels (back));
  g_assert_true (rdt_hex_label_format_equal (rdt_scenario_get_hex_labels (back), &f));
  shown = rdt_scenario_dup_hex_label (back, (RdtHex) { 1, 2 });
  g_assert_cmpstr (shown, ==, "C·12");
  /* Hex attributes in the file stay plain XXYY whatever the display. */
  g_assert_null (strstr (text, "C·12\""));

  /* Removing the format writes the plain empty <grid/>. */
  g_assert_true (rdt_scenario_set_hex_labels (scenario, NULL, &error));
  plain = reload (scenario, &text2);
  g_assert_null (strstr (text2, "<labels"));
  g_assert_null (rdt_scenario_get_hex_labels (plain));
}

static void
test_file_bad_labels (void)
{
  g_autoptr(RdtScenario) scenario = scenario_new ();
  g_autofree char *text = NULL;
  g_autoptr(RdtScenario) ok = NULL;
  RdtHexLabelFormat f = { 0 };
  g_auto(GStrv) parts = NULL;
  g_autofree char *bad = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) loaded = NULL;
  gboolean found = FALSE;

  f.present = TRUE;
  f.column.digits = 2;
  f.row.digits = 2;
  g_assert_true (rdt_scenario_set_hex_labels (scenario, &f, NULL));
  ok = reload (scenario, &text);
  /* column-digits="9": the schema allows 0 to 6; the loader names the element. */
  parts = g_strsplit (text, "column-digits=\"2\"", 2);
  g_assert_cmpuint (g_strv_length (parts), ==, 2);
  bad = g_strjoinv ("column-digits=\"9\"", parts);
  bytes = g_bytes_new (bad, strlen (bad));
  {
    g_autofree char *path = scenario_path ();
    loaded = rdt_scenario_load_from_bytes (bytes, path, diagnostics, &error);
  }
  for (guint i = 0; i < diagnostics->len; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      g_autofree char *s = rdt_diagnostic_to_string (d);
      g_test_message ("%s", s);
      if (d->severity == RDT_SEVERITY_ERROR && strstr (s, "column-digits") != NULL)
        found = TRUE;
    }
  g_assert_true (found);
}

static void
test_board_and_render_map (void)
{
  g_autoptr(RdtScenario) scenario = scenario_new ();
  g_autoptr(RdtBoard) board = NULL;
  g_autoptr(RdtRenderMap) map = NULL;
  g_autofree char *shown = NULL;
  RdtHexLabelFormat f = { 0 };
  g_autoptr(GError) error = NULL;
  RdtHex hex = { -1, -1 };

  f.present = TRUE;
  f.column.letters = TRUE;
  f.row.digits = 2;
  g_strlcpy (f.separator, "-", sizeof f.separator);
  g_assert_true (rdt_scenario_set_hex_labels (scenario, &f, NULL));

  /* The CLI reads hexes through the board: display labels accepted. */
  board = rdt_board_new_from_scenario (scenario, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rdt_board_get_hex_labels (board));
  g_assert_true (rdt_hex_label_format_parse (rdt_board_get_hex_labels (board), rdt_board_get_grid (board),
                                             "D-05", &hex, &error));
  g_assert_cmpint (hex.col, ==, 3);
  g_assert_cmpint (hex.row, ==, 5);

  /* The editor's status line and map labels come from the render map. */
  map = rdt_render_map_new_from_scenario (scenario);
  shown = rdt_render_map_dup_hex_label (map, (RdtHex) { 3, 5 });
  g_assert_cmpstr (shown, ==, "D-05");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hex-labels/print", test_print);
  g_test_add_func ("/hex-labels/parse", test_parse);
  g_test_add_func ("/hex-labels/check", test_check);
  g_test_add_func ("/hex-labels/file/round-trip", test_file_round_trip);
  g_test_add_func ("/hex-labels/file/bad-labels", test_file_bad_labels);
  g_test_add_func ("/hex-labels/board-and-render-map", test_board_and_render_map);
  return g_test_run ();
}
