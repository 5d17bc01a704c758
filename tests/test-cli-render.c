#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <cairo.h>
#include <glib/gstdio.h>

/* redoubt-cli render: files written, sizes, a pixel probe at a known hex, and
 * the usage errors (docs/cli.md exit codes). */

static int
run_cli (const char *const *args,
         char              **err)
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
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                NULL, err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static char *
brandywine (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");

  g_assert_nonnull (root);
  return g_build_filename (root, "scenarios", "brandywine.redoubt", NULL);
}

static char *
temp_path (const char *ext)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("test-cli-render-XXXXXX.%s", ext);
  char *path = NULL;
  int fd = g_file_open_tmp (name, &path, &error);

  g_assert_no_error (error);
  close (fd);
  return path;
}

static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  cairo_surface_flush (surface);
  return *(guint32 *) (cairo_image_surface_get_data (surface)
                       + y * cairo_image_surface_get_stride (surface) + x * 4) & 0xffffff;
}

/* Hex 1129 of the Brandywine map is clear (no hexside features, no counter):
 * an area around it is centred on it and shows the clear terrain colour. */
static void
test_area_png (void)
{
  g_autofree char *file = brandywine ();
  g_autofree char *out = temp_path ("png");
  g_autofree char *err = NULL;
  const char *args[] = { "render", file, "-o", out, "--area", "1129:1", "--scale", "40", NULL };
  cairo_surface_t *surface;
  int w, h;

  g_assert_cmpint (run_cli (args, &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  surface = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  w = cairo_image_surface_get_width (surface);
  h = cairo_image_surface_get_height (surface);
  /* Radius 1: three columns 1.5 apart plus a hex radius each side and the
   * 0.3 margins, at 40 px per map unit. */
  g_assert_cmpint (w, ==, 40 * 5 + 24);
  g_assert_cmpint (h, >, 40 * 5);
  /* Left of the centre, below the label: clear terrain (rdt-terrain-palette.c). */
  g_assert_cmphex (pixel (surface, w / 2 - 16, h / 2 + 8), ==, 0xeee6c4);
  cairo_surface_destroy (surface);
  g_remove (out);
}

static void
test_svg_and_pdf (void)
{
  g_autofree char *file = brandywine ();
  const char *exts[] = { "svg", "pdf" };

  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      g_autofree char *out = temp_path (exts[i]);
      g_autofree char *contents = NULL;
      g_autofree char *err = NULL;
      const char *args[] = { "render", file, "-o", out, "--area", "0928:2", NULL };

      g_assert_cmpint (run_cli (args, &err), ==, 0);
      g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
      if (i == 0)
        g_assert_nonnull (strstr (contents, "<svg"));
      else
        g_assert_true (g_str_has_prefix (contents, "%PDF"));
      g_remove (out);
    }
}

static void
test_usage_errors (void)
{
  g_autofree char *file = brandywine ();
  g_autofree char *err1 = NULL, *err2 = NULL, *err3 = NULL, *err4 = NULL;
  const char *no_output[] = { "render", file, NULL };
  const char *bad_ext[] = { "render", file, "-o", "out.jpeg", NULL };
  const char *off_map[] = { "render", file, "-o", "out.png", "--area", "9999:2", NULL };
  const char *missing[] = { "render", "/nonexistent/x.redoubt", "-o", "out.png", NULL };

  g_assert_cmpint (run_cli (no_output, &err1), ==, 2);
  g_assert_cmpint (run_cli (bad_ext, &err2), ==, 2);
  g_assert_cmpint (run_cli (off_map, &err3), ==, 2);
  g_assert_true (g_str_has_prefix (err3, "redoubt-cli: "));
  g_assert_nonnull (strstr (err3, "9999"));
  g_assert_cmpint (run_cli (missing, &err4), ==, 1);
  g_assert_false (g_file_test ("out.png", G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/render/area-png", test_area_png);
  g_test_add_func ("/cli/render/svg-and-pdf", test_svg_and_pdf);
  g_test_add_func ("/cli/render/usage-errors", test_usage_errors);

  return g_test_run ();
}
