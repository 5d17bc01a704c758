#undef G_DISABLE_ASSERT
#include "config.h"

#include <archive.h>
#include <archive_entry.h>
#include <string.h>

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "rdt-application.h"
#include "rdt-document.h"
#include "rdt-import-vassal.h"
#include "rdt-map-view.h"
#include "rdt-map-view-private.h"
#include "rdt-window-private.h"
#include "lsan-file-chooser.h"

/* File → Import VASSAL Module… in the real editor under Xvfb (issue 17): a
 * module built here is imported, the result opens with the scan as underlay and
 * the counters, and the report is shown; a broken module shows the error and
 * opens nothing. */

typedef struct {
  char *dir;
  gboolean done;
} Run;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static cairo_status_t
to_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static void
write_module (const char *path,
              gboolean    with_buildfile)
{
  static const char build[] =
    "<?xml version=\"1.0\"?><VASSAL.launch.BasicModule name=\"GUI Test\">"
    "<VASSAL.build.module.Map mapName=\"Main\"><VASSAL.build.module.map.BoardPicker>"
    "<VASSAL.build.module.map.boardPicker.Board image=\"board.png\" name=\"Main\">"
    "<VASSAL.build.module.map.boardPicker.board.HexGrid dx=\"43.30127018922193\" dy=\"50\" x0=\"30\" y0=\"40\">"
    "<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first=\"H\" hOff=\"1\" vOff=\"1\" stagger=\"false\"/>"
    "</VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board>"
    "</VASSAL.build.module.map.BoardPicker>"
    "<VASSAL.build.module.map.SetupStack name=\"S\" useGridLocation=\"true\" location=\"0304\">"
    "<VASSAL.build.widget.PieceSlot entryName=\"A\">+/null/piece;;;a.png;Alpha Regiment/</VASSAL.build.widget.PieceSlot>"
    "</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map></VASSAL.launch.BasicModule>";
  g_autoptr(GByteArray) board = g_byte_array_new ();
  g_autoptr(GByteArray) counter = g_byte_array_new ();
  struct archive *a = archive_write_new ();
  struct archive_entry *e = archive_entry_new ();
  const struct { const char *name; const void *data; gsize len; } entries[] = {
    { "buildFile.xml", build, sizeof build - 1 },
    { "images/board.png", NULL, 0 },
    { "images/a.png", NULL, 0 },
  };

  for (int i = 0; i < 2; i++)
    {
      cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, i == 0 ? 500 : 50, i == 0 ? 400 : 50);
      cairo_t *cr = cairo_create (s);
      cairo_set_source_rgb (cr, i == 0 ? 0.9 : 1, i == 0 ? 0.85 : 0, i == 0 ? 0.7 : 0);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_write_to_png_stream (s, to_bytes, i == 0 ? board : counter);
      cairo_surface_destroy (s);
    }
  archive_write_set_format_zip (a);
  g_assert_cmpint (archive_write_open_filename (a, path), ==, ARCHIVE_OK);
  for (guint i = with_buildfile ? 0 : 1; i < G_N_ELEMENTS (entries); i++)
    {
      const void *data = i == 0 ? entries[i].data : i == 1 ? (const void *) board->data : (const void *) counter->data;
      gsize len = i == 0 ? entries[i].len : i == 1 ? board->len : counter->len;

      archive_entry_clear (e);
      archive_entry_set_pathname (e, entries[i].name);
      archive_entry_set_filetype (e, AE_IFREG);
      archive_entry_set_perm (e, 0644);
      archive_entry_set_size (e, (la_int64_t) len);
      g_assert_cmpint (archive_write_header (a, e), ==, ARCHIVE_OK);
      g_assert_cmpint (archive_write_data (a, data, len), ==, (la_ssize_t) len);
    }
  archive_entry_free (e);
  archive_write_close (a);
  archive_write_free (a);
}

static GByteArray *
png_of (int width, int height)
{
  GByteArray *png = g_byte_array_new ();
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (s);

  cairo_set_source_rgb (cr, 0.85, 0.9, 0.75);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_write_to_png_stream (s, to_bytes, png);
  cairo_surface_destroy (s);
  return png;
}

/* A module with three boards: North (flat-top, 500 x 400), South (sideways,
 * 300 x 450) and Track (no grid: listed, not importable). */
static void
write_three_boards (const char *path)
{
  static const char build[] =
    "<?xml version=\"1.0\"?><VASSAL.launch.BasicModule name=\"Boards\">"
    "<VASSAL.build.module.Map mapName=\"Main\"><VASSAL.build.module.map.BoardPicker>"
    "<VASSAL.build.module.map.boardPicker.Board image=\"north.png\" name=\"North\">"
    "<VASSAL.build.module.map.boardPicker.board.HexGrid dx=\"43.30127018922193\" dy=\"50\" x0=\"30\" y0=\"40\"/>"
    "</VASSAL.build.module.map.boardPicker.Board>"
    "<VASSAL.build.module.map.boardPicker.Board image=\"south.png\" name=\"South\">"
    "<VASSAL.build.module.map.boardPicker.board.HexGrid dx=\"43.30127018922193\" dy=\"50\" x0=\"30\" y0=\"40\" sideways=\"true\"/>"
    "</VASSAL.build.module.map.boardPicker.Board>"
    "<VASSAL.build.module.map.boardPicker.Board image=\"track.png\" name=\"Track\"/>"
    "</VASSAL.build.module.map.BoardPicker></VASSAL.build.module.Map></VASSAL.launch.BasicModule>";
  g_autoptr(GByteArray) north = png_of (500, 400);
  g_autoptr(GByteArray) south = png_of (300, 450);
  g_autoptr(GByteArray) track = png_of (200, 60);
  const char *names[] = { "buildFile.xml", "images/north.png", "images/south.png", "images/track.png" };
  const void *data[] = { build, north->data, south->data, track->data };
  gsize lens[] = { sizeof build - 1, north->len, south->len, track->len };
  struct archive *a = archive_write_new ();
  struct archive_entry *e = archive_entry_new ();

  archive_write_set_format_zip (a);
  g_assert_cmpint (archive_write_open_filename (a, path), ==, ARCHIVE_OK);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      archive_entry_clear (e);
      archive_entry_set_pathname (e, names[i]);
      archive_entry_set_filetype (e, AE_IFREG);
      archive_entry_set_perm (e, 0644);
      archive_entry_set_size (e, (la_int64_t) lens[i]);
      g_assert_cmpint (archive_write_header (a, e), ==, ARCHIVE_OK);
      g_assert_cmpint (archive_write_data (a, data[i], lens[i]), ==, (la_ssize_t) lens[i]);
    }
  archive_entry_free (e);
  archive_write_close (a);
  archive_write_free (a);
}

/* One board numbered with letters, a separator and rows counting down
 * (VASSAL's hType="A", sep="-", vDescend), a counter set up at "C-07". */
static void
write_letters_module (const char *path)
{
  static const char build[] =
    "<?xml version=\"1.0\"?><VASSAL.launch.BasicModule name=\"Letters\">"
    "<VASSAL.build.module.Map mapName=\"Main\"><VASSAL.build.module.map.BoardPicker>"
    "<VASSAL.build.module.map.boardPicker.Board image=\"board.png\" name=\"Main\">"
    "<VASSAL.build.module.map.boardPicker.board.HexGrid dx=\"43.30127018922193\" dy=\"50\" x0=\"30\" y0=\"40\">"
    "<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first=\"H\" hOff=\"0\" vOff=\"1\" "
    "hType=\"A\" sep=\"-\" vDescend=\"true\" stagger=\"true\"/>"
    "</VASSAL.build.module.map.boardPicker.board.HexGrid></VASSAL.build.module.map.boardPicker.Board>"
    "</VASSAL.build.module.map.BoardPicker>"
    "<VASSAL.build.module.map.SetupStack name=\"S\" useGridLocation=\"true\" location=\"C-07\">"
    "<VASSAL.build.widget.PieceSlot entryName=\"C\">+/null/piece;;;c.png;Charlie Battery/</VASSAL.build.widget.PieceSlot>"
    "</VASSAL.build.module.map.SetupStack></VASSAL.build.module.Map></VASSAL.launch.BasicModule>";
  g_autoptr(GByteArray) board = png_of (500, 400);
  g_autoptr(GByteArray) counter = png_of (40, 40);
  const char *names[] = { "buildFile.xml", "images/board.png", "images/c.png" };
  const void *data[] = { build, board->data, counter->data };
  gsize lens[] = { sizeof build - 1, board->len, counter->len };
  struct archive *a = archive_write_new ();
  struct archive_entry *e = archive_entry_new ();

  archive_write_set_format_zip (a);
  g_assert_cmpint (archive_write_open_filename (a, path), ==, ARCHIVE_OK);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      archive_entry_clear (e);
      archive_entry_set_pathname (e, names[i]);
      archive_entry_set_filetype (e, AE_IFREG);
      archive_entry_set_perm (e, 0644);
      archive_entry_set_size (e, (la_int64_t) lens[i]);
      g_assert_cmpint (archive_write_header (a, e), ==, ARCHIVE_OK);
      g_assert_cmpint (archive_write_data (a, data[i], lens[i]), ==, (la_ssize_t) lens[i]);
    }
  archive_entry_free (e);
  archive_write_close (a);
  archive_write_free (a);
}

static GtkWidget *
find_toplevel (const char *name)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) w = g_list_model_get_item (toplevels, i);
      if (g_strcmp0 (gtk_widget_get_name (w), name) == 0 && gtk_widget_get_visible (w))
        return w;
    }
  return NULL;
}

/* The report dialog, if one is shown. */
static GtkWidget *
find_report (void)
{
  return find_toplevel ("import-vassal-report");
}

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_named (c, name);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* All the text of the labels under @root. */
static void
collect_text (GtkWidget *root,
              GString   *out)
{
  if (GTK_IS_LABEL (root))
    {
      g_string_append (out, gtk_label_get_text (GTK_LABEL (root)));
      g_string_append_c (out, '\n');
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_text (c, out);
}

/* A module with several boards: the picker lists them (name, image size, grid
 * kind; a board without a hex grid listed but not selectable); choosing South
 * imports South; Cancel imports nothing. */
/* The palette tile of unit @id under @root (issue 16's Counters page keeps
 * "unit-id" and its drawn "counter" on each tile). */
static GtkWidget *
find_tile (GtkWidget  *root,
           const char *id)
{
  const char *unit_id = g_object_get_data (G_OBJECT (root), "unit-id");

  if (unit_id != NULL && g_str_equal (unit_id, id))
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_tile (c, id);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
script_boards (RdtWindow *window,
               Run       *run)
{
  g_autofree char *module_path = g_build_filename (run->dir, "boards.vmod", NULL);
  g_autofree char *out_path = g_build_filename (run->dir, "boards.redoubt", NULL);
  g_autofree char *cancel_path = g_build_filename (run->dir, "cancelled.redoubt", NULL);
  g_autoptr(GFile) module = g_file_new_for_path (module_path);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  g_autoptr(GFile) cancelled = g_file_new_for_path (cancel_path);
  g_autoptr(GString) text = g_string_new (NULL);
  GtkWidget *picker, *list, *button, *report;
  GtkListBoxRow *row;
  RdtWindow *shown = NULL;

  write_three_boards (module_path);

  /* Cancel: nothing imported. */
  g_assert_null (rdt_window_import_vassal_files (window, module, cancelled));
  spin (300);
  picker = find_toplevel ("import-vassal-board-picker");
  g_assert_nonnull (picker);
  gtk_window_destroy (GTK_WINDOW (picker));
  spin (100);
  g_assert_false (g_file_test (cancel_path, G_FILE_TEST_EXISTS));

  g_assert_null (rdt_window_import_vassal_files (window, module, out));
  spin (300);
  picker = find_toplevel ("import-vassal-board-picker");
  g_assert_nonnull (picker);
  g_assert_false (g_file_test (out_path, G_FILE_TEST_EXISTS));   /* nothing before the choice */
  collect_text (picker, text);
  g_test_message ("picker: %s", text->str);
  g_assert_nonnull (strstr (text->str, "3 boards"));
  g_assert_nonnull (strstr (text->str, "North\nMain — 500 × 400 pixels — hex grid, flat-top"));
  g_assert_nonnull (strstr (text->str, "South\nMain — 300 × 450 pixels — hex grid, sideways (pointy-top)"));
  g_assert_nonnull (strstr (text->str, "Track\nMain — 200 × 60 pixels — the board has no hex grid"));
  list = find_named (picker, "board-list");
  button = find_named (picker, "import-board");
  g_assert_nonnull (list);
  g_assert_nonnull (button);
  /* The first importable board is chosen to begin with. */
  g_assert_true (gtk_list_box_get_selected_row (GTK_LIST_BOX (list)) ==
                 gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0));
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 2))));
  if (g_getenv ("RDT_IMPORT_GUI_SHOT") != NULL)
    {
      spin (500);
      g_test_message ("screenshot now");
      spin (3000);
    }
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1);
  gtk_list_box_select_row (GTK_LIST_BOX (list), row);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
  spin (400);
  g_assert_null (find_toplevel ("import-vassal-board-picker"));
  g_assert_true (g_file_test (out_path, G_FILE_TEST_EXISTS));
  for (GList *l = gtk_application_get_windows (gtk_window_get_application (GTK_WINDOW (window))); l != NULL; l = l->next)
    if (RDT_IS_WINDOW (l->data) && rdt_window_get_document (l->data) != NULL &&
        g_strcmp0 (rdt_document_get_path (rdt_window_get_document (l->data)), out_path) == 0)
      shown = l->data;
  g_assert_nonnull (shown);
  {
    RdtScenario *scenario = rdt_document_get_scenario (rdt_window_get_document (shown));
    g_assert_cmpstr (rdt_scenario_get_underlay (scenario)->href, ==, "boards-vassal/board-south.png");
    g_assert_cmpint (rdt_hex_grid_get_settings (rdt_scenario_get_grid (scenario))->orientation, ==,
                     RDT_GRID_POINTY_TOP);
  }
  report = find_report ();
  g_assert_nonnull (report);
  gtk_window_destroy (GTK_WINDOW (report));
}

/* VASSAL's labels in the editor: the counter set up at "C-07" is in the hex
 * the inspector calls "Hex C-07", and the status line under the pointer shows
 * VASSAL's label too. */
static void
script_letters (RdtWindow *window,
                Run       *run)
{
  g_autofree char *module_path = g_build_filename (run->dir, "letters.vmod", NULL);
  g_autofree char *out_path = g_build_filename (run->dir, "letters.redoubt", NULL);
  g_autoptr(GFile) module = g_file_new_for_path (module_path);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  RdtWindow *shown;
  RdtScenario *scenario;
  const RdtUnit *unit;
  GtkWidget *report;
  const char *inspector;

  write_letters_module (module_path);
  shown = rdt_window_import_vassal_files (window, module, out);
  g_assert_nonnull (shown);
  spin (300);
  report = find_report ();
  g_assert_nonnull (report);
  gtk_window_destroy (GTK_WINDOW (report));
  scenario = rdt_document_get_scenario (rdt_window_get_document (shown));
  g_assert_nonnull (rdt_scenario_get_hex_labels (scenario));
  unit = rdt_scenario_find_unit (scenario, "charlie-battery");
  g_assert_nonnull (unit);
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  _rdt_window_select_hex (shown, unit->placement.hex);
  spin (200);
  inspector = gtk_label_get_text (shown->inspector_label);
  g_test_message ("inspector: %s", inspector);
  g_assert_nonnull (strstr (inspector, "Hex C-07"));
  {
    /* The pointer over that hex: the status text. */
    RdtMapView *view = RDT_MAP_VIEW (shown->map);
    GtkEventController *motion = _rdt_map_view_get_controller (view, "motion");
    const char *hover;

    rdt_map_view_centre_on_hex (view, unit->placement.hex);
    spin (200);
    g_assert_nonnull (motion);
    {
      RdtRenderView rv;
      double mx, my;

      rdt_map_view_get_render_view (view, &rv);
      rdt_hex_grid_hex_centre (rdt_scenario_get_grid (scenario), unit->placement.hex, &mx, &my);
      g_signal_emit_by_name (motion, "motion", rv.origin_x + rv.scale * mx, rv.origin_y + rv.scale * my);
    }
    hover = rdt_map_view_get_hover_text (view);
    g_test_message ("hover: %s", hover);
    g_assert_nonnull (hover);
    g_assert_true (g_str_has_prefix (hover, "C-07 — "));
  }
  if (g_getenv ("RDT_IMPORT_GUI_SHOT") != NULL)
    {
      g_test_message ("screenshot now (letters)");
      spin (3000);
    }
}

static void
script (RdtWindow *window,
        Run       *run)
{
  g_autofree char *module_path = g_build_filename (run->dir, "module.vmod", NULL);
  g_autofree char *broken_path = g_build_filename (run->dir, "broken.vmod", NULL);
  g_autofree char *out_path = g_build_filename (run->dir, "imported.redoubt", NULL);
  g_autofree char *broken_out = g_build_filename (run->dir, "broken.redoubt", NULL);
  g_autoptr(GFile) module = g_file_new_for_path (module_path);
  g_autoptr(GFile) broken = g_file_new_for_path (broken_path);
  g_autoptr(GFile) out = g_file_new_for_path (out_path);
  g_autoptr(GFile) out2 = g_file_new_for_path (broken_out);
  RdtWindow *shown;
  RdtScenario *scenario;
  const RdtUnit *unit;
  GtkWidget *report;

  write_module (module_path, TRUE);
  write_module (broken_path, FALSE);

  /* A broken module: the error in the report dialog, nothing opened. */
  g_assert_null (rdt_window_import_vassal_files (window, broken, out2));
  spin (200);
  report = find_report ();
  g_assert_nonnull (report);
  gtk_window_destroy (GTK_WINDOW (report));
  g_assert_false (g_file_test (broken_out, G_FILE_TEST_EXISTS));

  /* The module: opened with the scan as underlay, the counter set up. */
  shown = rdt_window_import_vassal_files (window, module, out);
  g_assert_nonnull (shown);
  spin (300);
  g_assert_cmpstr (rdt_document_get_path (rdt_window_get_document (shown)), ==, out_path);
  scenario = rdt_document_get_scenario (rdt_window_get_document (shown));
  g_assert_true (rdt_scenario_get_underlay (scenario)->present);
  g_assert_cmpstr (rdt_scenario_get_underlay (scenario)->href, ==, "imported-vassal/board-board.png");
  unit = rdt_scenario_find_unit (scenario, "alpha-regiment");
  g_assert_nonnull (unit);
  g_assert_cmpstr (unit->art_front, ==, "imported-vassal/a.png");
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  g_assert_cmpint (unit->placement.hex.col, ==, 3);
  g_assert_cmpint (unit->placement.hex.row, ==, 4);
  {
    /* The imported counter is in the palette (Counters page), drawn. */
    GtkWidget *palette = g_object_get_data (G_OBJECT (shown), "rdt-palette");
    GtkWidget *tile;

    g_assert_nonnull (palette);
    /* The page is rebuilt in an idle: wait for it (at most 5 s). */
    tile = find_tile (palette, "alpha-regiment");
    for (int i = 0; i < 50 && tile == NULL; i++)
      {
        spin (100);
        tile = find_tile (palette, "alpha-regiment");
      }
    g_assert_nonnull (tile);
    g_assert_nonnull (g_object_get_data (G_OBJECT (tile), "counter"));
  }
  report = find_report ();
  g_assert_nonnull (report);
  gtk_window_destroy (GTK_WINDOW (report));
  {
    /* The save chooser opens beside the module, named after it (a new user
     * otherwise hunts for the folder the program was started from). */
    GtkFileChooserNative *save = NULL;
    g_autoptr(GFile) folder = NULL;
    g_autoptr(GFile) expected = g_file_new_for_path (run->dir);
    g_autofree char *name = NULL;

    RDT_TEST_BEFORE_FILE_CHOOSER ();
    save = rdt_import_vassal_save_chooser_new (window, module);

    spin (200);
    folder = gtk_file_chooser_get_current_folder (GTK_FILE_CHOOSER (save));
    name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (save));
    g_assert_nonnull (folder);
    g_assert_true (g_file_equal (folder, expected));
    g_assert_cmpstr (name, ==, "module.redoubt");
    g_object_unref (save);
  }
  {
    /* A .vmod dropped on the window or given on the command line goes
     * through rdt_window_open_file(): it is imported (issue 17), asking
     * where to write the scenario, not refused as a malformed scenario. */
    GtkWidget *dialog = NULL;

    RDT_TEST_BEFORE_FILE_CHOOSER ();
    g_assert_true (rdt_window_open_file (window, module));
    for (int i = 0; i < 50 && dialog == NULL; i++)
      {
        GListModel *tops = gtk_window_get_toplevels ();  /* transfer none */

        spin (100);
        for (guint k = 0; k < g_list_model_get_n_items (tops) && dialog == NULL; k++)
          {
            g_autoptr(GtkWindow) top = g_list_model_get_item (tops, k);

            if (GTK_IS_DIALOG (top) && g_strcmp0 (gtk_window_get_title (top), "Save Imported Scenario") == 0)
              dialog = GTK_WIDGET (top);
          }
      }
    g_assert_nonnull (dialog);
    g_assert_null (find_report ());
    gtk_dialog_response (GTK_DIALOG (dialog), GTK_RESPONSE_CANCEL);
    spin (200);
  }
  script_boards (shown, run);
  script_letters (shown, run);
  run->done = TRUE;
}

static Run *the_run;

static gboolean
run_script (gpointer user_data)
{
  GApplication *app = g_application_get_default ();
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    return G_SOURCE_CONTINUE;
  spin (300);
  script (RDT_WINDOW (window), the_run);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    RDT_WINDOW (l->data)->close_confirmed = TRUE;
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
rm_rf (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          if (g_file_test (child, G_FILE_TEST_IS_DIR))
            rm_rf (child);
          else
            g_unlink (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

static void
test_import_gui (void)
{
  g_autoptr(RdtApplication) app = NULL;
  Run run = { 0 };
  char *argv[] = { (char *) "redoubt", NULL };
  int status;

  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no display (run under Xvfb)");
      return;
    }
  run.dir = g_dir_make_tmp ("rdt-import-gui-XXXXXX", NULL);
  g_assert_nonnull (run.dir);
  the_run = &run;
  app = rdt_application_new ();
  g_timeout_add (100, run_script, NULL);
  status = g_application_run (G_APPLICATION (app), 1, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (run.done);
  rm_rf (run.dir);
  g_free (run.dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  g_test_add_func ("/editor/import-vassal/opens-with-underlay-and-report", test_import_gui);
  return g_test_run ();
}
