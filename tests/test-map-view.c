#undef G_DISABLE_ASSERT
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gtk/gtk.h>

#include "rdt-map-view-private.h"
#include "rdt-viewport.h"

/* The map view under a display (Xvfb): geometry, gestures driven by emitting
 * the controllers' signals, actions, hover, and what snapshot draws. */

#define RED RDT_RGB (0xff, 0x00, 0x00)

typedef struct {
  GtkWidget *window;
  RdtMapView *view;
  RdtRenderMap *map;
} Fixture;

static void
wait_for_size (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while ((gtk_widget_get_width (widget) <= 0 || gtk_widget_get_height (widget) <= 0)
         && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  RdtGridSettings settings = { 10, 10, 1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr(RdtHexGrid) grid = rdt_hex_grid_new (&settings, NULL);
  guint red;

  f->map = rdt_render_map_new (grid);
  red = rdt_render_map_add_terrain_style (f->map, "test-red", RED, 0, RDT_RENDER_PATTERN_NONE);
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    rdt_render_map_set_terrain (f->map, rdt_hex_grid_hex_at_index (grid, i), red);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 400, 300);
  f->view = RDT_MAP_VIEW (rdt_map_view_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  rdt_map_view_set_map (f->view, f->map);
  /* These tests check the pointer and zoom geometry anywhere on the table;
   * the pan limit (issue 16) has tests of its own, which turn it back on. */
  rdt_map_view_set_bounded (f->view, FALSE);
  gtk_window_present (GTK_WINDOW (f->window));
  wait_for_size (GTK_WIDGET (f->view));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->view)), >, 0);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->map, rdt_render_map_unref);
}

static double
width_of (Fixture *f)
{
  return gtk_widget_get_width (GTK_WIDGET (f->view));
}

static double
height_of (Fixture *f)
{
  return gtk_widget_get_height (GTK_WIDGET (f->view));
}

static void
map_point_under (Fixture *f,
                 double   x,
                 double   y,
                 double  *mx,
                 double  *my)
{
  rdt_viewport_widget_to_map (rdt_map_view_get_viewport (f->view), width_of (f), height_of (f),
                              x, y, mx, my);
}

static void
hex_widget_point (Fixture *f,
                  RdtHex   hex,
                  double  *x,
                  double  *y)
{
  double mx, my;

  rdt_hex_grid_hex_centre (rdt_render_map_get_grid (f->map), hex, &mx, &my);
  rdt_viewport_map_to_widget (rdt_map_view_get_viewport (f->view), width_of (f), height_of (f),
                              mx, my, x, y);
}

static void
test_hex_at_point (Fixture       *f,
                   gconstpointer  data)
{
  RdtHex hex = { 0, 0 };
  double x, y;

  rdt_map_view_centre_on_hex (f->view, (RdtHex) { 5, 5 });
  g_assert_true (rdt_map_view_hex_at (f->view, width_of (f) / 2, height_of (f) / 2, &hex));
  g_assert_cmpint (hex.col, ==, 5);
  g_assert_cmpint (hex.row, ==, 5);

  hex_widget_point (f, (RdtHex) { 6, 4 }, &x, &y);
  g_assert_true (rdt_map_view_hex_at (f->view, x + 3, y - 2, &hex));
  g_assert_cmpint (hex.col, ==, 6);
  g_assert_cmpint (hex.row, ==, 4);

  /* Far off the map there is no hex. */
  rdt_viewport_set_centre (rdt_map_view_get_viewport (f->view), -100.0, -100.0);
  g_assert_false (rdt_map_view_hex_at (f->view, width_of (f) / 2, height_of (f) / 2, &hex));
}

static void
test_zoom_action_around_pointer (Fixture       *f,
                                 gconstpointer  data)
{
  RdtViewport *viewport = rdt_map_view_get_viewport (f->view);
  GtkEventController *motion = _rdt_map_view_get_controller (f->view, "motion");
  double zoom = rdt_viewport_get_zoom (viewport);
  double mx, my, mx2, my2;

  g_signal_emit_by_name (motion, "motion", 120.0, 90.0);
  map_point_under (f, 120, 90, &mx, &my);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "map.zoom-in", NULL));
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_zoom (viewport), zoom * RDT_MAP_VIEW_ZOOM_STEP, 1e-9);
  map_point_under (f, 120, 90, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "map.zoom-out", NULL));
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_zoom (viewport), zoom, 1e-9);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "map.zoom-fit", NULL));
  /* The whole 10 x 10 map fits the 400 x 300 view. */
  {
    double w, h;
    rdt_hex_grid_map_size (rdt_render_map_get_grid (f->map), &w, &h);
    g_assert_cmpfloat (w * rdt_viewport_get_zoom (viewport), <=, width_of (f) + 1e-6);
    g_assert_cmpfloat (h * rdt_viewport_get_zoom (viewport), <=, height_of (f) + 1e-6);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "map.zoom-reset", NULL));
  g_assert_cmpfloat (rdt_viewport_get_zoom (viewport), ==, RDT_RENDER_DEFAULT_SCALE);
}

static void
test_ctrl_scroll_zooms_around_pointer (Fixture       *f,
                                       gconstpointer  data)
{
  RdtViewport *viewport = rdt_map_view_get_viewport (f->view);
  GtkEventController *motion = _rdt_map_view_get_controller (f->view, "motion");
  double zoom = rdt_viewport_get_zoom (viewport);
  double mx, my, mx2, my2;

  g_signal_emit_by_name (motion, "motion", 300.0, 40.0);
  map_point_under (f, 300, 40, &mx, &my);
  _rdt_map_view_scroll (f->view, 0, -2, GDK_CONTROL_MASK, GDK_SCROLL_UNIT_WHEEL);
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_zoom (viewport),
                                  zoom * RDT_MAP_VIEW_ZOOM_STEP * RDT_MAP_VIEW_ZOOM_STEP, 1e-9);
  map_point_under (f, 300, 40, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);

  /* Zoom is clamped. */
  _rdt_map_view_scroll (f->view, 0, 1000, GDK_CONTROL_MASK, GDK_SCROLL_UNIT_WHEEL);
  g_assert_cmpfloat (rdt_viewport_get_zoom (viewport), ==, rdt_viewport_get_min_zoom (viewport));
}

static void
test_scroll_and_keys_pan (Fixture       *f,
                          gconstpointer  data)
{
  RdtViewport *viewport = rdt_map_view_get_viewport (f->view);
  GtkEventController *scroll = _rdt_map_view_get_controller (f->view, "scroll");
  GtkEventController *key = _rdt_map_view_get_controller (f->view, "key");
  double zoom = rdt_viewport_get_zoom (viewport);
  double cx = rdt_viewport_get_centre_x (viewport), cy = rdt_viewport_get_centre_y (viewport);
  gboolean handled = FALSE;

  _rdt_map_view_scroll (f->view, 0, 1, 0, GDK_SCROLL_UNIT_WHEEL);
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_centre_y (viewport), cy + 48.0 / zoom, 1e-9);
  g_assert_cmpfloat (rdt_viewport_get_centre_x (viewport), ==, cx);
  _rdt_map_view_scroll (f->view, 10, 0, 0, GDK_SCROLL_UNIT_SURFACE);
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_centre_x (viewport), cx + 10.0 / zoom, 1e-9);

  /* Through the controller's own signal: downwards scrolls the map up. */
  cy = rdt_viewport_get_centre_y (viewport);
  g_signal_emit_by_name (scroll, "scroll", 0.0, 1.0, &handled);
  g_assert_true (handled);
  g_assert_cmpfloat (rdt_viewport_get_centre_y (viewport), >, cy);

  cx = rdt_viewport_get_centre_x (viewport);
  g_signal_emit_by_name (key, "key-pressed", GDK_KEY_Right, 0, 0, &handled);
  g_assert_true (handled);
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_centre_x (viewport), cx + width_of (f) / 8.0 / zoom, 1e-9);
}

typedef struct {
  int n_pressed, n_dragged, n_released, n_side;
  RdtHex pressed, dragged, released, near;
  RdtHexside side;
} Events;

static void
on_pressed (RdtMapView *view, int col, int row, guint button, GdkModifierType state, Events *e)
{
  e->n_pressed++;
  e->pressed = (RdtHex) { col, row };
  g_assert_cmpuint (button, ==, GDK_BUTTON_PRIMARY);
}

/* Panning keeps the map point grabbed at drag-begin under the pointer; updates
 * carry the offset from the start, so repeating one must not move the map. */
static void
test_space_drag_pans (Fixture       *f,
                      gconstpointer  data)
{
  GtkEventController *drag = _rdt_map_view_get_controller (f->view, "drag");
  Events e = { 0 };
  double mx, my, mx2, my2;

  g_signal_connect (f->view, "hex-pressed", G_CALLBACK (on_pressed), &e);
  _rdt_map_view_set_space_held (f->view, TRUE);
  map_point_under (f, 100, 100, &mx, &my);
  g_signal_emit_by_name (drag, "drag-begin", 100.0, 100.0);
  g_signal_emit_by_name (drag, "drag-update", 40.0, -30.0);
  g_signal_emit_by_name (drag, "drag-update", 40.0, -30.0);
  map_point_under (f, 140, 70, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);
  g_signal_emit_by_name (drag, "drag-end", 50.0, 10.0);
  map_point_under (f, 150, 110, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);
  /* A pan is not a tool press. */
  g_assert_cmpint (e.n_pressed, ==, 0);
  _rdt_map_view_set_space_held (f->view, FALSE);
}

static void
test_pinch_zooms (Fixture       *f,
                  gconstpointer  data)
{
  RdtViewport *viewport = rdt_map_view_get_viewport (f->view);
  GtkEventController *zoom_gesture = _rdt_map_view_get_controller (f->view, "zoom");
  double zoom = rdt_viewport_get_zoom (viewport);
  double mx, my, mx2, my2;

  /* Without touch points the gesture's centre is the view's centre. */
  map_point_under (f, width_of (f) / 2, height_of (f) / 2, &mx, &my);
  /* ("begin" cannot be emitted without an event; the first "scale-changed"
   * starts the pinch itself.) */
  g_signal_emit_by_name (zoom_gesture, "scale-changed", 2.0);
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_zoom (viewport), zoom * 2.0, 1e-9);
  g_signal_emit_by_name (zoom_gesture, "scale-changed", 1.5);
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_zoom (viewport), zoom * 1.5, 1e-9);
  map_point_under (f, width_of (f) / 2, height_of (f) / 2, &mx2, &my2);
  g_assert_cmpfloat_with_epsilon (mx2, mx, 1e-9);
  g_assert_cmpfloat_with_epsilon (my2, my, 1e-9);
}

static void
on_dragged (RdtMapView *view, int col, int row, GdkModifierType state, Events *e)
{
  e->n_dragged++;
  e->dragged = (RdtHex) { col, row };
}

static void
on_released (RdtMapView *view, int col, int row, guint button, GdkModifierType state, Events *e)
{
  e->n_released++;
  e->released = (RdtHex) { col, row };
}

static void
on_side (RdtMapView *view, int ac, int ar, int bc, int br, int nc, int nr,
         guint button, GdkModifierType state, Events *e)
{
  e->n_side++;
  e->side = (RdtHexside) { { ac, ar }, { bc, br } };
  e->near = (RdtHex) { nc, nr };
}

static void
test_tool_signals (Fixture       *f,
                   gconstpointer  data)
{
  GtkEventController *drag = _rdt_map_view_get_controller (f->view, "drag");
  RdtHexGrid *grid = rdt_render_map_get_grid (f->map);
  Events e = { 0 };
  double x, y, x2, y2, ex, ey;
  RdtHex expected_other;
  RdtHexside expected_side;

  g_signal_connect (f->view, "hex-pressed", G_CALLBACK (on_pressed), &e);
  g_signal_connect (f->view, "hex-dragged", G_CALLBACK (on_dragged), &e);
  g_signal_connect (f->view, "hex-released", G_CALLBACK (on_released), &e);
  g_signal_connect (f->view, "hexside-pressed", G_CALLBACK (on_side), &e);

  rdt_map_view_centre_on_hex (f->view, (RdtHex) { 4, 4 });
  hex_widget_point (f, (RdtHex) { 4, 4 }, &x, &y);
  hex_widget_point (f, (RdtHex) { 5, 4 }, &x2, &y2);
  /* Press near the hexside towards 4,3 (direction 0 is up on flat-top maps). */
  expected_other = rdt_hex_grid_neighbour (grid, (RdtHex) { 4, 4 }, RDT_DIR_0);
  expected_side = rdt_hex_grid_hexside_of (grid, (RdtHex) { 4, 4 }, RDT_DIR_0);
  hex_widget_point (f, expected_other, &ex, &ey);
  ex = x + (ex - x) * 0.4;
  ey = y + (ey - y) * 0.4;

  g_signal_emit_by_name (drag, "drag-begin", ex, ey);
  g_assert_cmpint (e.n_pressed, ==, 1);
  g_assert_cmpint (e.pressed.col, ==, 4);
  g_assert_cmpint (e.pressed.row, ==, 4);
  g_assert_cmpint (e.n_side, ==, 1);
  g_assert_true (rdt_hexside_equal (e.side, expected_side));
  g_assert_cmpint (e.near.col, ==, 4);
  g_assert_cmpint (e.near.row, ==, 4);

  /* Moving within the hex reports nothing; entering the next hex reports it once. */
  g_signal_emit_by_name (drag, "drag-update", x - ex + 2.0, y - ey);
  g_assert_cmpint (e.n_dragged, ==, 0);
  g_signal_emit_by_name (drag, "drag-update", x2 - ex, y2 - ey);
  g_signal_emit_by_name (drag, "drag-update", x2 - ex + 1.0, y2 - ey + 1.0);
  g_assert_cmpint (e.n_dragged, ==, 1);
  g_assert_cmpint (e.dragged.col, ==, 5);
  g_assert_cmpint (e.dragged.row, ==, 4);

  g_signal_emit_by_name (drag, "drag-end", x2 - ex, y2 - ey);
  g_assert_cmpint (e.n_released, ==, 1);
  g_assert_cmpint (e.released.col, ==, 5);
  g_assert_cmpint (e.released.row, ==, 4);
}

static void
on_notify (GObject *object, GParamSpec *pspec, int *count)
{
  (*count)++;
}

static void
test_hover (Fixture       *f,
            gconstpointer  data)
{
  GtkEventController *motion = _rdt_map_view_get_controller (f->view, "motion");
  int notified = 0;
  double x, y;
  RdtHex hex;

  g_signal_connect (f->view, "notify::hover-text", G_CALLBACK (on_notify), &notified);
  rdt_map_view_centre_on_hex (f->view, (RdtHex) { 2, 7 });
  hex_widget_point (f, (RdtHex) { 2, 7 }, &x, &y);
  g_signal_emit_by_name (motion, "motion", x, y);
  g_assert_cmpint (notified, ==, 1);
  g_assert_true (rdt_map_view_get_hover_hex (f->view, &hex));
  g_assert_cmpint (hex.col, ==, 2);
  g_assert_cmpint (hex.row, ==, 7);
  g_assert_nonnull (rdt_map_view_get_hover_text (f->view));
  g_assert_true (g_str_has_prefix (rdt_map_view_get_hover_text (f->view), "0207"));
  g_assert_nonnull (strstr (rdt_map_view_get_hover_text (f->view), "test-red"));
  /* Same hex: no new notification. */
  g_signal_emit_by_name (motion, "motion", x + 1, y + 1);
  g_assert_cmpint (notified, ==, 1);
  g_signal_emit_by_name (motion, "leave");
  g_assert_cmpint (notified, ==, 2);
  g_assert_null (rdt_map_view_get_hover_text (f->view));
}

static guint32
node_pixel (GskRenderNode *node,
            int            w,
            int            h,
            double         x,
            double         y)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (surface);
  guint32 px;

  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  px = *(guint32 *) (cairo_image_surface_get_data (surface)
                     + (int) y * cairo_image_surface_get_stride (surface) + (int) x * 4) & 0xffffff;
  cairo_surface_destroy (surface);
  return px;
}

static GskRenderNode *
snapshot_view (Fixture *f)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  GTK_WIDGET_GET_CLASS (f->view)->snapshot (GTK_WIDGET (f->view), snapshot);
  return gtk_snapshot_free_to_node (snapshot);
}

static void
test_snapshot_draws_map_and_overlays (Fixture       *f,
                                      gconstpointer  data)
{
  GskRenderNode *node;
  RdtRenderOverlay shade = rdt_render_overlay_shade ((RdtHex) { 5, 5 }, RDT_RGBA (0, 0, 0, 0xff));
  double x, y;
  int w = width_of (f), h = height_of (f);

  rdt_map_view_centre_on_hex (f->view, (RdtHex) { 5, 5 });
  hex_widget_point (f, (RdtHex) { 5, 5 }, &x, &y);
  node = snapshot_view (f);
  g_assert_nonnull (node);
  g_assert_cmphex (node_pixel (node, w, h, x, y), ==, RED);
  gsk_render_node_unref (node);

  rdt_map_view_set_overlays (f->view, &shade, 1);
  node = snapshot_view (f);
  g_assert_cmphex (node_pixel (node, w, h, x, y), ==, 0x000000);
  gsk_render_node_unref (node);

  /* Far off the map: the table colour, not terrain. */
  rdt_viewport_set_centre (rdt_map_view_get_viewport (f->view), -100.0, -100.0);
  node = snapshot_view (f);
  g_assert_cmphex (node_pixel (node, w, h, w / 2, h / 2), !=, RED);
  gsk_render_node_unref (node);
}

static void
paint_blue (RdtMapView          *view,
            RdtMapRenderer      *renderer,
            cairo_t             *cr,
            const RdtRenderView *render_view,
            const RdtRenderRect *visible,
            gpointer             user_data)
{
  cairo_set_source_rgb (cr, 0, 0, 1);
  cairo_paint (cr);
}

/* Issue 16: the underlay goes over the terrain and under the counters. */
static void
test_underlay_between_terrain_and_counters (Fixture       *f,
                                            gconstpointer  data)
{
  RdtRenderCounter counter = { { 5, 5 }, "Test", "4-3-5", 0x00ff00, 0x00ff00, 0x00ff00,
                               RDT_RENDER_COUNTER_INFANTRY, FALSE, 0, NULL, NULL, FALSE };
  GskRenderNode *node;
  double cx, cy, ex, ey;
  int w = width_of (f), h = height_of (f);

  rdt_render_map_add_counter (f->map, &counter);
  rdt_map_view_map_changed (f->view);
  rdt_map_view_set_underlay_func (f->view, paint_blue, NULL, NULL);
  rdt_map_view_centre_on_hex (f->view, (RdtHex) { 5, 5 });
  hex_widget_point (f, (RdtHex) { 5, 5 }, &cx, &cy);
  hex_widget_point (f, (RdtHex) { 3, 5 }, &ex, &ey);
  node = snapshot_view (f);
  /* The counter is over the scan; an empty hex shows the scan. */
  g_assert_cmphex (node_pixel (node, w, h, cx, cy), ==, 0x00ff00);
  g_assert_cmphex (node_pixel (node, w, h, ex, ey), ==, 0x0000ff);
  gsk_render_node_unref (node);
  rdt_map_view_set_underlay_func (f->view, NULL, NULL, NULL);
}

/* Rebuilding the map after an edit (same grid) keeps the viewport. */
static void
test_set_map_keeps_viewport (Fixture       *f,
                             gconstpointer  data)
{
  RdtViewport *viewport = rdt_map_view_get_viewport (f->view);
  g_autoptr(RdtRenderMap) rebuilt = rdt_render_map_new (rdt_render_map_get_grid (f->map));
  RdtGridSettings other = { 4, 4, 1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr(RdtHexGrid) small_grid = rdt_hex_grid_new (&other, NULL);
  g_autoptr(RdtRenderMap) small = rdt_render_map_new (small_grid);
  double w, h;

  rdt_viewport_set_centre (viewport, 3.25, 4.5);
  rdt_map_view_set_map (f->view, rebuilt);
  g_assert_cmpfloat (rdt_viewport_get_centre_x (viewport), ==, 3.25);
  g_assert_cmpfloat (rdt_viewport_get_centre_y (viewport), ==, 4.5);
  g_assert_true (rdt_map_view_get_map (f->view) == rebuilt);

  rdt_map_view_set_map (f->view, small);
  rdt_hex_grid_map_size (small_grid, &w, &h);
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_centre_x (viewport), w / 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (rdt_viewport_get_centre_y (viewport), h / 2, 1e-9);
}

/* The map's corners in widget coordinates. */
static void
map_corners (Fixture *f,
             double  *x0,
             double  *y0,
             double  *x1,
             double  *y1)
{
  RdtViewport *viewport = rdt_map_view_get_viewport (f->view);
  RdtRenderRect rect = rdt_map_renderer_get_map_rect (rdt_map_view_get_renderer (f->view));

  rdt_viewport_map_to_widget (viewport, width_of (f), height_of (f), rect.x, rect.y, x0, y0);
  rdt_viewport_map_to_widget (viewport, width_of (f), height_of (f),
                              rect.x + rect.width, rect.y + rect.height, x1, y1);
}

/* Issue 16: panning stops at the map's edge (32 px of table at most). */
static void
test_pan_stops_at_edge (Fixture       *f,
                        gconstpointer  data)
{
  RdtViewport *viewport = rdt_map_view_get_viewport (f->view);
  double x0, y0, x1, y1;

  rdt_map_view_set_bounded (f->view, TRUE);
  rdt_viewport_set_zoom (viewport, rdt_viewport_get_zoom (viewport) * 4);
  map_corners (f, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x1 - x0, >, width_of (f));
  g_assert_cmpfloat (y1 - y0, >, height_of (f));

  rdt_viewport_set_centre (viewport, -1000.0, -1000.0);
  map_corners (f, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat_with_epsilon (x0, 32, 1e-6);
  g_assert_cmpfloat_with_epsilon (y0, 32, 1e-6);

  /* Scrolling far right and down ends with the far edges in view. */
  for (int i = 0; i < 200; i++)
    _rdt_map_view_scroll (f->view, 50, 50, 0, GDK_SCROLL_UNIT_SURFACE);
  map_corners (f, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat_with_epsilon (x1, width_of (f) - 32, 1e-6);
  g_assert_cmpfloat_with_epsilon (y1, height_of (f) - 32, 1e-6);
}

/* Issue 16: zooming out keeps the map in the middle of the view. */
static void
test_zoom_out_keeps_map_centred (Fixture       *f,
                                 gconstpointer  data)
{
  double x0, y0, x1, y1;

  rdt_map_view_set_bounded (f->view, TRUE);
  rdt_map_view_zoom_in (f->view);
  rdt_map_view_zoom_in (f->view);
  _rdt_map_view_scroll (f->view, 300, 300, 0, GDK_SCROLL_UNIT_SURFACE);
  for (int i = 0; i < 12; i++)
    rdt_map_view_zoom_out (f->view);
  map_corners (f, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x1 - x0, <, width_of (f));
  g_assert_cmpfloat_with_epsilon ((x0 + x1) / 2, width_of (f) / 2, 1e-6);
  g_assert_cmpfloat_with_epsilon ((y0 + y1) / 2, height_of (f) / 2, 1e-6);
}

/* Issue 16: Fit Map shows the whole map. */
static void
test_zoom_fit_shows_whole_map (Fixture       *f,
                               gconstpointer  data)
{
  double x0, y0, x1, y1;

  rdt_map_view_set_bounded (f->view, TRUE);
  rdt_viewport_set_zoom (rdt_map_view_get_viewport (f->view), 200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "map.zoom-fit", NULL));
  map_corners (f, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat (x0, >=, 0);
  g_assert_cmpfloat (y0, >=, 0);
  g_assert_cmpfloat (x1, <=, width_of (f));
  g_assert_cmpfloat (y1, <=, height_of (f));
  /* ...and fills the view along one axis. */
  g_assert_true (x1 - x0 > 0.9 * width_of (f) || y1 - y0 > 0.9 * height_of (f));
}

static void
test_viewport_clamps_and_notifies (void)
{
  g_autoptr(RdtViewport) viewport = rdt_viewport_new ();
  int notified = 0;

  g_signal_connect (viewport, "notify::zoom", G_CALLBACK (on_notify), &notified);
  rdt_viewport_set_zoom (viewport, 40.0);
  g_assert_cmpint (notified, ==, 1);
  rdt_viewport_set_zoom (viewport, 40.0);
  g_assert_cmpint (notified, ==, 1);
  rdt_viewport_set_zoom (viewport, 1e6);
  g_assert_cmpfloat (rdt_viewport_get_zoom (viewport), ==, RDT_VIEWPORT_DEFAULT_MAX_ZOOM);
  g_assert_cmpint (notified, ==, 2);
  rdt_viewport_set_max_zoom (viewport, 50.0);
  g_assert_cmpfloat (rdt_viewport_get_zoom (viewport), ==, 50.0);
  g_assert_cmpint (notified, ==, 3);
  rdt_viewport_set_zoom (viewport, 0.001);
  g_assert_cmpfloat (rdt_viewport_get_zoom (viewport), ==, RDT_VIEWPORT_DEFAULT_MIN_ZOOM);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* No accessibility bus or session bus under Xvfb: GTK warns about them,
   * which must not fail the tests; criticals still do. */
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  if (!gtk_init_check ())
    {
      printf ("1..0 # SKIP no display\n");
      return 0;
    }

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/map-view/hex-at-point", test_hex_at_point);
  ADD ("/map-view/zoom/action-around-pointer", test_zoom_action_around_pointer);
  ADD ("/map-view/zoom/ctrl-scroll-around-pointer", test_ctrl_scroll_zooms_around_pointer);
  ADD ("/map-view/zoom/pinch", test_pinch_zooms);
  ADD ("/map-view/pan/scroll-and-keys", test_scroll_and_keys_pan);
  ADD ("/map-view/pan/space-drag-keeps-point", test_space_drag_pans);
  ADD ("/map-view/signals/press-drag-release", test_tool_signals);
  ADD ("/map-view/hover", test_hover);
  ADD ("/map-view/snapshot/map-and-overlays", test_snapshot_draws_map_and_overlays);
  ADD ("/map-view/set-map/keeps-viewport", test_set_map_keeps_viewport);
  ADD ("/map-view/snapshot/issue-16/underlay-between-terrain-and-counters", test_underlay_between_terrain_and_counters);
  ADD ("/map-view/pan/issue-16/stops-at-map-edge", test_pan_stops_at_edge);
  ADD ("/map-view/zoom/issue-16/zoom-out-keeps-map-centred", test_zoom_out_keeps_map_centred);
  ADD ("/map-view/zoom/issue-16/fit-shows-whole-map", test_zoom_fit_shows_whole_map);
  g_test_add_func ("/map-view/viewport/clamp-and-notify", test_viewport_clamps_and_notifies);

  return g_test_run ();
}
