/* rdt-window-map.c: the map view in the window's centre, the underlay,
 * export and print.
 *
 * The view (rdt-map-view.h) draws the scenario's render map and reports tool
 * presses, drags and releases by hex; this file turns them into the tools'
 * map points (rdt-window-tools.c) and keeps the render map in step with the
 * scenario's "changed" signal. */
#include "config.h"

#include <glib/gi18n.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>

#include "rdt-calibration.h"
#include "rdt-image-loader.h"
#include "rdt-map-renderer.h"
#include "rdt-map-view.h"
#include "rdt-overlay-controller.h"
#include "rdt-render-export.h"
#include "rdt-render-map.h"
#include "rdt-render-overlay.h"
#include "rdt-render-scenario.h"
#include "rdt-ruling-panel.h"
#include "rdt-scenario-private.h"
#include "rdt-unit-command.h"
#include "rdt-window-private.h"

static RdtScenario *
scenario_of (RdtWindow *self)
{
  return self->document ? rdt_document_get_scenario (self->document) : NULL;
}

static void
hex_centre (RdtWindow *self,
            int        col,
            int        row,
            double    *x,
            double    *y)
{
  RdtHex hex = { col, row };

  rdt_hex_grid_hex_centre (rdt_scenario_get_grid (scenario_of (self)), hex, x, y);
}

/* While the LOS or fire-fan overlay is on, a press on the map belongs to the
 * overlay (it starts a line of sight or sets the firing hex): no tool acts on
 * it and no counter is dragged, so measuring from a counter never moves it
 * (issue 16). */
gboolean
_rdt_window_overlay_takes_presses (RdtWindow *self)
{
  RdtRulingPanel *panel = g_object_get_data (G_OBJECT (self), "rdt-ruling-panel");
  RdtOverlayMode mode;

  if (panel == NULL)
    return FALSE;
  mode = rdt_overlay_controller_get_mode (rdt_ruling_panel_get_controller (panel));
  return mode == RDT_OVERLAY_MODE_LOS || mode == RDT_OVERLAY_MODE_FAN;
}

/* The validation panel folds the provisional-value warnings of each file
 * into one row ("the volume “Brandywine” has 16 provisional values:
 * details"); "details" lists them, until another document is opened
 * (issue 16). */
#define PROVISIONAL_DETAILS "rdt-provisional-details"

static gboolean
revalidate_idle (gpointer data)
{
  RdtWindow *self = data;

  _rdt_window_validate_now (self);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

static gboolean
on_finding_link (GtkLabel   *label,
                 const char *uri,
                 RdtWindow  *self)
{
  if (self->document == NULL || g_strcmp0 (uri, "details") != 0)
    return FALSE;
  g_object_set_data (G_OBJECT (self->document), PROVISIONAL_DETAILS, GINT_TO_POINTER (1));
  /* Not from inside the label's own signal: the panel is rebuilt. */
  g_idle_add (revalidate_idle, g_object_ref (self));
  return TRUE;
}

void
_rdt_window_fold_provisional (RdtWindow *self)
{
  RdtVolume *volume;
  GPtrArray *folded;

  if (self->document == NULL || self->diagnostics == NULL
      || g_object_get_data (G_OBJECT (self->document), PROVISIONAL_DETAILS) != NULL)
    return;
  volume = rdt_scenario_get_volume (scenario_of (self));
  folded = rdt_diagnostics_fold_provisional (self->diagnostics, rdt_volume_get_path (volume),
                                             rdt_volume_get_title (volume));
  g_ptr_array_unref (self->diagnostics);
  self->diagnostics = folded;
}

GtkWidget *
_rdt_window_finding_label (RdtWindow           *self,
                           const RdtDiagnostic *diagnostic)
{
  GtkWidget *label;
  g_autofree char *escaped = NULL;
  g_autofree char *markup = NULL;

  if (diagnostic->folded == 0)
    return gtk_label_new (diagnostic->message);
  escaped = g_markup_escape_text (diagnostic->message, -1);
  /* Translators: a folded finding, then a link that lists what it stands for. */
  markup = g_strdup_printf (_("%s: <a href=\"details\">details</a>"), escaped);
  label = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  g_signal_connect (label, "activate-link", G_CALLBACK (on_finding_link), self);
  return label;
}

/* Keeping the render map in step. */

static void
update_overlays (RdtWindow *self)
{
  RdtRenderOverlay items[8];
  guint n = 0;

  /* Issue 13: while playing, the picked-up counter's destinations. */
  if (self->game != NULL)
    {
      _rdt_window_play_overlays (self);
      return;
    }
  if (self->document != NULL)
    {
      RdtUnit *unit = self->selection == RDT_SELECTION_UNIT && self->selected_id != NULL
                      ? rdt_scenario_find_unit (scenario_of (self), self->selected_id) : NULL;

      if (self->selection == RDT_SELECTION_HEX
          || (unit != NULL && unit->placement.kind == RDT_PLACEMENT_HEX))
        items[n++] = rdt_render_overlay_outline (unit ? unit->placement.hex : self->selected_hex,
                                                 RDT_RGBA (0x1c, 0x71, 0xd8, 0xff));
      else if (self->selection == RDT_SELECTION_HEXSIDE)
        items[n++] = rdt_render_overlay_hexside (self->selected_side, RDT_RGBA (0x1c, 0x71, 0xd8, 0xff));
      for (guint i = 0; i < self->n_calibration && n < G_N_ELEMENTS (items); i++)
        items[n++] = rdt_render_overlay_outline (self->calibration_hexes[i], RDT_RGBA (0xe0, 0x1b, 0x24, 0xff));
    }
  rdt_map_view_set_overlays (RDT_MAP_VIEW (self->map), items, n);
}

static void
rebuild_map (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  g_autoptr(RdtRenderMap) map = NULL;

  /* Issue 13: while playing the view shows the game; leaving play rebuilds. */
  if (self->game != NULL)
    return;
  map = scenario ? rdt_render_map_new_from_scenario (scenario) : NULL;
  rdt_map_view_set_map (RDT_MAP_VIEW (self->map), map);
  update_overlays (self);
}

static void
on_scenario_changed (RdtScenario *scenario,
                     RdtChange   *change,
                     RdtWindow   *self)
{
  RdtRenderMap *map = rdt_map_view_get_map (RDT_MAP_VIEW (self->map));

  if (map == NULL || self->game != NULL)
    return;
  switch (change->kind)
    {
    case RDT_CHANGE_TERRAIN:
      rdt_render_map_update_terrain (map, scenario, change->hex);
      break;
    case RDT_CHANGE_HEXSIDE:
      rdt_render_map_update_hexside (map, scenario, change->side);
      break;
    case RDT_CHANGE_UNIT_ADDED:
    case RDT_CHANGE_UNIT_REMOVED:
    case RDT_CHANGE_UNIT_MOVED:
    case RDT_CHANGE_UNIT_CHANGED:
      rdt_render_map_update_counters (map, scenario);
      break;
    case RDT_CHANGE_UNDERLAY:
      g_clear_object (&self->underlay_texture);
      break;
    case RDT_CHANGE_GRID:
    case RDT_CHANGE_AREA:
    case RDT_CHANGE_LOCATION:
    case RDT_CHANGE_ENTRY:
    case RDT_CHANGE_SIDE:
    case RDT_CHANGE_VOLUME:
    case RDT_CHANGE_INFO:
    default:
      /* Rare edits: rebuild everything (keeps the viewport). */
      {
        g_autoptr(RdtRenderMap) fresh = rdt_render_map_new_from_scenario (scenario);
        rdt_map_view_set_map (RDT_MAP_VIEW (self->map), fresh);
      }
      update_overlays (self);
      return;
    }
  rdt_map_view_map_changed (RDT_MAP_VIEW (self->map));
  update_overlays (self);
}

/* The scenario's notes (its description: what the designer wants a reader
 * to know first; the bundled maps say there that they are schematic).  They
 * belong to that scenario: shown when it opens, gone with it (New Map, Open,
 * Reload).  The banner floats over the top of the map, so showing or closing
 * it never moves the map or the panels (issue 16). */
static void
on_notes_close_clicked (GtkButton *button,
                        RdtWindow *self)
{
  gtk_widget_set_visible (self->notes_banner, FALSE);
}

static void
ensure_notes_banner (RdtWindow *self)
{
  GtkWidget *parent = gtk_widget_get_parent (self->map);
  GtkWidget *close;

  if (self->notes_banner != NULL || parent == NULL)
    return;
  self->notes_banner = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->notes_banner, "notes-banner");
  gtk_widget_set_valign (self->notes_banner, GTK_ALIGN_START);
  gtk_widget_set_halign (self->notes_banner, GTK_ALIGN_FILL);
  gtk_widget_set_margin_start (self->notes_banner, 12);
  gtk_widget_set_margin_end (self->notes_banner, 12);
  gtk_widget_set_margin_top (self->notes_banner, 8);
  self->notes_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->notes_label, TRUE);
  gtk_label_set_wrap_mode (self->notes_label, PANGO_WRAP_WORD_CHAR);
  /* At most three lines over the map; the whole text is the tooltip. */
  gtk_label_set_lines (self->notes_label, 3);
  gtk_label_set_ellipsize (self->notes_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (self->notes_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->notes_label), TRUE);
  close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_add_css_class (close, "flat");
  gtk_widget_set_valign (close, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (close, _("Hide the scenario’s notes"));
  g_signal_connect (close, "clicked", G_CALLBACK (on_notes_close_clicked), self);
  gtk_box_append (GTK_BOX (self->notes_banner), GTK_WIDGET (self->notes_label));
  gtk_box_append (GTK_BOX (self->notes_banner), close);
  gtk_widget_set_visible (self->notes_banner, FALSE);
  if (GTK_IS_OVERLAY (parent))
    gtk_overlay_add_overlay (GTK_OVERLAY (parent), self->notes_banner);
  else if (GTK_IS_BOX (parent))
    gtk_box_insert_child_after (GTK_BOX (parent), self->notes_banner,
                                gtk_widget_get_prev_sibling (self->map));
}

static void
show_notes (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  const char *description = scenario ? rdt_scenario_get_description (scenario) : NULL;
  g_autofree char *text = NULL;

  ensure_notes_banner (self);
  if (self->notes_banner == NULL)
    return;
  if (description == NULL || description[0] == '\0')
    {
      gtk_label_set_text (self->notes_label, "");
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->notes_label), NULL);
      gtk_widget_set_visible (self->notes_banner, FALSE);
      return;
    }
  /* Translators: a scenario's title, then its description. */
  text = g_strdup_printf (_("%s: %s"), rdt_scenario_get_title (scenario), description);
  gtk_label_set_text (self->notes_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->notes_label), text);
  gtk_widget_set_visible (self->notes_banner, TRUE);
}

/* Called when the window's document or its scenario changes. */
void
_rdt_window_map_follow (RdtWindow *self)
{
  RdtScenario *scenario = scenario_of (self);
  RdtScenario *old = g_object_get_data (G_OBJECT (self->map), "scenario");

  if (old != scenario)
    {
      if (old != NULL)
        g_signal_handlers_disconnect_by_func (old, on_scenario_changed, self);
      if (scenario != NULL)
        g_signal_connect_object (scenario, "changed", G_CALLBACK (on_scenario_changed), self, 0);
      g_object_set_data (G_OBJECT (self->map), "scenario", scenario);
      g_clear_object (&self->underlay_texture);
      rebuild_map (self);
      show_notes (self);
    }
  else
    update_overlays (self);
}

/* The underlay: the scan drawn over the map with the calibrated transform,
 * so the designer traces terrain against it.  It is a file reference
 * (rdt-file-ref.h): resolved inside the scenario's folder and decoded in a
 * thread within the image caps (rdt-image-loader.h), with a progress bar
 * when it takes a while; a refusal is shown in the info bar. */

void
_rdt_window_stop_underlay (RdtWindow *self)
{
  if (self->underlay_cancellable != NULL)
    {
      g_cancellable_cancel (self->underlay_cancellable);
      g_clear_object (&self->underlay_cancellable);
    }
  g_clear_handle_id (&self->underlay_progress_timeout, g_source_remove);
  if (self->underlay_progress_box != NULL)
    gtk_widget_set_visible (self->underlay_progress_box, FALSE);
}

static gboolean
on_underlay_progress (gpointer data)
{
  RdtWindow *self = RDT_WINDOW (data);
  int permille = g_atomic_int_get (&self->underlay_progress);

  gtk_widget_set_visible (self->underlay_progress_box, TRUE);
  gtk_progress_bar_set_fraction (self->underlay_progress_bar, permille / 1000.0);
  return G_SOURCE_CONTINUE;
}

static void
on_underlay_loaded (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  RdtWindow *self = RDT_WINDOW (source);
  g_autoptr(GCancellable) cancellable = user_data;
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface = rdt_image_load_finish (result, &error);

  if (cancellable != self->underlay_cancellable || self->map == NULL)
    {
      /* A newer load, another document, or a closed window. */
      if (surface != NULL)
        cairo_surface_destroy (surface);
      return;
    }
  _rdt_window_stop_underlay (self);
  if (surface != NULL)
    {
      g_object_set_data_full (G_OBJECT (self->map), "underlay-surface", surface,
                              (GDestroyNotify) cairo_surface_destroy);
      gtk_widget_queue_draw (self->map);
      return;
    }
  g_free (self->underlay_error);
  self->underlay_error = g_strdup (error->message);
  {
    g_autofree char *text = g_strdup_printf (_("The underlay is not shown. %s"), error->message);

    /* The warning that the file holds what the editor cannot keep matters
     * more (issue 11): it keeps the bar, the refusal goes to the status
     * line (and the validation panel lists it). */
    if (self->drop_warning_shown)
      gtk_label_set_text (self->status_label, text);
    else
      _rdt_window_show_message (self, GTK_MESSAGE_ERROR, text);
  }
}

static void
start_underlay_load (RdtWindow         *self,
                     const RdtUnderlay *underlay)
{
  RdtFileRef ref = { 0 };
  g_autofree char *label = NULL;
  g_autofree char *name = NULL;

  _rdt_window_stop_underlay (self);
  g_object_set_data (G_OBJECT (self->map), "underlay-surface", NULL);
  g_clear_pointer (&self->underlay_error, g_free);
  ref.file = rdt_document_get_path (self->document);
  /* The line as loaded, while the document still is as loaded. */
  if (ref.file != NULL && !rdt_document_get_dirty (self->document))
    ref.line = _rdt_scenario_get_line (scenario_of (self), "underlay");
  ref.element = "underlay";
  ref.attribute = "href";
  ref.value = underlay->href != NULL ? underlay->href : "";
  name = g_strescape (ref.value, NULL);
  label = g_strdup_printf (_("Loading the underlay “%s”…"), name);
  gtk_label_set_text (self->underlay_progress_label, label);
  gtk_progress_bar_set_fraction (self->underlay_progress_bar, 0);
  g_atomic_int_set (&self->underlay_progress, 0);
  self->underlay_cancellable = g_cancellable_new ();
  /* Shown only when decoding takes a while (large scans). */
  self->underlay_progress_timeout = g_timeout_add (200, on_underlay_progress, self);
  rdt_image_load_async (&ref, self, self->underlay_cancellable, &self->underlay_progress,
                        on_underlay_loaded, g_object_ref (self->underlay_cancellable));
}

static void
draw_underlay (RdtMapView          *view,
               RdtMapRenderer      *renderer,
               cairo_t             *cr,
               const RdtRenderView *render_view,
               const RdtRenderRect *visible,
               gpointer             user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtScenario *scenario = scenario_of (self);
  const RdtUnderlay *underlay = scenario ? rdt_scenario_get_underlay (scenario) : NULL;
  cairo_surface_t *surface;
  RdtHexGrid *grid;
  double ox, oy, ax, ay, bx, by;
  cairo_matrix_t image_to_map;
  double opacity = gtk_adjustment_get_value (self->opacity_adjustment);

  if (underlay == NULL || !underlay->present || underlay->hex_size <= 0 || opacity <= 0)
    return;
  if (self->underlay_texture == NULL)
    {
      /* The texture field only marks the cache as valid (or being filled):
       * the surface arrives when the thread is done. */
      g_autoptr(GBytes) pixel = g_bytes_new_static ("\0\0\0\0", 4);

      start_underlay_load (self, underlay);
      self->underlay_texture = GDK_TEXTURE (gdk_memory_texture_new (1, 1, GDK_MEMORY_DEFAULT,
                                                                    pixel, 4));
    }
  surface = g_object_get_data (G_OBJECT (self->map), "underlay-surface");
  if (surface == NULL)
    return;
  grid = rdt_scenario_get_grid (scenario);
  /* Image pixel -> map unit is affine: take it from three points. */
  rdt_calibration_image_to_map (grid, underlay, 0, 0, &ox, &oy);
  rdt_calibration_image_to_map (grid, underlay, 1, 0, &ax, &ay);
  rdt_calibration_image_to_map (grid, underlay, 0, 1, &bx, &by);
  cairo_matrix_init (&image_to_map, ax - ox, ay - oy, bx - ox, by - oy, ox, oy);
  cairo_save (cr);
  cairo_translate (cr, render_view->origin_x, render_view->origin_y);
  cairo_scale (cr, render_view->scale, render_view->scale);
  cairo_transform (cr, &image_to_map);
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint_with_alpha (cr, opacity);
  cairo_restore (cr);
}

/* Signals of the view. */

static void
on_pointer_motion (GtkEventControllerMotion *motion,
                   double                    x,
                   double                    y,
                   RdtWindow                *self)
{
  RdtRenderView render_view;
  double mx, my;

  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_valid = TRUE;
  if (self->document == NULL)
    return;
  /* The status line follows the exact point, so the hexside tool names the
   * hexside under it. */
  rdt_map_view_get_render_view (RDT_MAP_VIEW (self->map), &render_view);
  rdt_render_view_to_map (&render_view, x, y, &mx, &my);
  _rdt_window_tool_hover (self, mx, my);
}

static void
on_pointer_leave (GtkEventControllerMotion *motion,
                  RdtWindow                *self)
{
  self->pointer_valid = FALSE;
}

static void
on_hex_pressed (RdtMapView      *view,
                int              col,
                int              row,
                guint            button,
                GdkModifierType  state,
                RdtWindow       *self)
{
  double x, y;

  /* The hexside and calibration tools have their own press handlers. */
  if (self->document == NULL || self->tool == RDT_TOOL_HEXSIDE || self->tool == RDT_TOOL_CALIBRATE
      || _rdt_window_overlay_takes_presses (self))
    return;
  if (self->game != NULL)
    {
      /* Play (issue 13): picking up a counter shades where it may go. */
      RdtHex hex = { col, row };

      _rdt_window_play_pick (self, hex);
      return;
    }
  hex_centre (self, col, row, &x, &y);
  _rdt_window_tool_press (self, x, y);
  update_overlays (self);
}

/* Calibration needs the exact point clicked on the scan, anywhere on it:
 * the scan may reach beyond the map the present calibration shows. */
static void
on_calibrate_click (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    RdtWindow       *self)
{
  RdtRenderView render_view;
  double mx, my;

  if (self->document == NULL || self->tool != RDT_TOOL_CALIBRATE
      || _rdt_window_overlay_takes_presses (self))
    return;
  rdt_map_view_get_render_view (RDT_MAP_VIEW (self->map), &render_view);
  rdt_render_view_to_map (&render_view, x, y, &mx, &my);
  _rdt_window_tool_press (self, mx, my);
  update_overlays (self);
}

static void
on_hexside_pressed (RdtMapView      *view,
                    int              a_col,
                    int              a_row,
                    int              b_col,
                    int              b_row,
                    int              near_col,
                    int              near_row,
                    guint            button,
                    GdkModifierType  state,
                    RdtWindow       *self)
{
  double nx, ny, fx, fy;
  gboolean near_is_a = near_col == a_col && near_row == a_row;

  if (self->document == NULL || self->tool != RDT_TOOL_HEXSIDE
      || _rdt_window_overlay_takes_presses (self))
    return;
  /* A point inside the near hex, close to the hexside: the tool reads the
   * hexside and its high or symbol side from it. */
  hex_centre (self, near_col, near_row, &nx, &ny);
  hex_centre (self, near_is_a ? b_col : a_col, near_is_a ? b_row : a_row, &fx, &fy);
  _rdt_window_tool_press (self, nx + (fx - nx) * 0.35, ny + (fy - ny) * 0.35);
  update_overlays (self);
}

static void
on_hex_dragged (RdtMapView      *view,
                int              col,
                int              row,
                GdkModifierType  state,
                RdtWindow       *self)
{
  double x, y;

  if (self->document == NULL || _rdt_window_overlay_takes_presses (self))
    return;
  hex_centre (self, col, row, &x, &y);
  _rdt_window_tool_drag (self, x, y);
}

static void
on_hex_released (RdtMapView      *view,
                 int              col,
                 int              row,
                 guint            button,
                 GdkModifierType  state,
                 RdtWindow       *self)
{
  double x, y;

  if (self->document == NULL)
    return;
  if (_rdt_window_overlay_takes_presses (self))
    {
      /* A stroke begun before the overlay came on ends without acting. */
      g_clear_object (&self->stroke);
      self->stroke_has_last = FALSE;
      return;
    }
  hex_centre (self, col, row, &x, &y);
  _rdt_window_tool_release (self, x, y);
  update_overlays (self);
}

static void
on_hex_hovered (RdtMapView *view,
                int         col,
                int         row,
                gboolean    valid,
                RdtWindow  *self)
{
  /* Hovering a hex is shown from the pointer's motion; this only clears. */
  if (self->document == NULL || !valid)
    gtk_label_set_text (self->hover_label, "");
}

static void
on_zoom_changed (GObject    *viewport,
                 GParamSpec *pspec,
                 RdtWindow  *self)
{
  RdtRenderView view;
  g_autofree char *text = NULL;

  rdt_map_view_get_render_view (RDT_MAP_VIEW (self->map), &view);
  text = g_strdup_printf ("%.0f%%", 100.0 * view.scale / RDT_RENDER_DEFAULT_SCALE);
  gtk_label_set_text (self->zoom_label, text);
}

static gboolean
on_unit_drop (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              RdtWindow     *self)
{
  RdtHex hex;
  double mx, my;

  if (self->document == NULL || !G_VALUE_HOLDS_STRING (value)
      || !rdt_map_view_hex_at (RDT_MAP_VIEW (self->map), x, y, &hex))
    return FALSE;
  if (self->game != NULL)
    {
      /* Play (issue 13): through the rules; Shift forces (sandbox override). */
      GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (target));

      _rdt_window_play_drop (self, g_value_get_string (value), hex, (state & GDK_SHIFT_MASK) != 0);
      return TRUE;
    }
  hex_centre (self, hex.col, hex.row, &mx, &my);
  _rdt_window_drop_unit (self, g_value_get_string (value), mx, my);
  update_overlays (self);
  return TRUE;
}

static void
on_opacity_changed (GtkAdjustment *adjustment,
                    RdtWindow     *self)
{
  gtk_widget_queue_draw (self->map);
}

/* Dragging a counter with the select tool is a drag and drop: onto another
 * hex of the map (on_unit_drop) or back onto the order of battle, which takes
 * it off the map. */
static GdkContentProvider *
on_counter_drag_prepare (GtkDragSource *source,
                         double         x,
                         double         y,
                         RdtWindow     *self)
{
  RdtHex hex;
  g_autoptr(GPtrArray) units = NULL;

  if (self->document == NULL || self->tool != RDT_TOOL_SELECT
      || _rdt_window_overlay_takes_presses (self)
      || !rdt_map_view_hex_at (RDT_MAP_VIEW (self->map), x, y, &hex))
    return NULL;
  if (self->game != NULL)
    {
      const char *id = _rdt_window_play_unit_at (self, hex);

      return id != NULL ? gdk_content_provider_new_typed (G_TYPE_STRING, id) : NULL;
    }
  units = rdt_scenario_units_in_hex (scenario_of (self), hex);
  if (units->len == 0)
    return NULL;
  return gdk_content_provider_new_typed (G_TYPE_STRING,
                                         ((RdtUnit *) g_ptr_array_index (units, units->len - 1))->id);
}

static void
on_counter_drag_begin (GtkDragSource *source,
                       GdkDrag       *drag,
                       RdtWindow     *self)
{
  g_object_set_data (G_OBJECT (self), "map-drag", drag);
}

static void
on_counter_drag_end (GtkDragSource *source,
                     GdkDrag       *drag,
                     gboolean       delete_data,
                     RdtWindow     *self)
{
  g_object_set_data (G_OBJECT (self), "map-drag", NULL);
  /* The view's own drag was cancelled by the drag and drop. */
  self->stroke_has_last = FALSE;
}

static gboolean
on_list_drop (GtkDropTarget *target,
              const GValue  *value,
              double         x,
              double         y,
              RdtWindow     *self)
{
  GdkDrop *drop = gtk_drop_target_get_current_drop (target);
  RdtPlacement none = { 0, };
  g_autoptr(RdtCommand) command = NULL;

  /* Only counters dragged from the map go back to the list; not in play. */
  if (self->document == NULL || self->game != NULL || !G_VALUE_HOLDS_STRING (value) || drop == NULL
      || gdk_drop_get_drag (drop) == NULL
      || gdk_drop_get_drag (drop) != g_object_get_data (G_OBJECT (self), "map-drag"))
    return FALSE;
  none.kind = RDT_PLACEMENT_NONE;
  command = rdt_unit_command_new_move (g_value_get_string (value), &none);
  _rdt_window_execute (self, command);
  return TRUE;
}

void
_rdt_window_setup_map (RdtWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);

  self->map = rdt_map_view_new ();
  gtk_widget_set_hexpand (self->map, TRUE);
  gtk_widget_set_vexpand (self->map, TRUE);
  g_signal_connect (self->map, "hex-pressed", G_CALLBACK (on_hex_pressed), self);
  g_signal_connect (self->map, "hexside-pressed", G_CALLBACK (on_hexside_pressed), self);
  g_signal_connect (self->map, "hex-dragged", G_CALLBACK (on_hex_dragged), self);
  g_signal_connect (self->map, "hex-released", G_CALLBACK (on_hex_released), self);
  g_signal_connect (self->map, "hex-hovered", G_CALLBACK (on_hex_hovered), self);
  g_signal_connect_object (rdt_map_view_get_viewport (RDT_MAP_VIEW (self->map)), "notify",
                           G_CALLBACK (on_zoom_changed), self, 0);
  /* The scan goes over the terrain and under the counters (issue 16). */
  rdt_map_view_set_underlay_func (RDT_MAP_VIEW (self->map), draw_underlay, self, NULL);
  g_signal_connect (drop, "drop", G_CALLBACK (on_unit_drop), self);
  gtk_widget_add_controller (self->map, GTK_EVENT_CONTROLLER (drop));
  {
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
    g_signal_connect (click, "pressed", G_CALLBACK (on_calibrate_click), self);
    gtk_widget_add_controller (self->map, GTK_EVENT_CONTROLLER (click));
  }
  {
    GtkEventController *motion = gtk_event_controller_motion_new ();

    g_signal_connect (motion, "motion", G_CALLBACK (on_pointer_motion), self);
    g_signal_connect (motion, "leave", G_CALLBACK (on_pointer_leave), self);
    gtk_widget_add_controller (self->map, motion);
  }
  g_signal_connect (self->opacity_adjustment, "value-changed", G_CALLBACK (on_opacity_changed), self);
  {
    GtkDragSource *source = gtk_drag_source_new ();
    GtkDropTarget *list_drop = gtk_drop_target_new (G_TYPE_STRING, GDK_ACTION_MOVE);

    gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
    g_signal_connect (source, "prepare", G_CALLBACK (on_counter_drag_prepare), self);
    g_signal_connect (source, "drag-begin", G_CALLBACK (on_counter_drag_begin), self);
    g_signal_connect (source, "drag-end", G_CALLBACK (on_counter_drag_end), self);
    gtk_widget_add_controller (self->map, GTK_EVENT_CONTROLLER (source));
    g_signal_connect (list_drop, "drop", G_CALLBACK (on_list_drop), self);
    gtk_widget_add_controller (GTK_WIDGET (self->unit_list), GTK_EVENT_CONTROLLER (list_drop));
  }
  {
    /* The underlay's progress while a large scan is decoded. */
    GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

    self->underlay_progress_label = GTK_LABEL (gtk_label_new (NULL));
    gtk_label_set_ellipsize (self->underlay_progress_label, PANGO_ELLIPSIZE_MIDDLE);
    self->underlay_progress_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
    gtk_widget_set_hexpand (GTK_WIDGET (self->underlay_progress_bar), TRUE);
    gtk_widget_set_valign (GTK_WIDGET (self->underlay_progress_bar), GTK_ALIGN_CENTER);
    gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->underlay_progress_label));
    gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->underlay_progress_bar));
    gtk_widget_set_margin_start (box, 12);
    gtk_widget_set_margin_end (box, 12);
    gtk_widget_set_margin_top (box, 6);
    gtk_widget_set_margin_bottom (box, 6);
    gtk_widget_set_visible (box, FALSE);
    self->underlay_progress_box = box;
    gtk_box_append (self->map_box, box);
  }
  gtk_box_append (self->map_box, self->map);
  _rdt_window_setup_counters (self);
}

void
_rdt_window_show_hex (RdtWindow *self,
                      RdtHex     hex)
{
  rdt_map_view_centre_on_hex (RDT_MAP_VIEW (self->map), hex);
  update_overlays (self);
}

/* The show-hex-labels and show-counters preferences. */
void
_rdt_window_map_apply_settings (RdtWindow *self)
{
  guint layers = RDT_RENDER_LAYER_ALL;

  if (self->settings != NULL)
    {
      if (!g_settings_get_boolean (self->settings, "show-hex-labels"))
        layers &= ~RDT_RENDER_LAYER_LABELS;
      if (!g_settings_get_boolean (self->settings, "show-counters"))
        layers &= ~RDT_RENDER_LAYER_COUNTERS;
    }
  rdt_map_renderer_set_layers (rdt_map_view_get_renderer (RDT_MAP_VIEW (self->map)), layers);
  rdt_map_view_map_changed (RDT_MAP_VIEW (self->map));
}

void
_rdt_window_map_set_tool (RdtWindow *self)
{
  rdt_map_view_set_show_hexside_hover (RDT_MAP_VIEW (self->map), self->tool == RDT_TOOL_HEXSIDE);
  /* The scan being calibrated may reach beyond the map. */
  rdt_map_view_set_bounded (RDT_MAP_VIEW (self->map), self->tool != RDT_TOOL_CALIBRATE);
}

static RdtMapRenderer *
build_renderer (RdtWindow *self)
{
  g_autoptr(RdtRenderMap) map = rdt_render_map_new_from_scenario (scenario_of (self));

  return rdt_map_renderer_new (map);
}

/* The part of the map the view shows, at the view's zoom. */
static gboolean
export_visible (RdtWindow        *self,
                const char       *path,
                RdtRenderFormat   format,
                GError          **error)
{
  RdtMapRenderer *renderer = rdt_map_view_get_renderer (RDT_MAP_VIEW (self->map));
  int width = gtk_widget_get_width (self->map);
  int height = gtk_widget_get_height (self->map);
  RdtRenderView view;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  if (width <= 0 || height <= 0)
    {
      g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_AREA,
                   _("The map is not shown: there is no visible part to export."));
      return FALSE;
    }
  rdt_map_view_get_render_view (RDT_MAP_VIEW (self->map), &view);
  switch (format)
    {
    case RDT_RENDER_FORMAT_SVG:
      surface = cairo_svg_surface_create (path, width, height);
      break;
    case RDT_RENDER_FORMAT_PDF:
      surface = cairo_pdf_surface_create (path, width, height);
      break;
    case RDT_RENDER_FORMAT_PNG:
    default:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
      break;
    }
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  rdt_map_renderer_draw (renderer, cr, &view, NULL);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (format == RDT_RENDER_FORMAT_PNG)
    status = cairo_surface_write_to_png (surface, path);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, RDT_RENDER_ERROR, RDT_RENDER_ERROR_WRITE,
                   _("Cannot write “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

void
_rdt_window_export (RdtWindow   *self,
                    const char  *path,
                    gboolean     visible_only,
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
  if (visible_only)
    {
      export_visible (self, path, options.format, error);
      return;
    }
  renderer = build_renderer (self);
  /* The image caps (docs/cli-render.md, issue 11): a map too large for them
   * at the default scale is exported smaller, and the user is told. */
  {
    double w, h, fit;

    if (!rdt_map_renderer_export_size (renderer, &options, &w, &h, NULL)
        && (fit = rdt_map_renderer_export_max_scale (renderer, &options)) > 0)
      {
        g_autofree char *text =
          g_strdup_printf (_("The map is exported at %.0f%% of the normal scale: at full scale the image would exceed the cap of %.0f megapixels or %.0f pixels on a side."),
                           100.0 * fit / RDT_RENDER_DEFAULT_SCALE,
                           RDT_RENDER_MAX_PIXELS / (1024.0 * 1024.0), RDT_RENDER_MAX_SIDE);

        options.scale = fit;
        _rdt_window_show_message (self, GTK_MESSAGE_INFO, text);
      }
  }
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

static GtkPrintOperation *
new_print_operation (RdtWindow *self)
{
  GtkPrintOperation *operation = gtk_print_operation_new ();

  gtk_print_operation_set_n_pages (operation, 1);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  g_signal_connect (operation, "draw-page", G_CALLBACK (draw_page), self);
  return operation;
}

void
_rdt_window_print (RdtWindow *self)
{
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;

  if (self->document == NULL)
    return;
  operation = new_print_operation (self);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG,
                               GTK_WINDOW (self), &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    _rdt_window_report_error (self, _("Cannot print"), error);
}

/* Prints without the dialog to a PDF file (the print dialog's "Print to
 * File"; used by the tests). */
gboolean
_rdt_window_print_to_pdf (RdtWindow   *self,
                          const char  *path,
                          GError     **error)
{
  g_autoptr(GtkPrintOperation) operation = NULL;

  if (self->document == NULL)
    return FALSE;
  operation = new_print_operation (self);
  gtk_print_operation_set_export_filename (operation, path);
  return gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT,
                                  GTK_WINDOW (self), error) != GTK_PRINT_OPERATION_RESULT_ERROR;
}
