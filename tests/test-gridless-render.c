/* test-gridless-render.c: the gridless scenario drawing (issue 18) that the
 * editor's read-only view uses: the bundled Brandywine drawn to an image,
 * pixels checked where the file puts woods, the river, blocks and a Field of
 * Fire. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#include "redoubt-core.h"
#include "redoubt-render.h"

#define SCALE 20.0

static void
pixel (cairo_surface_t *s,
       double           x,
       double           y,
       int              rgb[3])
{
  unsigned char *data = cairo_image_surface_get_data (s);
  int stride = cairo_image_surface_get_stride (s);
  guint32 v = *(guint32 *) (data + (int) (y * SCALE) * stride + 4 * (int) (x * SCALE));

  rgb[0] = (v >> 16) & 0xff;
  rgb[1] = (v >> 8) & 0xff;
  rgb[2] = v & 0xff;
}

static void
test_bundled (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                            "pub-battles-brandywine.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = rdt_gridless_load_from_file (path, NULL, &error);
  cairo_surface_t *s;
  cairo_t *cr;
  RdtGridlessRenderOptions options = { .fof = TRUE, .labels = FALSE };
  int c[3];

  g_assert_no_error (error);
  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (g->width * SCALE), (int) (g->height * SCALE));
  cr = cairo_create (s);
  rdt_gridless_render (cr, g, SCALE, &options);
  cairo_destroy (cr);
  cairo_surface_flush (s);

  /* Clear ground, away from everything. */
  pixel (s, 2, 22, c);
  g_assert_cmpint (c[0], >, 200);
  g_assert_cmpint (c[1], >, 200);
  /* chadds-woods: green dominant. */
  pixel (s, 14.5, 9, c);
  g_assert_cmpint (c[1], >, c[0] + 30);
  g_assert_cmpint (c[1], >, c[2] + 30);
  /* The Brandywine (a river area) at x = 4: blue dominant. */
  pixel (s, 4, 11.85, c);
  g_assert_cmpint (c[2], >, c[0] + 60);
  /* Grenadiers (british, the first side): red; Stirling (colonial): blue. */
  pixel (s, 30, 14.55, c);
  g_assert_cmpint (c[0], >, c[2] + 80);
  pixel (s, 33, 5.55, c);
  g_assert_cmpint (c[2], >, c[0] + 80);
  /* In front of Armstrong (colonial militia at 10,11 facing 180): its FoF
   * tints the river band's edge south of it; behind it, nothing. */
  {
    int in_fof[3], behind[3];
    pixel (s, 10, 12.9, in_fof);
    pixel (s, 10, 9.5, behind);
    g_assert_cmpint (in_fof[0] + in_fof[1] + in_fof[2], <, behind[0] + behind[1] + behind[2] - 20);
  }
  cairo_surface_destroy (s);
}

/* A map's <underlay> is drawn under the shapes at its pixels-per-inch, the
 * scan's pixel (origin-x, origin-y) on the table's corner (issue 18: "a map
 * size in inches of table, scaled to a scan underlay"). */
static void
test_underlay_scaled (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                            "pub-battles-brandywine.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = rdt_gridless_load_from_file (path, NULL, &error);
  cairo_surface_t *scan = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 100, 100);
  cairo_surface_t *s;
  cairo_t *cr;
  RdtGridlessRenderOptions options = { .fof = FALSE, .labels = FALSE, .underlay = scan };
  int c[3];

  g_assert_no_error (error);
  cr = cairo_create (scan);
  cairo_set_source_rgb (cr, 1, 0, 1);
  cairo_paint (cr);
  cairo_destroy (cr);
  /* 10 scan pixels per inch; the table's corner is the scan's pixel (0, -200):
   * the scan covers x 0-10 in, y 20-30 in. */
  g->underlay_ppi = 10;
  g->underlay_origin_x = 0;
  g->underlay_origin_y = -200;

  s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) (g->width * SCALE), (int) (g->height * SCALE));
  cr = cairo_create (s);
  rdt_gridless_render (cr, g, SCALE, &options);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  /* Clear ground over the scan: magenta. */
  pixel (s, 2, 22, c);
  g_assert_cmpint (c[0], >, 200);
  g_assert_cmpint (c[1], <, 60);
  g_assert_cmpint (c[2], >, 200);
  /* Just past the scan's right edge (x = 10 in): the table's own colour. */
  pixel (s, 10.5, 22, c);
  g_assert_cmpint (c[1], >, 200);
  /* Above it (y < 20 in) the same. */
  pixel (s, 2, 19.5, c);
  g_assert_cmpint (c[1], >, 150);
  cairo_surface_destroy (s);
  cairo_surface_destroy (scan);
}

static int
run_cli (const char *const *args)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* `redoubt-cli render` on a gridless file: PNG, SVG and PDF, with the
 * movement envelope (G10) and a path; bad options refused. */
static void
test_cli_render (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                            "pub-battles-brandywine.redoubt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("rdt-gl-render-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "t.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "t.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "t.pdf", NULL);
  cairo_surface_t *s;
  int c[3];

  g_assert_cmpint (run_cli ((const char *[]) { "render", path, "-o", png, "--scale", "20", "--moves", "ferguson",
                                               "--to", "20,11.5", NULL }), ==, 0);
  s = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 36 * 20);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, 24 * 20);
  /* Inside Ferguson's envelope, 3 in. south-west of it in the clear: tinted
   * yellow (red and green well above blue). */
  pixel (s, 17, 15, c);
  g_assert_cmpint (c[0] - c[2], >, 60);
  cairo_surface_destroy (s);
  g_assert_cmpint (run_cli ((const char *[]) { "render", path, "-o", svg, NULL }), ==, 0);
  g_assert_cmpint (run_cli ((const char *[]) { "render", path, "-o", pdf, "--no-fof", "--no-labels", NULL }), ==, 0);
  g_assert_true (g_file_test (svg, G_FILE_TEST_IS_REGULAR) && g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpint (run_cli ((const char *[]) { "render", path, "-o", png, "--scale", "5000", NULL }), ==, 2);
  g_assert_cmpint (run_cli ((const char *[]) { "render", path, "-o", png, "--moves", "nobody", NULL }), ==, 1);
  g_assert_cmpint (run_cli ((const char *[]) { "render", path, "-o", png, "--to", "1,1", NULL }), ==, 2);
  g_unlink (png);
  g_unlink (svg);
  g_unlink (pdf);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gridless/render/bundled-terrain-blocks-and-fof", test_bundled);
  g_test_add_func ("/gridless/render/issue-18/underlay-scaled-to-the-table", test_underlay_scaled);
  g_test_add_func ("/gridless/render/cli-render-png-svg-pdf-with-envelope", test_cli_render);
  return g_test_run ();
}
