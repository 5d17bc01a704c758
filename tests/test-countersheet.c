/* test-countersheet.c: the countersheet cutter's core (issue 16), headless:
 * the grid (typed or from four clicks), the plan in order-of-battle order,
 * the cut pixels, the files written in "counters/" (atomic, never over an
 * existing file unless told, never through a link), and the one undoable
 * command that sets the units' art. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "rdt-countersheet.h"
#include "rdt-document.h"
#include "rdt-undo-stack.h"
#include "rdt-unit-command.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (cairo_surface_t, cairo_surface_destroy)

/* A synthetic countersheet: @columns x @rows counters of 40 x 30 pixels at a
 * pitch of 50 x 36 from (7, 5); counter (c, r) is filled with the colour
 * (c * 40, r * 40, 200), the gutters are black. */
static cairo_surface_t *
make_sheet (int columns,
            int rows)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 7 + columns * 50 + 10,
                                                         5 + rows * 36 + 10);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < columns; c++)
      {
        cairo_set_source_rgb (cr, c * 40 / 255.0, r * 40 / 255.0, 200 / 255.0);
        cairo_rectangle (cr, 7 + c * 50, 5 + r * 36, 40, 30);
        cairo_fill (cr);
      }
  cairo_destroy (cr);
  return surface;
}

static const RdtCutGrid sheet_grid = { 7, 5, 40, 30, 50, 36, 4, 3 };

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  cairo_surface_flush (surface);
  return ((guint32 *) (cairo_image_surface_get_data (surface) +
                       y * cairo_image_surface_get_stride (surface)))[x] & 0xffffff;
}

static void
test_grid_from_corners (void)
{
  RdtCutGrid grid = { 0, 0, 0, 0, 0, 0, 4, 3 };
  /* First counter clicked bottom-right then top-left; last counter (3, 2). */
  const double a[2] = { 47, 35 }, b[2] = { 7, 5 };
  const double c[2] = { 157, 77 }, d[2] = { 197, 107 };
  const double tiny[2] = { 7.5, 5.2 };
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_cut_grid_from_corners (&grid, a, b, c, d, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (grid.origin_x, 7, 1e-9);
  g_assert_cmpfloat_with_epsilon (grid.origin_y, 5, 1e-9);
  g_assert_cmpfloat_with_epsilon (grid.width, 40, 1e-9);
  g_assert_cmpfloat_with_epsilon (grid.height, 30, 1e-9);
  g_assert_cmpfloat_with_epsilon (grid.pitch_x, 50, 1e-9);
  g_assert_cmpfloat_with_epsilon (grid.pitch_y, 36, 1e-9);
  g_assert_cmpint (grid.columns, ==, 4);
  g_assert_cmpint (grid.rows, ==, 3);

  /* Cells: row by row; a gutter is no cell. */
  g_assert_cmpint (rdt_cut_grid_cell_at (&grid, 8, 6), ==, 0);
  g_assert_cmpint (rdt_cut_grid_cell_at (&grid, 60, 10), ==, 1);
  g_assert_cmpint (rdt_cut_grid_cell_at (&grid, 50, 10), ==, -1);
  g_assert_cmpint (rdt_cut_grid_cell_at (&grid, 160, 80), ==, 11);
  g_assert_cmpint (rdt_cut_grid_cell_at (&grid, 260, 80), ==, -1);
  g_assert_cmpint (rdt_cut_grid_cell_at (&grid, 1, 1), ==, -1);

  /* Two clicks on the same spot are refused, not divided by. */
  g_assert_false (rdt_cut_grid_from_corners (&grid, b, tiny, c, d, &error));
  g_assert_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_INVALID);
}

static void
test_grid_check (void)
{
  g_autoptr(cairo_surface_t) scan = make_sheet (4, 3);
  int w = cairo_image_surface_get_width (scan), h = cairo_image_surface_get_height (scan);
  RdtCutGrid grid = sheet_grid;
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_cut_grid_check (&grid, w, h, &error));
  g_assert_no_error (error);
  /* One column too many: off the scan. */
  grid.columns = 6;
  g_assert_false (rdt_cut_grid_check (&grid, w, h, &error));
  g_assert_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_INVALID);
  g_clear_error (&error);
  /* Overlapping counters. */
  grid = sheet_grid;
  grid.pitch_x = 20;
  g_assert_false (rdt_cut_grid_check (&grid, w, h, &error));
  g_clear_error (&error);
  /* Bounds: a grid never has more than RDT_CUT_MAX_SIDE cells a side. */
  grid = sheet_grid;
  grid.rows = 1000000;
  g_assert_cmpint (rdt_cut_grid_n_cells (&grid), ==, 0);
  g_assert_false (rdt_cut_grid_check (&grid, w, h, &error));
  g_clear_error (&error);
  rdt_cut_grid_clamp (&grid);
  g_assert_cmpint (grid.rows, ==, RDT_CUT_MAX_SIDE);
  grid.width = NAN;
  rdt_cut_grid_clamp (&grid);
  g_assert_cmpfloat (grid.width, ==, 1);
}

static void
test_assign_in_order (void)
{
  const char *ids[] = { "a", "b", "c", "d", "e" };
  RdtCutGrid grid = sheet_grid;   /* 4 x 3 */
  RdtCutSlot slots[12] = { { 0 } };
  guint left;

  left = rdt_countersheet_assign_in_order (slots, &grid, ids, 5, RDT_CUT_ORDER_FRONTS);
  g_assert_cmpuint (left, ==, 0);
  g_assert_cmpstr (slots[0].unit_id, ==, "a");
  g_assert_cmpstr (slots[4].unit_id, ==, "e");
  g_assert_null (slots[5].unit_id);
  g_assert_cmpint (slots[4].face, ==, RDT_CUT_FRONT);

  /* Front and back side by side: two units a row of four. */
  left = rdt_countersheet_assign_in_order (slots, &grid, ids, 5, RDT_CUT_ORDER_PAIRS);
  g_assert_cmpuint (left, ==, 0);
  g_assert_cmpstr (slots[0].unit_id, ==, "a");
  g_assert_cmpint (slots[0].face, ==, RDT_CUT_FRONT);
  g_assert_cmpstr (slots[1].unit_id, ==, "a");
  g_assert_cmpint (slots[1].face, ==, RDT_CUT_BACK);
  g_assert_cmpstr (slots[2].unit_id, ==, "b");
  g_assert_cmpstr (slots[4].unit_id, ==, "c");
  g_assert_cmpstr (slots[9].unit_id, ==, "e");
  g_assert_cmpint (slots[9].face, ==, RDT_CUT_BACK);

  /* A row of fronts over a row of backs: three rows hold one such pair of rows. */
  left = rdt_countersheet_assign_in_order (slots, &grid, ids, 5, RDT_CUT_ORDER_ROW_PAIRS);
  g_assert_cmpuint (left, ==, 1);
  g_assert_cmpstr (slots[3].unit_id, ==, "d");
  g_assert_cmpint (slots[3].face, ==, RDT_CUT_FRONT);
  g_assert_cmpstr (slots[7].unit_id, ==, "d");
  g_assert_cmpint (slots[7].face, ==, RDT_CUT_BACK);
  g_assert_null (slots[8].unit_id);

  left = rdt_countersheet_assign_in_order (slots, &grid, ids, 5, RDT_CUT_ORDER_BACKS);
  g_assert_cmpint (slots[2].face, ==, RDT_CUT_BACK);
  rdt_cut_slots_clear (slots, 12);
}

static void
test_art_ref (void)
{
  g_autofree char *plain = rdt_countersheet_art_ref ("40th-foot", RDT_CUT_FRONT);
  g_autofree char *back = rdt_countersheet_art_ref ("40th-foot", RDT_CUT_BACK);
  g_autofree char *hostile = rdt_countersheet_art_ref ("../../etc/x", RDT_CUT_FRONT);
  g_autofree char *dotted = rdt_countersheet_art_ref (".hidden", RDT_CUT_FRONT);

  g_assert_cmpstr (plain, ==, "counters/40th-foot-front.png");
  g_assert_cmpstr (back, ==, "counters/40th-foot-back.png");
  g_assert_null (strstr (hostile + strlen ("counters/"), "/"));
  g_assert_cmpstr (hostile, ==, "counters/_._.._etc_x-front.png");
  g_assert_cmpstr (dotted, ==, "counters/_hidden-front.png");
}

static void
test_cut_pixels (void)
{
  g_autoptr(cairo_surface_t) scan = make_sheet (4, 3);
  g_autoptr(cairo_surface_t) cell = rdt_countersheet_cut (scan, &sheet_grid, 6);  /* column 2, row 1 */

  g_assert_cmpint (cairo_image_surface_get_width (cell), ==, 40);
  g_assert_cmpint (cairo_image_surface_get_height (cell), ==, 30);
  /* The counter's own colour from corner to corner, no gutter. */
  g_assert_cmphex (pixel_at (cell, 0, 0), ==, (80u << 16) | (40u << 8) | 200u);
  g_assert_cmphex (pixel_at (cell, 39, 29), ==, (80u << 16) | (40u << 8) | 200u);
}

static char *
make_folder (void)
{
  return g_dir_make_tmp ("redoubt-cut-XXXXXX", NULL);
}

static void
remove_tree (const char *dir)
{
  g_autofree char *command = g_strdup_printf ("rm -rf '%s'", dir);

  g_assert_true (g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL));
}

static void
test_write (void)
{
  g_autoptr(cairo_surface_t) scan = make_sheet (4, 3);
  g_autofree char *dir = make_folder ();
  const char *ids[] = { "a", "b" };
  RdtCutSlot slots[12] = { { 0 } };
  g_auto(GStrv) existing = NULL;
  g_autofree char *front_b = g_build_filename (dir, "counters", "b-front.png", NULL);
  g_autofree char *back_b = g_build_filename (dir, "counters", "b-back.png", NULL);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *read;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;

  rdt_countersheet_assign_in_order (slots, &sheet_grid, ids, 2, RDT_CUT_ORDER_PAIRS);
  existing = rdt_countersheet_find_existing (dir, slots, 12);
  g_assert_cmpuint (g_strv_length (existing), ==, 0);
  g_assert_true (rdt_countersheet_write (scan, &sheet_grid, slots, 12, dir, FALSE, &error));
  g_assert_no_error (error);

  /* b's front is cell 2 (column 2, row 0), its back cell 3. */
  read = cairo_image_surface_create_from_png (front_b);
  g_assert_cmpint (cairo_surface_status (read), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (read), ==, 40);
  g_assert_cmphex (pixel_at (read, 20, 15), ==, (80u << 16) | 200u);
  cairo_surface_destroy (read);
  read = cairo_image_surface_create_from_png (back_b);
  g_assert_cmphex (pixel_at (read, 20, 15), ==, (120u << 16) | 200u);
  cairo_surface_destroy (read);

  /* Never over an existing file without being told: nothing is written. */
  g_strfreev (existing);
  existing = rdt_countersheet_find_existing (dir, slots, 12);
  g_assert_cmpuint (g_strv_length (existing), ==, 4);
  g_assert_true (g_file_set_contents (front_b, "keep", -1, NULL));
  g_assert_false (rdt_countersheet_write (scan, &sheet_grid, slots, 12, dir, FALSE, &error));
  g_assert_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (front_b, &before, NULL, NULL));
  g_assert_cmpstr (before, ==, "keep");
  /* Told to: replaced. */
  g_assert_true (rdt_countersheet_write (scan, &sheet_grid, slots, 12, dir, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (front_b, &after, NULL, NULL));
  g_assert_true (memcmp (after, "\x89PNG", 4) == 0);

  /* A link in place of an image is never written through, even when told. */
  g_unlink (back_b);
  g_assert_cmpint (symlink ("/tmp/redoubt-cut-elsewhere.png", back_b), ==, 0);
  g_assert_false (rdt_countersheet_write (scan, &sheet_grid, slots, 12, dir, TRUE, &error));
  g_assert_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_UNSAFE);
  g_clear_error (&error);
  g_assert_false (g_file_test ("/tmp/redoubt-cut-elsewhere.png", G_FILE_TEST_EXISTS));
  rdt_cut_slots_clear (slots, 12);
  remove_tree (dir);
}

/* "counters" a link to another folder: refused, nothing written there. */
static void
test_write_folder_link (void)
{
  g_autoptr(cairo_surface_t) scan = make_sheet (4, 3);
  g_autofree char *dir = make_folder ();
  g_autofree char *elsewhere = make_folder ();
  g_autofree char *link = g_build_filename (dir, "counters", NULL);
  g_autofree char *escaped = g_build_filename (elsewhere, "a-front.png", NULL);
  const char *ids[] = { "a" };
  RdtCutSlot slots[12] = { { 0 } };
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (symlink (elsewhere, link), ==, 0);
  rdt_countersheet_assign_in_order (slots, &sheet_grid, ids, 1, RDT_CUT_ORDER_FRONTS);
  g_assert_false (rdt_countersheet_write (scan, &sheet_grid, slots, 12, dir, FALSE, &error));
  g_assert_error (error, RDT_CUT_ERROR, RDT_CUT_ERROR_UNSAFE);
  g_assert_false (g_file_test (escaped, G_FILE_TEST_EXISTS));
  rdt_cut_slots_clear (slots, 12);
  remove_tree (dir);
  remove_tree (elsewhere);
}

static void
test_art_command (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root ? root : "..", "tests", "data", "format", "example.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtDocument) document = rdt_document_new_from_file (path, NULL, &error);
  RdtScenario *scenario;
  RdtUndoStack *stack;
  const char *ids[] = { "proctor", "musgrave" };
  const char *fronts[] = { "counters/proctor-front.png", NULL };
  const char *backs[] = { "counters/proctor-back.png", "counters/musgrave-back.png" };
  const char *bad[] = { "proctor", "no-such-unit" };
  g_autoptr(RdtCommand) command = NULL;
  g_autoptr(RdtCommand) refused = NULL;
  guint n_undo;

  g_assert_no_error (error);
  scenario = rdt_document_get_scenario (document);
  stack = rdt_document_get_undo_stack (document);
  g_assert_null (rdt_scenario_find_unit (scenario, "proctor")->art_front);
  n_undo = rdt_undo_stack_get_n_undo (stack);

  command = rdt_unit_command_new_art (2, ids, fronts, backs);
  g_assert_true (rdt_undo_stack_execute (stack, command, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rdt_undo_stack_get_n_undo (stack), ==, n_undo + 1);
  g_assert_cmpstr (rdt_scenario_find_unit (scenario, "proctor")->art_front, ==, fronts[0]);
  g_assert_cmpstr (rdt_scenario_find_unit (scenario, "proctor")->art_back, ==, backs[0]);
  /* A back with no front is shown as the front (<art back> needs a front). */
  g_assert_cmpstr (rdt_scenario_find_unit (scenario, "musgrave")->art_front, ==, backs[1]);
  g_assert_null (rdt_scenario_find_unit (scenario, "musgrave")->art_back);
  {
    g_autofree char *label = rdt_undo_stack_dup_undo_label (stack);

    g_assert_cmpstr (label, ==, "Set Counter Art");
  }

  /* One undo takes all of it back; redo puts all of it again. */
  g_assert_true (rdt_undo_stack_undo (stack));
  g_assert_null (rdt_scenario_find_unit (scenario, "proctor")->art_front);
  g_assert_null (rdt_scenario_find_unit (scenario, "musgrave")->art_front);
  g_assert_true (rdt_undo_stack_redo (stack));
  g_assert_cmpstr (rdt_scenario_find_unit (scenario, "proctor")->art_back, ==, backs[0]);

  /* An unknown unit: nothing at all is changed. */
  g_assert_true (rdt_undo_stack_undo (stack));
  refused = rdt_unit_command_new_art (2, bad, fronts, NULL);
  g_assert_false (rdt_undo_stack_execute (stack, refused, &error));
  g_assert_nonnull (error);
  g_assert_null (rdt_scenario_find_unit (scenario, "proctor")->art_front);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/countersheet/issue-16/grid-from-four-corner-clicks", test_grid_from_corners);
  g_test_add_func ("/countersheet/issue-16/grid-must-fit-the-scan-and-is-bounded", test_grid_check);
  g_test_add_func ("/countersheet/issue-16/assign-in-order-of-battle-order", test_assign_in_order);
  g_test_add_func ("/countersheet/issue-16/file-names-stay-in-the-folder", test_art_ref);
  g_test_add_func ("/countersheet/issue-16/cut-takes-the-counter-pixels", test_cut_pixels);
  g_test_add_func ("/countersheet/issue-16/write-png-never-overwrites-unasked-never-through-link", test_write);
  g_test_add_func ("/countersheet/issue-16/write-refuses-linked-counters-folder", test_write_folder_link);
  g_test_add_func ("/countersheet/issue-16/set-art-is-one-undoable-command", test_art_command);
  return g_test_run ();
}
