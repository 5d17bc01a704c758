/* test-gridless-gui.c: the editor opens a Pub Battles gridless scenario
 * (issue 18) in a read-only view instead of refusing it: a window titled by
 * the scenario with a drawing area as large as the table at 40 px/inch, and
 * the hex editor window untouched.  A damaged gridless file is refused. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "rdt-application.h"
#include "rdt-gridless-view.h"
#include "rdt-window-private.h"

typedef struct {
  gboolean done;
  gboolean saw_view;
  int width, height;
} Run;

static GtkWidget *
find_named (GtkWidget  *w,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (w), name) == 0)
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *f = find_named (c, name);
      if (f != NULL)
        return f;
    }
  return NULL;
}

static gboolean
run_script (gpointer user_data)
{
  Run *run = user_data;
  GApplication *app = g_application_get_default ();
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  for (GList *l = windows; l != NULL; l = l->next)
    {
      GtkWidget *area = find_named (GTK_WIDGET (l->data), "gridless-view");
      if (area != NULL)
        {
          run->saw_view = TRUE;
          g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (l->data)), "read-only view"));
          g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (l->data)), "Brandywine"));
          run->width = gtk_drawing_area_get_content_width (GTK_DRAWING_AREA (area));
          run->height = gtk_drawing_area_get_content_height (GTK_DRAWING_AREA (area));
        }
    }
  if (!run->saw_view)
    {
      g_timeout_add (50, run_script, run);
      return G_SOURCE_REMOVE;
    }
  run->done = TRUE;
  for (GList *l = windows; l != NULL; l = l->next)
    if (RDT_IS_WINDOW (l->data))
      RDT_WINDOW (l->data)->close_confirmed = TRUE;
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
test_open_gridless (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                            "pub-battles-brandywine.redoubt", NULL);
  g_autoptr(RdtApplication) app = NULL;
  Run run = { 0 };
  char *argv[3];

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
  g_assert_true (rdt_gridless_view_is_gridless_file (path));
  app = rdt_application_new ();
  argv[0] = (char *) "redoubt";
  argv[1] = path;
  argv[2] = NULL;
  g_timeout_add (100, run_script, &run);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_true (run.done);
  /* The bundled table is 36 x 24 inches. */
  g_assert_cmpint (run.width, ==, 36 * 40);
  g_assert_cmpint (run.height, ==, 24 * 40);
}

/* The root element decides, as for redoubt-cli: hex scenarios are not
 * gridless, nor are missing files. */
static void
test_sniff (void)
{
  g_autofree char *hex = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                           "brandywine.redoubt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("rdt-gl-gui-XXXXXX", NULL);
  g_autofree char *commented = g_build_filename (dir, "c.redoubt", NULL);

  g_assert_false (rdt_gridless_view_is_gridless_file (hex));
  g_assert_false (rdt_gridless_view_is_gridless_file ("/nonexistent/x.redoubt"));
  g_assert_true (g_file_set_contents (commented, "<?xml version=\"1.0\"?>\n<!-- a comment -->\n"
                                      "<gridless-scenario format-version=\"1\"/>", -1, NULL));
  g_assert_true (rdt_gridless_view_is_gridless_file (commented));
  g_unlink (commented);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gridless/gui/sniff-root-element", test_sniff);
  g_test_add_func ("/gridless/gui/editor-opens-read-only-view", test_open_gridless);
  return g_test_run ();
}
