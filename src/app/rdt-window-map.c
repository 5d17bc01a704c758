/* rdt-window-map.c: the map in the window's centre, export and print.
 *
 * Until the map view widget (rdt-map-view.h) lands, a placeholder drawing
 * area shows the whole map fitted to the window through the shared renderer
 * and forwards pointer presses, drags and releases to the tools. */
#include "config.h"

#include <glib/gi18n.h>

#include "rdt-map-renderer.h"
#include "rdt-render-export.h"
#include "rdt-render-map.h"
#include "rdt-window-private.h"

/* A render map of the scenario's terrain.  (The shared scenario-to-render
 * code of the render library replaces this when it lands.) */
static RdtRenderMap *
build_render_map (RdtScenario *scenario)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  RdtRenderMap *map = rdt_render_map_new (grid);
  g_autofree int *styles = g_new0 (int, MAX (1, rdt_volume_get_n_terrains (volume)));

  for (guint i = 0; i < rdt_volume_get_n_terrains (volume); i++)
    {
      const RdtTerrainType *terrain = rdt_volume_get_terrain (volume, i);
      int style = rdt_render_map_find_terrain_style (map, terrain->id);

      if (style < 0)
        style = rdt_render_map_add_terrain_style (map, terrain->id,
                                                  rdt_terrain_palette_fallback_rgb (terrain->id),
                                                  0, RDT_RENDER_PATTERN_NONE);
      styles[i] = style;
    }
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
      int terrain = rdt_scenario_get_terrain (scenario, hex);

      if (terrain >= 0)
        rdt_render_map_set_terrain (map, hex, styles[terrain]);
    }
  return map;
}

static RdtMapRenderer *
build_renderer (RdtWindow *self)
{
  g_autoptr(RdtRenderMap) map = build_render_map (rdt_document_get_scenario (self->document));

  return rdt_map_renderer_new (map);
}

static RdtRenderView
placeholder_view (RdtWindow *self,
                  RdtMapRenderer *renderer)
{
  RdtRenderRect rect = rdt_map_renderer_get_map_rect (renderer);

  return rdt_render_view_fit (&rect, gtk_widget_get_width (self->map),
                              gtk_widget_get_height (self->map));
}

static void
draw_placeholder (GtkDrawingArea *area,
                  cairo_t        *cr,
                  int             width,
                  int             height,
                  gpointer        data)
{
  RdtWindow *self = RDT_WINDOW (data);
  g_autoptr(RdtMapRenderer) renderer = NULL;
  RdtRenderView view;

  cairo_set_source_rgb (cr, 0.85, 0.82, 0.74);
  cairo_paint (cr);
  if (self->document == NULL)
    return;
  renderer = build_renderer (self);
  view = placeholder_view (self, renderer);
  rdt_map_renderer_draw (renderer, cr, &view, NULL);
}

static void
widget_to_map (RdtWindow *self,
               double     wx,
               double     wy,
               double    *mx,
               double    *my)
{
  g_autoptr(RdtMapRenderer) renderer = build_renderer (self);
  RdtRenderView view = placeholder_view (self, renderer);

  rdt_render_view_to_map (&view, wx, wy, mx, my);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               RdtWindow      *self)
{
  double mx, my;

  if (self->document == NULL)
    return;
  widget_to_map (self, x, y, &mx, &my);
  _rdt_window_tool_press (self, mx, my);
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          dx,
                double          dy,
                RdtWindow      *self)
{
  double x, y, mx, my;

  if (self->document == NULL)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  widget_to_map (self, x + dx, y + dy, &mx, &my);
  _rdt_window_tool_drag (self, mx, my);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             RdtWindow      *self)
{
  double x, y, mx, my;

  if (self->document == NULL)
    return;
  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  widget_to_map (self, x + dx, y + dy, &mx, &my);
  _rdt_window_tool_release (self, mx, my);
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           RdtWindow                *self)
{
  double mx, my;

  if (self->document == NULL)
    return;
  widget_to_map (self, x, y, &mx, &my);
  _rdt_window_tool_hover (self, mx, my);
}

static gboolean
on_unit_drop (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              RdtWindow     *self)
{
  double mx, my;

  if (self->document == NULL || !G_VALUE_HOLDS_STRING (value))
    return FALSE;
  widget_to_map (self, x, y, &mx, &my);
  _rdt_window_drop_unit (self, g_value_get_string (value), mx, my);
  return TRUE;
}

void
_rdt_window_setup_map (RdtWindow *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);

  self->map = gtk_drawing_area_new ();
  gtk_widget_set_hexpand (self->map, TRUE);
  gtk_widget_set_vexpand (self->map, TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->map), draw_placeholder, self, NULL);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (self->map, GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  gtk_widget_add_controller (self->map, motion);
  g_signal_connect (drop, "drop", G_CALLBACK (on_unit_drop), self);
  gtk_widget_add_controller (self->map, GTK_EVENT_CONTROLLER (drop));
  gtk_box_append (self->map_box, self->map);
}

void
_rdt_window_export (RdtWindow   *self,
                    const char  *path,
                    GError     **error)
{
  g_autoptr(RdtMapRenderer) renderer = NULL;
  RdtRenderExportOptions options;

  if (self->document == NULL)
    return;
  rdt_render_export_options_init (&options);
  if (!rdt_render_format_from_path (path, &options.format))
    {
      g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_FORMAT,
                   _("Choose a file name ending in .png, .svg or .pdf."));
      return;
    }
  renderer = build_renderer (self);
  rdt_map_renderer_export_file (renderer, path, &options, error);
}

static void
draw_page (GtkPrintOperation *operation,
           GtkPrintContext   *context,
           int                page,
           RdtWindow         *self)
{
  g_autoptr(RdtMapRenderer) renderer = build_renderer (self);
  RdtRenderRect rect = rdt_map_renderer_get_map_rect (renderer);
  RdtRenderView view = rdt_render_view_fit (&rect, gtk_print_context_get_width (context),
                                            gtk_print_context_get_height (context));

  rdt_map_renderer_draw (renderer, gtk_print_context_get_cairo_context (context), &view, NULL);
}

void
_rdt_window_print (RdtWindow *self)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;

  if (self->document == NULL)
    return;
  operation = gtk_print_operation_new ();
  gtk_print_operation_set_n_pages (operation, 1);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page), self);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               GTK_WINDOW (self), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    _rdt_window_report_error (self, _("Cannot print"), error);
}
