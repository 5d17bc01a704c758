/* test-underlay-gui.c: the real editor opens scenarios whose underlay is a
 * hostile file reference (issue 11 §2; docs/format.md "File references"):
 * /dev/zero, a link to it, a PNG decompression bomb, a 40,000-pixel-wide PNG,
 * a FIFO, a path out of the folder.  The window stays responsive (the main
 * loop never stalls), the refusal is shown in the info bar naming the
 * reference, no critical is raised (criticals are fatal here), and a real
 * scan is decoded in a thread and drawn.  Suite "display": run under Xvfb.
 * Each case leaves a screenshot of the X screen (`import -window root`) in
 * the build's tests/ folder, underlay-CASE.png. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "png-bomb.h"
#include "rdt-application.h"
#include "rdt-image-loader.h"
#include "rdt-window-private.h"

typedef struct {
  const char *name;
  const char *href;       /* the underlay's href */
  const char *reason;     /* expected in the info bar; NULL: loads */
} Case;

static const Case cases[] = {
  { "dev-zero", "/dev/zero", "refused: an absolute path" },
  { "link-to-dev-zero", "zero.png", "refused: the path leaves the folder" },
  { "png-bomb", "bomb.png", "30000 × 30000 pixels" },
  { "png-40000-wide", "wide.png", "at most 32767 pixels on a side" },
  { "fifo", "fifo.png", "not a regular file" },
  { "dotdot-escape", "../../../../../../../etc/passwd", "leaves the folder" },
  { "scan-in-folder", "scan.png", NULL },
};

typedef struct {
  const Case *c;
  gint64 last_tick;
  gint64 max_gap;
  gboolean done;
} Run;

static void
spin (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* Measures how long the main loop goes without running a 20 ms timer. */
static gboolean
tick (gpointer data)
{
  Run *run = data;
  gint64 now = g_get_monotonic_time ();

  if (run->last_tick != 0)
    run->max_gap = MAX (run->max_gap, now - run->last_tick);
  run->last_tick = now;
  return G_SOURCE_CONTINUE;
}

static void
screenshot (const char *name)
{
  g_autofree char *file = g_strdup_printf ("underlay-%s.png", name);
  g_autofree char *path = g_test_build_filename (G_TEST_BUILT, file, NULL);
  g_autofree char *import = g_find_program_in_path ("import");
  g_autoptr(GError) error = NULL;
  const char *argv[] = { import, "-window", "root", path, NULL };
  int status = 0;

  if (import == NULL)
    {
      g_test_message ("no `import` (ImageMagick): no screenshot");
      return;
    }
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_test_message ("screenshot: %s", path);
}

static void
check_window (RdtWindow *window,
              Run       *run)
{
  gint64 start = g_get_monotonic_time ();
  gint64 deadline = start + 60 * G_USEC_PER_SEC;
  gboolean progress_seen = FALSE;
  guint ticker;
  cairo_surface_t *surface = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 820);
  ticker = g_timeout_add (20, tick, run);
  /* The first draw starts the load; wait for its end. */
  while (g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, FALSE);
      if (window->underlay_progress_box != NULL && gtk_widget_get_visible (window->underlay_progress_box))
        progress_seen = TRUE;
      surface = g_object_get_data (G_OBJECT (window->map), "underlay-surface");
      if (window->underlay_texture != NULL && window->underlay_cancellable == NULL
          && (window->underlay_error != NULL || surface != NULL))
        break;
    }
  g_test_message ("%s: done in %.2f s, longest main-loop stall %.0f ms, progress bar %s",
                  run->c->name, (g_get_monotonic_time () - start) / 1e6, run->max_gap / 1e3,
                  progress_seen ? "shown" : "not shown");
  g_assert_null (window->underlay_cancellable);

  if (run->c->reason != NULL)
    {
      g_autofree char *href = g_strdup_printf ("<underlay href=\"%s\">", run->c->href);
      const char *shown;

      g_assert_nonnull (window->underlay_error);
      g_assert_null (surface);
      spin (400);
      g_assert_true (gtk_info_bar_get_revealed (window->info_bar));
      shown = gtk_label_get_text (window->info_label);
      g_test_message ("info bar: %s", shown);
      /* The reference is named: file, line, element, attribute, value. */
      g_assert_nonnull (strstr (shown, "refs.redoubt:36: "));
      g_assert_nonnull (strstr (shown, href));
      g_assert_nonnull (strstr (shown, run->c->reason));
    }
  else
    {
      g_assert_null (window->underlay_error);
      g_assert_nonnull (surface);
      g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 6000);
      g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 4000);
      g_assert_false (gtk_widget_get_visible (window->underlay_progress_box));
      spin (400);
    }
  /* Responsive: the main loop never stalled for a second (it would for
   * seconds, or for ever, if the scan were read or decoded on it). */
  g_assert_cmpint (run->max_gap, <, G_USEC_PER_SEC);
  screenshot (run->c->name);
  g_source_remove (ticker);
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
  check_window (RDT_WINDOW (window), run);
  run->done = TRUE;
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l != NULL; l = l->next)
    RDT_WINDOW (l->data)->close_confirmed = TRUE;
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

/* A folder with the scenario (the format example with @c's underlay) and the
 * hostile files. */
static char *
make_folder (const Case *c)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *example = g_build_filename (root ? root : "..", "tests", "data", "format",
                                               "example.redoubt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) s = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *top = g_dir_make_tmp ("redoubt-underlay-XXXXXX", &error);
  g_autofree char *dir = NULL;
  g_autofree char *file = NULL;
  g_autofree char *underlay = g_strdup_printf ("<underlay href=\"%s\"", c->href);

  g_assert_no_error (error);
  g_setenv ("XDG_STATE_HOME", top, TRUE);
  g_setenv ("XDG_DATA_HOME", top, TRUE);
  g_setenv ("XDG_CONFIG_HOME", top, TRUE);
  dir = g_build_filename (top, "scenario", NULL);
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (example, &text, NULL, NULL));
  s = g_string_new (text);
  g_assert_cmpuint (g_string_replace (s, "<underlay href=\"example-map.png\"", underlay, 1), ==, 1);
  file = g_build_filename (dir, "refs.redoubt", NULL);
  g_assert_true (g_file_set_contents (file, s->str, -1, NULL));

  if (g_str_equal (c->href, "zero.png"))
    {
      g_autofree char *p = g_build_filename (dir, "zero.png", NULL);
      g_assert_cmpint (symlink ("/dev/zero", p), ==, 0);
    }
  else if (g_str_equal (c->href, "bomb.png"))
    {
      g_autofree char *p = g_build_filename (dir, "bomb.png", NULL);
      write_png_gray (p, 30000, 30000, TRUE);
    }
  else if (g_str_equal (c->href, "wide.png"))
    {
      g_autofree char *p = g_build_filename (dir, "wide.png", NULL);
      write_png_gray (p, 40000, 2, TRUE);
    }
  else if (g_str_equal (c->href, "fifo.png"))
    {
      g_autofree char *p = g_build_filename (dir, "fifo.png", NULL);
      g_assert_cmpint (mkfifo (p, 0600), ==, 0);
    }
  else if (g_str_equal (c->href, "scan.png"))
    {
      g_autofree char *p = g_build_filename (dir, "scan.png", NULL);
      write_png_gray (p, 6000, 4000, TRUE);
    }
  return g_steal_pointer (&file);
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_unlink (child);
        }
      g_dir_close (dir);
    }
  g_rmdir (path);
}

static void
test_underlay (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *path = NULL;
  g_autoptr(RdtApplication) app = NULL;
  Run run = { c, 0, 0, FALSE };
  char *argv[3];
  int status;

  if (g_getenv ("DISPLAY") == NULL)
    {
      g_test_skip ("no display (run under Xvfb)");
      return;
    }
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  path = make_folder (c);
  app = rdt_application_new ();
  argv[0] = (char *) "redoubt";
  argv[1] = path;
  argv[2] = NULL;
  g_timeout_add (100, run_script, &run);
  status = g_application_run (G_APPLICATION (app), 2, argv);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (run.done);
  {
    g_autofree char *dir = g_path_get_dirname (path);
    g_autofree char *top = g_path_get_dirname (dir);

    remove_tree (top);
  }
}

/* The decoder itself (no display needed): a good PNG, a damaged one, a
 * cancelled load, the caps. */
static void
test_image_loader (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("redoubt-image-XXXXXX", &error);
  g_autofree char *good = g_build_filename (dir, "good.png", NULL);
  g_autofree char *damaged = g_build_filename (dir, "damaged.png", NULL);
  g_autofree char *bomb = g_build_filename (dir, "bomb.png", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GCancellable) cancelled = g_cancellable_new ();
  RdtFileRef ref = { 0 };
  cairo_surface_t *surface;
  gsize len;
  gint progress = -1;

  g_assert_no_error (error);
  write_png_gray (good, 300, 200, TRUE);
  write_png_gray (bomb, 30000, 30000, FALSE);
  g_assert_true (g_file_get_contents (good, &contents, &len, NULL));
  /* Header intact, image data cut short and garbled. */
  memset (contents + 60, 0x5a, len - 60);
  g_assert_true (g_file_set_contents (damaged, contents, len, NULL));
  ref.base_dir = dir;
  ref.attribute = "href";

  ref.value = "good.png";
  surface = rdt_image_load (&ref, NULL, &progress, &error);
  g_assert_no_error (error);
  g_assert_nonnull (surface);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 300);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 200);
  g_assert_cmpint (progress, ==, 1000);
  cairo_surface_destroy (surface);

  ref.value = "damaged.png";
  g_assert_null (rdt_image_load (&ref, NULL, NULL, &error));
  g_assert_error (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_NOT_IMAGE);
  g_assert_nonnull (strstr (error->message, "href=\"damaged.png\": the image cannot be decoded"));
  g_clear_error (&error);

  ref.value = "bomb.png";
  g_assert_null (rdt_image_load (&ref, NULL, NULL, &error));
  g_assert_error (error, RDT_FILE_REF_ERROR, RDT_FILE_REF_ERROR_TOO_LARGE);
  g_clear_error (&error);

  ref.value = "good.png";
  g_cancellable_cancel (cancelled);
  g_assert_null (rdt_image_load (&ref, cancelled, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  g_unlink (good);
  g_unlink (damaged);
  g_unlink (bomb);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("GTK_A11Y", "none", TRUE);
  /* A Gdk-CRITICAL (the 40,000-pixel PNG raised one) fails the test. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);

  g_test_add_func ("/image-loader/decode-damaged-cancelled-capped", test_image_loader);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/editor/underlay/%s%s", cases[i].name,
                                               cases[i].reason != NULL ? "-refused" : "-decoded-in-thread");
      g_test_add_data_func (name, &cases[i], test_underlay);
    }
  return g_test_run ();
}
