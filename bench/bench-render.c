/* bench-render.c: frame times of the map renderer, offscreen.
 *
 * A synthetic 100 x 100 map (columns and rows numbered from 0, so labels stay
 * four digits) with dense woods and slopes and 600 counters is drawn into a
 * cairo image surface the size of a large window: a full frame at the default
 * zoom, the whole map fitted into the frame, and zoomed-in frames on the
 * 100 x 100 map and on a 20 x 20 one, which should cost the same.  These draw
 * every layer from nothing (the renderer's sprite caches warm, as after one
 * frame at that zoom).  The last case is what the map view does while panning:
 * still layers copied from the tile cache, counters drawn over them.
 *
 * Columns: median and fastest wall-clock time per frame, and the median of the
 * thread's CPU time (steadier on a busy machine).  Targets (issue 15), as
 * TIME/RATIO lines at the end, on the CPU medians: the whole map fitted within
 * 16 ms; a zoomed-in frame within 2 ms per 128 hexes drawn; and zoomed-in
 * frames proportional to the hexes shown, so the 100 x 100 map's costs at
 * most 1.25x the 20 x 20 map's (same view, same hexes).
 *
 *   bench-render [--runs N] [--width W] [--height H] [--case N] [--layers BITS]
 *                [--png PREFIX] [--zoom S]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench-common.h"
#include "redoubt-render.h"

static RdtRenderMap *
make_map (int size,
          guint n_counters,
          guint32 seed)
{
  RdtGridSettings settings = { size, size, 0, 0, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtHexGrid) grid = rdt_hex_grid_new (&settings, &error);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  RdtRenderMap *map;
  int forest, light, orchard, marsh, town, field;
  static const guint32 nations[][2] = {
    { RDT_RGB (0xc8, 0x32, 0x2a), RDT_RGB (0xf2, 0xe2, 0x9a) },   /* British */
    { RDT_RGB (0x2e, 0x5c, 0xa8), RDT_RGB (0xf0, 0xf0, 0xf0) },   /* Continental */
    { RDT_RGB (0x3c, 0x7a, 0x8c), RDT_RGB (0xe6, 0x9a, 0x2a) },   /* Hessian */
  };
  static const char *names[] = { "Proctor", "Knyphausen", "Maxwell", "Sullivan", "Grey",
                                  "Stirling", "Wayne", "Cornwallis", "Agnew", "Stephen" };

  g_assert_no_error (error);
  map = rdt_render_map_new (grid);
  forest = rdt_render_map_find_terrain_style (map, "forest");
  light = rdt_render_map_find_terrain_style (map, "light-forest");
  orchard = rdt_render_map_find_terrain_style (map, "orchard");
  marsh = rdt_render_map_find_terrain_style (map, "marsh");
  town = rdt_render_map_find_terrain_style (map, "town");
  field = rdt_render_map_find_terrain_style (map, "field");

  for (int c = 0; c < size; c++)
    for (int r = 0; r < size; r++)
      {
        RdtHex hex = { c, r };
        double p = g_rand_double (rand);
        int t = p < 0.35 ? forest : p < 0.5 ? light : p < 0.55 ? orchard
                : p < 0.6 ? marsh : p < 0.63 ? town : p < 0.7 ? field : 0;
        rdt_render_map_set_terrain (map, hex, t);
        /* Dense slopes: a third of the hexsides, high side at random. */
        for (int d = 0; d < 3; d++)
          {
            RdtHex nb = rdt_hex_grid_neighbour (grid, hex, d);
            RdtHexside side;
            double q = g_rand_double (rand);
            if (!rdt_hex_grid_contains (grid, nb))
              continue;
            side = rdt_hex_grid_hexside_of (grid, hex, d);
            if (q < 0.33)
              rdt_render_map_add_hexside (map, side, RDT_RENDER_SIDE_SLOPE,
                                          g_rand_boolean (rand) ? &hex : &nb);
            else if (q < 0.38)
              rdt_render_map_add_hexside (map, side, RDT_RENDER_SIDE_STREAM, NULL);
            else if (q < 0.40)
              rdt_render_map_add_hexside (map, side, RDT_RENDER_SIDE_FIELDWORK, &hex);
          }
      }
  /* A road along every tenth row and a creek down every seventh column. */
  for (int r = 5; r < size; r += 10)
    for (int c = 0; c + 1 < size; c++)
      {
        RdtHex a = { c, r }, b = { c + 1, r };
        RdtHexside side;
        if (rdt_hex_grid_hexside (grid, a, b, &side, NULL))
          rdt_render_map_add_hexside (map, side, RDT_RENDER_SIDE_ROAD, NULL);
      }
  for (int c = 3; c < size; c += 7)
    for (int r = 0; r < size; r++)
      {
        RdtHexside side = rdt_hex_grid_hexside_of (grid, (RdtHex) { c, r }, RDT_DIR_1);
        rdt_render_map_add_hexside (map, side, r % 6 == 0 ? RDT_RENDER_SIDE_CREEK | RDT_RENDER_SIDE_FORD
                                              : RDT_RENDER_SIDE_CREEK, NULL);
      }

  for (guint i = 0; i < n_counters; i++)
    {
      RdtRenderCounter counter = { 0 };
      char values[16];
      guint nation = g_rand_int_range (rand, 0, 3);
      g_snprintf (values, sizeof values, "%d-%d-%d", g_rand_int_range (rand, 1, 7),
                  g_rand_int_range (rand, 2, 6), g_rand_int_range (rand, 3, 7));
      counter.hex = (RdtHex) { g_rand_int_range (rand, 0, size), g_rand_int_range (rand, 0, size) };
      counter.name = names[i % G_N_ELEMENTS (names)];
      counter.values = values;
      counter.body_rgb = nations[nation][0];
      counter.band_rgb = nations[nation][1];
      counter.text_rgb = RDT_RGB (0xff, 0xff, 0xff);
      counter.kind = g_rand_int_range (rand, 0, RDT_RENDER_COUNTER_OTHER);
      counter.reduced = g_rand_int_range (rand, 0, 5) == 0;
      counter.status = g_rand_int_range (rand, 0, 6) == 0 ? RDT_RENDER_STATUS_DISRUPTED : 0;
      rdt_render_map_add_counter (map, &counter);
    }
  return map;
}

/* Thread CPU time: on a shared machine it says what a frame costs even when
 * other processes take the cores; the wall-clock median is reported too. */
static double
cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int
compare_double (const void *a,
                const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

typedef struct {
  double median;
  double min;
  double cpu_median;
  guint hexes;
} Timing;

static Timing
time_frames (RdtMapRenderer      *renderer,
             cairo_surface_t     *surface,
             const RdtRenderView *view,
             int                  runs,
             const char          *png)
{
  cairo_t *cr = cairo_create (surface);
  RdtRenderRect visible = { 0, 0, cairo_image_surface_get_width (surface),
                            cairo_image_surface_get_height (surface) };
  g_autofree double *ms = g_new (double, runs);
  g_autofree double *cpu = g_new (double, runs);
  Timing t = { 0 };

  /* One warm-up frame fills the font cache and grows the scratch buffers. */
  for (int i = -1; i < runs; i++)
    {
      gint64 start;
      double cpu_start;
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      start = g_get_monotonic_time ();
      cpu_start = cpu_ms ();
      t.hexes = rdt_map_renderer_draw (renderer, cr, view, &visible);
      cairo_surface_flush (surface);
      if (i >= 0)
        {
          ms[i] = (g_get_monotonic_time () - start) / 1000.0;
          cpu[i] = cpu_ms () - cpu_start;
        }
    }
  qsort (ms, runs, sizeof *ms, compare_double);
  qsort (cpu, runs, sizeof *cpu, compare_double);
  t.median = ms[runs / 2];
  t.min = ms[0];
  t.cpu_median = cpu[runs / 2];
  if (png)
    cairo_surface_write_to_png (surface, png);
  cairo_destroy (cr);
  return t;
}

/* Frames through the tile cache while panning a few pixels per frame, as a drag
 * does: mostly copies, now and then a new row or column of tiles. */
static Timing
time_cached_frames (RdtMapRenderer      *renderer,
                    cairo_surface_t     *surface,
                    const RdtRenderView *view,
                    int                  runs,
                    const char          *png)
{
  g_autoptr(RdtTileCache) cache = rdt_tile_cache_new (renderer, 256);
  cairo_t *cr = cairo_create (surface);
  RdtRenderRect visible = { 0, 0, cairo_image_surface_get_width (surface),
                            cairo_image_surface_get_height (surface) };
  g_autofree double *ms = g_new (double, runs);
  g_autofree double *cpu = g_new (double, runs);
  Timing t = { 0 };

  for (int i = -1; i < runs; i++)
    {
      RdtRenderView v = *view;
      gint64 start;
      double cpu_start;
      v.origin_x -= 6.0 * (i + 1);
      v.origin_y -= 3.0 * (i + 1);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      start = g_get_monotonic_time ();
      cpu_start = cpu_ms ();
      rdt_tile_cache_draw (cache, cr, &v, &visible, NULL);
      cairo_surface_flush (surface);
      if (i >= 0)
        {
          ms[i] = (g_get_monotonic_time () - start) / 1000.0;
          cpu[i] = cpu_ms () - cpu_start;
        }
    }
  qsort (ms, runs, sizeof *ms, compare_double);
  qsort (cpu, runs, sizeof *cpu, compare_double);
  t.median = ms[runs / 2];
  t.min = ms[0];
  t.cpu_median = cpu[runs / 2];
  t.hexes = rdt_tile_cache_get_n_tiles (cache);
  if (png)
    cairo_surface_write_to_png (surface, png);
  cairo_destroy (cr);
  return t;
}

static RdtRenderView
centred_view (RdtMapRenderer *renderer,
              double          scale,
              int             width,
              int             height)
{
  RdtRenderRect r = rdt_map_renderer_get_map_rect (renderer);
  return rdt_render_view_make (scale, width / 2.0 - scale * r.width / 2.0,
                               height / 2.0 - scale * r.height / 2.0);
}

int
main (int   argc,
      char *argv[])
{
  int runs = 31, width = 1920, height = 1080, layers = RDT_RENDER_LAYER_ALL, only = -1;
  double zoomed_scale = 90.0;
  g_autofree char *png = NULL;
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Frames per case (median reported)", "N" },
    { "width", 0, 0, G_OPTION_ARG_INT, &width, "Frame width in pixels", "W" },
    { "height", 0, 0, G_OPTION_ARG_INT, &height, "Frame height in pixels", "H" },
    { "case", 0, 0, G_OPTION_ARG_INT, &only, "Run only case N (0-4)", "N" },
    { "layers", 0, 0, G_OPTION_ARG_INT, &layers, "RdtRenderLayers bits to draw (default all)", "BITS" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png, "Write each case's frame to PREFIX-<case>.png", "PREFIX" },
    { "zoom", 0, 0, G_OPTION_ARG_DOUBLE, &zoomed_scale, "Pixels per map unit of the zoomed-in cases (default 90)", "S" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- map renderer frame times");
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtRenderMap) big = NULL;
  g_autoptr(RdtRenderMap) small = NULL;
  g_autoptr(RdtMapRenderer) big_renderer = NULL;
  g_autoptr(RdtMapRenderer) small_renderer = NULL;
  cairo_surface_t *surface;
  struct {
    const char *name;
    RdtMapRenderer *renderer;
    RdtRenderView view;
  } cases[4];
  RdtRenderRect big_rect;
  Timing results[4] = { 0 };
  gboolean done[4] = { FALSE };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-render: %s\n", error->message);
      return 2;
    }
  runs = MAX (runs, 1);
  zoomed_scale = CLAMP (zoomed_scale, 1.0, 1000.0);

  big = make_map (100, 600, 1777);
  small = make_map (20, 24, 1777);
  big_renderer = rdt_map_renderer_new (big);
  small_renderer = rdt_map_renderer_new (small);
  big_rect = rdt_map_renderer_get_map_rect (big_renderer);
  rdt_map_renderer_set_layers (big_renderer, layers);
  rdt_map_renderer_set_layers (small_renderer, layers);

  cases[0].name = "100x100 full frame, default zoom";
  cases[0].renderer = big_renderer;
  cases[0].view = centred_view (big_renderer, RDT_RENDER_DEFAULT_SCALE, width, height);
  cases[1].name = "100x100 whole map fitted";
  cases[1].renderer = big_renderer;
  cases[1].view = rdt_render_view_fit (&big_rect, width, height);
  cases[2].name = "100x100 zoomed in";
  cases[2].renderer = big_renderer;
  cases[2].view = centred_view (big_renderer, zoomed_scale, width, height);
  cases[3].name = "20x20 zoomed in";
  cases[3].renderer = small_renderer;
  cases[3].view = centred_view (small_renderer, zoomed_scale, width, height);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  g_print ("# bench-render: %d x %d ARGB32 frames, median of %d runs; 600 counters on 100x100\n",
           width, height, runs);
  g_print ("%-38s %6s %8s %10s %9s %10s\n", "case", "scale", "hexes", "median", "min", "cpu median");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *file = png ? g_strdup_printf ("%s-%u.png", png, i) : NULL;
      Timing t;

      if (only >= 0 && (guint) only != i)
        continue;
      t = time_frames (cases[i].renderer, surface, &cases[i].view, runs, file);
      results[i] = t;
      done[i] = TRUE;
      g_print ("%-38s %6.1f %8u %7.2f ms %6.2f ms %7.2f ms\n", cases[i].name, cases[i].view.scale,
               t.hexes, t.median, t.min, t.cpu_median);
    }
  if (only < 0 || only == 4)
  {
    g_autofree char *file = png ? g_strdup_printf ("%s-cached.png", png) : NULL;
    Timing t = time_cached_frames (big_renderer, surface, &cases[0].view, runs, file);
    g_print ("%-38s %6.1f %5u tl %7.2f ms %6.2f ms %7.2f ms\n", "100x100 default zoom, tile cache, pan",
             cases[0].view.scale, t.hexes, t.median, t.min, t.cpu_median);
  }
  cairo_surface_destroy (surface);

  bench_print_load ();
  if (done[1])
    bench_time ("render-whole-map-fitted", results[1].cpu_median, 16.0);
  if (done[2] && results[2].hexes > 0)
    bench_time ("render-zoomed-per-128-hexes", results[2].cpu_median * 128.0 / results[2].hexes, 2.0);
  if (done[2] && done[3] && results[3].cpu_median > 0)
    bench_ratio ("render-zoomed-100x100-vs-20x20", results[2].cpu_median / results[3].cpu_median, 1.25);
  return bench_status;
}
