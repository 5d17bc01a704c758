/* rdt-window-counters.c: counters on the map as on a game table (issue 16).
 *
 * A right-click on a counter (or the Menu key, Shift+F10) opens its context
 * menu: flip, status at start, the volume's states (pinned, first fire...),
 * stack order, edit and delete, each an undoable command of the model
 * (rdt-unit-command.h) behind a win.* action with its own key.  A click on a
 * stack spreads it out in a popover (VASSAL's stack expander) so any counter
 * can be picked, right-clicked or dragged to another hex; hovering a stack
 * lists it in a tooltip.
 *
 * "Send to Eliminated Box" / "Send to Captured Box" (Ctrl+Alt+E / Ctrl+Alt+C)
 * set the unit up in a box off the map (<box id>, docs/format.md): a game
 * made from the scenario starts with it eliminated (12.6) or captured
 * (12.31, 13.23).
 */
#include "config.h"

#include <glib/gi18n.h>

#include "rdt-counter-paintable.h"
#include "rdt-cutter-dialog.h"
#include "rdt-map-renderer.h"
#include "rdt-map-view.h"
#include "rdt-render-map.h"
#include "rdt-unit-command.h"
#include "rdt-window-private.h"

#define COUNTER_MENU "rdt-counter-menu"
#define STACK_POPOVER "rdt-stack-popover"

static RdtScenario *
scenario_of (RdtWindow *self)
{
  return self->document ? rdt_document_get_scenario (self->document) : NULL;
}

static RdtUnit *
selected_unit (RdtWindow *self)
{
  if (self->document == NULL || self->selection != RDT_SELECTION_UNIT || self->selected_id == NULL)
    return NULL;
  return rdt_scenario_find_unit (scenario_of (self), self->selected_id);
}

/* Actions: stack order to the top or bottom, and the volume's states. */

static void
restack_to_end (RdtWindow *self,
                gboolean   top)
{
  RdtUnit *selected = selected_unit (self);
  g_autoptr(GPtrArray) stack = NULL;
  g_autoptr(RdtCommand) command = NULL;
  RdtUnit *end;

  if (selected == NULL || selected->placement.kind != RDT_PLACEMENT_HEX)
    return;
  stack = rdt_scenario_units_in_hex (scenario_of (self), selected->placement.hex);
  end = g_ptr_array_index (stack, top ? stack->len - 1 : 0);
  if (end == selected)
    return;
  command = rdt_unit_command_new_restack (selected->id,
                                          rdt_scenario_find_unit_index (scenario_of (self), end->id));
  _rdt_window_execute (self, command);
}

static void
win_unit_to_top (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  restack_to_end (RDT_WINDOW (user_data), TRUE);
}

static void
win_unit_to_bottom (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  restack_to_end (RDT_WINDOW (user_data), FALSE);
}

static gboolean
unit_has_state (const RdtUnit *unit,
                const char    *state)
{
  return unit->states != NULL && g_strv_contains ((const char * const *) unit->states, state);
}

/* Sets or clears one of the volume's states (win.unit-state::pinned). */
static void
win_unit_state (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtUnit *selected = selected_unit (self);
  const char *state = g_variant_get_string (parameter, NULL);
  g_autoptr(RdtUnit) edited = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_autoptr(RdtCommand) command = NULL;
  gboolean had;

  if (selected == NULL || rdt_volume_find_state (rdt_scenario_get_volume (scenario_of (self)), state) < 0)
    return;
  had = unit_has_state (selected, state);
  builder = g_strv_builder_new ();
  for (char **s = selected->states; s != NULL && *s != NULL; s++)
    if (!g_str_equal (*s, state))
      g_strv_builder_add (builder, *s);
  if (!had)
    g_strv_builder_add (builder, state);
  edited = rdt_unit_copy (selected);
  g_strfreev (edited->states);
  edited->states = g_strv_builder_end (builder);
  if (edited->states[0] == NULL)
    g_clear_pointer (&edited->states, g_strfreev);
  command = rdt_unit_command_new_replace (selected->id, edited);
  _rdt_window_execute (self, command);
}

/* Sends the selected unit to a box off the map (win.unit-box::eliminated,
 * ::captured; issue 16): one undoable move. */
static void
win_unit_box (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  RdtUnit *selected = selected_unit (self);
  RdtPlacement box = { 0, };
  g_autoptr(RdtCommand) command = NULL;

  if (selected == NULL || !rdt_placement_box_from_string (g_variant_get_string (parameter, NULL), &box.kind)
      || selected->placement.kind == box.kind)
    return;
  command = rdt_unit_command_new_move (selected->id, &box);
  _rdt_window_execute (self, command);
}

static const GActionEntry counter_actions[] = {
  { .name = "unit-box", .activate = win_unit_box, .parameter_type = "s", .state = NULL, .change_state = NULL },
  { .name = "unit-to-top", .activate = win_unit_to_top, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-to-bottom", .activate = win_unit_to_bottom, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "unit-state", .activate = win_unit_state, .parameter_type = "s", .state = NULL, .change_state = NULL },
};

/* The context menu. */

static void
append (GMenu      *menu,
        const char *label,
        const char *action,
        const char *target)
{
  g_autoptr(GMenuItem) item = g_menu_item_new (label, NULL);

  if (target != NULL)
    g_menu_item_set_action_and_target (item, action, "s", target);
  else
    g_menu_item_set_detailed_action (item, action);
  g_menu_append_item (menu, item);
}

/* (transfer full) The menu of @unit: what applies to it now. */
GMenuModel *
_rdt_window_dup_counter_menu (RdtWindow *self,
                              RdtUnit   *unit)
{
  RdtScenario *scenario = scenario_of (self);
  RdtVolume *volume = rdt_scenario_get_volume (scenario);
  GMenu *menu = g_menu_new ();
  g_autoptr(GMenu) flip = g_menu_new ();
  g_autoptr(GMenu) status = g_menu_new ();
  g_autoptr(GMenu) states = g_menu_new ();
  g_autoptr(GMenu) stack = g_menu_new ();
  g_autoptr(GMenu) edit = g_menu_new ();
  static const struct { RdtUnitStatus status; const char *id; const char *label; } statuses[] = {
    { RDT_UNIT_STATUS_PARADE, "parade", N_("Parade Order") },
    { RDT_UNIT_STATUS_DISRUPTED, "disrupted", N_("Disrupted (13.3)") },
    { RDT_UNIT_STATUS_SHATTERED, "shattered", N_("Shattered (13.4)") },
  };

  if (rdt_unit_get_n_steps (unit) >= 2)
    append (flip, unit->step == 0 ? _("Flip to Reduced Side") : _("Flip to Full Strength"),
            "win.unit-flip", NULL);
  if (!rdt_unit_is_leader (unit))
    for (guint i = 0; i < G_N_ELEMENTS (statuses); i++)
      {
        /* Translators: the status a counter has now, in its menu. */
        g_autofree char *label = unit->status == statuses[i].status
                                 ? g_strdup_printf (_("%s ✓"), _(statuses[i].label))
                                 : g_strdup (_(statuses[i].label));

        append (status, label, "win.unit-status", statuses[i].id);
      }
  for (guint i = 0; i < rdt_volume_get_n_states (volume); i++)
    {
      const RdtStateType *state = rdt_volume_get_state (volume, i);
      const char *name = state->name ? state->name : state->id;
      g_autofree char *label = NULL;

      if (state->rule != NULL)
        label = g_strdup_printf (unit_has_state (unit, state->id) ? _("%s (%s) ✓") : _("%s (%s)"),
                                 name, state->rule);
      else
        label = g_strdup_printf (unit_has_state (unit, state->id) ? _("%s ✓") : "%s", name);
      append (states, label, "win.unit-state", state->id);
    }
  if (unit->placement.kind == RDT_PLACEMENT_HEX)
    {
      g_autoptr(GPtrArray) units = rdt_scenario_units_in_hex (scenario, unit->placement.hex);

      if (units->len > 1)
        {
          append (stack, _("To Top of Stack"), "win.unit-to-top", NULL);
          append (stack, _("Raise in Stack"), "win.unit-raise", NULL);
          append (stack, _("Lower in Stack"), "win.unit-lower", NULL);
          append (stack, _("To Bottom of Stack"), "win.unit-to-bottom", NULL);
        }
      append (stack, _("Take Off the Map"), "win.unit-unplace", NULL);
    }
  if (unit->placement.kind != RDT_PLACEMENT_ELIMINATED)
    append (stack, _("Send to Eliminated Box (12.6)"), "win.unit-box", "eliminated");
  if (unit->placement.kind != RDT_PLACEMENT_CAPTURED)
    append (stack, _("Send to Captured Box (12.31, 13.23)"), "win.unit-box", "captured");
  append (edit, _("Edit Counter…"), "win.unit-edit", NULL);
  append (edit, _("Delete Counter"), "win.unit-delete", NULL);
  if (g_menu_model_get_n_items (G_MENU_MODEL (flip)) > 0)
    g_menu_append_section (menu, NULL, G_MENU_MODEL (flip));
  if (g_menu_model_get_n_items (G_MENU_MODEL (status)) > 0)
    g_menu_append_section (menu, _("Status at Start"), G_MENU_MODEL (status));
  if (g_menu_model_get_n_items (G_MENU_MODEL (states)) > 0)
    g_menu_append_section (menu, _("Markers"), G_MENU_MODEL (states));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (stack));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (edit));
  return G_MENU_MODEL (menu);
}

static GtkPopover *
ensure_popover (RdtWindow  *self,
                const char *key,
                gboolean    menu)
{
  GtkPopover *popover = g_object_get_data (G_OBJECT (self), key);

  if (popover == NULL)
    {
      /* Parented to the map view, which unparents it in its dispose. */
      popover = GTK_POPOVER (menu ? gtk_popover_menu_new_from_model (NULL) : gtk_popover_new ());
      gtk_widget_set_parent (GTK_WIDGET (popover), self->map);
      gtk_popover_set_has_arrow (popover, TRUE);
      g_object_set_data (G_OBJECT (self), key, popover);
    }
  return popover;
}

/* The centre of @hex in the map view's widget coordinates. */
static void
hex_widget_point (RdtWindow *self,
                  RdtHex     hex,
                  double    *x,
                  double    *y)
{
  double mx, my;

  rdt_hex_grid_hex_centre (rdt_scenario_get_grid (scenario_of (self)), hex, &mx, &my);
  rdt_viewport_map_to_widget (rdt_map_view_get_viewport (RDT_MAP_VIEW (self->map)),
                              gtk_widget_get_width (self->map), gtk_widget_get_height (self->map),
                              mx, my, x, y);
}

/* Opens the selected counter's menu pointing at (x, y) in the map view;
 * returns FALSE when no counter is selected. */
gboolean
_rdt_window_popup_counter_menu (RdtWindow *self,
                                double     x,
                                double     y)
{
  RdtUnit *unit = selected_unit (self);
  g_autoptr(GMenuModel) model = NULL;
  GtkPopover *popover;

  /* Issue 13: no set-up editing while playing. */
  if (unit == NULL || self->game != NULL)
    return FALSE;
  model = _rdt_window_dup_counter_menu (self, unit);
  popover = ensure_popover (self, COUNTER_MENU, TRUE);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (popover), model);
  gtk_popover_set_pointing_to (popover, &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (popover);
  return TRUE;
}

/* (transfer none) (nullable) The counter menu's popover, once made. */
GtkPopover *
_rdt_window_get_counter_menu (RdtWindow *self)
{
  return g_object_get_data (G_OBJECT (self), COUNTER_MENU);
}

static void
on_secondary_pressed (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      RdtWindow       *self)
{
  RdtHex hex;
  g_autoptr(GPtrArray) units = NULL;
  RdtUnit *selected = selected_unit (self);

  if (self->document == NULL || !rdt_map_view_hex_at (RDT_MAP_VIEW (self->map), x, y, &hex))
    return;
  units = rdt_scenario_units_in_hex (scenario_of (self), hex);
  if (units->len == 0)
    return;
  /* The counter picked from a spread stack keeps the menu; else the top. */
  if (selected == NULL || selected->placement.kind != RDT_PLACEMENT_HEX
      || selected->placement.hex.col != hex.col || selected->placement.hex.row != hex.row)
    _rdt_window_select_unit (self, ((RdtUnit *) g_ptr_array_index (units, units->len - 1))->id);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  _rdt_window_popup_counter_menu (self, x, y);
}

static gboolean
on_map_key_pressed (GtkEventControllerKey *key,
                    guint                  keyval,
                    guint                  keycode,
                    GdkModifierType        state,
                    RdtWindow             *self)
{
  RdtUnit *unit = selected_unit (self);
  double x, y;

  /* Delete only while the map has the focus: in an entry it deletes text. */
  if ((keyval == GDK_KEY_Delete || keyval == GDK_KEY_KP_Delete) && unit != NULL)
    {
      g_action_group_activate_action (G_ACTION_GROUP (self), "unit-delete", NULL);
      return TRUE;
    }
  if (keyval != GDK_KEY_Menu && !(keyval == GDK_KEY_F10 && (state & GDK_SHIFT_MASK)))
    return FALSE;
  if (unit == NULL || unit->placement.kind != RDT_PLACEMENT_HEX)
    return FALSE;
  hex_widget_point (self, unit->placement.hex, &x, &y);
  return _rdt_window_popup_counter_menu (self, x, y);
}

/* The stack expander. */

/* (transfer full) The counter of @unit as drawn on the map, @size pixels
 * across, or NULL. */
static GdkPaintable *
counter_texture (RdtWindow *self,
                 RdtHex     hex,
                 guint      index,
                 int        logical_size)
{
  /* At the window's scale factor (HiDPI, rdt-counter-paintable.h). */
  int scale = CLAMP (gtk_widget_get_scale_factor (GTK_WIDGET (self)), 1, 4);
  int size = logical_size * scale;
  RdtMapView *view = RDT_MAP_VIEW (self->map);
  RdtRenderMap *map = rdt_map_view_get_map (view);
  const RdtRenderCounter *stack[64];
  guint total = 0, n;
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(GBytes) bytes = NULL;
  GdkTexture *texture;
  GdkPaintable *paintable;

  if (map == NULL)
    return NULL;
  n = rdt_render_map_get_stack (map, hex, stack, G_N_ELEMENTS (stack), &total);
  if (index >= n)
    return NULL;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  /* A counter is 1.05 map units across (COUNTER_SIDE, rdt-map-renderer.c). */
  rdt_map_renderer_draw_counter (rdt_map_view_get_renderer (view), cr, size / 1.12,
                                 stack[index], size / 2.0, size / 2.0);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                       (gsize) cairo_image_surface_get_stride (surface) * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_DEFAULT, bytes,
                                    cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  paintable = rdt_counter_paintable_new (texture, logical_size);
  g_object_unref (texture);
  return paintable;
}

static void
on_spread_counter_clicked (GtkButton *button,
                           RdtWindow *self)
{
  const char *id = g_object_get_data (G_OBJECT (button), "unit-id");
  GtkPopover *popover = g_object_get_data (G_OBJECT (self), STACK_POPOVER);

  _rdt_window_select_unit (self, id);
  if (popover != NULL)
    gtk_popover_popdown (popover);
}

static void
on_spread_counter_secondary (GtkGestureClick *gesture,
                             int              n_press,
                             double           x,
                             double           y,
                             RdtWindow       *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  GtkPopover *popover = g_object_get_data (G_OBJECT (self), STACK_POPOVER);
  RdtUnit *unit;
  double hx, hy;

  _rdt_window_select_unit (self, g_object_get_data (G_OBJECT (button), "unit-id"));
  unit = selected_unit (self);
  if (popover != NULL)
    gtk_popover_popdown (popover);
  if (unit == NULL || unit->placement.kind != RDT_PLACEMENT_HEX)
    return;
  hex_widget_point (self, unit->placement.hex, &hx, &hy);
  _rdt_window_popup_counter_menu (self, hx, hy);
}

static GdkContentProvider *
on_spread_counter_drag_prepare (GtkDragSource *source,
                                double         x,
                                double         y,
                                RdtWindow     *self)
{
  GtkWidget *button = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  GtkWidget *picture = gtk_button_get_child (GTK_BUTTON (button));
  GdkPaintable *paintable = GTK_IS_PICTURE (picture) ? gtk_picture_get_paintable (GTK_PICTURE (picture)) : NULL;

  /* The counter itself is the drag icon. */
  if (paintable != NULL)
    gtk_drag_source_set_icon (source, paintable,
                              gdk_paintable_get_intrinsic_width (paintable) / 2,
                              gdk_paintable_get_intrinsic_height (paintable) / 2);
  return gdk_content_provider_new_typed (G_TYPE_STRING, g_object_get_data (G_OBJECT (button), "unit-id"));
}

/* Spreads the stack in @hex out in a popover, bottom counter first (as
 * VASSAL's stack expander): click picks, right-click opens the counter's
 * menu, dragging moves it.  Returns FALSE for fewer than two counters. */
gboolean
_rdt_window_spread_stack (RdtWindow *self,
                          RdtHex     hex)
{
  g_autoptr(GPtrArray) units = NULL;
  GtkPopover *popover;
  GtkWidget *box;
  double x, y;
  double zoom;
  int size;

  if (self->document == NULL)
    return FALSE;
  units = rdt_scenario_units_in_hex (scenario_of (self), hex);
  if (units->len < 2)
    return FALSE;
  zoom = rdt_viewport_get_zoom (rdt_map_view_get_viewport (RDT_MAP_VIEW (self->map)));
  size = CLAMP ((int) (zoom * 1.12), 56, 112);
  popover = ensure_popover (self, STACK_POPOVER, FALSE);
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  for (guint i = 0; i < units->len; i++)
    {
      RdtUnit *unit = g_ptr_array_index (units, i);
      g_autoptr(GdkPaintable) texture = counter_texture (self, hex, i, size);
      GtkWidget *button = gtk_button_new ();
      GtkGesture *secondary = gtk_gesture_click_new ();
      GtkDragSource *source = gtk_drag_source_new ();
      const RdtSide *side = rdt_scenario_get_side (scenario_of (self), unit->side);
      g_autofree char *tip = g_strdup_printf ("%s (%s)", unit->name ? unit->name : unit->id,
                                              side && side->name ? side->name : "");

      if (texture != NULL)
        {
          GtkWidget *picture = gtk_picture_new_for_paintable (texture);

          gtk_picture_set_can_shrink (GTK_PICTURE (picture), FALSE);
          gtk_button_set_child (GTK_BUTTON (button), picture);
        }
      else
        gtk_button_set_label (GTK_BUTTON (button), unit->name ? unit->name : unit->id);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_set_tooltip_text (button, tip);
      g_object_set_data_full (G_OBJECT (button), "unit-id", g_strdup (unit->id), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (on_spread_counter_clicked), self);
      gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
      g_signal_connect (secondary, "pressed", G_CALLBACK (on_spread_counter_secondary), self);
      gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (secondary));
      gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
      g_signal_connect (source, "prepare", G_CALLBACK (on_spread_counter_drag_prepare), self);
      gtk_widget_add_controller (button, GTK_EVENT_CONTROLLER (source));
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_popover_set_child (popover, box);
  hex_widget_point (self, hex, &x, &y);
  gtk_popover_set_pointing_to (popover, &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  gtk_popover_popup (popover);
  return TRUE;
}

/* (transfer none) (nullable) The stack popover, once made. */
GtkPopover *
_rdt_window_get_stack_popover (RdtWindow *self)
{
  return g_object_get_data (G_OBJECT (self), STACK_POPOVER);
}

/* The tooltip: the counters in the hex, top first, with their side, values
 * and status.  (transfer full) (nullable) */
char *
_rdt_window_dup_stack_tooltip (RdtWindow *self,
                               RdtHex     hex)
{
  RdtScenario *scenario = scenario_of (self);
  g_autoptr(GPtrArray) units = NULL;
  GString *text;

  if (scenario == NULL)
    return NULL;
  /* Issue 13: while playing, the game's stack. */
  if (self->game != NULL)
    return _rdt_window_play_dup_stack_tooltip (self, hex);
  units = rdt_scenario_units_in_hex (scenario, hex);
  if (units->len == 0)
    return NULL;
  text = g_string_new (NULL);
  if (units->len > 1)
    g_string_append_printf (text, ngettext ("Stack of %u counter (click to spread it out)",
                                            "Stack of %u counters (click to spread it out)", units->len),
                            units->len);
  for (guint i = units->len; i-- > 0;)
    {
      RdtUnit *unit = g_ptr_array_index (units, i);
      const RdtSide *side = rdt_scenario_get_side (scenario, unit->side);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append_printf (text, "%s (%s)", unit->name ? unit->name : unit->id,
                              side && side->name ? side->name : "");
      if (unit->step > 0)
        g_string_append_printf (text, " · %s", _("reduced"));
      if (unit->status != RDT_UNIT_STATUS_PARADE)
        g_string_append_printf (text, " · %s", rdt_unit_status_to_string (unit->status));
      for (char **s = unit->states; s != NULL && *s != NULL; s++)
        g_string_append_printf (text, " · %s", *s);
    }
  return g_string_free (text, FALSE);
}

static gboolean
on_query_tooltip (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  RdtWindow  *self)
{
  RdtHex hex;
  g_autofree char *text = NULL;

  if (keyboard || self->document == NULL || !rdt_map_view_hex_at (RDT_MAP_VIEW (widget), x, y, &hex))
    return FALSE;
  text = _rdt_window_dup_stack_tooltip (self, hex);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

void
_rdt_window_setup_counters (RdtWindow *self)
{
  GtkGesture *secondary = gtk_gesture_click_new ();
  GtkEventController *key = gtk_event_controller_key_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), counter_actions,
                                   G_N_ELEMENTS (counter_actions), self);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
  g_signal_connect (secondary, "pressed", G_CALLBACK (on_secondary_pressed), self);
  gtk_widget_add_controller (self->map, GTK_EVENT_CONTROLLER (secondary));
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_map_key_pressed), self);
  gtk_widget_add_controller (self->map, key);
  gtk_widget_set_has_tooltip (self->map, TRUE);
  g_signal_connect (self->map, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
}

/* The countersheet cutter (issue 16, rdt-cutter-dialog.h).  The images are
 * written before "apply"; the one command sets every unit's art, and the
 * map's art cache is dropped first so images written over older ones are
 * read again. */
static void
on_cutter_apply (RdtCutterDialog *dialog,
                 RdtCommand      *command,
                 RdtWindow       *self)
{
  RdtRenderMap *map = rdt_map_view_get_map (RDT_MAP_VIEW (self->map));

  /* The window may show another scenario since the cutter opened. */
  if (rdt_cutter_dialog_get_document (dialog) != self->document)
    {
      _rdt_window_show_message (self, GTK_MESSAGE_WARNING,
                                _("The countersheet was cut for a scenario that is no longer open: "
                                  "the images are written, but no unit’s art was set."));
      return;
    }
  if (map != NULL)
    rdt_render_map_forget_art (map);
  _rdt_window_execute (self, command);
  rdt_map_view_map_changed (RDT_MAP_VIEW (self->map));
  _rdt_window_palette_rebuild (self);
}

/* Opens the cutter on @href (relative to the scenario's folder). */
GtkWidget *
_rdt_window_open_cutter (RdtWindow  *self,
                         const char *href)
{
  RdtCutterDialog *dialog;
  g_autoptr(GError) error = NULL;

  if (self->document == NULL)
    return NULL;
  dialog = rdt_cutter_dialog_new (GTK_WINDOW (self), self->document, href, &error);
  if (dialog == NULL)
    {
      _rdt_window_report_error (self, _("Cannot cut the countersheet"), error);
      return NULL;
    }
  g_signal_connect_object (dialog, "apply", G_CALLBACK (on_cutter_apply), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WIDGET (dialog);
}

static void
cutter_scan_response (GtkNativeDialog *chooser,
                      int              response,
                      RdtWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->document != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      const char *doc_path = rdt_document_get_path (self->document);
      g_autofree char *dir = doc_path != NULL ? g_path_get_dirname (doc_path) : NULL;
      g_autoptr(GFile) base = dir != NULL ? g_file_new_for_path (dir) : NULL;
      g_autofree char *href = base != NULL && file != NULL ? g_file_get_relative_path (base, file) : NULL;

      /* Like every file reference (docs/format.md, "File references"): the
       * scan must be inside the scenario's folder. */
      if (doc_path == NULL)
        _rdt_window_show_message (self, GTK_MESSAGE_WARNING,
                                  _("Save the scenario first: the counter images are written "
                                    "into its folder, and the scan is read from there."));
      else if (href == NULL)
        {
          g_autofree char *folder = g_filename_display_name (dir);
          g_autofree char *text = g_strdup_printf (_("The scan is not in the scenario’s folder “%s”. "
                                                     "Copy it into that folder first."), folder);

          _rdt_window_show_message (self, GTK_MESSAGE_WARNING, text);
        }
      else
        _rdt_window_open_cutter (self, href);
    }
  g_object_unref (chooser);
}

void
_rdt_window_cut_countersheet (GSimpleAction *action,
                              GVariant      *parameter,
                              gpointer       user_data)
{
  RdtWindow *self = RDT_WINDOW (user_data);
  GtkFileChooserNative *chooser;
  GtkFileFilter *filter = gtk_file_filter_new ();

  if (self->document == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Cut Countersheet: Choose the Scan"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("PNG and JPEG Images"));
  gtk_file_filter_add_mime_type (filter, "image/png");
  gtk_file_filter_add_mime_type (filter, "image/jpeg");
  gtk_file_filter_add_pattern (filter, "*.png");
  gtk_file_filter_add_pattern (filter, "*.jpg");
  gtk_file_filter_add_pattern (filter, "*.jpeg");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  g_object_unref (filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (cutter_scan_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
