/* rdt-map-view.c: the map widget (see the header). */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "rdt-map-view-private.h"
#include "rdt-tile-cache.h"

/* Memory for cached tiles: 160 tiles of 256 x 256 are 40 MiB, enough for two
 * 4K screens' worth. */
#define MAX_TILES 160
/* Wheel notches pan this many pixels; arrow keys an eighth of the view. */
#define WHEEL_PAN_PIXELS 48.0
/* Time a frame may spend rendering new tiles after a zoom before it shows the
 * old ones scaled and finishes in the next frames. */
#define FRAME_BUDGET_USEC 12000

struct _RdtMapView
{
  GtkWidget parent_instance;

  RdtViewport *viewport;
  RdtMapRenderer *renderer;
  RdtTileCache *tiles;
  RdtRenderMap *map;

  GArray *overlays;                 /* RdtRenderOverlay */
  RdtMapViewOverlayFunc overlay_func;
  gpointer overlay_data;
  GDestroyNotify overlay_destroy;
  /* Drawn between the map's still layers and its counters (the underlay). */
  RdtMapViewOverlayFunc underlay_func;
  gpointer underlay_data;
  GDestroyNotify underlay_destroy;

  GtkEventController *drag;
  GtkEventController *zoom;
  GtkEventController *scroll;
  GtkEventController *motion;
  GtkEventController *key;

  /* Pointer position, for zooming around it. */
  gboolean pointer_inside;
  double pointer_x;
  double pointer_y;

  /* Hover. */
  gboolean hover_valid;
  RdtHex hover_hex;
  RdtHexside hover_side;
  RdtHex hover_near;
  char *hover_text;
  gboolean show_hexside_hover;

  /* The current drag: a pan (map point under the pointer at drag-begin) or a
   * tool drag (the hex it last reported). */
  gboolean space_held;
  double drag_start_x;
  double drag_start_y;
  gboolean panning;
  double pan_map_x;
  double pan_map_y;
  gboolean tool_drag;
  guint drag_button;
  gboolean drag_hex_valid;
  RdtHex drag_hex;

  /* Pinch: zoom and map point under the fingers' centre at the start. */
  double pinch_zoom;
  double pinch_map_x;
  double pinch_map_y;

  gboolean placed;                  /* centred on the map once it had a size */
  gboolean unbounded;               /* panning may leave the map (calibration) */
  guint refine_source;              /* idle redraw after a frame over budget */
};

G_DEFINE_FINAL_TYPE (RdtMapView, rdt_map_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_VIEWPORT,
  PROP_MAP,
  PROP_HOVER_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  HEX_HOVERED,
  HEX_PRESSED,
  HEX_DRAGGED,
  HEX_RELEASED,
  HEXSIDE_PRESSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Geometry helpers. */

static double
view_width (RdtMapView *self)
{
  return gtk_widget_get_width (GTK_WIDGET (self));
}

static double
view_height (RdtMapView *self)
{
  return gtk_widget_get_height (GTK_WIDGET (self));
}

void
rdt_map_view_get_render_view (RdtMapView    *self,
                              RdtRenderView *out_view)
{
  double zoom;

  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  g_return_if_fail (out_view != NULL);

  zoom = rdt_viewport_get_zoom (self->viewport);
  *out_view = rdt_render_view_make (zoom,
                                    view_width (self) / 2.0 - rdt_viewport_get_centre_x (self->viewport) * zoom,
                                    view_height (self) / 2.0 - rdt_viewport_get_centre_y (self->viewport) * zoom);
}

static void
widget_to_map (RdtMapView *self,
               double      x,
               double      y,
               double     *mx,
               double     *my)
{
  rdt_viewport_widget_to_map (self->viewport, view_width (self), view_height (self), x, y, mx, my);
}

gboolean
rdt_map_view_hex_at (RdtMapView *self,
                     double      x,
                     double      y,
                     RdtHex     *out_hex)
{
  RdtHexGrid *grid;
  double mx, my;
  RdtHex hex;

  g_return_val_if_fail (RDT_IS_MAP_VIEW (self), FALSE);
  if (!self->map)
    return FALSE;
  grid = rdt_render_map_get_grid (self->map);
  widget_to_map (self, x, y, &mx, &my);
  hex = rdt_hex_grid_hex_at_point (grid, mx, my);
  if (!rdt_hex_grid_contains (grid, hex))
    return FALSE;
  if (out_hex)
    *out_hex = hex;
  return TRUE;
}

gboolean
rdt_map_view_hexside_at (RdtMapView *self,
                         double      x,
                         double      y,
                         RdtHexside *out_side,
                         RdtHex     *out_near)
{
  RdtHexGrid *grid;
  double mx, my;
  RdtHex near;
  RdtHexside side;

  g_return_val_if_fail (RDT_IS_MAP_VIEW (self), FALSE);
  if (!self->map)
    return FALSE;
  grid = rdt_render_map_get_grid (self->map);
  widget_to_map (self, x, y, &mx, &my);
  side = rdt_hex_grid_hexside_at_point (grid, mx, my, &near);
  if (!rdt_hex_grid_contains (grid, near))
    return FALSE;
  if (out_side)
    *out_side = side;
  if (out_near)
    *out_near = near;
  return TRUE;
}

/* Hover. */

static void
set_hover (RdtMapView *self,
           gboolean    inside,
           double      x,
           double      y)
{
  RdtHex hex = { 0, 0 };
  gboolean valid = inside && rdt_map_view_hex_at (self, x, y, &hex);
  RdtHexside side = { { 0, 0 }, { 0, 0 } };
  RdtHex near = { 0, 0 };
  gboolean side_changed = FALSE;

  if (valid && rdt_map_view_hexside_at (self, x, y, &side, &near))
    side_changed = !rdt_hexside_equal (side, self->hover_side)
                   || near.col != self->hover_near.col || near.row != self->hover_near.row;
  self->hover_side = side;
  self->hover_near = near;
  if (side_changed && self->show_hexside_hover)
    gtk_widget_queue_draw (GTK_WIDGET (self));

  if (valid == self->hover_valid
      && (!valid || (hex.col == self->hover_hex.col && hex.row == self->hover_hex.row)))
    return;

  self->hover_valid = valid;
  self->hover_hex = hex;
  g_clear_pointer (&self->hover_text, g_free);
  if (valid)
    {
      const RdtTerrainStyle *style;
      g_autofree char *label = rdt_render_map_dup_hex_label (self->map, hex);

      style = rdt_render_map_get_terrain_style (self->map, rdt_render_map_get_terrain (self->map, hex));
      /* TRANSLATORS: the status line under the pointer: hex label — terrain */
      self->hover_text = g_strdup_printf (_("%s — %s"), label, style ? style->name : "");
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_TEXT]);
  g_signal_emit (self, signals[HEX_HOVERED], 0, valid ? hex.col : -1, valid ? hex.row : -1, valid);
}

gboolean
rdt_map_view_get_hover_hex (RdtMapView *self,
                            RdtHex     *out_hex)
{
  g_return_val_if_fail (RDT_IS_MAP_VIEW (self), FALSE);
  if (self->hover_valid && out_hex)
    *out_hex = self->hover_hex;
  return self->hover_valid;
}

const char *
rdt_map_view_get_hover_text (RdtMapView *self)
{
  g_return_val_if_fail (RDT_IS_MAP_VIEW (self), NULL);
  return self->hover_text;
}

/* Zoom and pan. */

static void
zoom_around (RdtMapView *self,
             double      zoom,
             double      x,
             double      y)
{
  rdt_viewport_zoom_at (self->viewport, view_width (self), view_height (self), zoom, x, y);
}

void
_rdt_map_view_zoom_steps (RdtMapView *self,
                          double      steps)
{
  double x, y, zoom;

  g_return_if_fail (RDT_IS_MAP_VIEW (self));

  if (self->pointer_inside)
    {
      x = self->pointer_x;
      y = self->pointer_y;
    }
  else
    {
      x = view_width (self) / 2.0;
      y = view_height (self) / 2.0;
    }
  zoom = rdt_viewport_get_zoom (self->viewport) * pow (RDT_MAP_VIEW_ZOOM_STEP, steps);
  zoom_around (self, zoom, x, y);
}

void
rdt_map_view_zoom_in (RdtMapView *self)
{
  _rdt_map_view_zoom_steps (self, 1.0);
}

void
rdt_map_view_zoom_out (RdtMapView *self)
{
  _rdt_map_view_zoom_steps (self, -1.0);
}

void
rdt_map_view_zoom_fit (RdtMapView *self)
{
  RdtRenderRect rect;
  double w, h;

  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  if (!self->map)
    return;
  rect = rdt_map_renderer_get_map_rect (self->renderer);
  w = MAX (1.0, view_width (self));
  h = MAX (1.0, view_height (self));
  g_object_freeze_notify (G_OBJECT (self->viewport));
  rdt_viewport_set_zoom (self->viewport, 0.97 * MIN (w / rect.width, h / rect.height));
  rdt_viewport_set_centre (self->viewport, rect.x + rect.width / 2, rect.y + rect.height / 2);
  g_object_thaw_notify (G_OBJECT (self->viewport));
}

void
rdt_map_view_zoom_reset (RdtMapView *self)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  zoom_around (self, RDT_RENDER_DEFAULT_SCALE, view_width (self) / 2.0, view_height (self) / 2.0);
}

void
rdt_map_view_centre_on_hex (RdtMapView *self,
                            RdtHex      hex)
{
  double x, y;

  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  if (!self->map)
    return;
  rdt_hex_grid_hex_centre (rdt_render_map_get_grid (self->map), hex, &x, &y);
  rdt_viewport_set_centre (self->viewport, x, y);
}

static void
pan_by_pixels (RdtMapView *self,
               double      dx,
               double      dy)
{
  double zoom = rdt_viewport_get_zoom (self->viewport);

  rdt_viewport_set_centre (self->viewport,
                           rdt_viewport_get_centre_x (self->viewport) + dx / zoom,
                           rdt_viewport_get_centre_y (self->viewport) + dy / zoom);
}

void
_rdt_map_view_scroll (RdtMapView      *self,
                      double           dx,
                      double           dy,
                      GdkModifierType  state,
                      GdkScrollUnit    unit)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));

  if (state & GDK_CONTROL_MASK)
    {
      /* A wheel notch is one zoom step; touchpad deltas are pixels, and a
       * hundred of them make about one step. */
      double steps = unit == GDK_SCROLL_UNIT_WHEEL ? -dy : -dy / 100.0;
      _rdt_map_view_zoom_steps (self, steps);
      return;
    }
  if (state & GDK_SHIFT_MASK && dx == 0.0)
    {
      /* Shift+wheel scrolls sideways, as in other GTK views. */
      dx = dy;
      dy = 0.0;
    }
  if (unit == GDK_SCROLL_UNIT_WHEEL)
    {
      dx *= WHEEL_PAN_PIXELS;
      dy *= WHEEL_PAN_PIXELS;
    }
  pan_by_pixels (self, dx, dy);
}

void
_rdt_map_view_set_space_held (RdtMapView *self,
                              gboolean    held)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  self->space_held = held;
  if (!self->panning)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), held ? "grab" : NULL);
}

/* Controllers. */

static gboolean
on_scroll_scroll (GtkEventControllerScroll *controller,
                  double                    dx,
                  double                    dy,
                  RdtMapView               *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  GdkScrollUnit unit = gtk_event_controller_scroll_get_unit (controller);

  _rdt_map_view_scroll (self, dx, dy, state, unit);
  return TRUE;
}

static void
on_motion_motion (GtkEventControllerMotion *controller,
                  double                    x,
                  double                    y,
                  RdtMapView               *self)
{
  self->pointer_inside = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
  set_hover (self, TRUE, x, y);
}

static void
on_motion_enter (GtkEventControllerMotion *controller,
                 double                    x,
                 double                    y,
                 RdtMapView               *self)
{
  on_motion_motion (controller, x, y, self);
}

static void
on_motion_leave (GtkEventControllerMotion *controller,
                 RdtMapView               *self)
{
  self->pointer_inside = FALSE;
  set_hover (self, FALSE, 0, 0);
}

static void
emit_press (RdtMapView      *self,
            double           x,
            double           y,
            guint            button,
            GdkModifierType  state)
{
  RdtHex hex;
  RdtHexside side;
  RdtHex near;

  self->drag_hex_valid = rdt_map_view_hex_at (self, x, y, &hex);
  if (self->drag_hex_valid)
    {
      self->drag_hex = hex;
      g_signal_emit (self, signals[HEX_PRESSED], 0, hex.col, hex.row, button, state);
    }
  if (rdt_map_view_hexside_at (self, x, y, &side, &near))
    g_signal_emit (self, signals[HEXSIDE_PRESSED], 0,
                   side.a.col, side.a.row, side.b.col, side.b.row,
                   near.col, near.row, button, state);
}

static void
on_drag_drag_begin (GtkGestureDrag *gesture,
                    double          x,
                    double          y,
                    RdtMapView     *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));

  /* Emitted without an event (tests), the button reads 0: treat it as primary. */
  if (button == 0)
    button = GDK_BUTTON_PRIMARY;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  /* Kept here rather than asked of the gesture, which has no start point
   * when its signals are emitted without events (the display tests). */
  self->drag_start_x = x;
  self->drag_start_y = y;
  self->pointer_x = x;
  self->pointer_y = y;

  if (button == GDK_BUTTON_MIDDLE || (button == GDK_BUTTON_PRIMARY && self->space_held))
    {
      /* Remember the map point under the pointer; every update puts it back
       * under the pointer, so no error accumulates. */
      self->panning = TRUE;
      widget_to_map (self, x, y, &self->pan_map_x, &self->pan_map_y);
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }

  self->tool_drag = TRUE;
  self->drag_button = button;
  emit_press (self, x, y, button, state);
}

static void
on_drag_drag_update (GtkGestureDrag *gesture,
                     double          offset_x,
                     double          offset_y,
                     RdtMapView     *self)
{
  double x = self->drag_start_x + offset_x;
  double y = self->drag_start_y + offset_y;
  RdtHex hex;

  self->pointer_x = x;
  self->pointer_y = y;

  if (self->panning)
    {
      rdt_viewport_place (self->viewport, view_width (self), view_height (self),
                          self->pan_map_x, self->pan_map_y, x, y);
      return;
    }
  if (!self->tool_drag)
    return;
  set_hover (self, TRUE, x, y);
  if (rdt_map_view_hex_at (self, x, y, &hex)
      && (!self->drag_hex_valid || hex.col != self->drag_hex.col || hex.row != self->drag_hex.row))
    {
      GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
      self->drag_hex_valid = TRUE;
      self->drag_hex = hex;
      g_signal_emit (self, signals[HEX_DRAGGED], 0, hex.col, hex.row, state);
    }
}

static void
on_drag_drag_end (GtkGestureDrag *gesture,
                  double          offset_x,
                  double          offset_y,
                  RdtMapView     *self)
{
  RdtHex hex;

  if (self->panning)
    {
      on_drag_drag_update (gesture, offset_x, offset_y, self);
      self->panning = FALSE;
      gtk_widget_set_cursor_from_name (GTK_WIDGET (self), self->space_held ? "grab" : NULL);
      return;
    }
  if (!self->tool_drag)
    return;
  self->tool_drag = FALSE;
  if (rdt_map_view_hex_at (self, self->drag_start_x + offset_x, self->drag_start_y + offset_y, &hex))
    {
      GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
      g_signal_emit (self, signals[HEX_RELEASED], 0, hex.col, hex.row, self->drag_button, state);
    }
}

static void
on_zoom_begin (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               RdtMapView       *self)
{
  double x, y;

  if (!gtk_gesture_is_active (gesture)
      || !gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    {
      x = view_width (self) / 2.0;
      y = view_height (self) / 2.0;
    }
  self->pinch_zoom = rdt_viewport_get_zoom (self->viewport);
  widget_to_map (self, x, y, &self->pinch_map_x, &self->pinch_map_y);
}

static void
on_zoom_scale_changed (GtkGestureZoom *gesture,
                       double          scale,
                       RdtMapView     *self)
{
  double x, y;

  if (self->pinch_zoom <= 0)
    on_zoom_begin (GTK_GESTURE (gesture), NULL, self);
  if (!gtk_gesture_is_active (GTK_GESTURE (gesture))
      || !gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = view_width (self) / 2.0;
      y = view_height (self) / 2.0;
    }
  /* The map point between the fingers at the start follows their centre. */
  g_object_freeze_notify (G_OBJECT (self->viewport));
  rdt_viewport_set_zoom (self->viewport, self->pinch_zoom * scale);
  rdt_viewport_place (self->viewport, view_width (self), view_height (self),
                      self->pinch_map_x, self->pinch_map_y, x, y);
  g_object_thaw_notify (G_OBJECT (self->viewport));
}

static void
on_zoom_end (GtkGesture       *gesture,
             GdkEventSequence *sequence,
             RdtMapView       *self)
{
  self->pinch_zoom = 0;
}

static gboolean
on_key_key_pressed (GtkEventControllerKey *controller,
                    guint                  keyval,
                    guint                  keycode,
                    GdkModifierType        state,
                    RdtMapView            *self)
{
  double step_x = view_width (self) / 8.0, step_y = view_height (self) / 8.0;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_space:
      _rdt_map_view_set_space_held (self, TRUE);
      return TRUE;
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      pan_by_pixels (self, -step_x, 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      pan_by_pixels (self, step_x, 0);
      return TRUE;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      pan_by_pixels (self, 0, -step_y);
      return TRUE;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      pan_by_pixels (self, 0, step_y);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
on_key_key_released (GtkEventControllerKey *controller,
                     guint                  keyval,
                     guint                  keycode,
                     GdkModifierType        state,
                     RdtMapView            *self)
{
  if (keyval == GDK_KEY_space)
    _rdt_map_view_set_space_held (self, FALSE);
}

GtkEventController *
_rdt_map_view_get_controller (RdtMapView *self,
                              const char *name)
{
  g_return_val_if_fail (RDT_IS_MAP_VIEW (self), NULL);

  if (g_str_equal (name, "drag"))
    return self->drag;
  if (g_str_equal (name, "zoom"))
    return self->zoom;
  if (g_str_equal (name, "scroll"))
    return self->scroll;
  if (g_str_equal (name, "motion"))
    return self->motion;
  if (g_str_equal (name, "key"))
    return self->key;
  return NULL;
}

/* Drawing. */

static gboolean
refine_idle (gpointer data)
{
  RdtMapView *self = data;

  /* The last frame stood in with scaled tiles of the previous zoom. */
  self->refine_source = 0;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_REMOVE;
}

static void
rdt_map_view_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  RdtMapView *self = RDT_MAP_VIEW (widget);
  double w = view_width (self), h = view_height (self);
  RdtRenderView view, used;
  RdtRenderRect visible = { 0, 0, w, h };
  cairo_t *cr;

  if (w <= 0 || h <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  /* Off the map: a neutral table colour. */
  cairo_set_source_rgb (cr, 0.82, 0.81, 0.78);
  cairo_paint (cr);
  if (self->map)
    {
      int factor = gtk_widget_get_scale_factor (widget);

      rdt_map_view_get_render_view (self, &view);
      /* Draw in device pixels on high-resolution screens so tiles are copied
       * one to one instead of being magnified. */
      if (factor > 1)
        {
          cairo_scale (cr, 1.0 / factor, 1.0 / factor);
          view.scale *= factor;
          view.origin_x *= factor;
          view.origin_y *= factor;
          visible.width *= factor;
          visible.height *= factor;
        }
      if (self->underlay_func == NULL)
        rdt_tile_cache_draw (self->tiles, cr, &view, &visible, &used);
      else
        {
          /* Terrain and the rest of the still map, the underlay at its
           * opacity, then the counters: counters are never under the scan
           * (issue 16). */
          guint layers = rdt_map_renderer_get_layers (self->renderer);

          rdt_map_renderer_set_layers (self->renderer, layers & ~RDT_RENDER_LAYER_COUNTERS);
          rdt_tile_cache_draw (self->tiles, cr, &view, &visible, &used);
          rdt_map_renderer_set_layers (self->renderer, layers);
          self->underlay_func (self, self->renderer, cr, &used, &visible, self->underlay_data);
          if (layers & RDT_RENDER_LAYER_COUNTERS)
            {
              rdt_map_renderer_set_layers (self->renderer, RDT_RENDER_LAYER_COUNTERS);
              rdt_map_renderer_draw (self->renderer, cr, &used, &visible);
              rdt_map_renderer_set_layers (self->renderer, layers);
            }
        }
      if (!rdt_tile_cache_is_complete (self->tiles) && self->refine_source == 0)
        self->refine_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refine_idle, self, NULL);
      if (self->overlays->len > 0)
        rdt_map_renderer_draw_overlays (self->renderer, cr, &used, &visible,
                                        (const RdtRenderOverlay *) self->overlays->data,
                                        self->overlays->len);
      if (self->overlay_func)
        self->overlay_func (self, self->renderer, cr, &used, &visible, self->overlay_data);
      if (self->show_hexside_hover && self->hover_valid)
        rdt_map_renderer_highlight_hexside (self->renderer, cr, &used, self->hover_side,
                                            RDT_RGBA (0xff, 0x8c, 0x00, 0xd0), 0);
    }
  cairo_destroy (cr);
}

/* Panning stops at the map's edge, with a margin of RDT_MAP_VIEW_PAN_MARGIN
 * pixels of table around it; a map smaller than the view along an axis is
 * centred along it, so zooming out keeps the map in the middle (issue 16). */
#define RDT_MAP_VIEW_PAN_MARGIN 32.0

static double
constrain_axis (double centre,
                double start,
                double extent,
                double view,
                double margin)
{
  if (extent + 2 * margin <= view)
    return start + extent / 2;
  return CLAMP (centre, start - margin + view / 2, start + extent + margin - view / 2);
}

static void
constrain_centre (RdtMapView *self)
{
  RdtRenderRect rect;
  double zoom, w, h, cx, cy, x, y;

  if (self->map == NULL || self->renderer == NULL || self->unbounded || !self->placed)
    return;
  w = view_width (self);
  h = view_height (self);
  zoom = rdt_viewport_get_zoom (self->viewport);
  if (w <= 0 || h <= 0 || zoom <= 0)
    return;
  rect = rdt_map_renderer_get_map_rect (self->renderer);
  cx = rdt_viewport_get_centre_x (self->viewport);
  cy = rdt_viewport_get_centre_y (self->viewport);
  x = constrain_axis (cx, rect.x, rect.width, w / zoom, RDT_MAP_VIEW_PAN_MARGIN / zoom);
  y = constrain_axis (cy, rect.y, rect.height, h / zoom, RDT_MAP_VIEW_PAN_MARGIN / zoom);
  if (fabs (x - cx) > 1e-9 || fabs (y - cy) > 1e-9)
    rdt_viewport_set_centre (self->viewport, x, y);
}

/**
 * rdt_map_view_set_bounded:
 *
 * Whether panning stops at the map's edge (the default).  The underlay
 * calibration turns it off: the scan may reach beyond the map.
 */
void
rdt_map_view_set_bounded (RdtMapView *self,
                          gboolean    bounded)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  if (self->unbounded == !bounded)
    return;
  self->unbounded = !bounded;
  constrain_centre (self);
}

static void
on_viewport_notify (RdtViewport *viewport,
                    GParamSpec  *pspec,
                    RdtMapView  *self)
{
  constrain_centre (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->pointer_inside)
    set_hover (self, TRUE, self->pointer_x, self->pointer_y);
}

static void
rdt_map_view_size_allocate (GtkWidget *widget,
                            int        width,
                            int        height,
                            int        baseline)
{
  RdtMapView *self = RDT_MAP_VIEW (widget);

  /* Popovers the window parents to the view (counter menu, stack). */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      gtk_popover_present (GTK_POPOVER (child));

  /* The first time there is a map and a size, show the map's middle. */
  if (!self->placed && self->map && width > 0 && height > 0)
    {
      RdtRenderRect rect = rdt_map_renderer_get_map_rect (self->renderer);
      self->placed = TRUE;
      rdt_viewport_set_centre (self->viewport, rect.x + rect.width / 2, rect.y + rect.height / 2);
    }
  constrain_centre (self);
}

static void
rdt_map_view_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  *minimum = 64;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 800 : 600;
}

/* Object. */

GtkWidget *
rdt_map_view_new (void)
{
  return g_object_new (RDT_TYPE_MAP_VIEW, NULL);
}

RdtViewport *
rdt_map_view_get_viewport (RdtMapView *self)
{
  g_return_val_if_fail (RDT_IS_MAP_VIEW (self), NULL);
  return self->viewport;
}

RdtMapRenderer *
rdt_map_view_get_renderer (RdtMapView *self)
{
  g_return_val_if_fail (RDT_IS_MAP_VIEW (self), NULL);
  return self->renderer;
}

RdtRenderMap *
rdt_map_view_get_map (RdtMapView *self)
{
  g_return_val_if_fail (RDT_IS_MAP_VIEW (self), NULL);
  return self->map;
}

void
rdt_map_view_set_map (RdtMapView   *self,
                      RdtRenderMap *map)
{
  gboolean same_grid;

  g_return_if_fail (RDT_IS_MAP_VIEW (self));

  if (map == self->map)
    {
      rdt_map_view_map_changed (self);
      return;
    }
  /* A rebuilt map of the same grid (an edit) keeps the viewport; a new grid
   * is shown from its middle. */
  same_grid = self->map && map
              && rdt_grid_settings_equal (rdt_hex_grid_get_settings (rdt_render_map_get_grid (self->map)),
                                          rdt_hex_grid_get_settings (rdt_render_map_get_grid (map)));
  if (map)
    rdt_render_map_ref (map);
  g_clear_pointer (&self->map, rdt_render_map_unref);
  self->map = map;
  rdt_map_renderer_set_map (self->renderer, map);
  rdt_tile_cache_invalidate (self->tiles);
  if (!same_grid)
    self->placed = FALSE;
  self->hover_valid = FALSE;
  g_clear_pointer (&self->hover_text, g_free);
  if (!same_grid && map && gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    {
      RdtRenderRect rect = rdt_map_renderer_get_map_rect (self->renderer);
      self->placed = TRUE;
      rdt_viewport_set_centre (self->viewport, rect.x + rect.width / 2, rect.y + rect.height / 2);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MAP]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HOVER_TEXT]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
rdt_map_view_map_changed (RdtMapView *self)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  /* The tile cache notices the map's serial itself. */
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
rdt_map_view_set_overlays (RdtMapView             *self,
                           const RdtRenderOverlay *items,
                           guint                   n_items)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  g_return_if_fail (items != NULL || n_items == 0);

  g_array_set_size (self->overlays, 0);
  if (n_items > 0)
    g_array_append_vals (self->overlays, items, n_items);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
rdt_map_view_set_overlay_func (RdtMapView           *self,
                               RdtMapViewOverlayFunc func,
                               gpointer              user_data,
                               GDestroyNotify        destroy)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));

  if (self->overlay_destroy)
    self->overlay_destroy (self->overlay_data);
  self->overlay_func = func;
  self->overlay_data = user_data;
  self->overlay_destroy = destroy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * rdt_map_view_set_underlay_func:
 *
 * Sets a function that draws between the map's still layers (terrain,
 * hexsides, labels...) and its counters: the scan underlay, so counters and
 * the rule overlays above the view are never under it.
 */
void
rdt_map_view_set_underlay_func (RdtMapView           *self,
                                RdtMapViewOverlayFunc func,
                                gpointer              user_data,
                                GDestroyNotify        destroy)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));

  if (self->underlay_destroy)
    self->underlay_destroy (self->underlay_data);
  self->underlay_func = func;
  self->underlay_data = user_data;
  self->underlay_destroy = destroy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
rdt_map_view_set_show_hexside_hover (RdtMapView *self,
                                     gboolean    show)
{
  g_return_if_fail (RDT_IS_MAP_VIEW (self));
  show = !!show;
  if (show == self->show_hexside_hover)
    return;
  self->show_hexside_hover = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
rdt_map_view_dispose (GObject *object)
{
  RdtMapView *self = RDT_MAP_VIEW (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  if (self->overlay_destroy)
    self->overlay_destroy (self->overlay_data);
  self->overlay_destroy = NULL;
  self->overlay_func = NULL;
  if (self->underlay_destroy)
    self->underlay_destroy (self->underlay_data);
  self->underlay_destroy = NULL;
  self->underlay_func = NULL;
  g_clear_handle_id (&self->refine_source, g_source_remove);
  if (self->viewport)
    g_signal_handlers_disconnect_by_data (self->viewport, self);
  g_clear_pointer (&self->tiles, rdt_tile_cache_free);
  g_clear_object (&self->renderer);
  g_clear_object (&self->viewport);
  g_clear_pointer (&self->map, rdt_render_map_unref);

  G_OBJECT_CLASS (rdt_map_view_parent_class)->dispose (object);
}

static void
rdt_map_view_finalize (GObject *object)
{
  RdtMapView *self = RDT_MAP_VIEW (object);

  g_clear_pointer (&self->overlays, g_array_unref);
  g_clear_pointer (&self->hover_text, g_free);

  G_OBJECT_CLASS (rdt_map_view_parent_class)->finalize (object);
}

static void
rdt_map_view_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  RdtMapView *self = RDT_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_VIEWPORT:
      g_value_set_object (value, self->viewport);
      break;
    case PROP_MAP:
      g_value_set_boxed (value, self->map);
      break;
    case PROP_HOVER_TEXT:
      g_value_set_string (value, self->hover_text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rdt_map_view_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  RdtMapView *self = RDT_MAP_VIEW (object);

  switch (prop_id)
    {
    case PROP_MAP:
      rdt_map_view_set_map (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rdt_map_view_class_init (RdtMapViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = rdt_map_view_dispose;
  object_class->finalize = rdt_map_view_finalize;
  object_class->get_property = rdt_map_view_get_property;
  object_class->set_property = rdt_map_view_set_property;
  widget_class->snapshot = rdt_map_view_snapshot;
  widget_class->size_allocate = rdt_map_view_size_allocate;
  widget_class->measure = rdt_map_view_measure;

  properties[PROP_VIEWPORT] =
    g_param_spec_object ("viewport", NULL, NULL, RDT_TYPE_VIEWPORT,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAP] =
    g_param_spec_boxed ("map", NULL, NULL, RDT_TYPE_RENDER_MAP,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HOVER_TEXT] =
    g_param_spec_string ("hover-text", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RdtMapView::hex-hovered:
   * @col, @row: the hex under the pointer, or -1, -1
   * @on_map: whether the pointer is over a hex of the map
   */
  signals[HEX_HOVERED] =
    g_signal_new ("hex-hovered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_INT, G_TYPE_INT, G_TYPE_BOOLEAN);
  /**
   * RdtMapView::hex-pressed:
   * @col, @row: the hex pressed
   * @button: the mouse button
   * @state: the modifier state
   *
   * A tool press (not a pan) on a hex of the map.
   */
  signals[HEX_PRESSED] =
    g_signal_new ("hex-pressed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_INT, G_TYPE_INT, G_TYPE_UINT, GDK_TYPE_MODIFIER_TYPE);
  /**
   * RdtMapView::hex-dragged:
   * @col, @row: the hex the drag has just entered
   * @state: the modifier state
   *
   * Emitted once per hex a tool drag enters, so a brush paints each hex once.
   */
  signals[HEX_DRAGGED] =
    g_signal_new ("hex-dragged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  G_TYPE_INT, G_TYPE_INT, GDK_TYPE_MODIFIER_TYPE);
  /**
   * RdtMapView::hex-released:
   * @col, @row: the hex where the tool drag ended
   * @button: the mouse button
   * @state: the modifier state
   */
  signals[HEX_RELEASED] =
    g_signal_new ("hex-released", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                  G_TYPE_INT, G_TYPE_INT, G_TYPE_UINT, GDK_TYPE_MODIFIER_TYPE);
  /**
   * RdtMapView::hexside-pressed:
   * @a_col, @a_row, @b_col, @b_row: the hexside's hexes, in canonical order
   * @near_col, @near_row: the hex the press was in (the high side of a slope,
   *   the hex of a fieldworks symbol)
   * @button: the mouse button
   * @state: the modifier state
   *
   * Emitted with every tool press, after ::hex-pressed.
   */
  signals[HEXSIDE_PRESSED] =
    g_signal_new ("hexside-pressed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 8,
                  G_TYPE_INT, G_TYPE_INT, G_TYPE_INT, G_TYPE_INT,
                  G_TYPE_INT, G_TYPE_INT, G_TYPE_UINT, GDK_TYPE_MODIFIER_TYPE);

  _rdt_map_view_class_install_actions (widget_class);
  gtk_widget_class_set_css_name (widget_class, "rdt-map-view");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
rdt_map_view_init (RdtMapView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->viewport = rdt_viewport_new ();
  rdt_viewport_set_zoom (self->viewport, RDT_RENDER_DEFAULT_SCALE);
  g_signal_connect (self->viewport, "notify", G_CALLBACK (on_viewport_notify), self);
  self->renderer = rdt_map_renderer_new (NULL);
  self->tiles = rdt_tile_cache_new (self->renderer, MAX_TILES);
  rdt_tile_cache_set_budget (self->tiles, FRAME_BUDGET_USEC);
  self->overlays = g_array_new (FALSE, TRUE, sizeof (RdtRenderOverlay));

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);

  self->drag = GTK_EVENT_CONTROLLER (gtk_gesture_drag_new ());
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), 0);
  g_signal_connect (self->drag, "drag-begin", G_CALLBACK (on_drag_drag_begin), self);
  g_signal_connect (self->drag, "drag-update", G_CALLBACK (on_drag_drag_update), self);
  g_signal_connect (self->drag, "drag-end", G_CALLBACK (on_drag_drag_end), self);
  gtk_widget_add_controller (widget, self->drag);

  self->zoom = GTK_EVENT_CONTROLLER (gtk_gesture_zoom_new ());
  g_signal_connect (self->zoom, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (self->zoom, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  g_signal_connect (self->zoom, "end", G_CALLBACK (on_zoom_end), self);
  gtk_widget_add_controller (widget, self->zoom);

  self->scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (self->scroll, "scroll", G_CALLBACK (on_scroll_scroll), self);
  gtk_widget_add_controller (widget, self->scroll);

  self->motion = gtk_event_controller_motion_new ();
  g_signal_connect (self->motion, "enter", G_CALLBACK (on_motion_enter), self);
  g_signal_connect (self->motion, "motion", G_CALLBACK (on_motion_motion), self);
  g_signal_connect (self->motion, "leave", G_CALLBACK (on_motion_leave), self);
  gtk_widget_add_controller (widget, self->motion);

  self->key = gtk_event_controller_key_new ();
  g_signal_connect (self->key, "key-pressed", G_CALLBACK (on_key_key_pressed), self);
  g_signal_connect (self->key, "key-released", G_CALLBACK (on_key_key_released), self);
  gtk_widget_add_controller (widget, self->key);
}
