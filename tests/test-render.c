#undef G_DISABLE_ASSERT
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "redoubt-render.h"
#include "rdt-map-renderer-private.h"
#include "rdt-scenario-io.h"

/* Pixel probes on maps drawn into image surfaces, with no display. */

#define RED RDT_RGB (0xff, 0x00, 0x00)
#define BLUE RDT_RGB (0x00, 0x00, 0xff)
#define BACKGROUND 0x00ff00u

static RdtHexGrid *
make_grid (int size,
           int first)
{
  RdtGridSettings settings = { size, size, first, first, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr(GError) error = NULL;
  RdtHexGrid *grid = rdt_hex_grid_new (&settings, &error);

  g_assert_no_error (error);
  return grid;
}

/* A size x size map of "red" hexes, with one "blue" hex at (first+2, first+2). */
static RdtRenderMap *
make_map (int size,
          int first)
{
  g_autoptr(RdtHexGrid) grid = make_grid (size, first);
  RdtRenderMap *map = rdt_render_map_new (grid);
  guint red = rdt_render_map_add_terrain_style (map, "test-red", RED, 0, RDT_RENDER_PATTERN_NONE);
  guint blue = rdt_render_map_add_terrain_style (map, "test-blue", BLUE, 0, RDT_RENDER_PATTERN_NONE);

  for (int c = first; c < first + size; c++)
    for (int r = first; r < first + size; r++)
      rdt_render_map_set_terrain (map, (RdtHex) { c, r }, red);
  rdt_render_map_set_terrain (map, (RdtHex) { first + 2, first + 2 }, blue);
  return map;
}

static cairo_surface_t *
make_surface (int      width,
              int      height,
              cairo_t **out_cr)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0, 1, 0);
  cairo_paint (cr);
  *out_cr = cr;
  return surface;
}

/* The same on an ARGB32 surface, opaque green. */
static cairo_surface_t *
make_argb_surface (int      width,
                   int      height,
                   cairo_t **out_cr)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0, 1, 0);
  cairo_paint (cr);
  *out_cr = cr;
  return surface;
}

static guint32
pixel (cairo_surface_t *surface,
       double           x,
       double           y)
{
  int ix = (int) x, iy = (int) y;
  guchar *data;
  int stride;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  return *(guint32 *) (data + iy * stride + ix * 4) & 0xffffff;
}

static void
hex_device (RdtRenderMap        *map,
            const RdtRenderView *view,
            RdtHex               hex,
            double               dx,
            double               dy,
            double              *x,
            double              *y)
{
  double mx, my;

  rdt_hex_grid_hex_centre (rdt_render_map_get_grid (map), hex, &mx, &my);
  rdt_render_view_to_device (view, mx + dx, my + dy, x, y);
}

static void
test_terrain_colours (void)
{
  g_autoptr(RdtRenderMap) map = make_map (6, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  RdtRenderView view = rdt_render_view_make (30.0, 10.0, 10.0);
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (400, 400, &cr);
  double x, y;
  guint drawn;

  drawn = rdt_map_renderer_draw (renderer, cr, &view, NULL);
  g_assert_cmpuint (drawn, ==, 36);

  hex_device (map, &view, (RdtHex) { 2, 2 }, 0, 0, &x, &y);
  g_assert_cmphex (pixel (surface, x, y), ==, RED);
  hex_device (map, &view, (RdtHex) { 3, 3 }, 0, 0, &x, &y);
  g_assert_cmphex (pixel (surface, x, y), ==, BLUE);
  /* Off the map the background stays. */
  g_assert_cmphex (pixel (surface, 399, 399), ==, BACKGROUND);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The overlay primitives of the LOS fan (11.4 figure): a shaded hex differs
 * from a clear one, a lettered hex gets the letter's colour. */
static void
test_overlay_shade_and_letter (void)
{
  g_autoptr(RdtRenderMap) map = make_map (6, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  RdtRenderView view = rdt_render_view_make (40.0, 10.0, 10.0);
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (500, 500, &cr);
  RdtRenderOverlay items[2];
  RdtHex shaded = { 4, 2 }, clear = { 2, 4 };
  double x, y;
  guint32 shaded_px, clear_px;
  guint letter_pixels = 0;

  items[0] = rdt_render_overlay_shade (shaded, RDT_RGBA (0, 0, 0, 0x80));
  items[1] = rdt_render_overlay_letter (shaded, "B", RDT_RGBA (0xff, 0xff, 0xff, 0xff));
  rdt_map_renderer_draw (renderer, cr, &view, NULL);
  rdt_map_renderer_draw_overlays (renderer, cr, &view, NULL, items, G_N_ELEMENTS (items));

  hex_device (map, &view, clear, 0, 0, &x, &y);
  clear_px = pixel (surface, x, y);
  g_assert_cmphex (clear_px, ==, RED);
  /* Away from the letter: shaded red is darker red. */
  hex_device (map, &view, shaded, -0.7, 0.0, &x, &y);
  shaded_px = pixel (surface, x, y);
  g_assert_cmphex (shaded_px, !=, clear_px);
  g_assert_cmpuint ((shaded_px >> 16) & 0xff, <, 0xa0);
  g_assert_cmpuint ((shaded_px >> 16) & 0xff, >, 0x60);

  /* The letter: white pixels near the centre of the shaded hex only. */
  hex_device (map, &view, shaded, 0, 0, &x, &y);
  for (int dy = -12; dy <= 12; dy++)
    for (int dx = -12; dx <= 12; dx++)
      if (pixel (surface, x + dx, y + dy) == 0xffffff)
        letter_pixels++;
  g_assert_cmpuint (letter_pixels, >, 10);
  hex_device (map, &view, clear, 0, 0, &x, &y);
  for (int dy = -12; dy <= 12; dy++)
    for (int dx = -12; dx <= 12; dx++)
      g_assert_cmphex (pixel (surface, x + dx, y + dy), !=, 0xffffff);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* One renderer showing a flat-top map and then a pointy-top one: cached hex
 * images of the first orientation must not leak into the second. */
static void
test_orientation_change (void)
{
  RdtGridSettings settings = { 4, 4, 1, 1, RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr(RdtHexGrid) pointy_grid = rdt_hex_grid_new (&settings, NULL);
  g_autoptr(RdtRenderMap) flat = make_map (4, 1);
  g_autoptr(RdtRenderMap) pointy = rdt_render_map_new (pointy_grid);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (flat);
  RdtRenderView view = rdt_render_view_make (60.0, 20.0, 20.0);
  guint red = rdt_render_map_add_terrain_style (pointy, "test-red", RED, 0, RDT_RENDER_PATTERN_NONE);
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (600, 600, &cr);
  double x, y;

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (pointy_grid); i++)
    rdt_render_map_set_terrain (pointy, rdt_hex_grid_hex_at_index (pointy_grid, i), red);
  /* Draw the flat map at every quarter-pixel offset, so every cached image
   * the pointy map could ask for exists. */
  for (int i = 0; i < 16; i++)
    {
      RdtRenderView shifted = rdt_render_view_make (60.0, 20.0 + (i % 4) / 4.0, 20.0 + (i / 4) / 4.0);
      rdt_map_renderer_draw (renderer, cr, &shifted, NULL);
    }
  cairo_set_source_rgb (cr, 0, 1, 0);
  cairo_paint (cr);
  rdt_map_renderer_set_map (renderer, pointy);
  rdt_map_renderer_draw (renderer, cr, &view, NULL);
  /* Just below the top corner of a top-row pointy hex (above where a
   * flat-top hex's top side would be): inside it. */
  hex_device (pointy, &view, (RdtHex) { 2, 1 }, 0.0, -0.94, &x, &y);
  g_assert_cmphex (pixel (surface, x, y), ==, RED);
  /* Right of the last hex of the top row, where a flat-top hex would reach
   * its side corner: off the map. */
  hex_device (pointy, &view, (RdtHex) { 4, 1 }, 0.94, 0.0, &x, &y);
  g_assert_cmphex (pixel (surface, x, y), ==, BACKGROUND);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Only hexes meeting the visible rectangle are drawn, and nothing outside it. */
static void
test_culling (void)
{
  g_autoptr(RdtRenderMap) map = make_map (10, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  RdtRenderView view = rdt_render_view_make (20.0, 0.0, 0.0);
  RdtRenderRect left = { 0, 0, 150, 400 };
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (400, 400, &cr);
  double x, y;
  guint drawn;

  drawn = rdt_map_renderer_draw (renderer, cr, &view, &left);
  g_assert_cmpuint (drawn, >, 0);
  g_assert_cmpuint (drawn, <, 100);

  hex_device (map, &view, (RdtHex) { 2, 5 }, 0, 0, &x, &y);
  g_assert_cmpfloat (x, <, 150);
  g_assert_cmphex (pixel (surface, x, y), ==, RED);
  /* Column 9 lies right of the rectangle: untouched. */
  hex_device (map, &view, (RdtHex) { 9, 5 }, 0, 0, &x, &y);
  g_assert_cmpfloat (x, >, 150);
  g_assert_cmphex (pixel (surface, x, y), ==, BACKGROUND);
  for (int py = 0; py < 400; py += 7)
    for (int px = 151; px < 400; px += 7)
      g_assert_cmphex (pixel (surface, px, py), ==, BACKGROUND);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A zoomed-in frame touches the same number of hexes on a big map as on a small
 * one: the range comes from the rectangle, not from the map. */
static void
test_culling_independent_of_map_size (void)
{
  g_autoptr(RdtRenderMap) small = make_map (20, 0);
  g_autoptr(RdtRenderMap) big = make_map (100, 0);
  g_autoptr(RdtMapRenderer) small_r = rdt_map_renderer_new (small);
  g_autoptr(RdtMapRenderer) big_r = rdt_map_renderer_new (big);
  RdtRenderView view = rdt_render_view_make (80.0, -300.0, -300.0);
  RdtRenderRect rect = { 0, 0, 400, 300 };
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (400, 300, &cr);
  guint n_small, n_big;

  n_small = rdt_map_renderer_draw (small_r, cr, &view, &rect);
  n_big = rdt_map_renderer_draw (big_r, cr, &view, &rect);
  g_assert_cmpuint (n_small, >, 0);
  g_assert_cmpuint (n_small, ==, n_big);
  g_assert_cmpuint (n_big, <, 60);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static gboolean
is_slope_brown (guint32 px)
{
  guint r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;
  return r > 80 && r < 140 && g > 40 && g < 90 && b < 50;
}

/* 11.43 note: the slope graphic's teeth point down into the low hex; the high
 * side is flush. */
static void
check_slope_teeth (double scale)
{
  g_autoptr(RdtRenderMap) map = make_map (6, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  RdtHexGrid *grid = rdt_render_map_get_grid (map);
  RdtRenderView view = rdt_render_view_make (scale, 10.3, 10.6);
  RdtHex high = { 3, 3 }, low;
  RdtHexside side;
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (800, 800, &cr);
  double hx, hy, lx, ly, mx, my, nx, ny, len;
  guint low_hits = 0, high_hits = 0;

  low = rdt_hex_grid_neighbour (grid, high, RDT_DIR_3);
  side = rdt_hex_grid_hexside_of (grid, high, RDT_DIR_3);
  rdt_render_map_add_hexside (map, side, RDT_RENDER_SIDE_SLOPE, &high);
  rdt_map_renderer_draw (renderer, cr, &view, NULL);

  hex_device (map, &view, high, 0, 0, &hx, &hy);
  hex_device (map, &view, low, 0, 0, &lx, &ly);
  mx = (hx + lx) / 2;
  my = (hy + ly) / 2;
  len = hypot (lx - hx, ly - hy);
  nx = (lx - hx) / len;
  ny = (ly - hy) / len;
  /* Probe along the hexside, a little off it on either side. */
  for (int t = -20; t <= 20; t++)
    {
      double along = t * 0.02 * view.scale;
      double off = 0.09 * view.scale;
      if (is_slope_brown (pixel (surface, mx - ny * along + nx * off, my + nx * along + ny * off)))
        low_hits++;
      if (is_slope_brown (pixel (surface, mx - ny * along - nx * off, my + nx * along - ny * off)))
        high_hits++;
    }
  g_assert_cmpuint (low_hits, >, 4);
  g_assert_cmpuint (high_hits, ==, 0);
  /* On the hexside itself, the line. */
  g_assert_true (is_slope_brown (pixel (surface, mx, my)));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Both drawing paths: pre-drawn sprites (up to 64 px per map unit) and shapes
 * drawn outright (zoomed further in). */
static void
test_slope_teeth_point_down (void)
{
  check_slope_teeth (40.0);
  check_slope_teeth (90.0);
}

static void
test_counter_drawn (void)
{
  g_autoptr(RdtRenderMap) map = make_map (6, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  RdtRenderView view = rdt_render_view_make (60.0, 10.0, 10.0);
  RdtRenderCounter counter = { 0 };
  const RdtRenderCounter *stack[4];
  guint total = 0;
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (600, 600, &cr);
  double x, y;

  counter.hex = (RdtHex) { 4, 4 };
  counter.name = "Proctor";
  counter.values = "2-4-4";
  counter.body_rgb = RDT_RGB (0x20, 0x40, 0xa0);
  counter.band_rgb = RDT_RGB (0xff, 0xff, 0xff);
  counter.text_rgb = RDT_RGB (0xff, 0xff, 0xff);
  counter.kind = RDT_RENDER_COUNTER_ARTILLERY;
  rdt_render_map_add_counter (map, &counter);
  counter.name = "Knox";
  rdt_render_map_add_counter (map, &counter);
  g_assert_cmpuint (rdt_render_map_get_stack (map, counter.hex, stack, 4, &total), ==, 2);
  g_assert_cmpuint (total, ==, 2);
  g_assert_cmpstr (stack[1]->name, ==, "Knox");
  g_assert_cmpstr (stack[1]->values, ==, "2-4-4");

  rdt_map_renderer_draw (renderer, cr, &view, NULL);
  /* The body, left of the unit symbol and above the values line. */
  hex_device (map, &view, counter.hex, -0.4, 0.05, &x, &y);
  g_assert_cmphex (pixel (surface, x, y), ==, counter.body_rgb);
  /* Without counters the same pixel is terrain. */
  rdt_map_renderer_set_layers (renderer, RDT_RENDER_LAYER_ALL & ~RDT_RENDER_LAYER_COUNTERS);
  rdt_map_renderer_draw (renderer, cr, &view, NULL);
  g_assert_cmphex (pixel (surface, x, y), ==, RED);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static gboolean
is_badge_red (guint32 px)
{
  /* rgb (0.75, 0.11, 0.16), as rdt-map-renderer.c fills it. */
  return ABS ((int) ((px >> 16) & 0xff) - 0xbf) <= 3 && ABS ((int) ((px >> 8) & 0xff) - 0x1c) <= 3
         && ABS ((int) (px & 0xff) - 0x29) <= 3;
}

/* Issue 16: every stack shows its count in a badge on the top counter's
 * upper right corner; a single counter has none. */
static void
test_stack_count_badge (void)
{
  g_autoptr(RdtRenderMap) map = make_map (6, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  RdtRenderView view = rdt_render_view_make (60.0, 10.0, 10.0);
  RdtRenderCounter counter = { 0 };
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (600, 600, &cr);
  double x, y;

  counter.hex = (RdtHex) { 4, 4 };
  counter.name = "Proctor";
  counter.values = "2-4-4";
  counter.body_rgb = RDT_RGB (0x20, 0x40, 0xa0);
  counter.band_rgb = RDT_RGB (0xff, 0xff, 0xff);
  counter.text_rgb = RDT_RGB (0xff, 0xff, 0xff);
  counter.kind = RDT_RENDER_COUNTER_ARTILLERY;
  rdt_render_map_add_counter (map, &counter);
  /* Above the number, inside the badge (radius 0.13 map units). */
  hex_device (map, &view, counter.hex, 0.525, -0.525 - 0.1, &x, &y);
  rdt_map_renderer_draw (renderer, cr, &view, NULL);
  g_assert_false (is_badge_red (pixel (surface, x, y)));
  counter.name = "Knox";
  rdt_render_map_add_counter (map, &counter);
  rdt_map_renderer_draw (renderer, cr, &view, NULL);
  g_assert_true (is_badge_red (pixel (surface, x, y)));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Cached tiles give the same picture as drawing directly. */
static void
test_tile_cache_matches (void)
{
  g_autoptr(RdtRenderMap) map = make_map (12, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  g_autoptr(RdtTileCache) cache = rdt_tile_cache_new (renderer, 64);
  RdtRenderView view = rdt_render_view_make (30.0, 7.0, 5.0);
  RdtRenderView used;
  cairo_t *cr1, *cr2;
  cairo_surface_t *direct = make_surface (500, 400, &cr1);
  cairo_surface_t *cached = make_surface (500, 400, &cr2);
  RdtRenderRect rect = { 0, 0, 500, 400 };
  guint differ = 0;

  rdt_map_renderer_draw (renderer, cr1, &view, &rect);
  g_assert_cmpuint (rdt_tile_cache_draw (cache, cr2, &view, &rect, &used), >, 0);
  g_assert_cmpfloat (used.origin_x, ==, 7.0);
  /* A second frame renders no tile. */
  g_assert_cmpuint (rdt_tile_cache_draw (cache, cr2, &view, &rect, NULL), ==, 0);
  /* Editing the map drops the tiles. */
  rdt_render_map_set_terrain (map, (RdtHex) { 5, 5 }, 0);
  g_assert_cmpuint (rdt_tile_cache_draw (cache, cr2, &view, &rect, NULL), >, 0);
  rdt_render_map_set_terrain (map, (RdtHex) { 5, 5 }, rdt_render_map_find_terrain_style (map, "test-red"));
  rdt_tile_cache_draw (cache, cr2, &view, &rect, NULL);

  for (int y = 0; y < 400; y += 3)
    for (int x = 0; x < 500; x += 3)
      if (pixel (direct, x, y) != pixel (cached, x, y))
        differ++;
  /* Anti-aliased edges may differ by rounding; the picture may not. */
  g_assert_cmpuint (differ, <, 500 * 400 / 9 / 50);

  cairo_destroy (cr1);
  cairo_destroy (cr2);
  cairo_surface_destroy (direct);
  cairo_surface_destroy (cached);
}

/* After a zoom, a frame over budget shows the old tiles scaled and reports
 * itself incomplete; later frames finish the job. */
static void
test_tile_cache_budget (void)
{
  g_autoptr(RdtRenderMap) map = make_map (30, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  g_autoptr(RdtTileCache) cache = rdt_tile_cache_new (renderer, 200);
  RdtRenderView view = rdt_render_view_make (30.0, 0.0, 0.0);
  RdtRenderView zoomed = rdt_render_view_make (33.0, 0.0, 0.0);
  RdtRenderRect rect = { 0, 0, 800, 600 };
  cairo_t *cr;
  cairo_surface_t *surface = make_surface (800, 600, &cr);
  guint frames = 0, total = 0, n;
  double x, y;

  rdt_tile_cache_set_budget (cache, 1);
  /* Nothing to stand in with: the first frame renders everything. */
  n = rdt_tile_cache_draw (cache, cr, &view, &rect, NULL);
  g_assert_cmpuint (n, ==, 4 * 3);
  g_assert_true (rdt_tile_cache_is_complete (cache));

  cairo_set_source_rgb (cr, 0, 1, 0);
  cairo_paint (cr);
  n = rdt_tile_cache_draw (cache, cr, &zoomed, &rect, NULL);
  g_assert_cmpuint (n, >=, 1);
  g_assert_cmpuint (n, <, 12);
  g_assert_false (rdt_tile_cache_is_complete (cache));
  /* The stand-in shows the map, not a hole: hex 0909 lies in a late tile. */
  hex_device (map, &zoomed, (RdtHex) { 9, 9 }, 0, 0, &x, &y);
  g_assert_cmpfloat (x, >, 256);
  g_assert_cmphex (pixel (surface, x, y), ==, RED);

  total = n;
  while (!rdt_tile_cache_is_complete (cache) && frames++ < 100)
    total += rdt_tile_cache_draw (cache, cr, &zoomed, &rect, NULL);
  g_assert_true (rdt_tile_cache_is_complete (cache));
  g_assert_cmpuint (total, ==, 4 * 3);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_export_area (void)
{
  g_autoptr(RdtRenderMap) map = make_map (10, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  g_autoptr(GError) error = NULL;
  RdtRenderExportOptions options;
  cairo_surface_t *image;
  g_autofree char *dir = g_dir_make_tmp ("test-render-XXXXXX", &error);
  const char *exts[] = { "png", "svg", "pdf" };
  double w, h;

  g_assert_no_error (error);
  rdt_render_export_options_init (&options);
  options.scale = 20.0;
  options.use_area = TRUE;
  options.area_centre = (RdtHex) { 5, 5 };
  options.area_radius = 1;
  g_assert_true (rdt_map_renderer_export_size (renderer, &options, &w, &h, &error));
  g_assert_no_error (error);
  /* Radius 1: three columns (1.5 apart, +-1) and three rows, plus margins. */
  g_assert_cmpfloat_with_epsilon (w, ceil ((3.0 + 2 + 0.6) * 20), 1.0);

  image = rdt_map_renderer_export_image (renderer, &options, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, (int) w);
  /* The centre hex is at the image centre. */
  {
    guchar *data = cairo_image_surface_get_data (image);
    int stride = cairo_image_surface_get_stride (image);
    guint32 px = *(guint32 *) (data + (int) (h / 2) * stride + (int) (w / 2) * 4) & 0xffffff;
    g_assert_cmphex (px, ==, RED);
  }
  cairo_surface_destroy (image);

  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      g_autofree char *path = g_strdup_printf ("%s/area.%s", dir, exts[i]);
      g_autofree char *contents = NULL;
      gsize len = 0;

      g_assert_true (rdt_render_format_from_path (path, &options.format));
      options.caption = "1127 to 1330: blocked (11.43 A)";
      g_assert_true (rdt_map_renderer_export_file (renderer, path, &options, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      g_assert_cmpuint (len, >, 100);
      if (i == 0)
        g_assert_true (memcmp (contents, "\x89PNG", 4) == 0);
      else if (i == 2)
        g_assert_true (memcmp (contents, "%PDF", 4) == 0);
      g_remove (path);
    }
  g_rmdir (dir);

  /* An area off the map is an error, not a blank image. */
  options.area_centre = (RdtHex) { 50, 50 };
  g_assert_false (rdt_map_renderer_export_size (renderer, &options, &w, &h, &error));
  g_assert_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_AREA);
}

static void
test_format_from_path (void)
{
  RdtRenderFormat format;

  g_assert_true (rdt_render_format_from_path ("a.PNG", &format));
  g_assert_cmpint (format, ==, RDT_RENDER_FORMAT_PNG);
  g_assert_true (rdt_render_format_from_path ("dir.x/b.svg", &format));
  g_assert_cmpint (format, ==, RDT_RENDER_FORMAT_SVG);
  g_assert_true (rdt_render_format_from_path ("c.pdf", &format));
  g_assert_cmpint (format, ==, RDT_RENDER_FORMAT_PDF);
  g_assert_false (rdt_render_format_from_path ("d.jpeg", &format));
  g_assert_false (rdt_render_format_from_path ("noext", &format));
}

/* Issue 6: terrain fills come from the volume data when it gives them; the
 * built-in palette only fills in for types that say nothing. */
static void
test_terrain_look_from_volume (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "format", "terrain-look.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtRenderMap) map = NULL;
  const RdtTerrainStyle *woods;
  int id;

  g_assert_no_error (error);
  map = rdt_render_map_new_from_scenario (scenario);
  id = rdt_render_map_find_terrain_style (map, "heavy-woods");
  g_assert_cmpint (id, >=, 0);
  woods = rdt_render_map_get_terrain_style (map, id);
  g_assert_cmphex (woods->fill_rgb, ==, 0x2e5e1e);
  g_assert_cmpint (woods->pattern, ==, RDT_RENDER_PATTERN_TREES);

  /* Edited in the scenario: a rebuilt map draws the new look. */
  g_assert_true (rdt_scenario_set_terrain_look (scenario, rdt_volume_find_terrain (rdt_scenario_get_volume (scenario), "heavy-woods"),
                                                "#804020", "marsh"));
  g_clear_pointer (&map, rdt_render_map_unref);
  map = rdt_render_map_new_from_scenario (scenario);
  woods = rdt_render_map_get_terrain_style (map, rdt_render_map_find_terrain_style (map, "heavy-woods"));
  g_assert_cmphex (woods->fill_rgb, ==, 0x804020);
  g_assert_cmpint (woods->pattern, ==, RDT_RENDER_PATTERN_MARSH);
}

/* Issue 15: on an image surface the renderer copies its sprites (terrain,
 * hexside features, counters) with pixman directly instead of through
 * cairo.  The pixels must be the same, exactly: a map with every sprite kind,
 * drawn both ways at sprite zooms, with a clip and whole-pixel offsets. */
static void
test_sprite_blit_identical (void)
{
  g_autoptr(RdtHexGrid) grid = make_grid (14, 1);
  g_autoptr(RdtRenderMap) map = rdt_render_map_new (grid);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  const char *styles[] = { "forest", "light-forest", "orchard", "marsh", "town", "field" };
  const double scales[] = { 6.2, 13.0, 28.0, 50.0 };

  for (int c = 1; c <= 14; c++)
    for (int r = 1; r <= 14; r++)
      {
        RdtHex hex = { c, r };
        rdt_render_map_set_terrain (map, hex,
                                    MAX (0, rdt_render_map_find_terrain_style (map, styles[(c * 7 + r) % 6])));
        for (int d = 0; d < 3; d++)
          {
            RdtHex nb = rdt_hex_grid_neighbour (grid, hex, d);
            guint kinds[] = { RDT_RENDER_SIDE_SLOPE, RDT_RENDER_SIDE_STREAM, RDT_RENDER_SIDE_ROAD,
                              RDT_RENDER_SIDE_CREEK };
            if (!rdt_hex_grid_contains (grid, nb) || g_rand_int_range (rand, 0, 3) == 0)
              continue;
            rdt_render_map_add_hexside (map, rdt_hex_grid_hexside_of (grid, hex, d),
                                        kinds[g_rand_int_range (rand, 0, 4)],
                                        g_rand_boolean (rand) ? &hex : &nb);
          }
      }
  for (int i = 0; i < 20; i++)
    {
      RdtRenderCounter counter = { 0 };
      counter.hex = (RdtHex) { 1 + i % 14, 1 + (i * 5) % 14 };
      counter.name = "Test";
      counter.values = "2-4-5";
      counter.body_rgb = RED;
      counter.band_rgb = BLUE;
      counter.text_rgb = RDT_RGB (0xff, 0xff, 0xff);
      counter.reduced = i % 3 == 0;
      rdt_render_map_add_counter (map, &counter);
    }

  /* RGB24 goes through pixman; ARGB32 (the editor's tiles, `redoubt-cli
   * render`) copies sprites as runs of visible pixels (rdt-sprite-runs.c). */
  for (guint k = 0; k < 2 * G_N_ELEMENTS (scales); k++)
    {
      gboolean argb = k >= G_N_ELEMENTS (scales);
      double scale = scales[k % G_N_ELEMENTS (scales)];
      RdtRenderView view = rdt_render_view_make (scale, 13.0 - 7 * (k % 4), 9.0 - 5 * (k % 4));
      RdtRenderRect rect = { 10, 7, 580, 420 };
      cairo_t *cr1, *cr2;
      cairo_surface_t *direct = argb ? make_argb_surface (600, 440, &cr1) : make_surface (600, 440, &cr1);
      cairo_surface_t *through_cairo = argb ? make_argb_surface (600, 440, &cr2) : make_surface (600, 440, &cr2);
      guchar *a, *b;
      guint differ = 0, drawn = 0;

      _rdt_map_renderer_set_direct_blit (renderer, TRUE);
      g_assert_cmpuint (rdt_map_renderer_draw (renderer, cr1, &view, &rect), >, 0);
      _rdt_map_renderer_set_direct_blit (renderer, FALSE);
      g_assert_cmpuint (rdt_map_renderer_draw (renderer, cr2, &view, &rect), >, 0);
      _rdt_map_renderer_set_direct_blit (renderer, TRUE);
      cairo_surface_flush (direct);
      cairo_surface_flush (through_cairo);
      a = cairo_image_surface_get_data (direct);
      b = cairo_image_surface_get_data (through_cairo);
      for (int y = 0; y < 440; y++)
        for (int x = 0; x < 600; x++)
          {
            guint32 pa = *(guint32 *) (a + y * cairo_image_surface_get_stride (direct) + 4 * x);
            guint32 pb = *(guint32 *) (b + y * cairo_image_surface_get_stride (through_cairo) + 4 * x);
            /* RGB24's unused byte aside, the same pixels. */
            differ += argb ? pa != pb : (pa & 0xffffff) != (pb & 0xffffff);
            pa &= 0xffffff;
            drawn += pa != BACKGROUND;
            /* Nothing outside the clip. */
            if (x < 10 || y < 7 || x >= 590 || y >= 427)
              g_assert_cmpuint (pa, ==, BACKGROUND);
          }
      g_assert_cmpuint (differ, ==, 0);
      g_assert_cmpuint (drawn, >, 10000);
      cairo_destroy (cr1);
      cairo_destroy (cr2);
      cairo_surface_destroy (direct);
      cairo_surface_destroy (through_cairo);
    }
}

/* Issue 15: zoomed in, each terrain style's tile is filled straight into an
 * ARGB32 target by rdt-hex-scan.c instead of cairo.  It must give exactly
 * cairo's pixels: both orientations, the tiled scales (below the sprites and
 * between them and hex-by-hex drawing), fractional origins, the layers that
 * use tiles, clips that cut through hexes or reach off the surface, a
 * translated cairo_t and a device offset. */
static void
test_scan_fill_identical (void)
{
  const char *styles[] = { "forest", "light-forest", "orchard", "marsh", "town", "field" };
  const double scales[] = { 2.5, 5.3, 64.5, 71.37, 90.0, 99.9, 150.0, 199.0 };
  const guint layer_sets[] = {
    RDT_RENDER_LAYER_TERRAIN | RDT_RENDER_LAYER_GRID, RDT_RENDER_LAYER_GRID,
    RDT_RENDER_LAYER_TERRAIN, RDT_RENDER_LAYER_ALL,
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (1515);
  guint cases = 0;

  for (int orientation = 0; orientation < 2; orientation++)
    {
      RdtGridSettings settings = { 14, 12, 1, 1,
                                   orientation ? RDT_GRID_POINTY_TOP : RDT_GRID_FLAT_TOP,
                                   orientation ? RDT_GRID_SHIFT_EVEN : RDT_GRID_SHIFT_ODD };
      g_autoptr(RdtHexGrid) grid = rdt_hex_grid_new (&settings, NULL);
      g_autoptr(RdtRenderMap) map = rdt_render_map_new (grid);
      g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);

      for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
        {
          int k = g_rand_int_range (rand, -1, G_N_ELEMENTS (styles));
          rdt_render_map_set_terrain (map, rdt_hex_grid_hex_at_index (grid, i),
                                      k < 0 ? 0 : MAX (0, rdt_render_map_find_terrain_style (map, styles[k])));
        }

      for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
        for (int variant = 0; variant < 4; variant++)
          {
            const int w = 520, h = 380;
            /* Origins such that the map's edge shows on two sides. */
            RdtRenderView view = rdt_render_view_make (scales[k],
                                                       37.0 - scales[k] * (variant + 1) * 1.3
                                                         + g_rand_double (rand),
                                                       21.0 - scales[k] * variant * 0.9
                                                         + g_rand_double (rand));
            RdtRenderRect rect = { 0, 0, w, h };
            cairo_surface_t *surfaces[2];
            guint differ = 0, drawn = 0;

            rdt_map_renderer_set_layers (renderer, layer_sets[(k + variant) % G_N_ELEMENTS (layer_sets)]);
            for (int pass = 0; pass < 2; pass++)
              {
                cairo_t *cr;

                surfaces[pass] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
                if (variant == 3)
                  cairo_surface_set_device_offset (surfaces[pass], -11, 6);
                cr = cairo_create (surfaces[pass]);
                cairo_set_source_rgb (cr, 0, 1, 0);
                cairo_paint (cr);
                if (variant == 1)
                  {
                    /* A clip through hexes, reaching off the surface. */
                    cairo_rectangle (cr, -40, 33, 331, h + 50);
                    cairo_clip (cr);
                  }
                if (variant == 2)
                  {
                    cairo_translate (cr, 17, -9);
                    rect = (RdtRenderRect) { 23, 14, 401, 297 };
                  }
                _rdt_map_renderer_set_direct_blit (renderer, pass == 0);
                rdt_map_renderer_draw (renderer, cr, &view, variant == 0 ? NULL : &rect);
                cairo_destroy (cr);
                cairo_surface_flush (surfaces[pass]);
              }
            _rdt_map_renderer_set_direct_blit (renderer, TRUE);
            for (int y = 0; y < h; y++)
              {
                const guint32 *a = (const guint32 *) (cairo_image_surface_get_data (surfaces[0])
                                                      + y * cairo_image_surface_get_stride (surfaces[0]));
                const guint32 *b = (const guint32 *) (cairo_image_surface_get_data (surfaces[1])
                                                      + y * cairo_image_surface_get_stride (surfaces[1]));
                for (int x = 0; x < w; x++)
                  {
                    if (a[x] != b[x] && differ++ < 5)
                      g_test_message ("orientation %d scale %g variant %d: (%d, %d) %08x, cairo %08x",
                                      orientation, scales[k], variant, x, y, a[x], b[x]);
                    drawn += a[x] != 0xff00ff00u;
                  }
              }
            g_assert_cmpuint (differ, ==, 0);
            /* The small scales show the whole 14 x 12 map, a few thousand pixels. */
            g_assert_cmpuint (drawn, >, scales[k] < 6.0 ? 1000u : (guint) (w * h / 4));
            cairo_surface_destroy (surfaces[0]);
            cairo_surface_destroy (surfaces[1]);
            cases++;
          }
    }
  g_assert_cmpuint (cases, ==, 2 * G_N_ELEMENTS (scales) * 4);
}

/* Issue 15: zoomed in, hex labels are drawn one label at a time, each as
 * cairo draws it on its own, instead of all in one run of glyphs (whose mask
 * spanned the whole frame).  Where two digits' anti-aliased edges touch,
 * cairo may composite a lone label's glyphs one by one and the run through
 * one mask: a pixel there may differ by a level or two, nowhere else. */
static void
test_labels_one_at_a_time (void)
{
  g_autoptr(RdtHexGrid) grid = make_grid (12, 1);
  g_autoptr(RdtRenderMap) map = rdt_render_map_new (grid);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  /* On 700 x 500 pixels: one run at 26 and 40 (many labels for the
   * area), one label at a time from 52. */
  const double scales[] = { 26.0, 40.0, 52.0, 64.5, 90.0, 140.0 };

  rdt_map_renderer_set_layers (renderer, RDT_RENDER_LAYER_LABELS);
  for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
    {
      RdtRenderView view = rdt_render_view_make (scales[k], 3.3 - scales[k], 7.6 - scales[k]);
      cairo_surface_t *surfaces[2];
      guint differ = 0, ink = 0, max_delta = 0;

      for (int pass = 0; pass < 2; pass++)
        {
          cairo_t *cr;
          surfaces[pass] = make_argb_surface (700, 500, &cr);
          _rdt_map_renderer_set_labels_in_one_run (renderer, pass == 1);
          g_assert_cmpuint (rdt_map_renderer_draw (renderer, cr, &view, NULL), >, 0);
          cairo_destroy (cr);
          cairo_surface_flush (surfaces[pass]);
        }
      _rdt_map_renderer_set_labels_in_one_run (renderer, FALSE);
      for (int y = 0; y < 500; y++)
        for (int x = 0; x < 700; x++)
          {
            guint32 a = *(guint32 *) (cairo_image_surface_get_data (surfaces[0])
                                      + y * cairo_image_surface_get_stride (surfaces[0]) + 4 * x);
            guint32 b = *(guint32 *) (cairo_image_surface_get_data (surfaces[1])
                                      + y * cairo_image_surface_get_stride (surfaces[1]) + 4 * x);
            ink += b != 0xff00ff00u;
            if (a == b)
              continue;
            differ++;
            for (int shift = 0; shift < 32; shift += 8)
              max_delta = MAX (max_delta, (guint) ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff)));
          }
      /* Labels were drawn (from about ten pixels of ink each at 26 px per map unit). */
      g_assert_cmpuint (ink, >, 1000);
      g_test_message ("scale %g: %u of %u pixels differ, by up to %u", scales[k], differ, ink, max_delta);
      g_assert_cmpuint (max_delta, <=, 8);
      g_assert_cmpuint (differ * 100, <=, ink);
      cairo_surface_destroy (surfaces[0]);
      cairo_surface_destroy (surfaces[1]);
    }
}

/* Issue 16, "Reduced side and status markers draw over them": a counter
 * with art shows the art, the reduced corner over a front image (not over a
 * printed back, which is the reduced side itself), and a status marker
 * (disrupted, 13.3) over the art. */
static void
test_art_reduced_and_marker (void)
{
  g_autoptr(RdtHexGrid) grid = make_grid (3, 1);
  g_autoptr(RdtRenderMap) map = rdt_render_map_new (grid);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  cairo_surface_t *art = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 32, 32);
  const guint32 art_rgb = RDT_RGB (0xfa, 0x14, 0xc8);
  const double scale = 100, cx = 100, cy = 100;
  const double side = 1.05 * scale, x0 = cx - side / 2, y0 = cy - side / 2;

  {
    cairo_t *cr = cairo_create (art);

    cairo_set_source_rgb (cr, 0xfa / 255.0, 0x14 / 255.0, 0xc8 / 255.0);
    cairo_paint (cr);
    cairo_destroy (cr);
  }
  for (int back = 0; back < 2; back++)
    {
      RdtRenderCounter counter = { 0 };
      cairo_t *cr;
      cairo_surface_t *surface = make_surface (200, 200, &cr);
      double r = side * 0.14, mx = x0 + side - r * 0.6, my = y0 + side - r * 0.6;
      guint red = 0;

      counter.name = "Art";
      counter.values = "2-1-4";
      counter.body_rgb = BLUE;
      counter.band_rgb = BLUE;
      counter.text_rgb = RDT_RGB (0xff, 0xff, 0xff);
      counter.reduced = TRUE;
      counter.status = RDT_RENDER_STATUS_DISRUPTED;
      counter.art = art;
      counter.art_is_back = back;
      rdt_map_renderer_draw_counter (renderer, cr, scale, &counter, cx, cy);
      cairo_destroy (cr);
      /* The art fills the counter. */
      g_assert_cmphex (pixel (surface, cx - side * 0.2, cy - side * 0.2), ==, art_rgb);
      /* The reduced corner: white over a front, none over a printed back. */
      g_assert_cmphex (pixel (surface, x0 + side * 0.95, y0 + side * 0.04), ==,
                       back ? art_rgb : RDT_RGB (0xff, 0xff, 0xff));
      /* The disrupted marker (red disc) over the art. */
      for (double dx = -r * 0.8; dx <= r * 0.8; dx += r * 0.2)
        for (double dy = -r * 0.8; dy <= r * 0.8; dy += r * 0.2)
          red += pixel (surface, mx + dx, my + dy) == RDT_RGB (0xd0, 0x20, 0x20);
      g_assert_cmpuint (red, >, 5);
      cairo_surface_destroy (surface);
    }
  cairo_surface_destroy (art);
}

/* Issue 16, "Counter art and generated counters scale with zoom and stay
 * crisp (cached per zoom level like the map tiles)": a counter with art
 * (a sharp black/white edge at its middle) drawn at two zooms fills the
 * counter's size at that zoom, keeps its edge one or two device pixels
 * wide (an image cached at another zoom and magnified would smear it), and
 * gives the same pixels as drawing the counter directly at that size.  The
 * counter image cache holds the counter at the current zoom only: a second
 * frame at the same zoom reuses it, another zoom draws it anew. */
static guint
grey_level (guint32 p)
{
  guint r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;

  return (r == g && g == b) ? r : 0x100;
}

static void
test_art_crisp_per_zoom (void)
{
  g_autoptr(RdtRenderMap) map = make_map (6, 1);
  g_autoptr(RdtMapRenderer) renderer = rdt_map_renderer_new (map);
  cairo_surface_t *art = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 512, 512);
  /* 200: above the largest zoom with counter images (drawn directly). */
  const double scales[] = { 24.0, 96.0, 24.0, 200.0 };
  RdtRenderCounter counter = { 0 };
  guint drawn_before = 0;

  {
    cairo_t *cr = cairo_create (art);

    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_paint (cr);
    cairo_rectangle (cr, 0, 0, 256, 512);
    cairo_set_source_rgb (cr, 0, 0, 0);
    cairo_fill (cr);
    cairo_destroy (cr);
  }
  counter.hex = (RdtHex) { 4, 4 };
  counter.name = "Art";
  counter.values = "2-1-4";
  counter.body_rgb = BLUE;
  counter.band_rgb = BLUE;
  counter.text_rgb = RDT_RGB (0xff, 0xff, 0xff);
  counter.art = art;
  rdt_render_map_add_counter (map, &counter);

  for (guint i = 0; i < G_N_ELEMENTS (scales); i++)
    {
      const double scale = scales[i], side = 1.05 * scale;
      RdtRenderView view = rdt_render_view_make (scale, 0, 0);
      cairo_t *cr, *dcr;
      cairo_surface_t *surface, *direct;
      double mx, my, cx, cy, sprite_scale = 0;
      guint drawn = 0, grey = 0, black = 0, white = 0, differ = 0, box = 0;
      int y;

      /* The counter's hex in the middle of a 400 x 400 frame. */
      rdt_hex_grid_hex_centre (rdt_render_map_get_grid (map), counter.hex, &mx, &my);
      view = rdt_render_view_make (scale, 200 - mx * scale, 200 - my * scale);
      surface = make_surface (400, 400, &cr);
      rdt_map_renderer_draw (renderer, cr, &view, NULL);
      if (scale > 128.0)
        {
          /* Drawn as paths every frame: no image to reuse or magnify. */
          _rdt_map_renderer_get_counter_sprites (renderer, NULL, &drawn);
          g_assert_cmpuint (drawn, ==, drawn_before);
        }
      else
        {
          g_assert_cmpuint (_rdt_map_renderer_get_counter_sprites (renderer, &sprite_scale, &drawn), ==, 1);
          g_assert_cmpfloat (sprite_scale, ==, scale);
          /* A new zoom draws the counter anew, at that zoom. */
          g_assert_cmpuint (drawn, ==, drawn_before + 1);
          /* The next frame at the same zoom reuses it. */
          rdt_map_renderer_draw (renderer, cr, &view, NULL);
          g_assert_cmpuint (_rdt_map_renderer_get_counter_sprites (renderer, &sprite_scale, &drawn), ==, 1);
          g_assert_cmpuint (drawn, ==, drawn_before + 1);
          drawn_before = drawn;
        }
      cairo_destroy (cr);

      hex_device (map, &view, counter.hex, 0, 0, &cx, &cy);
      cx = floor (cx + 0.5);
      cy = floor (cy + 0.5);
      /* One row through the art, inside the border: black left of the
       * middle, white right of it, and only the edge pixels between. */
      y = (int) (cy - side * 0.2);
      for (int x = (int) ceil (cx - side * 0.44); x <= (int) floor (cx + side * 0.44); x++)
        {
          guint level = grey_level (pixel (surface, x, y));

          g_assert_cmpuint (level, <=, 0xff);
          if (level <= 0x10)
            black++;
          else if (level >= 0xef)
            white++;
          else
            grey++;
        }
      g_assert_cmpuint (grey, <=, 2);
      g_assert_cmpfloat (fabs ((double) black - side * 0.44), <=, 2.5);
      g_assert_cmpfloat (fabs ((double) white - side * 0.44), <=, 2.5);
      /* The art ends at the counter's edge at this zoom: terrain beyond
       * its border (as wide as 2.5% of the counter). */
      g_assert_cmphex (pixel (surface, cx - side / 2 - MAX (0.6, side * 0.025) - 1.5, y), ==, RED);
      g_assert_cmpuint (grey_level (pixel (surface, cx - side / 2 + side * 0.05, y)), <=, 0x10);

      /* The same pixels as the counter drawn directly at this size. */
      direct = make_surface (400, 400, &dcr);
      cairo_set_source_rgb (dcr, 1, 0, 0);
      cairo_paint (dcr);
      rdt_map_renderer_draw_counter (renderer, dcr, scale, &counter, cx, cy);
      cairo_destroy (dcr);
      for (int py = (int) (cy - side / 2); py <= (int) (cy + side / 2); py++)
        for (int px = (int) (cx - side / 2); px <= (int) (cx + side / 2); px++)
          {
            box++;
            if (pixel (surface, px, py) != pixel (direct, px, py))
              differ++;
          }
      g_assert_cmpuint (differ, <=, box / 50);
      cairo_surface_destroy (direct);
      cairo_surface_destroy (surface);
    }
  cairo_surface_destroy (art);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/terrain/colours", test_terrain_colours);
  g_test_add_func ("/render/terrain/look-from-volume-data", test_terrain_look_from_volume);
  g_test_add_func ("/render/overlay/11.4/shade-and-letter", test_overlay_shade_and_letter);
  g_test_add_func ("/render/terrain/orientation-change", test_orientation_change);
  g_test_add_func ("/render/culling/visible-rect", test_culling);
  g_test_add_func ("/render/culling/independent-of-map-size", test_culling_independent_of_map_size);
  g_test_add_func ("/render/hexside/11.43-note/slope-teeth-point-down", test_slope_teeth_point_down);
  g_test_add_func ("/render/counter/drawn-and-stacked", test_counter_drawn);
  g_test_add_func ("/render/counter/issue-16/stack-count-badge", test_stack_count_badge);
  g_test_add_func ("/render/counter/issue-16/art-under-reduced-mark-and-status-marker", test_art_reduced_and_marker);
  g_test_add_func ("/render/counter/issue-16/art-crisp-and-cached-per-zoom", test_art_crisp_per_zoom);
  g_test_add_func ("/render/tile-cache/matches-direct", test_tile_cache_matches);
  g_test_add_func ("/render/sprites/issue-15/blit-identical-to-cairo", test_sprite_blit_identical);
  g_test_add_func ("/render/terrain/issue-15/scan-fill-identical-to-cairo", test_scan_fill_identical);
  g_test_add_func ("/render/labels/issue-15/one-label-at-a-time", test_labels_one_at_a_time);
  g_test_add_func ("/render/tile-cache/zoom-within-budget", test_tile_cache_budget);
  g_test_add_func ("/render/export/area", test_export_area);
  g_test_add_func ("/render/export/format-from-path", test_format_from_path);

  return g_test_run ();
}
