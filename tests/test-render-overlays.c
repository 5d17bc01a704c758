#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cairo.h>
#include <glib/gstdio.h>

#include "redoubt-core.h"
#include "redoubt-render.h"
#include "rdt-rule-overlays.h"

/* `redoubt-cli render` with the rule overlays of issue 7 on a small map
 * (tests/data/render/overlays.redoubt).  Each overlay is rendered once without
 * and once with the overlay option; a pixel probe inside each hex (left of the
 * centre, clear of letters, counters, labels and hexside highlights) must
 * differ exactly where the core's own answer says the hex is shaded.  The
 * hex centres in image pixels come from the export transform
 * (rdt_rule_overlays_export_point()). */

#define SCALE 30
#define AREA "0505:5"
#define PROBE_DX (-0.55)
#define PROBE_DY 0.15

typedef struct {
  RdtScenario *scenario;
  RdtBoard *board;
  RdtRenderMap *map;
  RdtMapRenderer *renderer;
  RdtRenderExportOptions options;
  char *file;
} Fixture;

static char *
test_map (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "render", "overlays.redoubt", NULL);
}

static void
fixture_init (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();

  f->file = test_map ();
  f->scenario = rdt_scenario_load_from_file (f->file, diagnostics, &error);
  g_assert_no_error (error);
  f->board = rdt_board_new_from_scenario (f->scenario, NULL, &error);
  g_assert_no_error (error);
  f->map = rdt_render_map_new_from_scenario (f->scenario);
  f->renderer = rdt_map_renderer_new (f->map);
  rdt_render_export_options_init (&f->options);
  f->options.scale = SCALE;
  f->options.use_area = TRUE;
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (f->scenario), "0505",
                                           &f->options.area_centre, NULL));
  f->options.area_radius = 5;
}

static void
fixture_clear (Fixture *f)
{
  g_object_unref (f->renderer);
  rdt_render_map_unref (f->map);
  rdt_board_unref (f->board);
  g_object_unref (f->scenario);
  g_free (f->file);
}

static char *
temp_png (void)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("test-render-overlays-XXXXXX.png", &path, &error);

  g_assert_no_error (error);
  close (fd);
  return path;
}

/* Runs redoubt-cli render FILE -o OUT --area AREA --scale SCALE --caption x
 * EXTRA... and returns the image (the same caption keeps both images the same
 * size). */
static cairo_surface_t *
render (const char        *file,
        const char *const *extra,
        int                expect_status)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = temp_png ();
  g_autofree char *err = NULL;
  g_autofree char *scale = g_strdup_printf ("%d", SCALE);
  cairo_surface_t *surface;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  g_ptr_array_add (argv, "render");
  g_ptr_array_add (argv, (gpointer) file);
  g_ptr_array_add (argv, "-o");
  g_ptr_array_add (argv, out);
  g_ptr_array_add (argv, "--area");
  g_ptr_array_add (argv, AREA);
  g_ptr_array_add (argv, "--scale");
  g_ptr_array_add (argv, scale);
  g_ptr_array_add (argv, "--caption");
  g_ptr_array_add (argv, "x");
  for (guint i = 0; extra && extra[i]; i++)
    g_ptr_array_add (argv, (gpointer) extra[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                NULL, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  if (WEXITSTATUS (status) != expect_status)
    g_test_message ("stderr: %s", err);
  g_assert_cmpint (WEXITSTATUS (status), ==, expect_status);
  if (expect_status != 0)
    {
      g_remove (out);
      return NULL;
    }
  g_assert_cmpstr (err, ==, "");
  surface = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_remove (out);
  return surface;
}

static guint32
probe (Fixture         *f,
       cairo_surface_t *surface,
       RdtHex           hex)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (f->scenario);
  double mx, my, x, y;
  int ix, iy;

  rdt_hex_grid_hex_centre (grid, hex, &mx, &my);
  g_assert_true (rdt_rule_overlays_export_point (f->renderer, &f->options,
                                                 mx + PROBE_DX, my + PROBE_DY, &x, &y, NULL));
  ix = (int) x;
  iy = (int) y;
  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  cairo_surface_flush (surface);
  return *(guint32 *) (cairo_image_surface_get_data (surface)
                       + iy * cairo_image_surface_get_stride (surface) + ix * 4) & 0xffffff;
}

static int
colour_distance (guint32 a,
                 guint32 b)
{
  int d = 0;

  for (int shift = 0; shift < 24; shift += 8)
    d += ABS ((int) ((a >> shift) & 0xff) - (int) ((b >> shift) & 0xff));
  return d;
}

static gboolean
shaded (Fixture         *f,
        cairo_surface_t *base,
        cairo_surface_t *over,
        RdtHex           hex)
{
  return colour_distance (probe (f, base, hex), probe (f, over, hex)) > 24;
}

static RdtHex
hex (Fixture    *f,
     const char *label)
{
  RdtHex h;

  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (f->scenario), label, &h, NULL));
  return h;
}

static gboolean
in_area (Fixture *f,
         RdtHex   h)
{
  return rdt_hex_grid_distance (rdt_scenario_get_grid (f->scenario), f->options.area_centre, h) <= 5;
}

/* 11.4 figure: every hex of the fan that is out of LOS is shaded (and only
 * those), as the core's own fan says. */
static void
test_fan (void)
{
  Fixture f;
  const char *extra[] = { "--fan", "0505:4", NULL };
  cairo_surface_t *base, *over;
  g_autoptr(RdtLos) los = NULL;
  g_autoptr(GArray) fan = NULL;
  guint n_blocked = 0, n_clear = 0;

  fixture_init (&f);
  base = render (f.file, NULL, 0);
  over = render (f.file, extra, 0);
  los = rdt_los_new (f.board);
  fan = rdt_los_fan (los, hex (&f, "0505"), 4);
  for (guint i = 0; i < fan->len; i++)
    {
      const RdtLosFanEntry *e = &g_array_index (fan, RdtLosFanEntry, i);
      char label[RDT_HEX_LABEL_SIZE];

      if (e->distance == 0)
        continue;
      rdt_hex_grid_format_label (rdt_scenario_get_grid (f.scenario), e->hex, label);
      g_test_message ("%s %s", label, e->verdict == RDT_LOS_BLOCKED ? "blocked" : "clear");
      if (e->verdict == RDT_LOS_BLOCKED)
        {
          g_assert_true (shaded (&f, base, over, e->hex));
          n_blocked++;
        }
      else
        {
          g_assert_false (shaded (&f, base, over, e->hex));
          n_clear++;
        }
    }
  /* The map has blocked and clear hexes both: forest 0504, units 0605, the
   * creek slope 0703|0704. */
  g_assert_cmpuint (n_blocked, >=, 3);
  g_assert_cmpuint (n_clear, >=, 20);
  /* Outside the fan: untouched. */
  g_assert_false (shaded (&f, base, over, hex (&f, "0101")));
  cairo_surface_destroy (base);
  cairo_surface_destroy (over);
  fixture_clear (&f);
}

/* 11.42: the blocking hex of a blocked LOS is shaded; with --ignore-units
 * the unit no longer blocks and its hex is not shaded. */
static void
test_los (void)
{
  Fixture f;
  const char *blocked_args[] = { "--los", "0505:0805", NULL };
  const char *ignore_args[] = { "--los", "0505:0805", "--ignore-units", NULL };
  const char *forest_args[] = { "--los", "0505:0502", NULL };
  cairo_surface_t *base, *blocked, *ignored, *forest;
  fixture_init (&f);
  base = render (f.file, NULL, 0);
  blocked = render (f.file, blocked_args, 0);
  ignored = render (f.file, ignore_args, 0);
  forest = render (f.file, forest_args, 0);

  /* 0605 holds the blocker (U). */
  g_assert_true (shaded (&f, base, blocked, hex (&f, "0605")));
  g_assert_false (shaded (&f, base, ignored, hex (&f, "0605")));
  /* 0504 is light forest (B). */
  g_assert_true (shaded (&f, base, forest, hex (&f, "0504")));
  /* Hexes off the line are untouched. */
  g_assert_false (shaded (&f, base, blocked, hex (&f, "0303")));
  g_assert_false (shaded (&f, base, forest, hex (&f, "0807")));
  /* The line itself is red when blocked, green when clear: the pixel at the
   * midpoint between 0605 and 0705 centres. */
  {
    RdtHexGrid *grid = rdt_scenario_get_grid (f.scenario);
    double ax, ay, bx, by, x, y;
    guint32 red, green;

    rdt_hex_grid_hex_centre (grid, hex (&f, "0605"), &ax, &ay);
    rdt_hex_grid_hex_centre (grid, hex (&f, "0705"), &bx, &by);
    g_assert_true (rdt_rule_overlays_export_point (f.renderer, &f.options, (ax + bx) / 2, (ay + by) / 2,
                                                   &x, &y, NULL));
    cairo_surface_flush (blocked);
    cairo_surface_flush (ignored);
    red = *(guint32 *) (cairo_image_surface_get_data (blocked)
                        + (int) y * cairo_image_surface_get_stride (blocked) + (int) x * 4) & 0xffffff;
    green = *(guint32 *) (cairo_image_surface_get_data (ignored)
                          + (int) y * cairo_image_surface_get_stride (ignored) + (int) x * 4) & 0xffffff;
    g_assert_cmphex (red, ==, RDT_RULE_BLOCKED_RGBA >> 8);
    g_assert_cmphex (green, ==, RDT_RULE_CLEAR_RGBA >> 8);
  }
  cairo_surface_destroy (base);
  cairo_surface_destroy (blocked);
  cairo_surface_destroy (ignored);
  cairo_surface_destroy (forest);
  fixture_clear (&f);
}

/* 8.1, 8.31: the hexes in the American ZOC are shaded, rifle ZOC in another
 * colour, the light forest 0208 next to the riflemen is not (8.1: no ZOC into
 * it). */
static void
test_zoc (void)
{
  Fixture f;
  const char *extra[] = { "--zoc", "american", NULL };
  cairo_surface_t *base, *over;
  g_autoptr(RdtZocMap) map = NULL;
  RdtHexGrid *grid;
  guint n_zoc = 0, n_rifle = 0;
  guint32 plain_colour = 0, rifle_colour = 0;

  fixture_init (&f);
  grid = rdt_scenario_get_grid (f.scenario);
  base = render (f.file, NULL, 0);
  over = render (f.file, extra, 0);
  map = rdt_zoc_map_new (f.board, rdt_board_find_side (f.board, "american"));
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);

      if (!in_area (&f, h))
        continue;
      if (rdt_zoc_map_get_count (map, h) > 0)
        {
          g_assert_true (shaded (&f, base, over, h));
          n_zoc++;
          if (rdt_zoc_map_get_rifle (map, h))
            {
              n_rifle++;
              rifle_colour = probe (&f, over, h);
            }
          else if (rdt_board_count_combat_units (f.board, h) == 0
                   && g_strcmp0 (rdt_board_get_hex_terrain (f.board, h), "clear") == 0)
            plain_colour = probe (&f, over, h);
        }
      else
        g_assert_false (shaded (&f, base, over, h));
    }
  g_assert_cmpuint (n_zoc, >=, 10);
  g_assert_cmpuint (n_rifle, >=, 3);
  g_assert_cmpint (colour_distance (rifle_colour, plain_colour), >, 24);
  g_assert_cmpuint (rdt_zoc_map_get_count (map, hex (&f, "0208")), ==, 0);
  g_assert_false (shaded (&f, base, over, hex (&f, "0208")));
  cairo_surface_destroy (base);
  cairo_surface_destroy (over);
  fixture_clear (&f);
}

/* 9: every hex the unit may reach is shaded, the others are not. */
static void
test_moves (void)
{
  Fixture f;
  const char *extra[] = { "--moves", "marchers", NULL };
  cairo_surface_t *base, *over;
  g_autoptr(RdtMovement) movement = NULL;
  g_autoptr(RdtReach) reach = NULL;
  g_autoptr(GError) error = NULL;
  RdtMoveRules *rules = rdt_move_rules_new ();
  RdtMoveOptions options;
  RdtHexGrid *grid;
  guint n_reach = 0, n_not = 0;

  fixture_init (&f);
  grid = rdt_scenario_get_grid (f.scenario);
  base = render (f.file, NULL, 0);
  over = render (f.file, extra, 0);
  movement = rdt_movement_new (f.scenario, rules);
  rdt_move_rules_free (rules);
  rdt_move_options_init (&options);
  reach = rdt_movement_reach (movement, "marchers", &options, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      RdtHex start = rdt_reach_get_start (reach);

      if (!in_area (&f, h) || (h.col == start.col && h.row == start.row))
        continue;
      if (rdt_reach_lookup (reach, h, NULL))
        {
          g_assert_true (shaded (&f, base, over, h));
          n_reach++;
        }
      else
        {
          g_assert_false (shaded (&f, base, over, h));
          n_not++;
        }
    }
  g_assert_cmpuint (n_reach, >=, 6);
  g_assert_cmpuint (n_not, >=, 6);
  cairo_surface_destroy (base);
  cairo_surface_destroy (over);
  fixture_clear (&f);
}

/* How many pixels differ between two images within 0.6 hex radius of the
 * centre of @label (image pixels from the export transform). */
static guint
pixels_differing_near (RdtScenario     *scenario,
                       RdtMapRenderer  *renderer,
                       const RdtRenderExportOptions *options,
                       cairo_surface_t *a,
                       cairo_surface_t *b,
                       const char      *label)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  RdtHex h;
  double mx, my, cx, cy;
  int r = (int) (0.6 * SCALE);
  guint n = 0;

  g_assert_true (rdt_hex_grid_parse_label (grid, label, &h, NULL));
  rdt_hex_grid_hex_centre (grid, h, &mx, &my);
  g_assert_true (rdt_rule_overlays_export_point (renderer, options, mx, my, &cx, &cy, NULL));
  cairo_surface_flush (a);
  cairo_surface_flush (b);
  g_assert_cmpint (cairo_image_surface_get_width (a), ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (cairo_image_surface_get_height (a), ==, cairo_image_surface_get_height (b));
  for (int y = (int) cy - r; y <= (int) cy + r; y++)
    for (int x = (int) cx - r; x <= (int) cx + r; x++)
      {
        guint32 pa, pb;

        if (x < 0 || y < 0 || x >= cairo_image_surface_get_width (a) || y >= cairo_image_surface_get_height (a))
          continue;
        pa = *(guint32 *) (cairo_image_surface_get_data (a) + y * cairo_image_surface_get_stride (a) + x * 4);
        pb = *(guint32 *) (cairo_image_surface_get_data (b) + y * cairo_image_surface_get_stride (b) + x * 4);
        if (colour_distance (pa & 0xffffff, pb & 0xffffff) > 24)
          n++;
      }
  return n;
}

/* Brandywine 3.6.1 (issue 12): `render --moves` takes the game context of
 * `moves`; a hex not decided by it is hatched.  The Delaware at 0407 (Blues
 * released, 3.6.2.2): without a turn 0306 across the creek is reachable but
 * not decided (3.6.1 depends on the turn): hatched; on turn 3 with
 * Sullivan's release made it is plainly reachable.  The items say the same. */
static void
test_moves_undecided_hatched (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *file = g_build_filename (root ? root : "..", "scenarios", "brandywine.redoubt", NULL);
  const char *undecided[] = { "--moves", "delaware", "--released", "delaware-blues", NULL };
  const char *released[] = { "--moves", "delaware", "--turn", "3", "--released", "delaware-blues",
                             "--released", "sullivan", NULL };
  const char *bad_turn[] = { "--moves", "delaware", "--turn", "-2", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtRenderMap) map = NULL;
  g_autoptr(RdtMapRenderer) renderer = NULL;
  g_autoptr(RdtMovement) movement = NULL;
  g_autoptr(RdtReach) reach = NULL;
  g_autoptr(GArray) items = rdt_rule_overlays_new ();
  g_autofree char *text = NULL;
  const char *const blues[] = { "delaware-blues", NULL };
  RdtGameContext context;
  RdtMoveOptions move_options;
  RdtRenderExportOptions options;
  cairo_surface_t *a, *b;
  guint n_hatched = 0;

  scenario = rdt_scenario_load_from_file (file, diagnostics, &error);
  g_assert_no_error (error);
  map = rdt_render_map_new_from_scenario (scenario);
  renderer = rdt_map_renderer_new (map);
  rdt_render_export_options_init (&options);
  options.scale = SCALE;
  options.use_area = TRUE;
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (scenario), "0505", &options.area_centre, NULL));
  options.area_radius = 5;

  a = render (file, undecided, 0);
  b = render (file, released, 0);
  /* 0306 hatched in one, not the other; 0507 (decided in both) the same. */
  g_test_message ("0306: %u pixels differ; 0507: %u",
                  pixels_differing_near (scenario, renderer, &options, a, b, "0306"),
                  pixels_differing_near (scenario, renderer, &options, a, b, "0507"));
  g_assert_cmpuint (pixels_differing_near (scenario, renderer, &options, a, b, "0306"), >, 40);
  g_assert_cmpuint (pixels_differing_near (scenario, renderer, &options, a, b, "0507"), ==, 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  /* A turn out of range is a usage error, as for `moves`. */
  g_assert_null (render (file, bad_turn, 2));

  /* The items: hatched exactly where the reach is not decided. */
  movement = rdt_movement_new (scenario, NULL);
  rdt_game_context_init (&context);
  context.released = blues;
  rdt_move_options_init (&move_options);
  move_options.context = &context;
  reach = rdt_movement_reach (movement, "delaware", &move_options, &error);
  g_assert_no_error (error);
  rdt_rule_overlays_add_reach (items, reach, rdt_scenario_get_grid (scenario));
  for (guint i = 0; i < items->len; i++)
    {
      const RdtRenderOverlay *item = &g_array_index (items, RdtRenderOverlay, i);
      RdtReachHex rh;

      if (item->kind != RDT_OVERLAY_HATCH_HEX)
        continue;
      g_assert_true (rdt_reach_lookup (reach, item->hex, &rh));
      g_assert_true (rh.flags & RDT_REACH_UNDECIDED);
      n_hatched++;
    }
  g_assert_cmpuint (n_hatched, ==, 2);   /* 0306, 0307 */
  /* Worded by the core: the CLI's hint, and the editor's. */
  text = rdt_rule_overlays_undecided_text (reach, NULL, RDT_UNDECIDED_HINT_OPTION);
  g_assert_cmpstr (text, ==, "not decided: Brandywine 3.6.1 depends on the turn; pass --turn");
  g_free (text);
  text = rdt_rule_overlays_undecided_text (reach, NULL, RDT_UNDECIDED_HINT_SETTING);
  g_assert_cmpstr (text, ==, "not decided: Brandywine 3.6.1 depends on the turn; set the turn");
}

/* The same overlays go to SVG and PDF; bad overlay arguments are usage
 * errors (exit 2). */
static void
test_formats_and_errors (void)
{
  g_autofree char *file = test_map ();
  const char *exts[] = { "svg", "pdf" };
  const char *bad_side[] = { "--zoc", "hessians", NULL };
  const char *bad_los[] = { "--los", "0505", NULL };
  const char *bad_unit[] = { "--moves", "nobody", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (exts); i++)
    {
      const char *cli = g_getenv ("REDOUBT_CLI");
      g_autofree char *name = g_strdup_printf ("test-render-overlays-XXXXXX.%s", exts[i]);
      g_autofree char *out = NULL;
      g_autofree char *contents = NULL;
      const char *argv[] = { cli, "render", file, "-o", NULL, "--los", "0505:0805", "--zoc", "american", NULL };
      int fd = g_file_open_tmp (name, &out, NULL);
      int status = -1;
      gsize len = 0;

      g_assert_cmpint (fd, >=, 0);
      close (fd);
      argv[4] = out;
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                                   NULL, NULL, &status, NULL));
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
      g_assert_true (g_file_get_contents (out, &contents, &len, NULL));
      g_assert_cmpuint (len, >, 1000);
      g_remove (out);
    }
  /* The other overlays render too. */
  {
    const char *all[] = { "--targets", "gun", "--moves", "marchers", "--path", "0807",
                          "--retreat", "marchers", "--strategic", "--fan", "0505", "--occupied", "0604", NULL };
    cairo_surface_t *surface = render (file, all, 0);

    cairo_surface_destroy (surface);
  }
  g_assert_null (render (file, bad_side, 2));
  g_assert_null (render (file, bad_los, 2));
  g_assert_null (render (file, bad_unit, 1));
}

/* The overlay items themselves, from the core's answers (no CLI). */

static RdtBoard *
load_board (const char *const *parts,
            RdtScenario      **out_scenario)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  RdtScenario *scenario;
  RdtBoard *board;

  path = g_build_filenamev ((char **) parts);
  scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  g_assert_no_error (error);
  board = rdt_board_new_from_scenario (scenario, NULL, &error);
  g_assert_no_error (error);
  *out_scenario = scenario;
  return board;
}

static gboolean
has_item (GArray         *items,
          RdtOverlayKind  kind,
          RdtHex          hex,
          const char     *text,
          guint32         rgba)
{
  for (guint i = 0; i < items->len; i++)
    {
      const RdtRenderOverlay *item = &g_array_index (items, RdtRenderOverlay, i);

      if (item->kind != kind || item->hex.col != hex.col || item->hex.row != hex.row)
        continue;
      if (text && g_strcmp0 (item->text, text) != 0)
        continue;
      if (rgba && item->rgba != rgba)
        continue;
      return TRUE;
    }
  return FALSE;
}

static gboolean
has_hexside (GArray     *items,
             RdtHexside  side,
             guint32     rgba)
{
  for (guint i = 0; i < items->len; i++)
    {
      const RdtRenderOverlay *item = &g_array_index (items, RdtRenderOverlay, i);
      gboolean same = (item->hexside.a.col == side.a.col && item->hexside.a.row == side.a.row
                       && item->hexside.b.col == side.b.col && item->hexside.b.row == side.b.row)
                   || (item->hexside.a.col == side.b.col && item->hexside.a.row == side.b.row
                       && item->hexside.b.col == side.a.col && item->hexside.b.row == side.a.row);

      if (item->kind == RDT_OVERLAY_HEXSIDE && same && item->rgba == rgba)
        return TRUE;
    }
  return FALSE;
}

static RdtHex
label_hex (RdtScenario *scenario,
           const char  *label)
{
  RdtHex h;

  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (scenario), label, &h, NULL));
  return h;
}

/* 11.43 A: the intervening slope hexside blocks: it is highlighted red and
 * the hex behind it lettered S; the line is red. */
static void
test_items_slope (void)
{
  const char *parts[] = { g_test_get_dir (G_TEST_DIST), "data", "los", "rules", "case-a-slope.redoubt", NULL };
  RdtScenario *scenario = NULL;
  g_autoptr(RdtBoard) board = load_board (parts, &scenario);
  g_autoptr(RdtLos) los = rdt_los_new (board);
  g_autoptr(GArray) items = rdt_rule_overlays_new ();
  g_auto(RdtLosReport) report;
  gboolean slope_side = FALSE, letter_s = FALSE;

  rdt_los_report_init (&report);
  g_assert_cmpint (rdt_los_check (los, label_hex (scenario, "0502"), label_hex (scenario, "0505"), &report),
                   ==, RDT_LOS_BLOCKED);
  rdt_rule_overlays_add_los (items, &report, board);
  for (guint i = 0; i < rdt_los_report_get_n_steps (&report); i++)
    {
      const RdtLosStep *step = rdt_los_report_get_step (&report, i);

      if (step->kind == RDT_LOS_STEP_CROSS && step->effect == RDT_LOS_EFFECT_BLOCKS)
        {
          g_assert_true (has_hexside (items, step->hexside, RDT_RULE_BLOCKED_RGBA));
          slope_side = TRUE;
          letter_s = has_item (items, RDT_OVERLAY_LETTER_HEX, step->to, "S", 0);
        }
    }
  g_assert_true (slope_side);
  g_assert_true (letter_s);
  g_assert_true (has_item (items, RDT_OVERLAY_LINE, label_hex (scenario, "0502"), NULL, RDT_RULE_BLOCKED_RGBA));
  g_object_unref (scenario);
}

/* 11.44: a spine whose two hexes block: the forest hex lettered B, the
 * occupied one U. */
static void
test_items_spine (void)
{
  const char *parts[] = { g_test_get_dir (G_TEST_DIST), "data", "los", "rules", "spine-both.redoubt", NULL };
  RdtScenario *scenario = NULL;
  g_autoptr(RdtBoard) board = load_board (parts, &scenario);
  g_autoptr(RdtLos) los = rdt_los_new (board);
  g_autoptr(GArray) items = rdt_rule_overlays_new ();
  g_auto(RdtLosReport) report;
  RdtHex a = label_hex (scenario, "0405"), b = label_hex (scenario, "0406");

  rdt_los_report_init (&report);
  g_assert_cmpint (rdt_los_check (los, label_hex (scenario, "0505"), label_hex (scenario, "0305"), &report),
                   ==, RDT_LOS_BLOCKED);
  rdt_rule_overlays_add_los (items, &report, board);
  g_assert_true (has_hexside (items, (RdtHexside) { a, b }, RDT_RULE_BLOCKED_RGBA));
  g_assert_true (has_item (items, RDT_OVERLAY_LETTER_HEX, a,
                           (rdt_board_get_hex_flags (board, a) & RDT_BOARD_HEX_BLOCKS_LOS) ? "B" : "U", 0));
  g_assert_true (has_item (items, RDT_OVERLAY_LETTER_HEX, b,
                           (rdt_board_get_hex_flags (board, b) & RDT_BOARD_HEX_BLOCKS_LOS) ? "B" : "U", 0));
  /* One of each on this map. */
  g_assert_true (has_item (items, RDT_OVERLAY_LETTER_HEX, a, "B", 0) || has_item (items, RDT_OVERLAY_LETTER_HEX, b, "B", 0));
  g_assert_true (has_item (items, RDT_OVERLAY_LETTER_HEX, a, "U", 0) || has_item (items, RDT_OVERLAY_LETTER_HEX, b, "U", 0));
  g_object_unref (scenario);
}

/* 8.1: the riflemen's ZOC stops at the light forest edge (0308|0208, orange);
 * 8.31: their ZOC hexes carry "+1". */
static void
test_items_zoc (void)
{
  const char *parts[] = { g_test_get_dir (G_TEST_DIST), "data", "render", "overlays.redoubt", NULL };
  RdtScenario *scenario = NULL;
  g_autoptr(RdtBoard) board = load_board (parts, &scenario);
  g_autoptr(GArray) items = rdt_rule_overlays_new ();
  int american = rdt_board_find_side (board, "american");

  g_assert_cmpint (american, >=, 0);
  rdt_rule_overlays_add_zoc (items, board, american);
  g_assert_true (has_hexside (items, (RdtHexside) { label_hex (scenario, "0308"), label_hex (scenario, "0208") },
                              RDT_RULE_ZOC_STOP_RGBA));
  g_assert_false (has_item (items, RDT_OVERLAY_SHADE_HEX, label_hex (scenario, "0208"), NULL, 0));
  g_assert_true (has_item (items, RDT_OVERLAY_TEXT_HEX, label_hex (scenario, "0309"), "+1", 0));
  g_assert_true (has_item (items, RDT_OVERLAY_SHADE_HEX, label_hex (scenario, "0309"), NULL, RDT_RULE_RIFLE_ZOC_RGBA));
  g_assert_true (has_item (items, RDT_OVERLAY_SHADE_HEX, label_hex (scenario, "0604"), NULL, RDT_RULE_ZOC_RGBA));
  g_object_unref (scenario);
}

/* 9: the cheapest path is drawn hex centre to hex centre. */
static void
test_items_path (void)
{
  const char *parts[] = { g_test_get_dir (G_TEST_DIST), "data", "render", "overlays.redoubt", NULL };
  RdtScenario *scenario = NULL;
  g_autoptr(RdtBoard) board = load_board (parts, &scenario);
  g_autoptr(GArray) items = rdt_rule_overlays_new ();
  RdtMoveRules *rules = rdt_move_rules_new ();
  g_autoptr(RdtMovement) movement = rdt_movement_new (scenario, rules);
  g_autoptr(RdtReach) reach = NULL;
  g_autoptr(GArray) path = NULL;
  g_autoptr(GError) error = NULL;
  RdtMoveOptions options;
  RdtHex far = label_hex (scenario, "0807");
  guint lines = 0;

  rdt_move_rules_free (rules);
  rdt_move_options_init (&options);
  reach = rdt_movement_reach (movement, "marchers", &options, &error);
  g_assert_no_error (error);
  g_assert_true (rdt_reach_lookup (reach, far, NULL));
  g_assert_true (rdt_rule_overlays_add_path (items, reach, far));
  path = rdt_reach_dup_path (reach, far);
  for (guint i = 0; i < items->len; i++)
    if (g_array_index (items, RdtRenderOverlay, i).kind == RDT_OVERLAY_LINE)
      lines++;
  g_assert_cmpuint (lines, ==, path->len - 1);
  g_assert_false (rdt_rule_overlays_add_path (items, reach, label_hex (scenario, "0101")));
  g_object_unref (scenario);
}

/* ---- Germantown 3.1.1, 3.1.2: the fog range of artillery targets ------- */

/* tests/data/render/{germantown,brandywine}-fog.redoubt: an American gun at
 * 0505, British foot at ranges 1 to 4.  Returns the targets of the gun in
 * `context` (turn 0: not told; weather NULL: not told), as a string
 * "RANGE[?] ..." ("?": not decided), and the undecided text. */
static char *
fog_targets (const char  *volume,
             int          turn,
             const char  *weather,
             char       **out_undecided,
             int         *out_range)
{
  g_autofree char *name = g_strdup_printf ("%s-fog.redoubt", volume);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "render", name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtBoard) board = NULL;
  g_autoptr(RdtLos) los = NULL;
  g_autoptr(GArray) targets = NULL;
  g_autofree char *rule = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  RdtGameContext context;
  RdtDepends depends = RDT_DEPENDS_NOTHING;

  scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  g_assert_no_error (error);
  board = rdt_board_new_from_scenario (scenario, NULL, &error);
  g_assert_no_error (error);
  los = rdt_los_new (board);
  rdt_game_context_init (&context);
  context.turn = turn;
  context.weather = weather;
  g_assert_cmpstr (rdt_board_get_unit (board, 0)->id, ==, "gun");
  targets = rdt_los_artillery_targets_in_context (los, 0, scenario, &context, &rule, &depends, out_range);
  for (guint i = 0; i < targets->len; i++)
    {
      const RdtLosTarget *t = &g_array_index (targets, RdtLosTarget, i);
      g_string_append_printf (out, "%s%d%s", i ? " " : "", t->range, t->undecided ? "?" : "");
    }
  *out_undecided = rule != NULL ? rdt_undecided_text (rule, depends) : NULL;
  return g_strdup (out->str);
}

static void
check_fog (const char *volume,
           int         turn,
           const char *weather,
           const char *expect,
           const char *expect_undecided)
{
  g_autofree char *undecided = NULL;
  int range = -1;
  g_autofree char *got = fog_targets (volume, turn, weather, &undecided, &range);
  g_auto(GStrv) tokens = g_strsplit (expect, " ", -1);

  g_test_message ("%s turn %d weather %s: %s (%s), range %d", volume, turn, weather ? weather : "-", got,
                  undecided ? undecided : "decided", range);
  g_assert_cmpstr (got, ==, expect);
  g_assert_cmpstr (undecided, ==, expect_undecided);
  /* The range in force (the caption's): the test maps put one target at
   * each distance from 1, so it is the number of targets listed. */
  g_assert_cmpint (range, ==, (int) g_strv_length (tokens));
}

/* 3.1: turns 1-3 are automatically Dense; 3.1.1: range one hex. */
static void
test_targets_dense_fog (void)
{
  check_fog ("germantown", 1, NULL, "1", NULL);
  check_fog ("germantown", 3, NULL, "1", NULL);
  /* Turns 4-6: the Fog Table roll, given as the weather. */
  check_fog ("germantown", 5, "dense-fog", "1", NULL);
}

/* 3.1.2: moderate fog, range 2 (turns 4-6, the Fog Table roll). */
static void
test_targets_moderate_fog (void)
{
  check_fog ("germantown", 4, "moderate-fog", "1 2", NULL);
  check_fog ("germantown", 6, "moderate-fog", "1 2", NULL);
}

/* Turns 7-10 are automatically Clear (3.1), and a clear roll on 4-6: the
 * 11.2 range (3). */
static void
test_targets_clear (void)
{
  check_fog ("germantown", 7, NULL, "1 2 3", NULL);
  check_fog ("germantown", 10, NULL, "1 2 3", NULL);
  check_fog ("germantown", 5, "clear", "1 2 3", NULL);
}

/* Not told: never legal beyond range 1, hatched and worded instead. */
static void
test_targets_not_decided (void)
{
  check_fog ("germantown", 5, NULL, "1 2? 3?",
             "not decided: Germantown 3.1.1 depends on the weather; pass --weather");
  check_fog ("germantown", 0, NULL, "1 2? 3?",
             "not decided: Germantown 3.1.1 depends on the turn; pass --turn");
}

/* No fog rule in Brandywine: the 11.2 range whatever the context. */
static void
test_targets_brandywine_unchanged (void)
{
  check_fog ("brandywine", 0, NULL, "1 2 3", NULL);
  check_fog ("brandywine", 2, "dense-fog", "1 2 3", NULL);
}

/* render --targets: undecided targets hatched (RDT_OVERLAY_HATCH_HEX) in the
 * items, and in the image where --turn/--weather leave them undecided. */
static void
test_targets_render_hatched (void)
{
  g_autofree char *file = g_test_build_filename (G_TEST_DIST, "data", "render", "germantown-fog.redoubt", NULL);
  const char *undecided[] = { "--targets", "gun", "--turn", "5", NULL };
  const char *decided[] = { "--targets", "gun", "--turn", "5", "--weather", "clear", NULL };
  const char *dense[] = { "--targets", "gun", "--turn", "2", NULL };
  const char *bad_turn[] = { "--targets", "gun", "--turn", "-2", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(RdtBoard) board = NULL;
  g_autoptr(RdtLos) los = NULL;
  g_autoptr(RdtRenderMap) map = NULL;
  g_autoptr(RdtMapRenderer) renderer = NULL;
  g_autoptr(GArray) targets = NULL;
  g_autoptr(GArray) items = rdt_rule_overlays_new ();
  RdtRenderExportOptions options;
  RdtGameContext context;
  RdtHex h2, h1;
  cairo_surface_t *a, *b, *c;

  scenario = rdt_scenario_load_from_file (file, diagnostics, &error);
  g_assert_no_error (error);
  board = rdt_board_new_from_scenario (scenario, NULL, &error);
  g_assert_no_error (error);
  los = rdt_los_new (board);
  map = rdt_render_map_new_from_scenario (scenario);
  renderer = rdt_map_renderer_new (map);
  rdt_render_export_options_init (&options);
  options.scale = SCALE;
  options.use_area = TRUE;
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (scenario), "0505", &options.area_centre, NULL));
  options.area_radius = 5;
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (scenario), "0705", &h2, NULL));
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (scenario), "0504", &h1, NULL));

  /* The items: 0705 (range 2) hatched without the weather, 0504 not. */
  rdt_game_context_init (&context);
  context.turn = 5;
  targets = rdt_los_artillery_targets_in_context (los, 0, scenario, &context, NULL, NULL, NULL);
  rdt_rule_overlays_add_targets (items, h1, targets);
  g_assert_true (has_item (items, RDT_OVERLAY_HATCH_HEX, h2, NULL, RDT_RULE_UNDECIDED_RGBA));
  g_assert_false (has_item (items, RDT_OVERLAY_HATCH_HEX, h1, NULL, 0));

  /* The CLI: the hatching and the caption differ from the decided answer. */
  a = render (file, undecided, 0);
  b = render (file, decided, 0);
  c = render (file, dense, 0);
  g_test_message ("0705: %u pixels differ; 0504: %u",
                  pixels_differing_near (scenario, renderer, &options, a, b, "0705"),
                  pixels_differing_near (scenario, renderer, &options, a, b, "0504"));
  g_assert_cmpuint (pixels_differing_near (scenario, renderer, &options, a, b, "0705"), >, 40);
  /* Turn 2 (dense, 3.1.1): 0705 is no target at all: no line, no outline. */
  g_assert_cmpuint (pixels_differing_near (scenario, renderer, &options, b, c, "0705"), >, 40);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
  cairo_surface_destroy (c);
  g_assert_null (render (file, bad_turn, 2));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render-overlays/11.4/fan-out-of-los-shaded", test_fan);
  g_test_add_func ("/render-overlays/11.42/los-blocking-hex-shaded", test_los);
  g_test_add_func ("/render-overlays/8.1/zoc-shaded-rifle-distinguished", test_zoc);
  g_test_add_func ("/render-overlays/9/reachable-hexes-shaded", test_moves);
  g_test_add_func ("/render-overlays/formats-and-usage", test_formats_and_errors);
  g_test_add_func ("/render-overlays/brandywine-3.6.1/not-decided-hatched", test_moves_undecided_hatched);
  g_test_add_func ("/render-overlays/items/11.43/slope-blocks-lettered-s", test_items_slope);
  g_test_add_func ("/render-overlays/items/11.44/spine-lettered-b-and-u", test_items_spine);
  g_test_add_func ("/render-overlays/items/8.1/zoc-stops-at-forest-edge", test_items_zoc);
  g_test_add_func ("/render-overlays/items/9/cheapest-path", test_items_path);
  g_test_add_func ("/targets/germantown-3.1.1/dense-fog-range-1", test_targets_dense_fog);
  g_test_add_func ("/targets/germantown-3.1.2/moderate-fog-range-2", test_targets_moderate_fog);
  g_test_add_func ("/targets/germantown-3.1/clear-11.2-range", test_targets_clear);
  g_test_add_func ("/targets/germantown-3.1/not-decided-without-turn-or-weather", test_targets_not_decided);
  g_test_add_func ("/targets/brandywine/11.2-range-unchanged", test_targets_brandywine_unchanged);
  g_test_add_func ("/targets/germantown-3.1/render-not-decided-hatched", test_targets_render_hatched);

  return g_test_run ();
}
