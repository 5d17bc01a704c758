/* test-editor-bounds.c: issue 11 in the real editor (suite "display").
 *
 * Opening a truncated or not-well-formed file shows its findings without a
 * Gtk-CRITICAL (criticals are fatal here), the next save says which stale
 * temporaries of an earlier killed save it removed, and the LOS fan on a
 * volume whose artillery range is 999999 (11.2) stops at the map's edge.
 * Each test runs the application in a subprocess, as test-editor.c does.
 */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <utime.h>

#include "rdt-application.h"
#include "rdt-ruling-panel.h"
#include "rdt-window-private.h"
#include "redoubt-render.h"

typedef void (*Script) (RdtWindow *window,
                        gpointer   data);

typedef struct {
  Script script;
  gpointer data;
  gboolean done;
} Run;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
run_script (gpointer user_data)
{
  Run *run = user_data;
  GApplication *app = g_application_get_default ();
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      g_timeout_add (50, run_script, run);
      return G_SOURCE_REMOVE;
    }
  /* Long enough for the info bar to be revealed and laid out. */
  spin (1000);
  run->script (RDT_WINDOW (window), run->data);
  run->done = TRUE;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    RDT_WINDOW (l->data)->close_confirmed = TRUE;
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

/* Removes @dir and everything in it (scratch folders only). */
static void
remove_tree (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);

      if (g_file_test (p, G_FILE_TEST_IS_DIR) && !g_file_test (p, G_FILE_TEST_IS_SYMLINK))
        remove_tree (p);
      else
        g_unlink (p);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (dir);
}

/* Runs the editor on @path and @script, then removes @path's scratch folder
 * and the editor's state folder. */
static void
run_editor (const char *path,
            Script      script,
            gpointer    data)
{
  g_autoptr(RdtApplication) app = rdt_application_new ();
  Run run = { script, data, FALSE };
  char *argv[] = { (char *) "redoubt", (char *) path, NULL };
  g_autofree char *state = g_dir_make_tmp ("redoubt-bounds-state-XXXXXX", NULL);
  g_autofree char *scratch = g_path_get_dirname (path);

  g_setenv ("XDG_STATE_HOME", state, TRUE);
  g_setenv ("XDG_DATA_HOME", state, TRUE);
  g_timeout_add (100, run_script, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_true (run.done);
  g_clear_object (&app);
  remove_tree (state);
  remove_tree (scratch);
}

/* A copy of the example (its first @len bytes when @len > 0, else whole, with
 * @from replaced by @to when given) in a new scratch folder. */
static char *
scratch_example (gssize      len,
                 const char *from,
                 const char *to)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *source = g_build_filename (root ? root : "..", "tests", "data", "format",
                                              "example.redoubt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("redoubt-bounds-XXXXXX", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) s = NULL;
  char *path = g_build_filename (dir, "example.redoubt", NULL);
  gsize size;

  g_assert_true (g_file_get_contents (source, &text, &size, NULL));
  s = g_string_new_len (text, len > 0 ? MIN ((gsize) len, size) : size);
  if (from != NULL)
    g_assert_cmpuint (g_string_replace (s, from, to, 1), ==, 1);
  g_assert_true (g_file_set_contents (path, s->str, (gssize) s->len, NULL));
  return path;
}

static gboolean
needs_display (void)
{
  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no display (run under Xvfb)");
      return FALSE;
    }
  return TRUE;
}

/* ---- 4c: no Gtk-CRITICAL on a broken file ---------------------------------- */

static void
broken_script (RdtWindow *window,
               gpointer   data)
{
  const char *text = gtk_label_get_text (window->info_label);

  g_test_message ("info bar: %s", text);
  g_assert_true (gtk_info_bar_get_revealed (window->info_bar));
  g_assert_nonnull (strstr (text, "Cannot open"));
  g_assert_nonnull (strstr (text, data));
  /* Let it lay out at a few widths: the critical came from measuring. */
  gtk_window_set_default_size (GTK_WINDOW (window), 700, 500);
  spin (500);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  spin (500);
}

static void
test_open_truncated (void)
{
  g_autofree char *path = NULL;

  if (!needs_display ())
    return;
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  /* Cut in the middle of the volume's terrain list: four findings. */
  path = scratch_example (2000, NULL, NULL);
  run_editor (path, broken_script, (gpointer) "fix the XML syntax");
}

static void
test_open_not_well_formed (void)
{
  g_autofree char *path = NULL;

  if (!needs_display ())
    return;
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  path = scratch_example (0, "<title>Example volume</title>", "<title>Example volume</titel>");
  run_editor (path, broken_script, (gpointer) "mismatch");
}

/* ---- 4b: the save says what it removed ------------------------------------ */

static void
save_script (RdtWindow *window,
             gpointer   data)
{
  const char *stale = data;
  const char *status;

  g_assert_true (g_file_test (stale, G_FILE_TEST_EXISTS));
  g_assert_true (_rdt_window_save (window, FALSE));
  status = gtk_label_get_text (window->status_label);
  g_test_message ("status: %s", status);
  g_assert_nonnull (strstr (status, "Saved."));
  g_assert_nonnull (strstr (status, ".example.redoubt.k1LLed"));
  g_assert_false (g_file_test (stale, G_FILE_TEST_EXISTS));
}

static void
test_save_removes_stale_temporary (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *stale = NULL;
  struct utimbuf old = { 0, 0 };

  if (!needs_display ())
    return;
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  path = scratch_example (0, NULL, NULL);
  dir = g_path_get_dirname (path);
  /* What a save killed an hour ago left: complete, hidden, ours. */
  stale = g_build_filename (dir, ".example.redoubt.k1LLed", NULL);
  g_assert_true (g_file_set_contents (stale, "<scenario/>", -1, NULL));
  old.actime = old.modtime = time (NULL) - 3600;
  g_assert_cmpint (utime (stale, &old), ==, 0);
  run_editor (path, save_script, stale);
}

/* ---- 3a: the editor's LOS fan, artillery range 999999 (11.2) -------------- */

static void
fan_script (RdtWindow *window,
            gpointer   data)
{
  RdtRulingPanel *panel = g_object_get_data (G_OBJECT (window), "rdt-ruling-panel");
  RdtOverlayController *controller;
  RdtHex from = { 3, 3 };
  gint64 start;
  g_autofree char *report = NULL;

  g_assert_nonnull (panel);
  controller = rdt_ruling_panel_get_controller (panel);
  g_assert_cmpint (rdt_overlay_controller_get_artillery_range (controller), ==, 999999);
  rdt_ruling_panel_set_mode (panel, RDT_OVERLAY_MODE_FAN);
  start = g_get_monotonic_time ();
  /* The default range: the volume's 999999, clamped to the map's far edge. */
  rdt_overlay_controller_set_fan (controller, from);
  spin (200);
  report = rdt_ruling_panel_dup_report (panel);
  g_test_message ("%s", report);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 20 * G_USEC_PER_SEC);
  g_assert_nonnull (strstr (report, "within 4 hexes"));
}

static void
test_fan_artillery_range (void)
{
  g_autofree char *path = NULL;

  if (!needs_display ())
    return;
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  path = scratch_example (0, "<series-rules edition=\"current\">",
                          "<series-rules edition=\"current\" artillery-range=\"999999\">");
  run_editor (path, fan_script, NULL);
}

/* ---- 3b: the editor's export stays within the image caps ----------------- */

static guint32
png_u32 (const guint8 *p)
{
  return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3];
}

static void
export_script (RdtWindow *window,
               gpointer   data)
{
  const char *png = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *head = NULL;
  gsize len = 0;
  const char *text;

  _rdt_window_export (window, png, FALSE, &error);
  g_assert_no_error (error);
  text = gtk_label_get_text (window->info_label);
  g_test_message ("info bar: %s", text);
  g_assert_true (gtk_info_bar_get_revealed (window->info_bar));
  g_assert_nonnull (strstr (text, "megapixels"));
  g_assert_true (g_file_get_contents (png, &head, &len, NULL));
  g_assert_cmpuint (len, >, 24);
  g_assert_cmpfloat ((double) png_u32 ((guint8 *) head + 16) * png_u32 ((guint8 *) head + 20),
                     <=, RDT_RENDER_MAX_PIXELS);
  spin (300);
}

static void
test_export_capped (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *png = NULL;
  g_autofree char *text = NULL;
  g_autofree char *relabelled = NULL;
  g_autoptr(GRegex) labels = NULL;
  g_autoptr(GString) s = NULL;

  if (!needs_display ())
    return;
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  /* The example on a 761 x 655 grid (labels of three digits each): about
   * 32000 x 31800 pixels, 4 GB, at the normal scale. */
  path = scratch_example (0, NULL, NULL);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  labels = g_regex_new ("\\b(0\\d)(0\\d)\\b", 0, 0, NULL);
  relabelled = g_regex_replace (labels, text, -1, 0, "0\\g<1>0\\g<2>", 0, NULL);
  s = g_string_new (relabelled);
  g_assert_cmpuint (g_string_replace (s, "columns=\"6\" rows=\"5\"", "columns=\"761\" rows=\"655\"", 1), ==, 1);
  g_assert_true (g_file_set_contents (path, s->str, -1, NULL));
  dir = g_path_get_dirname (path);
  png = g_build_filename (dir, "export.png", NULL);
  run_editor (path, export_script, png);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("GTK_A11Y", "none", TRUE);
  /* Criticals (Gtk's size-request checks among them) fail the test. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);

  g_test_add_func ("/editor-bounds/open/truncated-no-critical", test_open_truncated);
  g_test_add_func ("/editor-bounds/open/not-well-formed-no-critical", test_open_not_well_formed);
  g_test_add_func ("/editor-bounds/save/stale-temporary-removed-and-said", test_save_removes_stale_temporary);
  g_test_add_func ("/editor-bounds/fan/11.2-artillery-range-999999", test_fan_artillery_range);
  g_test_add_func ("/editor-bounds/export/image-cap", test_export_capped);

  return g_test_run ();
}
